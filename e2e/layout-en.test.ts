// The English UI's layout: sidebar labels whole, column headers broken only between words, the active
// tab in sight however many are open. Screenshots go to .tmp/.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, launch, newPage, shot, signIn } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const content = (page: Page) => page.locator('.ant-layout-content');

/** In-app navigation without a reload (the router follows history). */
async function go(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((u) => u.pathname === path);
  // The URL changes at once; the page (and its tab) only when the router has rendered it. Going on
  // before that, a busy browser skipped the page altogether (its tab never opened).
  await page.locator(`[data-testid="tag"][data-path="${path}"]`).waitFor({ state: 'attached' });
}

const PAGES = [
  '/project/index',
  '/project/batch',
  '/project/contract',
  '/project/personnel',
  '/project/partner',
  '/supplies/index',
  '/boxes/index',
  '/logistics/index',
  '/papers/documents',
  '/papers/reconciliation',
  '/papers/billLading',
  '/papers/tallySheet',
  '/news/center',
  '/user/center',
];

describe('language and layout in English', () => {
  it('sidebar labels are whole, headers break between words, the active tab is in sight', async () => {
    const { page, context } = await newPage(browser, { width: 1440, lang: 'en' });
    await signIn(page, ACCOUNTS.shipper, '/');
    const sidebar = page.getByTestId('sidebar');
    for (const title of await sidebar.locator('.ant-menu-submenu-title').all()) await title.click();
    const cut = await sidebar
      .locator('.ant-menu-title-content')
      .evaluateAll((els) =>
        els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent ?? ''),
      );
    expect(cut).toEqual([]);
    const broken: string[] = [];
    for (const path of PAGES) {
      await go(page, path);
      // The open tabs stay in the document, hidden: wait for the shown page's own table or card (a
      // plain `.first()` found an earlier tab's hidden header and waited out its 5 s on every page).
      await content(page)
        .locator('.ant-table-thead th:visible, .ant-empty:visible, .ant-result:visible, .ant-card:visible')
        .first()
        .waitFor({ timeout: 5000 });
      // A header word drawn on two lines has two boxes.
      broken.push(
        ...(await content(page)
          .locator('.ant-table-thead th')
          .evaluateAll((ths) => {
            const out: string[] = [];
            for (const th of ths) {
              const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
              for (let n = walker.nextNode(); n; n = walker.nextNode()) {
                const text = n.textContent ?? '';
                for (const m of text.matchAll(/\S+/g)) {
                  const r = document.createRange();
                  r.setStart(n, m.index ?? 0);
                  r.setEnd(n, (m.index ?? 0) + m[0].length);
                  const tops = new Set(Array.from(r.getClientRects(), (b) => Math.round(b.top)));
                  if (tops.size > 1) out.push(m[0]);
                }
              }
            }
            return out;
          })),
      );
    }
    expect(broken).toEqual([]);
    // Many tabs open: going back to the first one brings its tag into sight, then the last one's.
    const strip = page.getByTestId('tags-scroll');
    const inSight = async (path: string) => {
      const tag = page.locator(`[data-testid="tag"][data-path="${path}"]`);
      const [a, b] = [await tag.boundingBox(), await strip.boundingBox()];
      return Boolean(a && b && a.x >= b.x - 1 && a.x + a.width <= b.x + b.width + 1);
    };
    // Every page's tab is open (the strip lays out after the last page's render, later on a busy machine).
    const missing = async () => {
      const open = await page
        .locator('[data-testid="tag"]')
        .evaluateAll((ts) => ts.map((e) => e.getAttribute('data-path')));
      return PAGES.filter((p) => !open.includes(p));
    };
    await expect.poll(missing).toEqual([]);
    await expect.poll(() => strip.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
    await go(page, PAGES[0]);
    await expect.poll(() => inSight(PAGES[0])).toBe(true);
    await go(page, PAGES[PAGES.length - 1]);
    await expect.poll(() => inSight(PAGES[PAGES.length - 1])).toBe(true);
    await shot(page, 'layout-tabs-en');
    await context.close();
  }, 300_000);

  it('the wide lists fit 1440 px in English; a hidden column is shown from the column settings and kept', async () => {
    const tables = {
      shipper: ['/project/contract', '/supplies/index', '/papers/entrust'],
      admin: ['/system/user', '/system/role'],
      supplier: ['/boxes/index', '/supplies/index'],
    } as const;
    const overflowing: string[] = [];
    for (const [who, paths] of Object.entries(tables)) {
      const { page, context } = await newPage(browser, { width: 1440, lang: 'en' });
      await signIn(page, ACCOUNTS[who as keyof typeof tables], '/');
      for (const path of paths) {
        await go(page, path);
        const table = content(page).locator('.ant-table-content:visible, .ant-table-body:visible').first();
        await table.waitFor();
        await content(page).locator('.ant-table-row:visible, .ant-empty:visible').first().waitFor();
        const [scroll, client] = await table.evaluate((e) => [e.scrollWidth, e.clientWidth]);
        if (scroll > client + 1) overflowing.push(`${path} ${scroll}/${client}`);
      }
      if (who !== 'shipper') {
        await context.close();
        continue;
      }
      // The material list hides its less used columns; the user shows the brand, and it stays shown.
      await page.goto('/supplies/index');
      await content(page).locator('.ant-table-row:visible').first().waitFor();
      const headers = () => content(page).locator('.ant-table-thead th:visible').allInnerTexts();
      await expect(headers()).resolves.not.toContain('Brand');
      await content(page).locator('button[aria-label="Columns"]:visible').click();
      await page.getByTestId('column-chooser').getByText('Brand', { exact: true }).click();
      await expect.poll(headers).toContain('Brand');
      await shot(page, 'layout-columns-en');
      await page.reload();
      await content(page).locator('.ant-table-row:visible').first().waitFor();
      await expect(headers()).resolves.toContain('Brand');
      await content(page).locator('button[aria-label="Columns"]:visible').click();
      await page.getByTestId('column-chooser').getByText('Back to the default columns').click();
      await expect.poll(headers).not.toContain('Brand');
      await context.close();
    }
    expect(overflowing).toEqual([]);
  }, 300_000);
});
