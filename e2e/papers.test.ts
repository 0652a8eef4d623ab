// Papers in the browser: the supplier batch-adds documents with their files, opens one in the
// browser and submits it, the shipper confirms it; the logistics provider submits its statement of
// charges, the shipper rejects it with a reason, the provider corrects and resubmits it, the shipper
// confirms it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, launch, newPage, shot, signIn, toast } from './helpers.ts';

let browser: Awaited<ReturnType<typeof launch>>;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

async function b001(page: Page) {
  const res = await page.request.get('/api/projectBatch?size=50');
  const body = (await res.json()) as { content: { id: number; batchNumber: string }[] };
  const batch = body.content.find((b) => b.batchNumber === 'JKT2-B001');
  if (!batch) throw new Error('no JKT2-B001');
  return batch.id;
}

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('documents', () => {
  it('are batch-added with their files, previewed inline, submitted and confirmed', async () => {
    const { context, page } = await newPage(browser, { lang: 'en', width: 1440 });
    await signIn(page, ACCOUNTS.supplier);
    const batchId = await b001(page);
    await page.goto(`/papers/documents?batchId=${batchId}`);
    await page.getByRole('button', { name: 'Add documents' }).click();
    const modal = page.locator('.ant-modal');
    await modal
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'CI-77.pdf', mimeType: 'application/pdf', buffer: pdf });
    await modal.getByText('CI-77.pdf').waitFor();
    await modal.getByRole('button', { name: 'Another document' }).click();
    await modal.getByRole('combobox', { name: 'Type' }).nth(1).click();
    await page.locator('.ant-select-dropdown').getByText('Packing list', { exact: true }).click();
    await modal
      .locator('input[type=file]')
      .nth(1)
      .setInputFiles({ name: 'PL-77.pdf', mimeType: 'application/pdf', buffer: pdf });
    await modal.getByText('PL-77.pdf').waitFor();
    await modal.getByRole('button', { name: 'Save' }).click();
    await toast(page, '2 document(s) added').waitFor();
    await modal.waitFor({ state: 'detached' });
    const row = page.locator('.ant-table-row').filter({ hasText: 'CI-77' });
    await row.waitFor();
    // The file opens in the browser (inline), from the document's own address.
    const href = await row.getByRole('link', { name: 'CI-77.pdf', exact: true }).getAttribute('href');
    const view = await page.request.get(href ?? '');
    expect(view.headers()['content-type']).toBe('application/pdf');
    expect(view.headers()['content-disposition']).toMatch(/^inline;/);
    await row.getByText('Submit', { exact: true }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /OK|Yes/ })
      .click();
    await row.getByText('Submitted', { exact: true }).waitFor();
    await context.close();

    const shipper = await newPage(browser, { lang: 'zh', width: 1440 });
    await signIn(shipper.page, ACCOUNTS.shipper);
    await shipper.page.goto(`/papers/documents?batchId=${batchId}`);
    const theirs = shipper.page.locator('.ant-table-row').filter({ hasText: 'CI-77' });
    await theirs.getByText('确认', { exact: true }).click();
    await shipper.page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await theirs.getByText('已确认', { exact: true }).waitFor();
    await shot(shipper.page, 'papers-docs-confirmed-zh');
    await shipper.context.close();
  });
});

describe('statement of charges', () => {
  it('is submitted, rejected with a reason, corrected, resubmitted and confirmed', async () => {
    const provider = await newPage(browser, { lang: 'zh', width: 1440 });
    await signIn(provider.page, ACCOUNTS.logistics);
    const batchId = await b001(provider.page);
    await provider.page.goto(`/papers/reconciliation?batchId=${batchId}`);
    const row = provider.page.locator('.ant-table-row').filter({ hasText: 'COSCO-ST-2026-031' });
    await row.getByText('CNY 7117.60').waitFor();
    const submit = async () => {
      await row.getByText('提交', { exact: true }).click();
      await provider.page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /确\s*定/ })
        .click();
      await row.getByText('已提交', { exact: true }).waitFor();
    };
    await submit();

    const shipper = await newPage(browser, { lang: 'en', width: 1440 });
    await signIn(shipper.page, ACCOUNTS.shipper);
    await shipper.page.goto(`/papers/reconciliation?batchId=${batchId}`);
    const theirs = shipper.page.locator('.ant-table-row').filter({ hasText: 'COSCO-ST-2026-031' });
    await theirs.getByText('Reject', { exact: true }).click();
    await shipper.page.locator('.ant-modal textarea').fill('Trucking is 1800 per trip');
    await shipper.page.locator('.ant-modal-footer').getByRole('button', { name: 'Reject' }).click();
    await theirs.getByText('Rejected (draft again)').waitFor();

    await provider.page.reload();
    await row.getByText('Trucking is 1800 per trip').waitFor();
    await row.getByText('编辑', { exact: true }).click();
    const editor = provider.page.locator('.ant-modal');
    await editor.getByText('被驳回：Trucking is 1800 per trip').waitFor();
    await editor.getByRole('textbox', { name: '单价' }).nth(2).fill('1800');
    // 2 × 1800 × 1.09 = 3924.00; CNY total 2713.60 + 3924.00 + 371.00
    await editor.getByText('CNY 7008.60').waitFor();
    await editor.getByRole('button', { name: /保\s*存/ }).click();
    await row.getByText('CNY 7008.60').waitFor();
    await submit();

    await shipper.page.reload();
    await theirs.getByText('Confirm', { exact: true }).click();
    await shipper.page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /OK|Yes/ })
      .click();
    await theirs.getByText('Confirmed', { exact: true }).waitFor();
    await shot(shipper.page, 'papers-rec-confirmed-en');
    await shipper.context.close();
    await provider.context.close();
  });
});
