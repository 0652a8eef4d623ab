// Language and layout beyond the desktop: lists read before a language switch are worded again in the
// new language; on a phone, lists built on the shared list page show their rows as cards and the
// breadcrumb stays whole. Screenshots go to .tmp/.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, launch, login, newPage, shot } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Signs in and keeps the session's Authorization header for direct API reads. */
async function signIn(page: Page, who: keyof typeof ACCOUNTS) {
  let token = '';
  page.on('request', (r) => {
    const a = r.headers().authorization;
    if (a) token = a;
  });
  await login(page, ACCOUNTS[who], '/login?redirect=%2F');
  return (path: string) =>
    page.request.get(path, { headers: { Authorization: token } }).then((r) => r.json());
}

async function switchTo(page: Page, label: 'English' | '中文') {
  await page.getByTestId('language-switch').click();
  await page.locator('.ant-dropdown:visible').getByText(label, { exact: true }).click();
}

describe('language switch and phone layout', () => {
  it('the abnormal-record tab follows a language switch', async () => {
    const { page, context } = await newPage(browser, { width: 1440, lang: 'zh' });
    const api = await signIn(page, 'shipper');
    const list = await api('/api/abnormalRecord?page=0&size=50');
    // The demo's damage record (the first raised), delivered.
    const record = list.content
      .filter((r: { abnormalType: string }) => r.abnormalType === 'damage')
      .sort((a: { id: number }, b: { id: number }) => a.id - b.id)[0];
    expect(record).toBeTruthy();
    await page.goto(`/logistics/index?batchId=${record.batchId}&tab=abnormal`);
    // That record's row (other tests of the run raise records on the same batch).
    const row = page
      .getByRole('tabpanel')
      .locator('.ant-table-tbody tr.ant-table-row')
      .filter({ hasText: record.note })
      .first();
    await row.getByText('破损', { exact: true }).waitFor();
    await row.getByText('已送达', { exact: true }).waitFor();
    await switchTo(page, 'English');
    await row.getByText('Damage', { exact: true }).waitFor();
    await row.getByText('Delivered', { exact: true }).waitFor();
    expect(await row.getByText('破损', { exact: true }).count()).toBe(0);
    await shot(page, 'layout-abnormal-switched-en');
    await switchTo(page, '中文');
    await row.getByText('破损', { exact: true }).waitFor();
    expect(await row.getByText('Damage', { exact: true }).count()).toBe(0);
    await context.close();
  }, 180_000);

  for (const lang of ['zh', 'en'] as const) {
    it(`on a phone a list shows cards and the breadcrumb is whole (${lang})`, async () => {
      const { page, context } = await newPage(browser, { width: 390, lang });
      await signIn(page, 'admin');
      await page.goto('/system/user');
      const cards = page.getByTestId('rp-row-card');
      await cards.first().waitFor();
      expect(await page.locator('.ant-layout-content .ant-table').count()).toBe(0);
      const first = cards.first();
      // The row's fields with their labels, worded in the language in use, and its actions.
      const labels = await first.locator('dt').allTextContents();
      expect(labels.length).toBeGreaterThanOrEqual(3);
      for (const l of labels) expect(l).toMatch(lang === 'zh' ? /[\u4e00-\u9fff]/ : /^[A-Za-z]/);
      await first.locator('.rp-row-card-actions button').first().waitFor();
      // Nothing of a card lies beyond the screen's edge.
      const box = await first.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      const widest = await cards.evaluateAll((els) =>
        Math.max(...els.map((e) => e.scrollWidth - e.clientWidth)),
      );
      expect(widest).toBeLessThanOrEqual(1);
      // The breadcrumb's last item (the page's title) is whole and inside the header.
      const crumb = page.getByTestId('breadcrumb');
      const last = crumb.locator('li').last();
      await expect.poll(() => last.textContent()).toBe(lang === 'zh' ? '用户管理' : 'Users');
      const inside = (a: { x: number; y: number; width: number; height: number } | null, b: typeof a) =>
        Boolean(
          a &&
            b &&
            a.x >= b.x - 1 &&
            a.y >= b.y - 1 &&
            a.x + a.width <= b.x + b.width + 1 &&
            a.y + a.height <= b.y + b.height + 1,
        );
      const navbar = page.locator('.navbar');
      expect(inside(await last.boundingBox(), await crumb.boundingBox())).toBe(true);
      expect(inside(await last.boundingBox(), await navbar.boundingBox())).toBe(true);
      expect(await last.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
      await shot(page, `layout-phone-cards-${lang}`);
      await context.close();
    }, 180_000);
  }

  it('these lists fit 1440 px in English without sideways scrolling', async () => {
    const { page, context } = await newPage(browser, { width: 1440, lang: 'en' });
    const api = await signIn(page, 'shipper');
    const batch = (await api('/api/abnormalRecord?page=0&size=1')).content[0].batchId;
    const wide: string[] = [];
    for (const path of [
      '/project/partner',
      '/finance/financing',
      `/logistics/index?batchId=${batch}&tab=boxes`,
    ]) {
      await page.goto(path);
      await page
        .locator('.ant-layout-content tr.ant-table-row, .ant-layout-content .ant-empty')
        .first()
        .waitFor();
      const over = await page
        .locator('.ant-layout-content .ant-table-content, .ant-layout-content .ant-table-body')
        .evaluateAll((els) =>
          els
            .filter((e) => (e as HTMLElement).offsetParent && e.scrollWidth > e.clientWidth + 1)
            .map((e) => `${e.scrollWidth}>${e.clientWidth}`),
        );
      if (over.length) wide.push(`${path} ${over.join(' ')}`);
    }
    expect(wide).toEqual([]);
    await context.close();
  }, 180_000);
});
