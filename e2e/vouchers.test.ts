// Money and generated papers in the browser: the shipper generates the batch's commercial
// invoice on the documents page and opens it in the browser; on the confirmed statement of JKT2-B002
// the shipper uploads a payment voucher for what is left to pay, the logistics provider confirms the
// receipts, and nothing is outstanding any more. Screenshots in en and zh.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, launch, newPage, shot, signIn, toast } from './helpers.ts';

let browser: Awaited<ReturnType<typeof launch>>;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

async function batchId(page: Page, number: string) {
  const res = await page.request.get('/api/projectBatch?size=50');
  const body = (await res.json()) as { content: { id: number; batchNumber: string }[] };
  const batch = body.content.find((b) => b.batchNumber === number);
  if (!batch) throw new Error(`no ${number}`);
  return batch.id;
}

const slip = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('generated documents', () => {
  it('the shipper generates the commercial invoice and previews it inline', async () => {
    const { context, page } = await newPage(browser, { lang: 'en', width: 1440 });
    await signIn(page, ACCOUNTS.shipper);
    await page.goto(`/papers/documents?batchId=${await batchId(page, 'JKT2-B001')}`);
    await page.getByRole('button', { name: 'Generate commercial invoice' }).click();
    const said = toast(page, /"Commercial invoice CI-JKT2-B001-\d+" generated/);
    await said.waitFor();
    const name = /"(Commercial invoice CI-JKT2-B001-\d+)"/.exec((await said.textContent()) ?? '')?.[1] ?? '';
    const docNo = name.replace('Commercial invoice ', '');
    const row = page.locator('.ant-table-row').filter({ hasText: name });
    await row.waitFor();
    await row.getByText('Not submitted', { exact: true }).waitFor();
    const link = row.getByRole('link', { name: `${docNo}.pdf`, exact: true });
    const href = await link.getAttribute('href');
    const view = await page.request.get(href ?? '');
    expect(view.headers()['content-type']).toBe('application/pdf');
    expect(view.headers()['content-disposition']).toMatch(/^inline;/);
    expect((await view.body()).subarray(0, 5).toString()).toBe('%PDF-');
    // Opening the link shows the PDF in a new tab (the browser's viewer, not a download).
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toContain('/api/document/viewDocument');
    await shot(page, 'papers-generated-invoice-en');
    await context.close();
  });
});

describe('payment vouchers', () => {
  it('the shipper pays what is left, the provider confirms the receipts, nothing is outstanding', async () => {
    const shipper = await newPage(browser, { lang: 'en', width: 1440 });
    await signIn(shipper.page, ACCOUNTS.shipper);
    const id = await batchId(shipper.page, 'JKT2-B002');
    await shipper.page.goto(`/papers/reconciliation?batchId=${id}`);
    const row = shipper.page.locator('.ant-table-row').filter({ hasText: 'COSCO-ST-2026-027' });
    await row.getByText('outstanding 1727.80').waitFor();
    await row.getByText('Payments', { exact: true }).click();
    const drawer = shipper.page.locator('.ant-drawer');
    // CNY: 1727.80 due, 1000.00 waiting for the provider: 727.80 is left to pay.
    await drawer.getByText('1000.00', { exact: true }).first().waitFor();
    await drawer.getByRole('button', { name: 'Upload payment voucher' }).click();
    const form = shipper.page.locator('.ant-modal').filter({ hasText: 'Bank reference' });
    // The form starts on the currency left to pay.
    await form.getByText('CNY', { exact: true }).first().waitFor();
    await form.getByRole('textbox', { name: 'Amount' }).fill('727.801');
    await form.getByText('The amount must be above 0').waitFor();
    await form.getByRole('textbox', { name: 'Amount' }).fill('727.80');
    await form.getByRole('textbox', { name: 'Bank reference' }).fill('ICBC-20261122-0200');
    await form
      .locator('input[type=file]')
      .setInputFiles({ name: 'ICBC-0200.pdf', mimeType: 'application/pdf', buffer: slip });
    await form.getByText('ICBC-0200.pdf').waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await toast(shipper.page, 'Payment voucher submitted').waitFor();
    const mine = drawer.locator('.ant-table-row').filter({ hasText: 'ICBC-20261122-0200' });
    await mine.getByText('Submitted', { exact: true }).waitFor();
    await mine.getByText('CNY 727.80').waitFor();
    await shot(shipper.page, 'papers-voucher-uploaded-en');

    const provider = await newPage(browser, { lang: 'zh', width: 1440 });
    await signIn(provider.page, ACCOUNTS.logistics);
    await provider.page.goto(`/papers/reconciliation?batchId=${id}`);
    const theirs = provider.page.locator('.ant-table-row').filter({ hasText: 'COSCO-ST-2026-027' });
    await theirs.getByText('付款', { exact: true }).click();
    const box = provider.page.locator('.ant-drawer');
    for (const reference of ['ICBC-20261118-0107', 'ICBC-20261122-0200']) {
      const voucher = box.locator('.ant-table-row').filter({ hasText: reference });
      await voucher.getByRole('button', { name: '确认收款' }).click();
      await provider.page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /确\s*定/ })
        .click();
      await voucher.getByText('已确认', { exact: true }).waitFor();
    }
    const cny = box.locator('.voucher-summary .ant-table-row').filter({ hasText: 'CNY' });
    await cny.getByText('1727.80').first().waitFor();
    await expect.poll(async () => (await cny.locator('td').last().textContent())?.trim()).toBe('0.00');
    await shot(provider.page, 'papers-voucher-confirmed-zh');
    await provider.page.keyboard.press('Escape');
    await theirs.getByText('未付 0.00').first().waitFor();
    await provider.context.close();

    await shipper.page.reload();
    await row.getByText('outstanding 0.00').first().waitFor();
    expect(await row.getByText('outstanding 0.00').count()).toBe(2);
    await shipper.context.close();
  });
});
