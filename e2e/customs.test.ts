// Issue 14 in the browser against the real server: the demo's import declaration of batch 1 waits for
// review; the shipper returns it with a reason; the broker sees the reason, works out a line's declared
// price in the calculator (which reopens the declaration) and submits again; the shipper approves; the
// broker downloads the ticket's Excel and its rows match the lines on screen.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, BASE_URL, launch, login, newPage, shot } from './helpers.ts';

let browser: Browser;
let batchId = 0;

beforeAll(async () => {
  browser = await launch();
  const { uuid } = (await (await fetch(`${BASE_URL}/auth/code`)).json()) as { uuid: string };
  const { answer } = (await (await fetch(`${BASE_URL}/test/captcha/${uuid}`)).json()) as { answer: string };
  const res = await fetch(`${BASE_URL}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ACCOUNTS.shipper, uuid, code: String(answer), rememberMe: false }),
  });
  const { token } = (await res.json()) as { token: string };
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
  it('returned with a reason, fixed by the broker, approved, and the file matches the lines', async () => {
    const shipper = await newPage(browser);
    await login(shipper.page, ACCOUNTS.shipper);
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
    await login(broker.page, ACCOUNTS.logistics);
    await workbench(broker.page);
    await expect
      .poll(() => broker.page.locator('.ant-alert').textContent())
      .toContain('第 3 项请按申报价填写');
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
    await broker.page.getByRole('button', { name: 'Submit for review' }).click();
    await expect.poll(() => status(broker.page).textContent()).toBe('Submitted for review');

    await workbench(shipper.page);
    await shipper.page.getByRole('button', { name: '审核通过' }).click();
    await expect.poll(() => status(shipper.page).textContent()).toBe('已审核');
    await shot(shipper.page, 'customs-shipper-zh');

    await workbench(broker.page);
    const download = broker.page.waitForEvent('download', { timeout: 60_000 });
    await broker.page.getByRole('button', { name: 'Download Excel' }).click();
    const file = await download;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await file.path()) as string) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('报关单商品')!;
    const codes = await broker.page
      .getByTestId('lines-grid')
      .locator('tbody tr.ant-table-row td:nth-child(2)')
      .allTextContents();
    expect(sheet.actualRowCount - 1).toBe(codes.length);
    for (const [i, code] of codes.entries())
      expect(String(sheet.getRow(i + 2).getCell(2).value)).toBe(code.trim());
    expect(String(sheet.getRow(4).getCell(12).value)).toBe('340732.39');

    // The header names reference codes (the package type is a name, not wooden_case), and the workbench
    // keeps what the broker picked when another tab is opened and the workbench's tag clicked again.
    await expect
      .poll(() => broker.page.getByTestId('customs-workbench').textContent())
      .toContain('Wooden case');
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
  });
});
