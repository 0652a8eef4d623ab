import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, answerOf, launch, login, newPage, openLogin, submitAccount, toast } from './helpers.ts';

let browser: Browser;

async function registerByApi(page: Page): Promise<string> {
  const { uuid } = (await (await page.request.get('/auth/code')).json()) as { uuid: string };
  const { answer } = (await (await page.request.get(`/test/captcha/${uuid}`)).json()) as { answer: string };
  const n = (Date.now() % 1e8) + Math.floor(Math.random() * 1000);
  const res = await page.request.post('/auth/regAndLogin', {
    data: {
      username: `lock${n}`,
      phone: `136${String(n).padStart(8, '0').slice(-8)}`,
      email: `lock${n}@example.com`,
      password: 'E2e@Pass2026',
      corporateName: `E2E 锁定 ${n}`,
      roleType: 1,
      code: String(answer),
      uuid,
    },
  });
  expect(res.ok()).toBe(true);
  await page.context().clearCookies();
  return `lock${n}`;
}
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('first paint of /login', () => {
  it('the brand panel shows in the stored language and theme before the app’s JavaScript runs; the app then takes over', async () => {
    const { page, context } = await newPage(browser);
    const cspErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
    });
    // The app's entry held back: what shows is the build's own panel (and no form: that is React's).
    const entry = /\/assets\/index-[^/]+\.js$/;
    await page.route(entry, (route) => route.abort());
    await page.goto('/login');
    await page.getByRole('heading', { name: '一张账本，贯通国际工程供应链' }).waitFor();
    expect(await page.locator('form').count()).toBe(0);
    await page.evaluate(() => {
      localStorage.setItem('language', 'en');
      localStorage.setItem('settings', JSON.stringify({ theme: '#13a8a8' }));
    });
    await page.reload();
    await page.getByRole('heading', { name: 'One record for the whole engineering supply chain' }).waitFor();
    expect(await page.locator('.auth-brand').getAttribute('style')).toContain('#13a8a8');
    // A theme that is not a colour is never written into the page.
    await page.evaluate(() =>
      localStorage.setItem('settings', JSON.stringify({ theme: 'red;background:url(x)' })),
    );
    await page.reload();
    expect(await page.locator('.auth-brand').getAttribute('style')).not.toContain('url(');
    // With the entry let through, React renders the login over the panel: one panel, the form, no CSP refusal.
    await page.unroute(entry);
    await page.reload();
    await page.getByText('Welcome back').waitFor();
    expect(await page.locator('.auth-brand').count()).toBe(1);
    expect(await page.locator('form').count()).toBe(1);
    // Elsewhere nothing is painted ahead: /register is React's alone.
    await page.route(entry, (route) => route.abort());
    await page.goto('/register');
    await page.waitForLoadState('load');
    expect(await page.locator('#root').innerHTML()).toBe('');
    expect(cspErrors).toEqual([]);
    await context.close();
  });
});

describe('navigation rules', () => {
  it('sends an anonymous user to /login with the full original path', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/system/user?page=2');
    await page.waitForURL(/\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe(
      '/system/user?page=2',
    );
    await page.getByText('欢迎登录').waitFor();
    await context.close();
  });

  it('sends a logged-in user from /login, /register, /Information and /logon to /', async () => {
    const { page, context } = await newPage(browser);
    await login(page, ACCOUNTS.shipper);
    for (const path of ['/login', '/register', '/Information', '/logon']) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === '/');
      await page.getByTestId('dashboard').waitFor();
    }
    await context.close();
  });

  it('redirects an unknown path to / and shows the 404 page at /404', async () => {
    const { page, context } = await newPage(browser);
    await login(page, ACCOUNTS.shipper);
    await page.goto('/no/such/page');
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/404');
    await page.getByText('抱歉，您访问的页面不存在。').waitFor();
    await context.close();
  });
});

describe('login', () => {
  it('logs in by account and lands on the personal center, or on the redirect path', async () => {
    const { page, context } = await newPage(browser);
    await login(page, ACCOUNTS.shipper);
    await page.waitForURL(/\/userCenter$/);
    await page.getByTestId('user-center').waitFor();
    await context.close();

    const second = await newPage(browser);
    await login(second.page, ACCOUNTS.shipper, '/user/center?tab=1');
    await second.page.waitForURL(/\/user\/center\?tab=1$/);
    await second.context.close();
  });

  it("lands on the dashboard when coming in from the product page ('come in')", async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/Information');
    const code = page.waitForResponse((r) => r.url().includes('/auth/code'));
    await page.getByRole('button', { name: '进入系统' }).click();
    await page.waitForURL(/\/login$/);
    const answer = await answerOf(page, await code);
    await submitAccount(page, ACCOUNTS.shipper.username, ACCOUNTS.shipper.password, answer);
    await page.getByTestId('dashboard').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('logs in by mobile number, password and captcha', async () => {
    const { page, context } = await newPage(browser);
    await openLogin(page);
    // The mobile tab has its own captcha: a fresh image on switching.
    const code = page.waitForResponse((r) => r.url().includes('/auth/code'));
    await page.getByRole('tab', { name: '手机号登录' }).click();
    const answer = await answerOf(page, await code);
    await page.locator('#mobile_phone').fill(ACCOUNTS.shipper.phone);
    await page.locator('#mobile_password').fill(ACCOUNTS.shipper.password);
    await expect(page.getByTestId('captcha-img').isVisible()).resolves.toBe(true);
    await page.locator('#mobile_code').fill(answer);
    await page.locator('#mobile_code').press('Enter');
    await page.getByTestId('sidebar').waitFor();
    await page.waitForURL(/\/userCenter$/);
    await context.close();
  });

  it('registers and logs in in one step', async () => {
    const { page, context } = await newPage(browser);
    const code = page.waitForResponse((r) => r.url().includes('/auth/code'));
    await page.goto('/register');
    const answer = await answerOf(page, await code);
    const n = Date.now() % 1e8;
    await page.locator('label.ant-radio-button-wrapper', { hasText: '供应商' }).click();
    await page.getByLabel('企业名称').fill(`E2E 供应商 ${n}`);
    await page.getByLabel('用户名').fill(`e2e${n}`);
    await page.getByLabel('手机号').fill(`139${String(n).padStart(8, '0')}`);
    await page.getByLabel('邮箱').fill(`e2e${n}@example.com`);
    await page.getByLabel('密码', { exact: true }).fill('E2e@Pass2026');
    await page.getByLabel('确认密码').fill('E2e@Pass2026');
    await page.locator('#code').fill(answer);
    await page.getByRole('button', { name: '注册并登录' }).click();
    await page.getByTestId('sidebar').waitFor();
    await expect(page.getByTestId('avatar-menu').textContent()).resolves.toContain(`e2e${n}`);
    await context.close();
  });

  it('shows the server message for a wrong captcha and fetches a new image', async () => {
    const { page, context } = await newPage(browser);
    await openLogin(page);
    const again = page.waitForResponse((r) => r.url().includes('/auth/code'));
    const res = await submitAccount(page, 'shipper', 'Shipper@2026', '-1');
    expect(res.status()).toBe(400);
    const { message } = (await res.json()) as { message: string };
    expect(message).toMatch(/[\u4e00-\u9fa5]/);
    await toast(page, message).waitFor();
    await again;
    await expect(page.getByPlaceholder('验证码').inputValue()).resolves.toBe('');
    await context.close();
  });

  it('shows the wait message after 5 failures from this address', async () => {
    const { page, context } = await newPage(browser);
    // A fresh account, so the wait touches no demo user other tests log in as.
    const username = await registerByApi(page);
    let code = await openLogin(page);
    let last = '';
    for (let i = 0; i < 7; i++) {
      const nextImage = page.waitForResponse((r) => r.url().includes('/auth/code'));
      nextImage.catch(() => null); // the last one may still be pending when the test ends
      const res = await submitAccount(page, username, 'wrong-password', code);
      last = ((await res.json()) as { message: string }).message;
      if (res.status() === 429) break;
      code = await answerOf(page, await nextImage);
    }
    expect(last).toMatch(/[\u4e00-\u9fa5]/);
    await toast(page, last).waitFor();
    await context.close();
  });
});

describe('session', () => {
  it('the session cookie is the server’s (HttpOnly, no script reads it); a new tab of the session is signed in', async () => {
    const { page, context } = await newPage(browser);
    await login(page, ACCOUNTS.supplier);
    const cookie = (await context.cookies()).find((c) => c.name === 'EL-ADMIN-TOEKN');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    // Without remember-me it is a session cookie (no expiry).
    expect(cookie?.expires).toBe(-1);
    await expect(page.evaluate(() => document.cookie)).resolves.not.toContain('EL-ADMIN-TOEKN');
    // A second tab opens a private page signed in: it takes the session from the open tab.
    const second = await context.newPage();
    await second.goto('/userCenter');
    await second.getByTestId('avatar-menu').waitFor();
    expect(new URL(second.url()).pathname).toBe('/userCenter');
    await context.close();
  });

  it('asks for confirmation before logging out', async () => {
    const { page, context } = await newPage(browser);
    await login(page, ACCOUNTS.shipper);
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    const dialog = page.locator('.ant-modal-confirm');
    await expect(dialog.locator('.ant-modal-confirm-title').textContent()).resolves.toBe('提示');
    await expect(dialog.locator('.ant-modal-confirm-content').textContent()).resolves.toBe(
      '确定注销并退出系统吗？',
    );
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    // The cancelled dialog leaves (an animation) before the second one opens.
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('sidebar').waitFor();
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.waitForURL(/\/login/);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'EL-ADMIN-TOEKN')).toBeUndefined();
    await context.close();
  });

  it('goes back to the login page with the reason when the token is revoked (401)', async () => {
    const { page, context } = await newPage(browser);
    await login(page, ACCOUNTS.shipper);
    const token = (await context.cookies()).find((c) => c.name === 'EL-ADMIN-TOEKN')?.value ?? '';
    const res = await page.request.delete('/auth/logout', {
      headers: { Authorization: decodeURIComponent(token) },
    });
    expect(res.ok()).toBe(true);
    await page.reload();
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByTestId('logout-reason').waitFor();
    await expect(page.getByTestId('logout-reason').textContent()).resolves.toContain(
      '登录状态已失效，请重新登录',
    );
    await context.close();
  });

  it('sends the user to /401 on a 403 answer', async () => {
    const { page, context } = await newPage(browser);
    await login(page, ACCOUNTS.shipper);
    await page.route('**/api/auxiliary/getHomePageData', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ status: 403, code: 'forbidden', message: '无权访问' }),
      }),
    );
    await page.goto('/');
    await page.waitForURL(/\/401$/);
    await page.getByText('抱歉，您没有访问该页面的权限。').waitFor();
    await context.close();
  });
});
