// Supply-chain finance and trade policy in the browser: the logistics provider applies for
// financing against its confirmed statement of charges; the platform's finance user reviews, approves
// and disburses it (in Chinese); the trade-policy search shows a note for Indonesia and an HS code.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, launch, login, newPage, shot, signIn, toast } from './helpers.ts';

const FINANCE = { username: 'finance', password: 'Finance@2026' };

let browser: Awaited<ReturnType<typeof launch>>;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

async function confirm(page: Page) {
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /OK|Yes|确\s*定|是/ })
    .click();
}

describe('financing', () => {
  it('a company applies against its confirmed statement; the finance user approves and disburses it', async () => {
    const { context, page } = await newPage(browser, { lang: 'en', width: 1440 });
    await signIn(page, ACCOUNTS.logistics);
    await page.goto('/finance/financing');
    await page.getByRole('button', { name: 'Apply for financing' }).click();
    const modal = page.locator('.ant-modal');
    await modal.getByRole('combobox').first().click();
    await page
      .locator('.ant-select-dropdown')
      .getByText(/COSCO-ST-2026-029/)
      .click();
    // The statement's total in its currency is shown, and the currency is taken from it.
    await modal.getByText('CNY total 12470.00').waitFor();
    await modal.getByLabel('Amount').fill('12470.01');
    await modal.getByRole('button', { name: 'Apply for financing' }).click();
    await page.getByText(/Over what is left to finance/).waitFor();
    await modal.getByLabel('Amount').fill('10000');
    await modal.getByRole('button', { name: 'Apply for financing' }).click();
    await toast(page, 'Financing applied for').waitFor();
    const row = page.locator('.ant-table-row').filter({ hasText: 'FA-R' }).first();
    await row.getByText('CNY 10000.00').waitFor();
    await row.getByText('Applied', { exact: true }).waitFor();
    // The applicant has no command on its own application.
    expect(await row.getByText('Approve', { exact: true }).count()).toBe(0);
    await shot(page, 'finance-apply-en');
    await context.close();

    const fin = await newPage(browser, { lang: 'zh', width: 1440 });
    await login(fin.page, FINANCE);
    await fin.page.goto('/finance/review');
    const item = fin.page.locator('.ant-table-row').filter({ hasText: 'CNY 10000.00' }).first();
    await item.getByText('已申请', { exact: true }).waitFor();
    await item.getByText('开始审核', { exact: true }).click();
    await confirm(fin.page);
    await item.getByText('审核中', { exact: true }).waitFor();
    await item.getByText('批准', { exact: true }).click();
    await confirm(fin.page);
    await item.getByText('已批准', { exact: true }).waitFor();
    await item.getByText('放款', { exact: true }).click();
    await confirm(fin.page);
    await item.getByText('已放款', { exact: true }).waitFor();
    const due = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    await item.getByText(due).waitFor();
    await shot(fin.page, 'finance-review-zh');
    await fin.context.close();
  });
});

describe('trade policy', () => {
  it('shows the notes that apply to a country and an HS code', async () => {
    const { context, page } = await newPage(browser, { lang: 'en', width: 1440 });
    await signIn(page, ACCOUNTS.supplier);
    await page.goto('/tools/tradePolicy');
    await page.getByRole('combobox', { name: 'Destination' }).click();
    await page.keyboard.type('Indonesia');
    await page
      .locator('.ant-select-dropdown')
      .getByText(/ID · Indonesia/)
      .click();
    await page.getByLabel('HS code').fill('8504.23.00');
    await page.getByRole('button', { name: 'Search' }).click();
    const notes = page.locator('.policy-notes');
    await notes.getByText(/Transformers: importer identification number/).waitFor();
    await notes.getByText(/Electrical goods need SNI certification/).waitFor();
    await page.getByText('MFN 5%').waitFor();
    // The closed anti-dumping case on cables is hidden unless asked for.
    expect(await page.getByText(/anti-dumping/i).count()).toBe(0);
    await shot(page, 'trade-policy-en');
    await context.close();
  });
});
