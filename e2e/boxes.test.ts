// Boxes and packing in the browser against the real server: the supplier packs rows of its confirmed list into
// three boxes (the quantity left shown as it types), prints their labels (a PDF with a page per box),
// exports the packing list and submits it; the shipper sees totals per supplier and returns it with a
// reason; the supplier fixes a box and resubmits; the scan page opens from a label's URL on a phone,
// through the login and back. Screenshots of each screen in zh and en go to .tmp/.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  apiLogin,
  BASE_URL,
  launch,
  newPage,
  openLogin,
  SHOTS,
  shot,
  signIn,
  submitAccount,
  toast,
} from './helpers.ts';

let browser: Browser;
let batchId = 0;

async function api<T>(token: string, path: string): Promise<T> {
  const res = await fetch(`${BASE_URL}${path}`, { headers: { authorization: token } });
  return (await res.json()) as T;
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator('.ant-layout-content, main').first().waitFor();
  await page.waitForLoadState('networkidle');
}

const confirmPop = (page: Page) =>
  page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|OK|Yes/ })
    .click();

beforeAll(async () => {
  browser = await launch();
  const token = await apiLogin(ACCOUNTS.supplier);
  const batches = await api<{ content: { id: number; batchNumber: string }[] }>(
    token,
    '/api/projectBatch?size=50',
  );
  batchId = batches.content.find((b) => b.batchNumber === 'JKT2-B001')!.id;
});
afterAll(async () => browser?.close());

async function pack(page: Page, quantity: number, leftAfter: string) {
  await page
    .getByRole('button', { name: /装\s*箱/ })
    .first()
    .click();
  const modal = page.locator('.ant-modal').filter({ hasText: '装箱：选择已确认物料和数量' });
  await modal.getByLabel('本次装箱 低压配电柜').fill(String(quantity));
  await expect.poll(() => modal.locator('[data-left="SE-LV-MNS"]').textContent()).toBe(leftAfter);
  await modal.getByLabel('长 (mm)').fill('2200');
  await modal.getByLabel('宽 (mm)').fill('1000');
  await modal.getByLabel('高 (mm)').fill('2300');
  await modal.getByLabel('毛重 (kg)').fill('1000');
  await modal.getByLabel('净重 (kg)').fill('900');
  await modal.getByRole('button', { name: /装\s*箱/ }).click();
  await toast(page, '已装箱').first().waitFor();
  await modal.waitFor({ state: 'hidden' });
}

describe('boxes in the browser', () => {
  it('supplier packs three boxes, prints labels, exports, submits; shipper returns; supplier resubmits', async () => {
    const sup = await newPage(browser, { width: 1440 });
    await signIn(sup.page, ACCOUNTS.supplier);
    await open(sup.page, `/boxes/index?batchId=${batchId}`);
    await sup.page.locator('.ant-table-row').first().waitFor();
    await shot(sup.page, 'boxes-supplier-zh');

    await pack(sup.page, 6, '12');
    await pack(sup.page, 6, '6');
    await pack(sup.page, 6, '0');
    const newRows = sup.page.locator('.ant-table-row').filter({ hasText: /-00[678]/ });
    await expect.poll(() => newRows.count()).toBe(3);

    // Labels of the three new boxes: one thermal page each.
    for (let i = 0; i < 3; i++) await newRows.nth(i).locator('.ant-checkbox-input').check();
    const labels = sup.page.waitForEvent('download', { timeout: 60_000 });
    await sup.page.getByRole('button', { name: '打印所选箱唛（3）' }).click();
    const labelFile = `${SHOTS}boxes-labels.pdf`;
    await (await labels).saveAs(labelFile);
    expect(execFileSync('pdfinfo', [labelFile]).toString()).toMatch(/Pages:\s+3\n/);
    expect(execFileSync('pdftotext', [labelFile, '-']).toString()).toContain('雅加达电厂二期');

    // The packing list as Excel.
    await sup.page.getByRole('button', { name: /导\s*出/ }).click();
    const xlsx = sup.page.waitForEvent('download', { timeout: 60_000 });
    await sup.page.getByText('装箱单 Excel').click();
    const xlsxFile = `${SHOTS}boxes-packing-list.xlsx`;
    await (await xlsx).saveAs(xlsxFile);
    expect(readFileSync(xlsxFile).subarray(0, 2).toString('latin1')).toBe('PK');

    // The detail drawer: contents and timeline.
    await newRows.first().locator('[data-box]').click();
    const drawer = sup.page.locator('.ant-drawer').filter({ hasText: '时间线' });
    await drawer.getByText('低压配电柜').waitFor();
    await drawer.getByText('创建箱件').first().waitFor();
    await shot(sup.page, 'boxes-drawer-zh');
    await drawer.locator('.ant-drawer-close').click();

    await sup.page.getByRole('button', { name: '提交装箱单' }).click();
    await confirmPop(sup.page);
    await toast(sup.page, '装箱单已提交').waitFor();
    // Handed over, the boxes are locked: no edit or delete is offered on them any more.
    const locked = sup.page.locator('.ant-table-row').filter({ hasText: /-006/ });
    await locked
      .getByText(/已提交/)
      .first()
      .waitFor();
    expect(await locked.getByRole('button', { name: /编\s*辑|删\s*除/ }).count()).toBe(0);

    // The shipper: totals per supplier, return with a reason.
    const shipper = await newPage(browser, { width: 1440 });
    await signIn(shipper.page, ACCOUNTS.shipper);
    await open(shipper.page, `/boxes/index?batchId=${batchId}`);
    const totals = shipper.page.locator('.ant-table').filter({ hasText: '按供应商汇总' });
    await totals.getByText('上海电气设备有限公司').waitFor();
    await totals.getByText('8/8').waitFor();
    await shot(shipper.page, 'boxes-shipper-zh');
    await totals.getByRole('button', { name: '退回装箱单' }).click();
    const modal = shipper.page.locator('.ant-modal').filter({ hasText: '退回' });
    await modal.getByLabel('退回原因').fill('006 箱毛重有误');
    await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
    await toast(shipper.page, '装箱单已退回').waitFor();

    // The supplier sees the reason, fixes a box and resubmits.
    await sup.page.reload();
    await sup.page.getByTestId('returned-reason').getByText('装箱单被退回：006 箱毛重有误').waitFor();
    const row = sup.page.locator('.ant-table-row').filter({ hasText: /-006/ });
    await row
      .getByRole('button', { name: /编\s*辑/ })
      .or(row.getByText('编辑'))
      .first()
      .click();
    const form = sup.page.locator('.ant-drawer').filter({ hasText: '毛重' });
    await form.getByLabel('毛重 (kg)').fill('1100');
    await form.getByRole('button', { name: /保\s*存|确\s*定/ }).click();
    await toast(sup.page, '操作成功').first().waitFor();
    await sup.page.getByRole('button', { name: '提交装箱单' }).click();
    await confirmPop(sup.page);
    await toast(sup.page, '装箱单已提交').waitFor();
    await shipper.page.reload();
    await shipper.page.locator('.ant-table').filter({ hasText: '按供应商汇总' }).getByText('8/8').waitFor();
    await shot(sup.page, 'boxes-resubmitted-zh');
    await sup.context.close();
    await shipper.context.close();
  });

  it('the same screens in English', async () => {
    for (const who of ['supplier', 'shipper'] as const) {
      const { page, context } = await newPage(browser, { lang: 'en', width: 1440 });
      await signIn(page, ACCOUNTS[who]);
      await open(page, `/boxes/index?batchId=${batchId}`);
      await page.getByRole('button', { name: /Print labels/ }).waitFor();
      await shot(page, `boxes-${who}-en`);
      await context.close();
    }
  });

  it('imports a packing list from Excel: errors by row and column first, then the fixed file', async () => {
    const sheet = async (quantity: number) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('装箱单');
      ws.addRow([
        '箱号',
        '包装类型',
        '长(mm)',
        '宽(mm)',
        '高(mm)',
        '毛重(kg)',
        '净重(kg)',
        '物料序号',
        '物料编码',
        '装箱数量',
      ]);
      ws.addRow(['IMP-E2E-1', '木箱', 3800, 2200, 2500, 23600, 21000, 2, null, quantity]);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const { page, context } = await newPage(browser, { width: 1440 });
    await signIn(page, ACCOUNTS.supplier);
    await open(page, `/boxes/index?batchId=${batchId}`);
    await page.getByRole('button', { name: '导入装箱单' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '导入装箱单' });
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'bad.xlsx', mimeType: xlsx, buffer: await sheet(5) });
    await dialog.getByRole('button', { name: '开始导入' }).click();
    await dialog.locator('.pw-import-errors').getByText('「装箱数量」').waitFor();
    await shot(page, 'boxes-import-errors-zh');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'good.xlsx', mimeType: xlsx, buffer: await sheet(1) });
    await dialog.getByRole('button', { name: '开始导入' }).click();
    await dialog.getByText('已导入 1 行').first().waitFor();
    await dialog
      .getByRole('button', { name: /关\s*闭|Close/ })
      .last()
      .click();
    await page.locator('.ant-table-row').filter({ hasText: 'IMP-E2E-1' }).waitFor();
    await context.close();
  });

  it('the scan page opens from a label URL on a phone, through the login and back', async () => {
    const token = await apiLogin(ACCOUNTS.shipper);
    const boxes = await api<{ content: { token: string; boxNumber: string }[] }>(
      token,
      `/api/boxPiece?batchId=${batchId}&size=1`,
    );
    const box = boxes.content[0];
    const context = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: 390, height: 844 },
      locale: 'zh-CN',
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    // Anonymous: the guard sends the phone to the login with the way back.
    const code = await openLogin(page, `/scan/box/${box.token}`);
    expect(new URL(page.url()).pathname).toBe('/login');
    await submitAccount(page, ACCOUNTS.shipper.username, ACCOUNTS.shipper.password, code);
    await page.getByTestId('scan-box').getByText(box.boxNumber).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/scan/box/${box.token}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shot(page, 'boxes-scan-390');
    await context.close();
  });
});
