// API tokens in the browser: a company's administrator issues a token for its ERP (name, scope, validity),
// sees it once with its warning, and the token reads the company's lists as a Bearer token; the list shows
// its hint and last use; revoked, the token is refused at once. In zh at 1440 px; the page on a phone in en.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, BASE_URL, launch, newPage, shot, signIn, toast } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const withToken = (token: string, path: string) =>
  fetch(`${BASE_URL}${path}`, { headers: { authorization: `Bearer ${token}` } });

describe('API tokens page', () => {
  it('issues a token shown once that reads the lists, then revokes it (zh, 1440)', async () => {
    const { page, context } = await newPage(browser, { lang: 'zh', width: 1440 });
    await signIn(page, ACCOUNTS.shipper, '/system/apiTokens');
    await page.getByRole('button', { name: '签发令牌' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '有效期' });
    await modal.getByLabel('名称').fill('ERP 对接 e2e');
    await modal.getByRole('combobox').first().click();
    await page.locator('.ant-select-item-option').filter({ hasText: '读取列表' }).click();
    await modal.getByLabel('名称').click();
    await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
    const issued = page.getByTestId('issued-token');
    await issued.waitFor();
    await page.getByText('关闭本窗口后将无法再次查看', { exact: false }).waitFor();
    const token = (await issued.innerText()).trim();
    expect(token).toMatch(/^tlk_[A-Za-z0-9_-]{40,}$/);
    await shot(page, 'api-token-issued-zh-1440');

    // The token reads the company's batches, and nothing outside its scope.
    const batches = await withToken(token, '/api/projectBatch');
    expect(batches.status).toBe(200);
    expect(((await batches.json()) as { totalElements: number }).totalElements).toBeGreaterThan(0);
    expect((await withToken(token, '/api/tower/summary')).status).toBe(403);

    await page.getByRole('button', { name: '我已保存' }).click();
    // Shown once: the list has its hint only, and says it was used.
    const row = page.locator('tr.ant-table-row').filter({ hasText: 'ERP 对接 e2e' });
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain(token.slice(-4));
    await expect(row.innerText()).resolves.not.toContain(token);
    await row.getByText('读取列表').waitFor();

    await row.getByRole('button', { name: '吊销' }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await toast(page, '令牌已吊销').waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await withToken(token, '/api/projectBatch')).status).toBe(401);
    await context.close();
  });

  it('lists the tokens as cards on a phone (en)', async () => {
    const { page, context } = await newPage(browser, { lang: 'en', width: 390 });
    await signIn(page, ACCOUNTS.logistics, '/system/apiTokens');
    await page.getByRole('button', { name: 'Issue a token' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: 'Valid for' });
    await modal.getByLabel('Name').fill('Tracking feed');
    await modal.getByRole('combobox').first().click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Read events' }).click();
    await modal.getByLabel('Name').click();
    await modal.getByRole('button', { name: /OK/ }).click();
    await page.getByTestId('issued-token').waitFor();
    await page.getByRole('button', { name: 'I have saved it' }).click();
    const card = page.locator('.rp-row-card').filter({ hasText: 'Tracking feed' });
    await card.getByText('Read events').waitFor();
    await shot(page, 'api-tokens-en-390');
    await context.close();
  });
});
