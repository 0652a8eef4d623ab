// Customs declaration in the browser against the real server: the demo's import declaration of batch 1 waits for
// review; the shipper returns it with a reason; the broker sees the reason, works out a line's declared
// price in the calculator (which reopens the declaration) and submits again — refused, with the list of
// what is missing in en and zh (ticket 1 now mixes two currencies), until line 3 has a ticket of its own;
// the shipper approves; the broker downloads each ticket's Excel and its rows match the lines on screen. On the way the broker picks
// the exit customs and a line's origin from their searchable pickers, and divides by hand: drags a line
// onto "new ticket" and back, and — once line 1 has another trade mode in its editor — a drag the rules
// refuse shows the server's message and changes nothing.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, BASE_URL, launch, newPage, shot, signIn, toast } from './helpers.ts';

let browser: Browser;
let batchId = 0;

async function tokenOf(account: { username: string; password: string }) {
  const { uuid } = (await (await fetch(`${BASE_URL}/auth/code`)).json()) as { uuid: string };
  const { answer } = (await (await fetch(`${BASE_URL}/test/captcha/${uuid}`)).json()) as { answer: string };
  const res = await fetch(`${BASE_URL}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, uuid, code: String(answer), rememberMe: false }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** A dnd-kit drag with the mouse: press on the handle, pass the 4 px threshold, glide onto the target, let go. */
async function drag(page: Page, handle: Locator, target: Locator) {
  // On a busy machine a press sometimes starts no drag, or the first moves come before dnd-kit has
  // measured the zones (it looks for the zone under the pointer when the pointer moves). As a person
  // does, the hand nudges over the target until it shows the line over it, and if it never does, puts
  // the line back where it was and drags again.
  for (let attempt = 0; ; attempt++) {
    await target.scrollIntoViewIfNeeded();
    // Hovering waits until nothing covers the handle (a closing modal's mask would swallow the press).
    await handle.hover();
    const a = (await handle.boundingBox())!;
    const b = (await target.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 + 8, { steps: 4 });
    await page.waitForTimeout(250);
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
    const x = b.x + b.width / 2;
    const y = b.y + b.height / 2;
    const deadline = Date.now() + 5_000;
    let over = false;
    for (let i = 0; Date.now() < deadline; i++) {
      over = Boolean((await target.getAttribute('class'))?.includes('is-over'));
      if (over) break;
      await page.mouse.move(x + (i % 2 ? 3 : -3), y + (i % 2 ? 2 : -2), { steps: 2 });
      await page.waitForTimeout(200);
    }
    if (over) return page.mouse.up();
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2, { steps: 6 });
    await page.mouse.up();
    if (attempt === 2) throw new Error('the drop zone never showed the line over it');
    await page.waitForTimeout(500);
  }
}

beforeAll(async () => {
  browser = await launch();
  const token = await tokenOf(ACCOUNTS.shipper);
  const batches = (await (
    await fetch(`${BASE_URL}/api/projectBatch?size=50`, { headers: { authorization: token } })
  ).json()) as { content: { id: number; batchNumber: string }[] };
  batchId = batches.content.find((b) => b.batchNumber === 'JKT2-B001')!.id;
});
afterAll(async () => browser?.close());

async function workbench(page: Page) {
  await page.goto(`/customs/index?batchId=${batchId}&direction=import`);
  await page.getByTestId('declare-status').waitFor();
}
const status = (page: Page) => page.getByTestId('declare-status');

describe('declaration review in the browser', () => {
  // Longer than the 90 s default: two more pages and a refused submit on a loaded machine.
  it('returned with a reason, fixed by the broker, approved, and the file matches the lines', async () => {
    const shipper = await newPage(browser);
    await signIn(shipper.page, ACCOUNTS.shipper);
    await workbench(shipper.page);
    await expect.poll(() => status(shipper.page).textContent()).toBe('待审核');
    await shipper.page.getByRole('button', { name: '退回初审' }).click();
    await shipper.page.getByLabel('退回原因').fill('第 3 项请按申报价填写');
    await shipper.page
      .locator('.ant-modal')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect.poll(() => status(shipper.page).textContent()).toBe('退回初审');

    const broker = await newPage(browser, { lang: 'en' });
    await signIn(broker.page, ACCOUNTS.logistics);
    await workbench(broker.page);
    await expect
      .poll(() => broker.page.locator('.ant-alert').textContent())
      .toContain('第 3 项请按申报价填写');
    // Pickers: the exit customs from China customs' office table, searched by name; a line's origin
    // from the countries, searched in English.
    const header = broker.page.locator('.ant-form-item').filter({ hasText: 'Exit customs' });
    await header.locator('.ant-select').click();
    await broker.page.keyboard.type('Beilun');
    await broker.page
      .locator('.ant-select-dropdown:visible')
      .getByText('3104 Beilun Customs (Ningbo port)')
      .click();
    await broker.page.getByRole('button', { name: 'Save header' }).click();
    await toast(broker.page, 'Saved').waitFor();
    await expect.poll(() => status(broker.page).textContent()).toBe('Draft');
    await broker.page.waitForLoadState('networkidle');
    await broker.page.getByTestId('originCountry-2').click();
    await broker.page.keyboard.type('German');
    await broker.page.locator('.ant-select-dropdown:visible').getByText('DE · Germany').click();
    await toast(broker.page, 'Done').first().waitFor();
    await expect.poll(() => broker.page.getByTestId('originCountry-2').textContent()).toBe('DE · Germany');

    // Division by hand: line 2 dragged onto "new ticket" makes ticket 2; dragged back, ticket 2 goes.
    const card = (no: number) => broker.page.getByTestId(`line-card-${no}`);
    const handle = (no: number) => card(no).getByRole('button', { name: `Drag line ${no}` });
    await drag(broker.page, handle(2), broker.page.getByTestId('zone-new'));
    await broker.page.getByTestId('zone-ticket-2').getByTestId('line-card-2').waitFor();
    await shot(broker.page, 'customs-division-en');
    await drag(broker.page, handle(2), broker.page.getByTestId('zone-ticket-1'));
    await broker.page.getByTestId('zone-ticket-1').getByTestId('line-card-2').waitFor();
    await expect.poll(() => broker.page.getByTestId('zone-ticket-2').count()).toBe(0);
    // A refused drag: line 1 of another trade mode cannot join ticket 1; the server says why, nothing moves.
    await card(1).getByRole('button', { name: 'Move line 1…' }).click();
    await broker.page.getByRole('menuitem', { name: 'Take out of its ticket' }).click();
    await broker.page.getByTestId('zone-undivided').getByTestId('line-card-1').waitFor();
    // Line 1 given another trade mode in its editor (from the trade-mode table, searched by code).
    const tradeMode = async (search: string, pick: string) => {
      await broker.page.getByRole('button', { name: 'Edit line 1' }).click();
      const editor = broker.page.locator('.ant-modal').filter({ hasText: 'Edit line 1' });
      const field = editor.locator('.ant-form-item').filter({ hasText: 'Trade mode' });
      // The field shows the pick before OK (what the editor sends is what it shows). On a loaded machine a
      // click on the filtered option is sometimes not taken (noted to look into): the hand picks again.
      for (let tries = 0; !(await field.textContent())?.includes(pick); tries++) {
        if (tries === 3) throw new Error(`the trade mode ${pick} was not taken`);
        const open = broker.page.locator('.ant-select-dropdown:visible');
        if (!(await open.count())) {
          await field.locator('.ant-select').click();
          await broker.page.keyboard.type(search);
        }
        await open.getByText(pick).click();
        await broker.page.waitForTimeout(500);
      }
      await editor.getByRole('button', { name: 'OK' }).click();
      await editor.waitFor({ state: 'hidden' });
      await broker.page.waitForLoadState('networkidle');
    };
    await tradeMode('3422', '3422 Overseas contracting export');
    await expect.poll(() => card(1).textContent(), { timeout: 10_000 }).toContain('3422');
    // A fresh page before the drag: right after the editor closes, a press sometimes starts no drag (to look into).
    await broker.page.reload();
    await status(broker.page).waitFor();
    await drag(broker.page, handle(1), broker.page.getByTestId('zone-ticket-1'));
    await toast(broker.page, 'cannot go into ticket 1').waitFor();
    await broker.page.getByTestId('zone-undivided').getByTestId('line-card-1').waitFor();
    expect(await broker.page.getByTestId('zone-ticket-1').getByTestId('line-card-1').count()).toBe(0);
    await tradeMode('0110', '0110 General trade');
    await expect.poll(() => card(1).textContent(), { timeout: 10_000 }).toContain('0110');
    // Back into ticket 1 by the card's menu, the alternative to dragging.
    await card(1).getByRole('button', { name: 'Move line 1…' }).click();
    await broker.page.getByRole('menuitem', { name: 'Move into ticket 1' }).click();
    await broker.page.getByTestId('zone-ticket-1').getByTestId('line-card-1').waitFor();

    // The price calculator of line 3: the formula with the rate used.
    await broker.page
      .getByTestId('lines-grid')
      .getByRole('button', { name: 'Price calculator' })
      .nth(2)
      .click();
    const modal = broker.page.locator('.ant-modal').filter({ hasText: 'Declared price of line 3' });
    await modal.getByLabel('Premium rate').fill('1.05');
    await modal.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => status(broker.page).textContent()).toBe('Draft');
    await expect.poll(() => broker.page.getByTestId('lines-grid').textContent()).toContain('340732.39 USD');
    await shot(broker.page, 'customs-broker-en');
    await broker.page.waitForLoadState('networkidle');
    // Line 3 is now declared in USD, the rest in CNY: one ticket declares one currency, so review is refused
    // and the page lists why.
    await broker.page.getByRole('button', { name: 'Submit for review' }).click();
    await expect
      .poll(() => broker.page.getByTestId('declare-problems').textContent(), { timeout: 15_000 })
      .toContain('ticket 1 mixes currencies (CNY/USD)');
    expect(await status(broker.page).textContent()).toBe('Draft');
    await shot(broker.page, 'customs-refusal-en');
    const brokerZh = await newPage(browser);
    await signIn(brokerZh.page, ACCOUNTS.logistics);
    await workbench(brokerZh.page);
    await brokerZh.page.getByRole('button', { name: '提交审核' }).click();
    await expect
      .poll(() => brokerZh.page.getByTestId('declare-problems').textContent(), { timeout: 15_000 })
      .toContain('第 1 票的商品币制不一致（CNY/USD）');
    await shot(brokerZh.page, 'customs-refusal-zh');
    await brokerZh.context.close();
    // Line 3 gets a ticket of its own (its switchgear cases hold nothing else), and review takes it.
    await drag(broker.page, handle(3), broker.page.getByTestId('zone-new'));
    await broker.page.getByTestId('zone-ticket-2').getByTestId('line-card-3').waitFor();
    // The command's own answer is read: a refusal says why; a click a re-rendering bar did not take is
    // made again.
    let answer: Awaited<ReturnType<Page['waitForResponse']>> | null = null;
    for (let attempt = 0; !answer && attempt < 3; attempt++) {
      const submitted = broker.page
        .waitForResponse((r) => r.url().includes('/api/examine/submit') && r.request().method() === 'POST', {
          timeout: 8_000,
        })
        .catch(() => null);
      await broker.page.getByRole('button', { name: 'Submit for review' }).click();
      answer = await submitted;
    }
    expect(answer?.status(), await answer?.text()).toBe(200);
    // The command, its toast and the declaration's refresh on a loaded machine.
    await expect
      .poll(() => status(broker.page).textContent(), { timeout: 15_000 })
      .toBe('Submitted for review');

    await workbench(shipper.page);
    await shipper.page.getByRole('button', { name: '审核通过' }).click();
    await expect.poll(() => status(shipper.page).textContent()).toBe('已审核');
    await shot(shipper.page, 'customs-shipper-zh');

    await workbench(broker.page);
    const fileOf = async (ticketNo: number) => {
      const download = broker.page.waitForEvent('download', { timeout: 60_000 });
      await broker.page
        .getByTestId(`zone-ticket-${ticketNo}`)
        .getByRole('button', { name: 'Download Excel' })
        .click();
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(readFileSync((await (await download).path()) as string) as unknown as ArrayBuffer);
      return book.getWorksheet('报关单商品')!;
    };
    // The goods lines on screen (read once the grid has drawn them).
    await broker.page.getByTestId('lines-grid').getByTestId('hs-code').first().waitFor();
    const codes = (
      await broker.page
        .getByTestId('lines-grid')
        .locator('tbody tr.ant-table-row')
        .getByTestId('hs-code')
        .allTextContents()
    ).map((c) => c.trim());
    // Ticket 1's file: every line but line 3, as on screen; ticket 2's: line 3 at its USD price.
    const first = await fileOf(1);
    expect(first.actualRowCount - 1).toBe(codes.length - 1);
    for (const [i, code] of codes.filter((_, i) => i !== 2).entries())
      expect(String(first.getRow(i + 2).getCell(2).value)).toBe(code);
    expect(String(first.getRow(3).getCell(14).value)).toBe('DE');
    const second = await fileOf(2);
    expect(second.actualRowCount - 1).toBe(1);
    expect(String(second.getRow(2).getCell(2).value)).toBe(codes[2]);
    expect(second.getRow(2).getCell(12).value).toBe(340732.39);
    expect(second.getRow(2).getCell(13).value).toBe('USD');

    // The header names customs codes with their names (package type 23, not wooden_case), and the workbench
    // keeps what the broker picked when another tab is opened and the workbench's tag clicked again.
    await expect
      .poll(() => broker.page.getByTestId('customs-workbench').textContent())
      .toContain('23 Wooden or plant-material cases');
    await broker.page.locator('.pw-bar .ant-select').nth(1).click();
    await broker.page.locator('.ant-select-dropdown:visible').getByText('Export declaration').click();
    await expect.poll(() => status(broker.page).textContent()).toBe('Archived');
    await broker.page.getByRole('menuitem', { name: 'Exchange rates' }).click();
    await broker.page.getByText('Factor (per 1 base unit)').first().waitFor();
    await broker.page.getByTestId('tags-view').getByText('Declaration workbench').click();
    await expect.poll(() => status(broker.page).textContent()).toBe('Archived');
    await expect
      .poll(() => broker.page.locator('.pw-bar .ant-select').nth(1).textContent())
      .toBe('Export declaration');
    await shipper.context.close();
    await broker.context.close();
  }, 180_000);
});
