import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, launch, login, newPage, shot } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// Screenshots of every screen in both languages, to .tmp/, for a human (or an agent) to look at.
describe.each(['zh', 'en'] as const)('screens in %s', (lang) => {
  it('public screens', async () => {
    const { page, context } = await newPage(browser, { lang });
    for (const [path, name] of [
      ['/login', 'login'],
      ['/register', 'register'],
      ['/logon', 'logon'],
      ['/Information', 'information'],
      ['/news/center', 'announcements'],
    ] as const) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await shot(page, `${name}-${lang}`);
      expect(await page.title()).toContain('Tradelane');
    }
    await context.close();
  });

  it('screens after login', async () => {
    const { page, context } = await newPage(browser, { lang });
    await login(page, ACCOUNTS.shipper);
    for (const [path, name] of [
      ['/userCenter', 'user-center'],
      ['/', 'dashboard'],
      ['/news/center', 'message-center'],
      ['/401', 'no-permission'],
      ['/404', 'not-found'],
    ] as const) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await shot(page, `${name}-${lang}`);
    }
    await page.goto('/');
    await page.getByTestId('settings-button').click();
    await page.locator('.ant-drawer').waitFor();
    await page.waitForTimeout(400);
    await shot(page, `settings-${lang}`);
    await context.close();

    const trial = await newPage(browser, { lang });
    await login(trial.page, ACCOUNTS.trial);
    await trial.page.locator('.ant-modal').waitFor();
    await trial.page.waitForTimeout(400);
    await shot(trial.page, `reminder-${lang}`);
    await trial.page.locator('.ant-modal .ant-btn-primary').click();
    await trial.page.getByTestId('cert-form').waitFor();
    await trial.page.waitForTimeout(400);
    await shot(trial.page, `certification-${lang}`);
    await trial.context.close();
  });
});
