// Pages open where the caller's work is: boxes, tracking and papers land on a batch at their step, or say
// why there is nothing yet; a batch workbench says which lists do not count; the personal centre shows
// the last login. Each in zh and en; screenshots go to .tmp/.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, apiCall, apiLogin, launch, login, newPage, shot } from './helpers.ts';

let browser: Browser;
/** A batch of this run where supplier2 is a partner and has not put a row on its list yet. */
let emptyListBatch = 0;
beforeAll(async () => {
  browser = await launch();
  // Its own batch: other files fill the demo's lists (the server is shared by the whole run).
  const token = await apiLogin(ACCOUNTS.shipper);
  const batch = await apiCall<{ id: number }>(token, 'POST', '/api/projectBatch', {
    projectId: 1,
    batchNumber: `OPEN-${Date.now() % 1e8}`,
    name: '空清单批次',
    plannedShipDate: '2027-02-01',
    portOfLoading: 'CNSHA',
    portOfDischarge: 'IDJKT',
  });
  await apiCall(token, 'POST', '/api/batchPartner', { batchId: batch.id, partnerTenantId: SUPPLIER2_TENANT });
  emptyListBatch = batch.id;
});
afterAll(async () => {
  await browser?.close();
});

const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });
const content = (page: Page) => page.locator('.ant-layout-content');

/** supplier2's company (江苏华能电缆) in the demo data. */
const SUPPLIER2_TENANT = 4;

describe('pages open on work, with a hint when there is none', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`a trial user's boxes, tracking and papers pages say there is no batch yet (${lang})`, async () => {
      const { page, context } = await newPage(browser, { width: 1440, lang });
      await login(page, ACCOUNTS.trial, '/login?redirect=%2Fboxes%2Findex');
      const text = lang === 'zh' ? '还没有批次' : 'No batch yet';
      for (const path of ['/boxes/index', '/logistics/index', '/papers/documents']) {
        if (path !== '/boxes/index') await page.goto(path);
        await page.waitForURL((u) => u.pathname === path);
        await eventually(() => content(page).getByTestId('batch-hint').innerText()).toContain(text);
      }
      await shot(page, `open-pages-trial-${lang}`);
      await context.close();
    });

    it(`the shipper's boxes page opens on a batch with boxes, not the newest planned one (${lang})`, async () => {
      const { page, context } = await newPage(browser, { width: 1440, lang });
      await login(page, ACCOUNTS.shipper, '/login?redirect=%2Fboxes%2Findex');
      const rows = content(page).locator('.ant-table-tbody tr.ant-table-row');
      await eventually(() => rows.count()).toBeGreaterThan(0);
      expect(await content(page).getByTestId('batch-hint').count()).toBe(0);
      await shot(page, `open-pages-boxes-${lang}`);
      await context.close();
    });
  }
});

describe('what a page says', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`the batch workbench marks an empty list as not counted in the batch status (${lang})`, async () => {
      const { page, context } = await newPage(browser, { width: 1440, lang });
      await login(page, ACCOUNTS.shipper, `/login?redirect=%2Fproject%2Fbatch%3FbatchId%3D${emptyListBatch}`);
      const empty = content(page).getByTestId('empty-list');
      await eventually(() => empty.first().innerText()).toBe(
        lang === 'zh' ? '空清单，不计入批次状态' : 'empty: not counted in the batch status',
      );
      await shot(page, `open-pages-empty-list-${lang}`);
      await context.close();
    });

    it(`the personal centre's login time is this login, not when the account was made (${lang})`, async () => {
      const { page, context } = await newPage(browser, { width: 1440, lang });
      const before = Date.now() - 60_000;
      await login(page, ACCOUNTS.supplier, '/login?redirect=%2Fuser%2Fcenter');
      const shown = await content(page).getByTestId('last-login').innerText();
      // Shown as "YYYY-MM-DD HH:mm:ss" in the browser's time.
      const at = new Date(shown.replace(' ', 'T')).getTime();
      expect(at).toBeGreaterThanOrEqual(before);
      await context.close();
    });
  }
});
