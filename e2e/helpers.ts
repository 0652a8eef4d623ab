import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

// Vitest sets process.env.BASE_URL to Vite's base ('/'), so the runner also passes E2E_BASE_URL.
// With several workers (scripts/e2e.mjs), each worker has a server of its own: E2E_BASE_URLS lists them
// and VITEST_POOL_ID (1…maxWorkers) picks this worker's.
const perWorker = process.env.E2E_BASE_URLS?.split(',').filter(Boolean) ?? [];
const fromEnv = perWorker.length
  ? perWorker[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % perWorker.length]
  : [process.env.E2E_BASE_URL, process.env.BASE_URL].find((u) => u?.startsWith('http'));
export const BASE_URL = fromEnv ?? 'http://127.0.0.1:8080';
export const IDLE_BASE_URL = process.env.IDLE_BASE_URL ?? BASE_URL;
export const SHOTS = new URL('../.tmp/', import.meta.url).pathname;

export const ACCOUNTS = {
  admin: { username: 'admin', password: 'Admin@2026' },
  shipper: { username: 'shipper', password: 'Shipper@2026', phone: '13800000001' },
  supplier: { username: 'supplier', password: 'Supplier@2026' },
  supplier2: { username: 'supplier2', password: 'Supplier@2026' },
  logistics: { username: 'logistics', password: 'Logistics@2026' },
  trial: { username: 'trial', password: 'Trial@2026' },
  /** The shipper's site staff: delivery, receipt and abnormal records at the destination. */
  site: { username: 'site', password: 'Site@2026' },
} as const;

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      // Flags to try on a run (E2E_EXTRA_ARGS="--flag --other"), e.g. when measuring the browser's CPU.
      ...(process.env.E2E_EXTRA_ARGS?.split(' ').filter(Boolean) ?? []),
    ],
  });
}

/** A fresh context (cookies, storage) with the app language preset. */
export async function newPage(
  browser: Browser,
  opts: { lang?: 'zh' | 'en'; base?: string; width?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: opts.base ?? BASE_URL,
    viewport: { width: opts.width ?? 1366, height: 800 },
    locale: opts.lang === 'en' ? 'en-US' : 'zh-CN',
    // The system's "reduce motion" setting: antd opens and closes without animation (AppProviders), so
    // a test waits on the app, not on transitions.
    reducedMotion: 'reduce',
  });
  if (opts.lang === 'en') await context.addInitScript(() => localStorage.setItem('language', 'en'));
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return { context, page };
}

/** Opens /login (or a given path that lands there) and returns the captcha answer for its image. */
export async function openLogin(page: Page, path = '/login'): Promise<string> {
  const codeResponse = page.waitForResponse((r) => r.url().includes('/auth/code'));
  await page.goto(path);
  return answerOf(page, await codeResponse);
}

export async function answerOf(page: Page, response: { json(): Promise<unknown> }): Promise<string> {
  const { uuid } = (await response.json()) as { uuid: string };
  const res = await page.request.get(`/test/captcha/${uuid}`);
  const { answer } = (await res.json()) as { answer: string | number };
  return String(answer);
}

/** Fills and submits the account form; resolves when the login call answers. */
export async function submitAccount(
  page: Page,
  username: string,
  password: string,
  code: string,
  remember = false,
) {
  await page.getByPlaceholder(/用户名|User name/).fill(username);
  await page
    .getByPlaceholder(/^(密码|Password)$/)
    .first()
    .fill(password);
  await page.getByPlaceholder(/^(验证码|Verification code)$/).fill(code);
  if (remember)
    await page
      .getByText(/记住我|Remember me/)
      .first()
      .click();
  const answer = page.waitForResponse((r) => r.url().includes('/auth/login'));
  await page
    .getByRole('button', { name: /登\s*录|Log in/ })
    .first()
    .click();
  return answer;
}

/** Logs in through the account tab and waits for the shell. */
export async function login(page: Page, account: { username: string; password: string }, path = '/login') {
  const code = await openLogin(page, path);
  const res = await submitAccount(page, account.username, account.password, code);
  if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
  await page.getByTestId('avatar-menu').waitFor();
}

/**
 * Signs in without the login page, as a reload of a signed-in tab does: the session is made by the API
 * (its HttpOnly cookie lands in this browser context), the tab keeps its copy of the token, and the app
 * boots on `path` (the personal centre, where the login page lands) reading who is signed in from
 * the server. For tests whose subject is not the login itself — the login page and what shows once at
 * login (the trial and invitation reminders) are tested through `login`.
 */
export async function signIn(
  page: Page,
  account: { username: string; password: string },
  path = '/userCenter',
): Promise<void> {
  const token = await apiLogin(account, page);
  // Any page of the origin holds the tab's storage; the health answer loads no app.
  await page.goto('/api/health');
  await page.evaluate((t) => {
    sessionStorage.setItem('tl-token', t);
    localStorage.setItem('tl-signed-in', '1');
  }, token);
  await page.goto(path);
  await page.getByTestId('avatar-menu').waitFor();
}

/**
 * A screenshot to .tmp/ for a person to look at (E2E_SHOTS=1). A test asserts what a user sees through
 * the page itself; the pictures are for review, and a run that nobody looks at does not pay for them.
 */
export async function shot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SHOTS !== '1') return;
  await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: false });
}

/** Text of the antd message toasts currently shown. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.ant-message-notice').filter({ hasText: text });
}

/**
 * Signs in through the API: the token for calls that set up what a test needs. Through a page's request
 * context, the session's HttpOnly cookie lands in that browser context too.
 */
export async function apiLogin(
  account: { username: string; password: string },
  page?: Page,
): Promise<string> {
  const get = async (path: string) =>
    page ? (await page.request.get(path)).json() : (await fetch(`${BASE_URL}${path}`)).json();
  const { uuid } = (await get('/auth/code')) as { uuid: string };
  const { answer } = (await get(`/test/captcha/${uuid}`)) as { answer: string };
  const body = {
    username: account.username,
    password: account.password,
    code: String(answer),
    uuid,
    rememberMe: false,
  };
  const res = page
    ? await page.request.post('/auth/login', { data: body })
    : await fetch(`${BASE_URL}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
  const ok = typeof res.ok === 'function' ? res.ok() : res.ok;
  if (!ok) throw new Error(`login ${account.username}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** A call with a token; throws with the server's answer when it is refused. */
export async function apiCall<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
