import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, newPage, SHOTS, shot, signIn } from './helpers.ts';

// The 3D view needs WebGL: headless chromium has no GPU here, so this suite allows SwiftShader.
let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--ignore-gpu-blocklist',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
});
afterAll(async () => {
  await browser?.close();
});

// The machine may be busy: polls wait up to 10 s (vitest's default is 1 s).
const POLL = { timeout: 10_000 };

const PASTED = [
  'Crate\t1200\t1000\t900\t300\t4\tH\tno',
  'Carton\t600\t400\t400\t20\t24',
  'Drum\t600\t600\t900\t80\t6\tH',
].join('\n');

async function stepText(page: Page): Promise<string> {
  return (await page.getByTestId('loadplan-step').textContent()) ?? '';
}

/** [step, total] from "Step 3 / 34" or "第 3 / 34 步". */
async function stepOf(page: Page): Promise<[number, number]> {
  const m = /(\d+)\s*\/\s*(\d+)/.exec(await stepText(page));
  if (!m) throw new Error(`no step counter in "${await stepText(page)}"`);
  return [Number(m[1]), Number(m[2])];
}

describe.each(['zh', 'en'] as const)('3D loading tool in %s', (lang) => {
  // A plan in a worker and a PDF: 70 s beside another browser file on a loaded CI machine.
  it('plans a pasted shipment in a worker, steps through it and downloads the PDF', async () => {
    const { page, context } = await newPage(browser, { lang, width: 1440 });
    page.setDefaultTimeout(30_000);
    await signIn(page, ACCOUNTS.supplier);
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText(lang === 'zh' ? '工具箱' : 'Tools', { exact: true }).click();
    await sidebar.getByText(lang === 'zh' ? '3D装箱' : '3D loading', { exact: true }).click();
    await page.getByTestId('loadplan-page').waitFor();
    // The example shipment is there at once.
    expect(
      await page.getByTestId('loadplan-boxes').locator('tbody tr.ant-table-row').count(),
    ).toBeGreaterThan(2);
    await shot(page, `loadplan-input-${lang}`);

    await page.getByTestId('loadplan-paste').click();
    await page.getByTestId('loadplan-paste-text').fill(PASTED);
    await expect.poll(() => page.locator('.ant-modal .ant-alert').textContent(), POLL).toMatch(/3/);
    await page.locator('.ant-modal .ant-btn-primary').click();
    await expect
      .poll(() => page.getByTestId('loadplan-boxes').locator('tbody tr.ant-table-row').count(), POLL)
      .toBe(3);

    await page.getByTestId('loadplan-plan').click();
    await page.getByTestId('loadplan-result').waitFor();
    await page.locator('[data-testid="loadplan-canvas"] canvas').waitFor();
    const [full, total] = await stepOf(page);
    expect(total).toBe(34);
    expect(full).toBe(total);
    await page.waitForTimeout(800);
    await shot(page, `loadplan-result-${lang}`);

    await page.getByTestId('loadplan-prev').click();
    expect(await stepOf(page)).toEqual([total - 1, total]);
    await page.getByTestId('loadplan-first').click();
    expect(await stepOf(page)).toEqual([0, total]);
    for (let i = 0; i < 5; i++) await page.getByTestId('loadplan-next').click();
    expect(await stepOf(page)).toEqual([5, total]);
    await expect
      .poll(() => page.locator('.ant-statistic').first().textContent(), POLL)
      .toMatch(new RegExp(`5\\s*/\\s*${total}`));
    await page.getByTestId('loadplan-play').click();
    await expect.poll(async () => (await stepOf(page))[0], { timeout: 15_000 }).toBe(total);
    await page.getByTestId('loadplan-first').click();
    for (let i = 0; i < 12; i++) await page.getByTestId('loadplan-next').click();
    await page.waitForTimeout(500);
    // Scrolled inside the page in one step: the result re-renders while a plan settles, and a handle
    // taken from outside can be detached between finding it and scrolling it.
    await page.evaluate(() =>
      document.querySelector('[data-testid="loadplan-result"]')?.scrollIntoView({ block: 'nearest' }),
    );
    await shot(page, `loadplan-step-${lang}`);
    // The view really drew something: the WebGL canvas is not one flat colour.
    const colours = await page
      .locator('[data-testid="loadplan-canvas"] canvas')
      .evaluate((c: HTMLCanvasElement) => {
        const probe = document.createElement('canvas');
        probe.width = 64;
        probe.height = 40;
        const ctx = probe.getContext('2d');
        ctx?.drawImage(c, 0, 0, 64, 40);
        const data = ctx?.getImageData(0, 0, 64, 40).data ?? new Uint8ClampedArray();
        const seen = new Set<string>();
        for (let i = 0; i < data.length; i += 4)
          seen.add(`${data[i]! >> 4},${data[i + 1]! >> 4},${data[i + 2]! >> 4}`);
        return seen.size;
      });
    expect(colours).toBeGreaterThan(8);

    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByTestId('loadplan-pdf').click();
    const file = await download;
    const path = `${SHOTS}loadplan-${lang}.pdf`;
    await file.saveAs(path);
    const bytes = readFileSync(path);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(bytes.length).toBeLessThan(20_000_000);
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    // Read by outside tools: a sound file whose box list is text (searchable, copyable), in the reader's language.
    execFileSync('qpdf', ['--check', path]);
    const text = execFileSync('pdftotext', ['-layout', path, '-']).toString();
    for (const name of ['Crate', 'Carton', 'Drum']) expect(text).toContain(name);
    expect(text).toContain(lang === 'zh' ? '货物清单' : 'Cargo list');
    expect(text).toMatch(/34/);

    // Print: the same pages as images in a hidden frame, handed to the browser's print (stubbed here).
    await page.evaluate(() => {
      const d = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow');
      const state = window as unknown as { printedPages?: number };
      Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
        get(this: HTMLIFrameElement) {
          const w = d?.get?.call(this) as Window | null;
          if (w)
            w.print = () => {
              state.printedPages = w.document.images.length;
            };
          return w;
        },
      });
    });
    await page.getByTestId('loadplan-print').click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printedPages?: number }).printedPages ?? 0), {
        timeout: 60_000,
      })
      .toBeGreaterThanOrEqual(3);
    await context.close();
  }, 150_000);
});

describe('3D loading tool on the server', () => {
  it('plans with POST /api/loadPlan, and a browser plan can be cancelled', async () => {
    const { page, context } = await newPage(browser, { lang: 'en', width: 1440 });
    await signIn(page, ACCOUNTS.supplier);
    await page.goto('/tools/loadplan');
    await page.getByTestId('loadplan-page').waitFor();

    await page.getByLabel('Time limit').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '20 s' }).click();
    await page.getByTestId('loadplan-plan').click();
    await page.getByTestId('loadplan-cancel').click();
    await page.getByTestId('loadplan-plan').waitFor();
    expect(await page.getByTestId('loadplan-result').count()).toBe(0);

    await page.getByLabel('Time limit').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '1 s' }).click();
    await page.getByText('Plan on the server').click();
    const answer = page.waitForResponse(
      (r) => r.url().includes('/api/loadPlan') && r.request().method() === 'POST',
    );
    await page.getByTestId('loadplan-plan').click();
    expect((await answer).status()).toBe(200);
    await page.getByTestId('loadplan-result').waitFor();
    expect(await page.getByTestId('loadplan-result').textContent()).toContain('planned on the server');
    const [step, total] = await stepOf(page);
    expect(step).toBe(total);
    expect(total).toBeGreaterThan(100);

    // Only 20ft boxes: the example needs more than one, and the selector switches between them.
    await page.getByTestId('loadplan-container-40GP').click();
    await page.getByTestId('loadplan-container-40HQ').click();
    await page.getByText('Plan on the server').click();
    await page.getByTestId('loadplan-plan').click();
    const select = page.getByTestId('loadplan-container-select');
    await select.waitFor();
    const options = select.locator('.ant-segmented-item');
    expect(await options.count()).toBeGreaterThan(1);
    const [, first] = await stepOf(page);
    await options.nth(1).click();
    await expect.poll(async () => (await stepOf(page))[1], POLL).not.toBe(first);
    expect(await page.locator('.loadplan-canvas-label').textContent()).toContain('20GP');
    await page.waitForTimeout(800);
    // Scrolled inside the page in one step: the result re-renders while a plan settles, and a handle
    // taken from outside can be detached between finding it and scrolling it.
    await page.evaluate(() =>
      document.querySelector('[data-testid="loadplan-result"]')?.scrollIntoView({ block: 'nearest' }),
    );
    await shot(page, 'loadplan-multi-en');

    // An .xlsx sheet replaces the box table (exceljs is loaded for it on demand).
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Cargo');
    ws.addRow(['Name', 'Length', 'Width', 'Height', 'Weight', 'Qty', 'Stackable']);
    ws.addRow(['Motor', 800, 600, 700, 150, 5, 'no']);
    ws.addRow(['Panel', 1200, 300, 1000, 60, 12, 'yes']);
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());
    await page
      .getByTestId('loadplan-page')
      .locator('input[type=file]')
      .setInputFiles({ name: 'cargo.xlsx', mimeType: 'application/octet-stream', buffer });
    await expect
      .poll(() => page.getByTestId('loadplan-boxes').locator('tbody tr.ant-table-row').count(), POLL)
      .toBe(2);
    expect(await page.getByTestId('loadplan-totals').textContent()).toContain('17 boxes');
    await context.close();
  });
});
