// The code generator in the browser: an administrator picks a table, sets a column's label,
// the preview shows it in the generated catalogue, and the zip downloaded holds the same file; in zh and
// en. A shipper has no such menu and the API refuses it.
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, launch, newPage, shot, signIn } from './helpers.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('code generator', () => {
  it('picks a table, sets a label, previews it and downloads the zip', async () => {
    const { page, context } = await newPage(browser, { width: 1440 });
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/tools/generator');
    await page.getByPlaceholder('按表名搜索').fill('exchange');
    await page.getByPlaceholder('按表名搜索').press('Enter');
    await page.locator('.ant-table-row').filter({ hasText: 'exchange_rate' }).click();
    await page.getByText('生成配置 · exchange_rate').waitFor();
    const label = page.getByLabel('currency 中文标签', { exact: true });
    await label.fill('结算币种');
    await shot(page, 'codegen-e2e-config-zh');

    await page.getByRole('button', { name: '预览代码' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '预览：exchangeRate' });
    await modal.getByRole('tab', { name: 'zh/exchange-rate.ts' }).click();
    const zhFile = modal.locator('pre[data-path="packages/web/src/i18n/zh/exchange-rate.ts"]');
    await zhFile.getByText("currency: '结算币种',").waitFor();
    await modal.getByRole('tab', { name: 'exchange-rate/resource.ts' }).click();
    await modal
      .locator('pre[data-path="packages/server/src/modules/exchange-rate/resource.ts"]')
      .getByText('export const exchangeRateResource = defineResource({')
      .waitFor();
    await shot(page, 'codegen-e2e-preview-zh');
    await modal.locator('.ant-modal-close').click();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载压缩包' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('exchangeRate.zip');
    const entries = unzipSync(new Uint8Array(readFileSync((await file.path()) as string)));
    expect(Object.keys(entries)).toContain('packages/contract/src/exchange-rate.ts');
    const zh = new TextDecoder().decode(entries['packages/web/src/i18n/zh/exchange-rate.ts']);
    expect(zh).toContain("currency: '结算币种',");
    await context.close();
  });

  it('reads in English, and is not a shipper’s', async () => {
    const { page, context } = await newPage(browser, { lang: 'en', width: 1440 });
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/tools/generator');
    await page.getByPlaceholder('Search by table name').fill('exchange_rate');
    await page.getByPlaceholder('Search by table name').press('Enter');
    await page.locator('.ant-table-row').filter({ hasText: 'exchange_rate' }).click();
    await page.getByText('Last saved').waitFor();
    await expect(page.getByLabel('currency Chinese label', { exact: true }).inputValue()).resolves.toBe(
      '结算币种',
    );
    await shot(page, 'codegen-e2e-config-en');
    await page.getByRole('button', { name: 'Preview code' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: 'Preview: exchangeRate' });
    await modal.getByText('# Exchange rate / Exchange rate').waitFor();
    await page.waitForTimeout(400); // the modal's opening animation, for the screenshot
    await shot(page, 'codegen-e2e-preview-en');
    await context.close();

    const shipper = await newPage(browser, { width: 1440 });
    await signIn(shipper.page, ACCOUNTS.shipper);
    // The session cookie authorizes a safe read: the shipper's is refused all the same.
    const res = await shipper.page.request.get('/api/generator/tables');
    expect(res.status()).toBe(403);
    await shipper.page.goto('/tools/generator');
    await expect(shipper.page.getByPlaceholder('按表名搜索').count()).resolves.toBe(0);
    await shipper.context.close();
  });
});
