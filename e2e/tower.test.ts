// The control tower in the browser: each party's home shows how many of its batches are late, at risk or on
// track (the demo: one late, one at risk) and a click lists them; the late batch opens on its workbench with
// its plan — planned, baseline, actual and projected dates, the required-on-site date, the health tag; the
// exception inbox shows what waits for the caller. The inbox page: the shipper assigns an exception from its
// row, the logistics provider follows the notice to `?id=`, and resolves it; the project timeline draws the
// late batch; the webhooks page registers a receiver on loopback, sends it a signed test event and lists the
// delivery. In zh and en; screenshots at 1440 px and phone width.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, apiCall, apiLogin, launch, newPage, shot, signIn, toast } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The exception the logistics provider comments on, and what it says. */
let commented = 0;
const COMMENT = 'Split delivery agreed with the site; lot 2 sails on 031S';

const countOf = async (page: Page, key: string) =>
  (await page.getByTestId(`tower-${key}`).locator('.ant-statistic-content-value').innerText()).trim();

describe('control tower', () => {
  it('the shipper sees one late and one at-risk batch, lists the late one and opens its plan (zh)', async () => {
    const { page, context } = await newPage(browser, { lang: 'zh', width: 1440 });
    await signIn(page, ACCOUNTS.shipper);
    await page.goto('/');
    const card = page.getByTestId('tower-card');
    await card.getByText('控制塔').waitFor();
    await expect(countOf(page, 'late')).resolves.toBe('1');
    await expect(countOf(page, 'atRisk')).resolves.toBe('1');
    expect(Number(await countOf(page, 'onTrack'))).toBeGreaterThan(5);
    await page.getByTestId('tower-late').click();
    const listed = page.getByTestId('tower-batches');
    await listed.getByText('JKT2-B007').waitFor();
    await expect(listed.locator('.ant-list-item').count()).resolves.toBe(1);
    await card.getByText('待我处理的异常').waitFor();
    await card.getByText('现场是否接受分批到货', { exact: false }).waitFor();
    await shot(page, 'tower-home-zh-1440');
    await listed.getByText('JKT2-B007').click();
    const plan = page.getByTestId('plan-panel');
    await plan.getByText('批次计划').waitFor();
    await expect(plan.getByTestId('plan-health').innerText()).resolves.toBe('延误');
    await plan.getByText('装船离港 (ETD)').waitFor();
    await plan.getByRole('button', { name: '保存基线' }).waitFor();
    await plan.scrollIntoViewIfNeeded();
    await shot(page, 'tower-plan-zh-1440');
    await context.close();
  });

  it('the logistics provider sees the late lot it carries and its inbox, on a phone and at 1440 (en)', async () => {
    const { page, context } = await newPage(browser, { lang: 'en', width: 390 });
    await signIn(page, ACCOUNTS.logistics);
    await page.goto('/');
    const card = page.getByTestId('tower-card');
    await card.getByText('Control tower').waitFor();
    await expect(countOf(page, 'late')).resolves.toBe('1');
    await card.getByText('Exceptions waiting for me').waitFor();
    await card.getByText('Confirm the new sailing', { exact: false }).waitFor();
    await card.getByRole('button', { name: 'Resolve' }).first().waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'tower-home-en-phone');
    await page.setViewportSize({ width: 1440, height: 800 });
    await page.getByTestId('tower-late').click();
    await page.getByTestId('tower-batches').getByText('JKT2-B007').click();
    const plan = page.getByTestId('plan-panel');
    await expect(plan.getByTestId('plan-health').innerText()).resolves.toBe('Late');
    await plan.getByText('Required on site').waitFor();
    await plan.getByText('Shipped (ETD)').waitFor();
    // A partner reads the plan; only the shipper edits it.
    await expect(plan.getByRole('button', { name: 'Save baseline' }).count()).resolves.toBe(0);
    await plan.scrollIntoViewIfNeeded();
    await shot(page, 'tower-plan-en-1440');
    await context.close();
  });

  it('the shipper assigns an exception from the inbox row to the logistics provider (zh, 1440)', async () => {
    const { page, context } = await newPage(browser, { lang: 'zh', width: 1440 });
    await signIn(page, ACCOUNTS.shipper);
    await page.goto('/tower/exceptions');
    const inbox = page.getByTestId('exceptions-page');
    // Open ones, oldest first: the demo's, each with its batch, project and owner.
    const row = inbox.locator('tr.ant-table-row', { hasText: '现场是否接受分批到货' });
    await row.waitFor();
    await row.getByText('CTG4-B002').waitFor();
    await inbox.locator('tr.ant-table-row', { hasText: 'JKT2-B007' }).first().waitFor();
    await shot(page, 'tower-inbox-zh-1440');
    await row.getByRole('button', { name: /指\s*派/ }).click();
    const modal = page.locator('.ant-modal', { hasText: '指派异常' });
    // The owners are the batch's parties, loaded with the dialog: the choice must show in the field
    // before OK (a click on an option list that re-renders as it loads can be lost).
    const select = modal.locator('.ant-select').first();
    const chosen = modal.locator('.ant-select', { hasText: '中远海运国际物流有限公司' });
    for (let attempt = 0; attempt < 3 && !(await chosen.count()); attempt++) {
      await select.click();
      await page.locator('.ant-select-item-option', { hasText: '中远海运国际物流有限公司' }).click();
      await chosen.waitFor({ timeout: 5_000 }).catch(() => undefined);
    }
    await chosen.waitFor();
    const answer = page.waitForResponse((r) => r.url().includes('/api/exceptions/assign'));
    await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
    const res = await answer;
    expect(res.ok(), await res.text()).toBe(true);
    await toast(page, '异常已指派').waitFor();
    await row.getByText('中远海运国际物流有限公司').waitFor();
    await expect(row.getByText('已指派').count()).resolves.toBeGreaterThan(0);
    await context.close();
  });

  it('the logistics provider follows the notice to the exception and resolves it (en, phone and 1440)', async () => {
    const { page, context } = await newPage(browser, { lang: 'en', width: 390 });
    await signIn(page, ACCOUNTS.logistics);
    // The home page's to-do opens the oldest exception waiting, in the inbox.
    await page.goto('/');
    await page.locator('.todo-item', { hasText: 'Exceptions to act on' }).click();
    await page.waitForURL(/\/tower\/exceptions\?id=\d+/);
    await page
      .getByTestId('exception-drawer')
      .getByText('Batch JKT2-B007', { exact: false })
      .first()
      .waitFor();
    await page.goto('/news/center');
    await page
      .getByTestId('message-link')
      .filter({ hasText: 'An exception was assigned to you: 现场是否接受分批到货' })
      .first()
      .click();
    await page.waitForURL(/\/tower\/exceptions\?id=\d+/);
    const drawer = page.getByTestId('exception-drawer');
    await drawer.getByText('Will the site accept a split delivery', { exact: false }).first().waitFor();
    await drawer.getByText('CTG4-B002').waitFor();
    // A word to the shipper where the exception is kept: it shows at once, marked as the caller's own.
    commented = Number(new URL(page.url()).searchParams.get('id'));
    const comments = drawer.getByTestId('exception-comments');
    await comments.getByText('No comments yet').waitFor();
    await comments.getByPlaceholder('Write a comment for the parties of this exception').fill(COMMENT);
    await comments.getByTestId('exception-comment-send').click();
    await toast(page, 'Comment sent').waitFor();
    await comments.locator('.tower-comment.mine', { hasText: COMMENT }).waitFor();
    await comments.getByText('Comments (1)').waitFor();
    await shot(page, 'tower-exception-en-phone');
    await drawer.locator('.ant-drawer-close').click();
    // On a phone the inbox rows are cards with their buttons.
    const card = page.getByTestId('rp-row-card').filter({ hasText: 'Will the site accept a split delivery' });
    await card.getByRole('button', { name: 'Resolve' }).waitFor();
    await shot(page, 'tower-inbox-en-phone');
    await page.setViewportSize({ width: 1440, height: 800 });
    const row = page.locator('tr.ant-table-row', { hasText: 'Will the site accept a split delivery' });
    await row.getByRole('button', { name: 'Resolve' }).click();
    const dialog = page.locator('.ant-modal', { hasText: 'Resolve exception' });
    await dialog
      .locator('textarea')
      .fill('The site accepts two lots; the second one follows on the next sailing');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await toast(page, 'Exception resolved').waitFor();
    // Resolved, it leaves the open list; the closed filter shows it with what was done.
    await row.waitFor({ state: 'detached' });
    await shot(page, 'tower-inbox-en-1440');
    await context.close();
  });

  it('the shipper reads the provider’s comment, who wrote it and for which company, and answers (zh)', async () => {
    expect(commented).toBeGreaterThan(0);
    const { page, context } = await newPage(browser, { lang: 'zh', width: 1440 });
    await signIn(page, ACCOUNTS.shipper, `/tower/exceptions?id=${commented}`);
    const comments = page.getByTestId('exception-drawer').getByTestId('exception-comments');
    const theirs = comments.getByTestId('exception-comment').filter({ hasText: COMMENT });
    await theirs.getByText('陈海').waitFor();
    await theirs.getByText('中远海运国际物流有限公司').waitFor();
    expect(await theirs.evaluate((e) => e.classList.contains('mine'))).toBe(false);
    await comments.getByPlaceholder('给本异常的各方留言').fill('收到，请更新预计到港日期');
    await comments.getByTestId('exception-comment-send').click();
    await toast(page, '留言已发送').waitFor();
    await comments.getByText('留言（2）').waitFor();
    await shot(page, 'tower-exception-comments-zh-1440');
    await context.close();
  });

  it('the project timeline draws the late batch on the project page (zh and en)', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const { page, context } = await newPage(browser, { lang, width: 1440 });
      await signIn(page, ACCOUNTS.shipper);
      await page.goto('/project/index');
      await page
        .locator('tr.ant-table-row', {
          hasText: lang === 'zh' ? '雅加达电厂二期' : 'Jakarta Power Plant Phase II',
        })
        .first()
        .click();
      const timeline = page.getByTestId('project-timeline');
      await timeline.getByText(lang === 'zh' ? '项目时间线' : 'Project timeline').waitFor();
      const chart = timeline.getByTestId('project-timeline-chart').locator('svg');
      await chart.getByText('JKT2-B007').waitFor();
      await chart.getByText(lang === 'zh' ? '现场需求日期' : 'Required on site').waitFor();
      await chart.getByText(lang === 'zh' ? '实际 / 预计' : 'Actual / projected').waitFor();
      // The late batch's bar of what is projected is red.
      await expect(chart.locator('path[fill="#f5222d"]').count()).resolves.toBeGreaterThan(0);
      await timeline.scrollIntoViewIfNeeded();
      await shot(page, `tower-timeline-${lang}-1440`);
      await context.close();
    }
  });

  it('lane defaults fill a plan, and a project’s plans come from Excel (en, 1440; lanes on a phone, zh)', async () => {
    const { page, context } = await newPage(browser, { lang: 'en', width: 1440 });
    const token = await apiLogin(ACCOUNTS.shipper, page);
    await signIn(page, ACCOUNTS.shipper, '/tower/lanes');
    // The shipper sets 12 days at sea on its Shanghai–Jakarta lane.
    const lane = page.locator('tr.ant-table-row', { hasText: 'CNSHA' }).filter({ hasText: 'IDJKT' });
    await lane.getByRole('button', { name: 'Edit' }).click();
    const form = page.locator('.ant-modal').filter({ hasText: 'Shipped → arrived (days)' });
    const sea = form.getByLabel('Shipped → arrived (days)');
    await sea.fill('12');
    await form.getByRole('button', { name: /OK|Save/ }).click();
    await lane.getByRole('cell', { name: '12', exact: true }).waitFor();

    // JKT2-B002 loses its dates after sailing; "fill from lane" puts them back from the lane's legs.
    const batches = await apiCall<{ content: { id: number; batchNumber: string }[] }>(
      token,
      'GET',
      '/api/projectBatch?page=0&size=100',
    );
    const batch = batches.content.find((b) => b.batchNumber === 'JKT2-B002');
    if (!batch) throw new Error('no JKT2-B002');
    const before = await apiCall<{ milestones: { code: string; planned: string | null }[] }>(
      token,
      'GET',
      `/api/projectBatch/plan?batchId=${batch.id}`,
    );
    const shipped = before.milestones.find((m) => m.code === 'shipped')?.planned as string;
    await apiCall(token, 'PUT', '/api/projectBatch/plan', {
      batchId: batch.id,
      milestones: ['arrived', 'cleared', 'delivered', 'received'].map((code) => ({ code, planned: null })),
    });
    await page.goto(`/project/batch?batchId=${batch.id}`);
    const plan = page.getByTestId('plan-panel');
    await expect(plan.getByLabel('Planned Arrived (ETA)').inputValue()).resolves.toBe('');
    await plan.getByRole('button', { name: 'Fill from lane' }).click();
    await toast(page, 'Planned dates filled from lane CNSHA-IDJKT').waitFor();
    const arrived = new Date(Date.parse(`${shipped}T00:00:00Z`) + 12 * 86_400_000).toISOString().slice(0, 10);
    await expect.poll(() => plan.getByLabel('Planned Arrived (ETA)').inputValue()).toBe(arrived);
    await shot(page, 'tower-plan-from-lane-en-1440');

    // The project's plans from Excel: the template lists its batches; a sheet's row moves the required date.
    await page.goto('/project/index');
    await page.locator('tr.ant-table-row', { hasText: 'Jakarta Power Plant Phase II' }).first().click();
    const timeline = page.getByTestId('project-timeline');
    await timeline.getByRole('button', { name: 'Import plans' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Import batch plans from Excel' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: /template/i }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Batch plan import template.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
    const numbers: string[] = [];
    wb.worksheets[0].eachRow((row, n) => {
      if (n > 2) numbers.push(String(row.getCell(1).value));
    });
    expect(numbers).toContain('JKT2-B002');
    const required = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
    const sheet = new ExcelJS.Workbook();
    const ws = sheet.addWorksheet('plans');
    ws.addRow(['Batch No.', 'Required on site', 'Ready ex works']);
    ws.addRow(['JKT2-B002', required, null]);
    ws.addRow(['JKT2-B404', required, null]);
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const file = dialog.locator('input[type=file]');
    await file.setInputFiles({
      name: 'bad.xlsx',
      mimeType: xlsx,
      buffer: Buffer.from(await sheet.xlsx.writeBuffer()),
    });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('The project has no batch JKT2-B404').waitFor();
    ws.spliceRows(3, 1);
    await file.setInputFiles({
      name: 'good.xlsx',
      mimeType: xlsx,
      buffer: Buffer.from(await sheet.xlsx.writeBuffer()),
    });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('1 row imported').first().waitFor();
    await shot(page, 'tower-plan-import-en-1440');
    const after = await apiCall<{ requiredOnSite: string }>(
      token,
      'GET',
      `/api/projectBatch/plan?batchId=${batch.id}`,
    );
    expect(after.requiredOnSite).toBe(required);
    await context.close();

    // The lanes on a phone, in Chinese, as the logistics provider keeps its own.
    const phone = await newPage(browser, { lang: 'zh', width: 390 });
    await signIn(phone.page, ACCOUNTS.logistics, '/tower/lanes');
    await phone.page.getByText('航线默认工期').first().waitFor();
    await phone.page.locator('.rp-row-card').filter({ hasText: 'BDCGP' }).waitFor();
    await expect(phone.page.locator('.rp-row-card').count()).resolves.toBe(1);
    await shot(phone.page, 'tower-lanes-zh-390');
    await phone.context.close();
  });

  it('on time in full: the shipper reads its supplier and provider by month (zh, 1440); the supplier itself on a phone (en)', async () => {
    const { page, context } = await newPage(browser, { lang: 'zh', width: 1440 });
    await signIn(page, ACCOUNTS.shipper, '/tower/otif');
    const otif = page.getByTestId('otif-page');
    // The demo's received batches: the supplier packed on time and in full once, the provider left late.
    const supplierRow = otif.locator('tr.ant-table-row', { hasText: '上海电气设备有限公司' }).first();
    await supplierRow.getByText('供应商').waitFor();
    await otif
      .locator('tr.ant-table-row', { hasText: '中远海运国际物流有限公司' })
      .first()
      .getByText('物流商')
      .waitFor();
    await expect(otif.getByText('100%').count()).resolves.toBeGreaterThan(0);
    await shot(page, 'tower-otif-zh-1440');
    await context.close();
    const phone = await newPage(browser, { lang: 'en', width: 390 });
    await signIn(phone.page, ACCOUNTS.supplier, '/tower/otif');
    const cards = phone.page.getByTestId('otif-card');
    await cards.first().getByText('Shanghai Electric Equipment Co., Ltd.').waitFor();
    // A partner reads only its own rows: never the provider's.
    await expect(phone.page.getByText('Logistics provider', { exact: true }).count()).resolves.toBe(0);
    await shot(phone.page, 'tower-otif-en-390');
    await phone.context.close();
  });

  it('the webhooks page registers a receiver, sends it a signed test event and lists the delivery (en, zh)', async () => {
    const got: IncomingHttpHeaders[] = [];
    const receiver = createServer((req, res) => {
      got.push(req.headers);
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/tradelane`;
    try {
      const { page, context } = await newPage(browser, { lang: 'en', width: 1440 });
      await signIn(page, ACCOUNTS.shipper);
      await page.goto('/tower/webhooks');
      const hooks = page.getByTestId('webhooks-page');
      await hooks.getByRole('button', { name: 'Add' }).click();
      const form = page.locator('.ant-modal', { hasText: 'Signing secret' });
      await form.getByLabel('URL').fill(url);
      await form.getByLabel('Signing secret').fill('a-long-enough-signing-secret');
      await form.locator('.ant-select').first().click();
      await page.locator('.ant-select-item-option', { hasText: 'Exception opened' }).click();
      // A multiple select keeps its list open: a click on the title closes it.
      await form.locator('.ant-modal-title').click();
      await form.getByRole('button', { name: 'OK' }).click();
      const row = hooks.locator('tr.ant-table-row', { hasText: url }).first();
      await row.waitFor();
      await row.getByText('••••cret').waitFor();
      await row.getByRole('button', { name: 'Send test' }).click();
      await toast(page, 'Test event delivered (answer 200)').waitFor();
      expect(got).toHaveLength(1);
      expect(got[0]['x-tradelane-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(got[0]['x-tradelane-event']).toBe('webhook.test');
      const log = page.getByTestId('webhook-deliveries');
      const delivery = log.locator('tr.ant-table-row', { hasText: 'Test event' }).first();
      await delivery.getByText('Delivered').waitFor();
      await delivery.getByText('200 ok').waitFor();
      await shot(page, 'tower-webhooks-en-1440');
      await context.close();
      const zh = await newPage(browser, { lang: 'zh', width: 390 });
      await signIn(zh.page, ACCOUNTS.shipper);
      await zh.page.goto('/tower/webhooks');
      await zh.page.getByTestId('webhook-deliveries').getByText('已送达').first().waitFor();
      await zh.page.getByTestId('webhooks-page').getByText('发送测试').first().waitFor();
      await shot(zh.page, 'tower-webhooks-zh-phone');
      await zh.context.close();
    } finally {
      receiver.close();
    }
  });
});
