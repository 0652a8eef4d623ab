import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, IDLE_BASE_URL, launch, login, newPage, toast } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

function badge(page: Page) {
  return page.getByTestId('unread-bell').locator('.ant-badge-count');
}

/** The first page of the server menu: opens its directory and clicks it. */
async function openFirstMenuPage(page: Page): Promise<string> {
  const sidebar = page.getByTestId('sidebar');
  const submenu = sidebar.locator('.ant-menu-submenu-title').first();
  await submenu.click();
  const item = sidebar.locator('.ant-menu-sub .ant-menu-item').first();
  await item.waitFor();
  const title = (await item.textContent()) ?? '';
  await item.click();
  await page.waitForURL((u) => u.pathname !== '/' && u.pathname !== '/userCenter');
  return title.trim();
}

describe('unread badge', () => {
  it('is hidden at 0, shows 5, and caps at 99+', async () => {
    const { page, context } = await newPage(browser);
    await login(page, ACCOUNTS.supplier, '/login?redirect=%2Fnews%2Fcenter');
    // Opening the message centre marks everything read.
    await page.getByTestId('message-center').waitFor();
    await expect.poll(() => badge(page).count()).toBe(0);
    const res = await page.request.post('/test/message', { data: { username: 'supplier', count: 5 } });
    expect(res.ok()).toBe(true);
    await page.getByTestId('sidebar').getByText('首页').click();
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => badge(page).textContent(), { timeout: 10_000 }).toContain('5');
    await page.request.post('/test/message', { data: { username: 'supplier', count: 115 } });
    await page.getByTestId('sidebar-logo').click();
    await page.waitForURL(/\/userCenter$/);
    await expect.poll(() => badge(page).textContent(), { timeout: 10_000 }).toContain('99+');
    const read = page.waitForResponse((r) => r.url().includes('/api/messageCenter/removeCount'));
    await page.getByTestId('unread-bell').click();
    await page.waitForURL(/\/news\/center$/);
    expect((await read).ok()).toBe(true);
    // Everything read: the badge is hidden. (A notice of another test's flow that reaches this account
    // after the read is unread, truly; then the badge must show exactly the server's count.)
    const serverUnread = async () =>
      ((await (await page.request.get('/api/messageCenter/getCount')).json()) as { count: number }).count;
    await expect
      .poll(
        async () => {
          const count = await serverUnread();
          // (allTextContents does not wait: the badge may leave between two reads)
          const shown = (await badge(page).allTextContents()).join('');
          return shown === (count === 0 ? '' : count > 99 ? '99+' : String(count));
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    const stillUnread = await page.request.get('/api/messageCenter/getMessageByCurrent?read=false&size=200');
    const titles = ((await stillUnread.json()) as { content: { title: string }[] }).content.map(
      (m) => m.title,
    );
    expect(titles.filter((t) => t.startsWith('测试消息'))).toEqual([]);
    await context.close();
  });

  it('marks new messages read when the bell is clicked in the message centre itself', async () => {
    const { page, context } = await newPage(browser);
    await login(page, ACCOUNTS.supplier, '/login?redirect=%2Fnews%2Fcenter');
    await page.getByTestId('message-center').waitFor();
    await page.request.post('/test/message', { data: { username: 'supplier', count: 3 } });
    // The open centre does not read what arrives while it is shown: the badge counts it.
    await expect.poll(() => badge(page).count(), { timeout: 10_000 }).toBe(1);
    const read = page.waitForResponse((r) => r.url().includes('/api/messageCenter/removeCount'));
    await page.getByTestId('unread-bell').click();
    expect((await read).ok()).toBe(true);
    const unread = await page.request.get('/api/messageCenter/getMessageByCurrent?read=false&size=200');
    const titles = ((await unread.json()) as { content: { title: string }[] }).content.map((m) => m.title);
    expect(titles.filter((t) => t.startsWith('测试消息'))).toEqual([]);
    await context.close();
  });

  it('updates from the websocket without a reload or navigation', async () => {
    // Two sessions of one user: reading in the second pushes the new count to the first.
    const first = await newPage(browser);
    await login(first.page, ACCOUNTS.logistics);
    await first.page.request.post('/test/message', { data: { username: 'logistics', count: 4 } });
    await first.page.getByTestId('sidebar').getByText('首页').click();
    await expect.poll(() => badge(first.page).count(), { timeout: 10_000 }).toBe(1);
    const second = await newPage(browser);
    await login(second.page, ACCOUNTS.logistics, '/login?redirect=%2Fnews%2Fcenter');
    await second.page.getByTestId('message-center').waitFor();
    const url = first.page.url();
    await expect.poll(() => badge(first.page).count(), { timeout: 10_000 }).toBe(0);
    expect(first.page.url()).toBe(url);
    await second.context.close();
    await first.context.close();
  });
});

describe('tags view', () => {
  it('offers refresh, close, close others and close all in a 105 px menu; home stays', async () => {
    const { page, context } = await newPage(browser);
    await login(page, ACCOUNTS.shipper);
    const title = await openFirstMenuPage(page);
    const tags = page.getByTestId('tag');
    await expect.poll(() => tags.allTextContents()).toEqual(['首页', '个人中心', title]);
    await tags.filter({ hasText: title }).click({ button: 'right' });
    const menu = page.getByTestId('tags-menu');
    await expect(menu.getByRole('menuitem').allTextContents()).resolves.toEqual([
      '刷新',
      '关闭',
      '关闭其他',
      '关闭所有',
    ]);
    expect((await menu.boundingBox())?.width).toBe(105);
    await menu.getByRole('menuitem', { name: '刷新' }).click();
    await expect.poll(() => tags.allTextContents()).toEqual(['首页', '个人中心', title]);
    await tags.filter({ hasText: title }).click({ button: 'right' });
    await menu.getByRole('menuitem', { name: '关闭其他' }).click();
    await expect.poll(() => tags.allTextContents()).toEqual(['首页', title]);
    await tags.filter({ hasText: '首页' }).click({ button: 'right' });
    await expect(menu.getByRole('menuitem').allTextContents()).resolves.toEqual([
      '刷新',
      '关闭其他',
      '关闭所有',
    ]);
    await menu.getByRole('menuitem', { name: '关闭所有' }).click();
    await expect.poll(() => tags.allTextContents()).toEqual(['首页']);
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });
});

describe('sidebar', () => {
  it('collapses by the toggle and remembers it; on a phone it closes after navigation', async () => {
    const { page, context } = await newPage(browser);
    await login(page, ACCOUNTS.shipper);
    const width = async () => (await page.getByTestId('sidebar').boundingBox())?.width;
    expect(await width()).toBe(200);
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(width).toBe(64);
    await page.reload();
    await page.getByTestId('sidebar').waitFor();
    await expect.poll(width).toBe(64);
    await context.close();

    const phone = await newPage(browser, { width: 800 });
    await login(phone.page, ACCOUNTS.shipper);
    await phone.page.getByTestId('sidebar-toggle').waitFor();
    expect(await phone.page.getByTestId('sidebar').count()).toBe(0);
    await phone.page.getByTestId('sidebar-toggle').click();
    await phone.page.getByTestId('sidebar').getByText('首页').click();
    await expect.poll(() => phone.page.getByTestId('sidebar').count()).toBe(0);
    await phone.context.close();
  });
});

describe('language', () => {
  it('re-titles the menu, the tabs and the document', async () => {
    const { page, context } = await newPage(browser);
    await login(page, ACCOUNTS.shipper);
    await openFirstMenuPage(page);
    const zhTitle = await page.title();
    expect(zhTitle).toMatch(/[\u4e00-\u9fa5].* - Tradelane 国际工程供应链控制塔/);
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => page.getByTestId('tag').allTextContents()).toContain('Home');
    await expect.poll(() => page.getByTestId('tag').allTextContents()).toContain('Personal center');
    await expect.poll(() => page.title()).toMatch(/ - Tradelane Supply-Chain Control Tower$/);
    expect(await page.title()).not.toBe(zhTitle);
    await expect(page.getByTestId('sidebar').textContent()).resolves.not.toMatch(/[\u4e00-\u9fa5]/);
    await page.reload();
    await page.getByTestId('sidebar').waitFor();
    await expect(page.getByTestId('sidebar').textContent()).resolves.toContain('Home');
    await context.close();
  });
});

describe('settings', () => {
  it('persists theme colour and switches across a reload', async () => {
    const { page, context } = await newPage(browser);
    await login(page, ACCOUNTS.shipper);
    await page.getByTestId('settings-button').click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('系统布局设置').waitFor();
    await drawer.getByTestId('theme-#11a983').click();
    await drawer.getByTestId('setting-tagsView').click();
    await drawer.getByTestId('setting-sidebarLogo').click();
    await expect.poll(() => page.getByTestId('tags-view').count()).toBe(0);
    await page.reload();
    await page.getByTestId('sidebar').waitFor();
    expect(await page.getByTestId('tags-view').count()).toBe(0);
    expect(await page.getByTestId('sidebar-logo').count()).toBe(0);
    const colour = await page
      .getByRole('button', { name: /保\s*存/ })
      .evaluate((el) => getComputedStyle(el).backgroundColor)
      .catch(() => '');
    expect(colour).toBe('rgb(17, 169, 131)');
    await page.getByTestId('settings-button').click();
    await expect(page.getByTestId('setting-tagsView').getAttribute('aria-checked')).resolves.toBe('false');
    await context.close();
  });
});

describe('feedback', () => {
  it('validates with the spec messages and is hidden for administrators', async () => {
    const { page, context } = await newPage(browser);
    await login(page, ACCOUNTS.shipper);
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: '意见反馈' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '意见反馈' });
    await dialog.locator('#phone').fill('');
    await dialog
      .getByRole('button', { name: '提 交' })
      .or(dialog.getByRole('button', { name: '提交' }))
      .click();
    await dialog.getByText('意见反馈不能为空').waitFor();
    await dialog.getByText('联系电话不能为空').waitFor();
    await dialog.locator('#phone').fill('12345');
    await dialog.getByText('请输入正确的电话号码').waitFor();
    await dialog.locator('#commentsOrFeedback').fill('x'.repeat(501));
    await dialog.getByText('长度在 1 到 500 个字符').waitFor();
    await dialog.locator('#commentsOrFeedback').fill('装箱单导出希望支持按批次筛选');
    await dialog.locator('#phone').fill('13800000001');
    await dialog
      .getByRole('button', { name: '提 交' })
      .or(dialog.getByRole('button', { name: '提交' }))
      .click();
    await toast(page, '操作成功').waitFor();
    await context.close();

    const admin = await newPage(browser);
    await login(admin.page, ACCOUNTS.admin);
    await admin.page.getByTestId('avatar-menu').click();
    await admin.page.getByRole('menuitem', { name: '退出登录' }).waitFor();
    expect(await admin.page.getByRole('menuitem', { name: '意见反馈' }).count()).toBe(0);
    await admin.context.close();
  });
});

describe('trial and certification', () => {
  it('reminds a trial user on login and enforces the upload limits', async () => {
    const { page, context } = await newPage(browser);
    await login(page, ACCOUNTS.trial);
    await page.getByTestId('trial-banner').waitFor();
    const reminder = page.locator('.ant-modal').filter({ hasText: '温馨提示' });
    await reminder.getByText(/您的试用期还剩 \d+ 天/).waitFor();
    await page.waitForTimeout(600);
    expect((await reminder.boundingBox())?.width).toBe(310);
    await reminder.getByRole('button', { name: '开启认证' }).click();
    const form = page.locator('.ant-modal').filter({ hasText: '企业认证' });
    await form.getByTestId('cert-form').waitFor();
    await page.waitForTimeout(600);
    expect((await form.boundingBox())?.width).toBe(500);
    const png = { mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') };
    await form.getByTestId('cert-input-licence').setInputFiles([
      { name: 'a.png', ...png },
      { name: 'b.png', ...png },
    ]);
    await toast(page, '当前限制选择 1 个文件，本次选择了 2 个文件，共选择了 2 个文件').waitFor();
    await form
      .getByTestId('cert-input-licence')
      .setInputFiles([{ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(10_485_761) }]);
    await toast(page, '文件大小不能超过10M，请重新选择').waitFor();
    await form.getByRole('button', { name: '提交认证' }).click();
    await toast(page, '请上传企业营业执照').waitFor();
    await form.getByTestId('cert-input-licence').setInputFiles([{ name: 'licence.png', ...png }]);
    await form.getByText('licence.png').waitFor();
    await form.getByTestId('cert-input-licence').setInputFiles([{ name: 'again.png', ...png }]);
    await toast(page, '本次选择了 1 个文件，共选择了 2 个文件').waitFor();
    await form.getByRole('button', { name: '提交认证' }).click();
    await toast(page, '请上传授权书').waitFor();
    await context.close();
  });
});

describe('idle logout', () => {
  it('logs out after the idle timeout without key, click or touch', async () => {
    const { page, context } = await newPage(browser, { base: IDLE_BASE_URL });
    await login(page, ACCOUNTS.shipper);
    await page.waitForURL(/\/login/, { timeout: 30_000 });
    await page.getByTestId('logout-reason').waitFor();
    await expect(page.getByTestId('logout-reason').textContent()).resolves.toContain('您已长时间未操作');
    await context.close();
  });
});
