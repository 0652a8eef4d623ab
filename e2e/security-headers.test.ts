// The built app runs under its Content-Security-Policy — no violation on the main
// screens (charts, the 3D tool's worker, antd's styles, the captcha image, the websocket) nor in the API docs.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, launch, login, newPage } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

function watchViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) seen.push(msg.text());
  });
  page.on('pageerror', (err) => seen.push(`pageerror: ${err.message}`));
  return seen;
}

describe('the Content-Security-Policy', () => {
  it('is sent with the app, and the app runs under it', async () => {
    const { page, context } = await newPage(browser);
    const violations = watchViolations(page);
    const res = await page.goto('/login');
    const headers = res?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    await page.getByTestId('captcha-img').waitFor();
    await login(page, ACCOUNTS.shipper);
    for (const path of ['/', '/tools/loadplan', '/news/center']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.getByTestId('avatar-menu').waitFor();
    }
    expect(violations).toEqual([]);
    // The policy is really in force (and the watch sees it): an injected inline script is refused.
    const ran = await page.evaluate(() => {
      const w = window as unknown as { injected?: boolean };
      const s = document.createElement('script');
      s.textContent = 'window.injected = true';
      document.body.append(s);
      return Boolean(w.injected);
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    await context.close();
  });

  it('the API documentation runs under it too', async () => {
    const { page, context } = await newPage(browser);
    const violations = watchViolations(page);
    await page.goto('/swagger-ui/');
    await page.locator('.swagger-ui .info').waitFor();
    expect(violations).toEqual([]);
    await context.close();
  });
});
