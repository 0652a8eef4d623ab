import type { Browser, Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ACCOUNTS, launch, login, newPage, signIn } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The keys (paths) of every menu item the sidebar shows, directories opened one by one. */
async function menuKeys(page: Page): Promise<string[]> {
  const sidebar = page.getByTestId('sidebar');
  const keys = new Set<string>();
  const titles = sidebar.locator('.ant-menu-submenu-title');
  const read = async () => {
    for (const id of await sidebar
      .locator('.ant-menu-item')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-id') ?? '')))
      keys.add(id.slice(id.indexOf('-/') + 1));
  };
  await read();
  for (let i = 0; i < (await titles.count()); i++) {
    await titles.nth(i).click();
    await read();
  }
  return [...keys];
}

/** Clicks a menu item of the sidebar, opening the directories around it first. */
async function clickMenu(page: Page, key: string): Promise<string> {
  const sidebar = page.getByTestId('sidebar');
  const selector = `li.ant-menu-item[data-menu-id$="-${key}"]`;
  const item = sidebar.locator(selector);
  for (const dir of await sidebar.locator('.ant-menu-submenu', { has: page.locator(selector) }).all()) {
    if (!(await dir.evaluate((e) => e.classList.contains('ant-menu-submenu-open'))))
      await dir.locator('> .ant-menu-submenu-title').click();
  }
  const title = ((await item.textContent()) ?? '').trim();
  await item.waitFor({ state: 'visible' });
  await item.click();
  return title;
}

/** What went wrong on one page: refused calls, an error page, an error on screen. */
interface Trouble {
  item: string;
  what: string;
}

/**
 * Resolves once the page has made no request (calls, lazy chunks) for a while: a client-side route
 * change is no navigation, so Playwright's own network-idle state does not wait for its calls.
 */
function quiet(page: Page, ms = 300): () => Promise<void> {
  let inflight = 0;
  let changed = Date.now();
  const counted = (r: Request) =>
    ['fetch', 'xhr', 'script', 'stylesheet', 'document'].includes(r.resourceType());
  page.on('request', (r) => {
    if (!counted(r)) return;
    inflight++;
    changed = Date.now();
  });
  const done = (r: Request) => {
    if (!counted(r)) return;
    inflight--;
    changed = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    await page.waitForTimeout(50);
    while (inflight > 0 || Date.now() - changed < ms) await page.waitForTimeout(50);
  };
}

async function openEveryMenu(page: Page): Promise<{ opened: string[]; troubles: Trouble[] }> {
  const troubles: Trouble[] = [];
  let current = '';
  const onResponse = (r: Response) => {
    const s = r.status();
    const path = new URL(r.url()).pathname;
    if ((s === 401 || s === 403 || s >= 500) && (path.startsWith('/api/') || path.startsWith('/auth/')))
      troubles.push({ item: current, what: `${r.request().method()} ${path} → ${s}` });
  };
  page.on('response', onResponse);
  const settle = quiet(page);
  const opened: string[] = [];
  for (const key of await menuKeys(page)) {
    current = key;
    try {
      current = `${await clickMenu(page, key)} ${key}`;
    } catch (err) {
      troubles.push({ item: key, what: `could not open: ${(err as Error).message.split('\n')[0]}` });
      continue;
    }
    await settle();
    const path = new URL(page.url()).pathname;
    if (path === '/401' || path === '/404') troubles.push({ item: current, what: `landed on ${path}` });
    const error = page.locator(
      '.ant-result-error, .ant-result-warning, .ant-result-403, .ant-result-404, .ant-message-error',
    );
    if (await error.count())
      troubles.push({ item: current, what: `on screen: ${(await error.first().textContent())?.trim()}` });
    opened.push(current);
  }
  page.off('response', onResponse);
  return { opened, troubles };
}

// Every end's demo user (supplier2 holds the same menus as supplier), each in its own browser context,
// side by side (the server is shared; the pages wait on the network, not on the CPU). The site staff in
// English (the language switch of every other page is walked by layout-en and screens).
const runs = [
  ['site', 'en'],
  ['shipper', 'zh'],
  ['supplier', 'zh'],
  ['logistics', 'zh'],
  ['trial', 'zh'],
  ['admin', 'zh'],
] as const;

describe.concurrent('every menu a role is given opens', () => {
  for (const [user, lang] of runs) {
    it(`as ${user} (${lang})`, async ({ expect }) => {
      const { page, context } = await newPage(browser, { width: 1440, lang });
      // The trial user signs in by the login page: its reminder opens over the shell (not a menu).
      if (user === 'trial') await login(page, ACCOUNTS[user]);
      else await signIn(page, ACCOUNTS[user]);
      if (user === 'trial') {
        await page.locator('.ant-modal').first().waitFor();
        await page.keyboard.press('Escape');
      }
      const { opened, troubles } = await openEveryMenu(page);
      expect(opened.length).toBeGreaterThan(user === 'site' ? 2 : 10);
      expect(troubles).toEqual([]);
      await context.close();
    }, 300_000);
  }
});
