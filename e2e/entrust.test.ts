// Shipping instructions and the ship inquiry in the browser (issues 15, 16): the shipper opens a new
// instruction pre-filled from its last one, picks a vessel from the register and sends it; the logistics
// provider reads the notice, opens the instruction and accepts it; the ship inquiry finds the vessel by
// its IMO number with its port calls and the batch now on it.
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

describe('shipping instruction', () => {
  it('the shipper sends a pre-filled instruction; the provider is told and accepts it; the ship inquiry shows it', async () => {
    const shipper = await newPage(browser, { lang: 'zh', width: 1440 });
    await signIn(shipper.page, ACCOUNTS.shipper);
    const batchId = await b001(shipper.page);
    await shipper.page.goto(`/papers/entrust?batchId=${batchId}`);
    await shipper.page.getByRole('button', { name: '新建托运委托' }).click();
    const modal = shipper.page.locator('.ant-modal').filter({ hasText: '新建托运委托' });
    // Pre-filled from the demo's last instruction: parties, Incoterm, and the batch's ports.
    await modal.getByText(/已按上一份托运委托 SI-JKT2-B00\d-01 预填/).waitFor();
    await expect
      .poll(() => modal.getByRole('textbox', { name: '收货人' }).inputValue())
      .toContain('Jakarta Power Plant Phase II');
    await modal.getByText('CNSHA', { exact: false }).first().waitFor();
    // The cargo summary counted by the server from the batch's handed-over boxes (four in a fresh demo;
    // other browser files move JKT2-B001's boxes on the same server, so the figure is read from the API).
    const last = await shipper.page.request.get(`/api/deliveryEntrust/last?batchId=${batchId}`);
    const packages = ((await last.json()) as { cargo: { packages: number } }).cargo.packages;
    expect(packages).toBeGreaterThan(0);
    await modal
      .locator('.ant-descriptions-item-content')
      .first()
      .getByText(String(packages), { exact: true })
      .waitFor();
    await modal.getByRole('combobox', { name: '船名' }).click();
    await modal.getByRole('combobox', { name: '船名' }).fill('universe');
    await shipper.page
      .locator('.ant-select-dropdown')
      .getByText(/COSCO SHIPPING UNIVERSE · IMO 9795610/)
      .click();
    await modal.getByRole('textbox', { name: '航次' }).fill('042S');
    await shot(shipper.page, 'entrust-form-zh');
    await modal.getByRole('button', { name: /保\s*存/ }).click();
    await toast(shipper.page, '已保存').waitFor();
    const row = shipper.page.locator('.ant-table-row').filter({ hasText: 'SI-JKT2-B001-01' });
    await row.getByText('COSCO SHIPPING UNIVERSE / 042S').waitFor();
    await row.getByText('提交', { exact: true }).click();
    await shipper.page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await row.getByText('已提交', { exact: true }).waitFor();
    await shot(shipper.page, 'entrust-submitted-zh');
    await shipper.context.close();

    const provider = await newPage(browser, { lang: 'en', width: 1440 });
    await signIn(provider.page, ACCOUNTS.logistics, '/news/center');
    const centre = provider.page.getByTestId('message-center');
    const notice = centre
      .getByTestId('message-item')
      .filter({ hasText: 'Shipping instruction SI-JKT2-B001-01 of batch JKT2-B001 was submitted to you' });
    await notice.waitFor();
    await notice.getByTestId('message-link').click();
    await provider.page.waitForURL((u) => u.pathname === '/papers/entrust');
    const theirs = provider.page.locator('.ant-table-row').filter({ hasText: 'SI-JKT2-B001-01' });
    await theirs.getByText('Submitted', { exact: true }).waitFor();
    await theirs.getByText('Accept', { exact: true }).click();
    await provider.page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /OK|Yes/ })
      .click();
    await theirs.getByText('Accepted', { exact: true }).waitFor();
    await shot(provider.page, 'entrust-accepted-en');

    await provider.page.goto('/tools/ships');
    await provider.page.getByPlaceholder('Vessel name, IMO number or MMSI').fill('IMO 9795610');
    await provider.page.getByRole('button', { name: 'Search' }).click();
    const card = provider.page.getByTestId('vessel-card').filter({ hasText: 'COSCO SHIPPING UNIVERSE' });
    await card.getByText('Pasir Panjang').first().waitFor();
    await card
      .locator('.ant-table-row')
      .filter({ hasText: 'JKT2-B001' })
      .getByText('SI-JKT2-B001-01')
      .waitFor();
    await shot(provider.page, 'ships-inquiry-en');
    await provider.context.close();
  });
});
