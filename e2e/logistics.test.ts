// The logistics life cycle in the browser against the real server: the demo batch JKT2-B001's submitted boxes carried
// from not loaded to signed by its parties — the supplier loads them onto a vehicle registered on the
// spot and ships (refused first while a box is not loaded, in the spec's words); the logistics provider
// puts them in transit, registers two containers (a wrong check digit first: the expected digit is
// named), stuffs them (the out-of-gauge transformer goes on board as break bulk), on board, unloaded,
// unpacked; the shipper delivers (signing refused while one is not delivered), receives one box by its
// label's scan page on a 360 px phone, raises and resolves an abnormality with a photo, and signs. The
// count strip and the timeline are checked at each step; the main screens once more in English.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  apiLogin,
  BASE_URL,
  launch,
  newPage,
  openLogin,
  shot,
  signIn,
  submitAccount,
  toast,
} from './helpers.ts';

interface Box {
  id: number;
  boxNumber: string;
  token: string;
  grossWeight: number;
  outOfGauge: boolean;
}

let browser: Browser;
let batchId = 0;
let boxes: Box[] = [];
const N = () => boxes.length;

async function api<T>(token: string, path: string): Promise<T> {
  return (await (await fetch(`${BASE_URL}${path}`, { headers: { authorization: token } })).json()) as T;
}

beforeAll(async () => {
  browser = await launch();
  const token = await apiLogin(ACCOUNTS.shipper);
  const batches = await api<{ content: { id: number; batchNumber: string }[] }>(
    token,
    '/api/projectBatch?size=200',
  );
  batchId = batches.content.find((b) => b.batchNumber === 'JKT2-B001')?.id ?? 0;
  // The boxes handed over on B001 (four in the demo data; other suites may add some).
  boxes = (
    await api<{ content: Box[] }>(
      token,
      `/api/boxPiece?batchId=${batchId}&status=1&size=100&sort=boxNumber,asc`,
    )
  ).content;
});
afterAll(async () => browser?.close());

async function open(page: Page, tab = 'boxes') {
  await page.goto(`/logistics/index?batchId=${batchId}&tab=${tab}`);
  await page.getByTestId('count-strip').waitFor();
  await page.waitForLoadState('networkidle');
}

/** The count strip says `n` boxes are in state `state`. */
async function count(page: Page, state: number, n: number) {
  await expect
    .poll(() => page.locator(`[data-count^="${state}:"]`).getAttribute('data-count'), { timeout: 15_000 })
    .toBe(`${state}:${n}`);
}

const row = (page: Page, box: Box) =>
  page.locator('.ant-table-row').filter({ has: page.locator(`[data-box="${box.boxNumber}"]`) });

async function select(page: Page, chosen: Box[]) {
  for (const b of chosen) await row(page, b).locator('.ant-checkbox-input').check();
}

async function selectAll(page: Page) {
  await page.getByTestId('command-bar').waitFor();
  await page.locator('.ant-table-thead .ant-checkbox-input:visible').first().check();
}

/** Opens a command on the selection, lets `fill` answer its form, confirms it. */
async function command(
  page: Page,
  event: string,
  fill?: (modal: ReturnType<Page['locator']>) => Promise<void>,
) {
  await page.getByTestId('command-bar').locator(`[data-event="${event}"]`).click();
  const modal = page.locator('.ant-modal').filter({ has: page.getByTestId('command-form') });
  await modal.waitFor();
  await fill?.(modal);
  await page.waitForTimeout(300);
  await modal.locator('.ant-modal-footer button').last().click();
  await modal.waitFor({ state: 'hidden' });
}

/** Answers the open confirmation with its OK button and waits for it to go. */
async function confirm(page: Page) {
  const dialog = page.locator('.ant-modal-confirm').last();
  await dialog.getByRole('button').last().click();
  await dialog.waitFor({ state: 'detached' });
}

async function pickOption(page: Page, scope: ReturnType<Page['locator']>, label: RegExp | string) {
  await scope.locator('.ant-select').first().click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: label })
    .first()
    .click();
}

/** The timeline tab holds a line for `action` over `n` boxes. */
async function timelineHas(page: Page, action: string, n?: number) {
  await page.getByRole('tab', { name: /在途时间线|Timeline/ }).click();
  const line = page
    .locator('.ant-table-row')
    .filter({ has: page.locator(`[data-action="${action}"]`) })
    .first();
  await line.waitFor();
  if (n !== undefined) expect(await line.locator('td').nth(3).textContent()).toBe(String(n));
  await page.getByRole('tab', { name: /箱件|Boxes/ }).click();
}

describe('a batch from boxes to signed, in the browser', () => {
  it('the supplier loads onto a new vehicle; shipping is refused while a box is not loaded; ships', async () => {
    expect(batchId).toBeGreaterThan(0);
    expect(N()).toBeGreaterThanOrEqual(4);
    const { page, context } = await newPage(browser, { width: 1440 });
    await signIn(page, ACCOUNTS.supplier);
    await open(page);
    await count(page, 0, N());
    await shot(page, 'logistics-supplier-zh');

    // All but the last box onto a vehicle registered in the load form.
    await select(page, boxes.slice(0, -1));
    await command(page, 'load', async (modal) => {
      await modal.getByLabel('车牌号').fill('沪A·E2E01');
      await modal.getByLabel('司机', { exact: true }).fill('赵师傅');
      await modal.getByLabel('司机电话').fill('13900001111');
    });
    await toast(page, `装车：${N() - 1} 件箱件`)
      .first()
      .waitFor();
    await count(page, 1, N() - 1);
    await count(page, 0, 1);

    // Ship asks checkShipment first and says what blocks it.
    await page.getByTestId('command-bar').locator('[data-event="ship"]').click();
    await page.getByTestId('ship-blocked').getByText('还有 1 件箱件未装车，不能发运').waitFor();
    await page.waitForTimeout(500);
    await shot(page, 'logistics-ship-blocked-zh');
    const blocked = page.locator('.ant-modal-confirm').filter({ has: page.getByTestId('ship-blocked') });
    await blocked.getByRole('button').last().click();
    await blocked.waitFor({ state: 'detached' });

    // The last box onto the same vehicle, picked from the list.
    await select(page, boxes.slice(-1));
    await command(page, 'load', (modal) => pickOption(page, modal, '沪A·E2E01'));
    await count(page, 1, N());
    await expect.poll(() => row(page, boxes[0]).textContent()).toContain('沪A·E2E01');

    await page.getByTestId('command-bar').locator('[data-event="ship"]').click();
    await confirm(page);
    await toast(page, `已发运 ${N()} 件箱件`).first().waitFor();
    await count(page, 2, N());
    await timelineHas(page, 'ship', N());
    await timelineHas(page, 'load', 1);
    await context.close();
  });

  it('the logistics provider: transit, two containers (a wrong check digit first), stuff, on board, unload, unpack', async () => {
    const { page, context } = await newPage(browser, { width: 1440 });
    await signIn(page, ACCOUNTS.logistics);
    await open(page);
    await count(page, 2, N());
    await selectAll(page);
    await command(page, 'transit', (modal) => modal.getByLabel('地点').fill('洋山港'));
    await count(page, 3, N());
    await timelineHas(page, 'transit', N());

    // Containers: the check digit is checked as it is typed, naming the expected digit.
    await page.getByRole('tab', { name: '集装箱' }).click();
    const addContainer = async (number: string, wrong?: string) => {
      await page
        .getByRole('tabpanel')
        .getByRole('button', { name: /新\s*增/ })
        .click();
      const form = page.locator('.ant-modal:visible').last();
      const input = form.getByLabel('箱号');
      if (wrong) {
        await input.fill(wrong);
        await form.getByTestId('container-number-problem').getByText('集装箱号校验位错误，应为 3').waitFor();
        await shot(page, 'logistics-container-check-digit-zh');
      }
      await input.fill(number);
      await form.getByTestId('container-number-ok').waitFor();
      await pickOption(page, form.locator('.ant-form-item').filter({ hasText: '箱型' }), /^40HQ/);
      await form.getByRole('button', { name: /确\s*定/ }).click();
      await form.waitFor({ state: 'hidden' });
      await page.locator('.ant-table-row').filter({ hasText: number }).waitFor();
    };
    await addContainer('CSQU3054383', 'CSQU3054384');
    await addContainer('MSKU1234565');

    // The heaviest case alone in one 40HQ (payload), the other cases in the second; the out-of-gauge
    // transformer in none.
    await page.getByRole('tab', { name: '箱件' }).click();
    const inGauge = boxes
      .filter((b) => !b.outOfGauge)
      .sort((a, b) => Number(b.grossWeight) - Number(a.grossWeight));
    const [heavy, ...cases] = inGauge;
    await select(page, [heavy]);
    await command(page, 'stuff', (modal) => pickOption(page, modal, 'CSQU3054383'));
    await toast(page, '装箱（集装箱）：1 件箱件').first().waitFor();
    await select(page, cases);
    await command(page, 'stuff', (modal) => pickOption(page, modal, 'MSKU1234565'));
    await count(page, 4, inGauge.length);
    await count(page, 3, N() - inGauge.length);

    // State is kept across tabs: a selection survives a visit to the timeline.
    await select(page, boxes.slice(0, 2));
    await page.getByRole('tab', { name: '在途时间线' }).click();
    await page.getByRole('tab', { name: '箱件' }).click();
    await page.getByTestId('command-bar').getByText('已选 2 件').waitFor();
    await page.locator('.ant-table-thead .ant-checkbox-input:visible').first().uncheck();

    await selectAll(page);
    await command(page, 'onBoard', async (modal) => {
      await modal.getByText('集装箱 CSQU3054383, MSKU1234565，1 件散货（超限件）').waitFor();
      await modal.getByLabel('船名').fill('COSCO SHIPPING ARIES');
      await modal.getByLabel('航次').fill('025W');
      await modal.getByLabel('提单号').fill('COSU6312345678');
      // Each container is sealed as it goes on board: its seal is asked (and printed on the B/L).
      await modal.getByLabel('CSQU3054383 的封号').fill('CN8800001');
      await modal.getByLabel('MSKU1234565 的封号').fill('CN8800002');
    });
    await count(page, 5, N());
    await page.getByRole('tab', { name: '集装箱' }).click();
    await page.locator('.ant-table-row').filter({ hasText: 'COSCO SHIPPING ARIES / 025W' }).first().waitFor();
    await page.locator('.ant-table-row').filter({ hasText: 'CN8800001' }).waitFor();
    await page.locator('.ant-table-row').filter({ hasText: 'CN8800002' }).waitFor();
    await shot(page, 'logistics-containers-zh');
    await page.getByRole('tab', { name: '箱件' }).click();

    await selectAll(page);
    // The port of discharge comes from the batch (IDJKT).
    await command(page, 'discharge', (modal) => modal.getByText('IDJKT').first().waitFor());
    await count(page, 6, N());
    await selectAll(page);
    await command(page, 'unpack');
    await count(page, 7, N());
    // On board went in two lines: the containers' boxes (from boxed) and the break bulk (from transit).
    await timelineHas(page, 'discharge', N());
    await timelineHas(page, 'unpack', N());
    await context.close();
  });

  it('the shipper delivers, cannot sign while a box is not delivered, its site staff receive one box on a phone, the shipper signs', async () => {
    const { page, context } = await newPage(browser, { width: 1440 });
    await signIn(page, ACCOUNTS.shipper);
    await open(page);
    await count(page, 7, N());
    await select(page, boxes.slice(1));
    await command(page, 'deliver', (modal) => modal.getByLabel('地点').fill('雅加达二期现场'));
    await count(page, 8, N() - 1);

    // Signing shows what it would leave behind; a box not delivered blocks it (spec §5).
    await page.getByTestId('command-bar').locator('[data-event="sign"]').click();
    const blocked = page.getByTestId('sign-dialog');
    await blocked.getByText('还有 1 件箱件未送达：送达之前不能签收').waitFor();
    expect(await page.locator('.ant-modal:visible .ant-btn-primary').isDisabled()).toBe(true);
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await count(page, 8, N() - 1);

    await select(page, boxes.slice(0, 1));
    await command(page, 'deliver');
    await count(page, 8, N());

    // Site staff on a phone: the label's scan page offers the one next step, receive.
    const phone = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: 360, height: 740 },
      locale: 'zh-CN',
    });
    const mobile = await phone.newPage();
    mobile.setDefaultTimeout(20_000);
    const code = await openLogin(mobile, `/scan/box/${boxes[0].token}`);
    await submitAccount(mobile, ACCOUNTS.site.username, ACCOUNTS.site.password, code);
    await mobile.getByTestId('scan-box').getByText(boxes[0].boxNumber).waitFor();
    const receive = mobile.getByTestId('scan-next').locator('[data-command="receive"]');
    await receive.waitFor();
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(mobile, 'logistics-scan-360-zh');
    await receive.click();
    await toast(mobile, '收货完成').first().waitFor();
    await mobile.locator('[data-status="logistics_status:9"]').waitFor();
    await phone.close();
    await page.reload();
    await count(page, 9, 1);

    // An abnormality with a photo, resolved by the shipper.
    await page.getByRole('tab', { name: '异常' }).click();
    await page.getByRole('tabpanel').getByRole('button', { name: '登记异常' }).click();
    const form = page.locator('.ant-modal:visible').last();
    await pickOption(page, form.locator('.ant-form-item').filter({ hasText: '箱件' }), boxes[1].boxNumber);
    await pickOption(page, form.locator('.ant-form-item').filter({ hasText: '异常类型' }), '破损');
    await form.getByLabel('说明').fill('外包装一角破损');
    await form
      .locator('input[type=file]')
      .setInputFiles({ name: 'damage.png', mimeType: 'image/png', buffer: PNG });
    await form.locator('.ant-modal-footer button').last().click();
    await toast(page, '异常已登记').first().waitFor();
    const record = page.locator('.ant-table-row').filter({ hasText: '外包装一角破损' });
    await record.locator('img[alt="damage.png"]').waitFor();
    await shot(page, 'logistics-abnormal-zh');

    // Before it is resolved, signing names the boxes never received on site and the open record, in
    // either language, and asks for a reason.
    await page.getByRole('tab', { name: '箱件' }).click();
    await page.getByTestId('command-bar').locator('[data-event="sign"]').click();
    const left = page.getByTestId('sign-dialog');
    await left.getByText(`已送达但未在现场收货的箱件（${N() - 1} 件）`).waitFor();
    for (const b of boxes.slice(1))
      await left.getByTestId('sign-not-received').getByText(b.boxNumber).waitFor();
    await left.getByTestId('sign-open-abnormal').getByText('外包装一角破损').waitFor();
    await shot(page, 'logistics-sign-open-zh');
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    const en = await newPage(browser, { width: 1440, lang: 'en' });
    await signIn(en.page, ACCOUNTS.shipper);
    await open(en.page);
    await en.page.getByTestId('command-bar').locator('[data-event="sign"]').click();
    const leftEn = en.page.getByTestId('sign-dialog');
    await leftEn.getByText(`Delivered but not received on site (${N() - 1} boxes)`).waitFor();
    await leftEn.getByText('Abnormal records still open (1)').waitFor();
    await shot(en.page, 'logistics-sign-open-en');
    await en.page.locator('.ant-modal:visible .ant-btn-primary').click();
    await leftEn.getByText('Give the reason to sign anyway').waitFor();
    await en.context.close();
    await page.getByRole('tab', { name: '异常' }).click();
    await record.getByText('处理', { exact: true }).click();
    const resolve = page.locator('.ant-modal:visible').last();
    await resolve.getByLabel('处理说明').fill('供应商补发包装');
    await resolve.locator('.ant-modal-footer button').last().click();
    await toast(page, '异常已处理').first().waitFor();
    await page.getByRole('tab', { name: '箱件' }).click();

    await page.getByTestId('command-bar').locator('[data-event="sign"]').click();
    const last = page.getByTestId('sign-dialog');
    await last.getByTestId('sign-not-received').waitFor();
    expect(await last.getByTestId('sign-open-abnormal').count()).toBe(0);
    await page
      .locator('.ant-modal:visible')
      .getByLabel('继续签收的原因')
      .fill('其余箱件已在现场清点，扫码收货补录');
    await page.locator('.ant-modal:visible .ant-btn-primary').click();
    await toast(page, `批次已签收（${N()} 件箱件）`).first().waitFor();
    await count(page, 10, N());
    // Signing moved the delivered and the received boxes: a line for each.
    await timelineHas(page, 'sign');
    await timelineHas(page, 'receive', 1);
    await shot(page, 'logistics-signed-zh');

    // The box's own timeline, from the drawer.
    await row(page, boxes[0])
      .getByRole('button', { name: /时间线/ })
      .click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: boxes[0].boxNumber });
    await drawer.locator('[data-action="receive"]').waitFor();
    await drawer.locator('[data-action="load"]').waitFor();
    await context.close();
  });

  it('a box of another company’s part is refused on the scan page', async () => {
    const phone = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: 360, height: 740 },
      locale: 'zh-CN',
    });
    const mobile = await phone.newPage();
    mobile.setDefaultTimeout(20_000);
    const code = await openLogin(mobile, `/scan/box/${boxes[0].token}`);
    await submitAccount(mobile, ACCOUNTS.supplier2.username, ACCOUNTS.supplier2.password, code);
    await mobile.getByTestId('scan-refused').waitFor();
    expect(await mobile.getByTestId('scan-box').count()).toBe(0);
    await phone.close();
  });

  it('the main screens in English, and the batch workbench’s counts', async () => {
    const { page, context } = await newPage(browser, { lang: 'en', width: 1440 });
    await signIn(page, ACCOUNTS.logistics);
    await open(page);
    await page.getByText('Signed', { exact: false }).first().waitFor();
    await count(page, 10, N());
    await shot(page, 'logistics-boxes-en');
    for (const [tab, name] of [
      ['Vehicles', 'vehicles'],
      ['Containers', 'containers'],
      ['Timeline', 'timeline'],
      ['Abnormalities', 'abnormal'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForLoadState('networkidle');
      await shot(page, `logistics-${name}-en`);
    }
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await page
      .getByRole('tabpanel')
      .locator('[data-action="sign"]')
      .getByText(/Sign \(Delivered → Signed\)|Sign \(Received → Signed\)/)
      .first()
      .waitFor();
    // The batch workbench: its boxes per state, linking to this page.
    await page.goto(`/project/batch?batchId=${batchId}`);
    const workbench = page.locator('.lg-wb');
    await workbench.locator(`[data-count="10:${N()}"]`).waitFor();
    // The route drawn offline: Shanghai (old code CNSHA) to Jakarta, the boxes at the destination.
    const map = page.getByTestId('route-map');
    await map.locator('path.lg-route-land').waitFor();
    await map.getByText('(CNSHA)').waitFor();
    await map.getByTestId('route-here').getByText('Signed').waitFor();
    await map.scrollIntoViewIfNeeded();
    await shot(page, 'logistics-workbench-en');
    await workbench.getByText('Open logistics').click();
    await page.waitForURL(/\/logistics\/index\?batchId=/);
    await context.close();
  });
});

/** A 2×2 PNG. */
describe('a container planned in 3D', () => {
  it('opens its stored plan from the containers tab, step by step', async () => {
    const token = await apiLogin(ACCOUNTS.logistics);
    const planned = (
      await api<{ content: { id: number; batchId: number; containerNumber: string; planned: boolean }[] }>(
        token,
        '/api/container?size=200',
      )
    ).content.find((c) => c.planned);
    expect(planned).toBeTruthy();
    const { page, context } = await newPage(browser, { width: 1440 });
    await signIn(page, ACCOUNTS.logistics);
    await page.goto(`/logistics/index?batchId=${planned?.batchId}&tab=containers`);
    const line = page.locator('.ant-table-row').filter({ hasText: planned?.containerNumber ?? '' });
    await line.getByRole('button', { name: '查看配载' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: planned?.containerNumber ?? '' });
    await drawer.locator('canvas').first().waitFor();
    await shot(page, 'logistics-stored-plan-zh');
    await context.close();
  });
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);
