import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, answerOf, launch, newPage, signIn, toast } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// A real 1×1 PNG: the server sniffs uploads by content.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

async function registerShipper(page: Page): Promise<string> {
  const code = page.waitForResponse((r) => r.url().includes('/auth/code'));
  await page.goto('/register');
  const answer = await answerOf(page, await code);
  const n = (Date.now() % 1e8) + Math.floor(Math.random() * 1000);
  await page.getByLabel('企业名称').fill(`E2E 货主 ${n}`);
  await page.getByLabel('用户名').fill(`ship${n}`);
  await page.getByLabel('手机号').fill(`137${String(n).padStart(8, '0').slice(-8)}`);
  await page.getByLabel('邮箱').fill(`ship${n}@example.com`);
  await page.getByLabel('密码', { exact: true }).fill('E2e@Pass2026');
  await page.getByLabel('确认密码').fill('E2e@Pass2026');
  await page.locator('#code').fill(answer);
  await page.getByRole('button', { name: '注册并登录' }).click();
  await page.getByTestId('avatar-menu').waitFor();
  return `ship${n}`;
}

function badge(page: Page) {
  return page.getByTestId('unread-bell').locator('.ant-badge-count');
}

describe('enterprise certification', () => {
  it('uploads both files, submits, then shows the submitted message', async () => {
    const { page, context } = await newPage(browser);
    await registerShipper(page);
    const reminder = page.locator('.ant-modal').filter({ hasText: '温馨提示' });
    await reminder.getByText('您的试用期还剩 15 天，完成企业认证即可正式使用全部功能。').waitFor();
    await reminder.getByRole('button', { name: '开启认证' }).click();
    const form = page.locator('.ant-modal').filter({ hasText: '企业认证' });
    await form.getByTestId('cert-form').waitFor();
    await expect.poll(() => form.locator('#corporateName').inputValue()).toMatch(/^E2E 货主/);
    await form.locator('#corporateCode').fill('91310000MA1FL1234X');
    await form
      .getByTestId('cert-input-licence')
      .setInputFiles([{ name: 'licence.png', mimeType: 'image/png', buffer: PNG }]);
    await form
      .getByTestId('cert-input-letter')
      .setInputFiles([{ name: 'letter.png', mimeType: 'image/png', buffer: PNG }]);
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/file/upload')) uploads.push(r.url());
    });
    const submitted = page.waitForRequest((r) => r.url().includes('/api/enterpriseInfo/certification'));
    await form.getByRole('button', { name: '提交认证' }).click();
    const body = (await submitted).postDataJSON() as Record<string, string>;
    expect(uploads).toHaveLength(2);
    expect(Object.keys(body).sort()).toEqual([
      'authorizationLetter',
      'corporateCode',
      'corporateCodeimg',
      'corporateName',
    ]);
    expect(body.corporateCode).toBe('91310000MA1FL1234X');
    expect(body.corporateCodeimg).not.toBe(body.authorizationLetter);
    const done = page.locator('.ant-modal').filter({ hasText: '提交成功' });
    await done.getByText('提交成功！我们将在 2 个工作日内完成审核，请耐心等待。').waitFor();
    await done.getByRole('button', { name: '我知道了' }).click();
    // Status 1 is kept: "certify now" shows the submitted message, not the form.
    await page.getByTestId('trial-banner').getByRole('button').click();
    await page.locator('.ant-modal').filter({ hasText: '提交成功' }).waitFor();
    expect(await page.getByTestId('cert-form').count()).toBe(0);
    await context.close();
  });
});

describe('server menus', () => {
  it('renders a friendly placeholder for an unknown page component, titled in both languages', async () => {
    const { page, context } = await newPage(browser);
    await page.route('**/api/menus/build', async (route) => {
      const res = await route.fetch();
      const menus = (await res.json()) as unknown[];
      menus.push({
        name: '实验室',
        enName: 'Labs',
        path: '/labs',
        component: 'Layout',
        alwaysShow: true,
        meta: { title: '实验室', enTitle: 'Labs' },
        children: [
          {
            name: '新功能',
            enName: 'New feature',
            path: 'soon',
            component: 'labs/soon/index',
            meta: { title: '新功能', enTitle: 'New feature' },
          },
        ],
      });
      await route.fulfill({ response: res, json: menus });
    });
    await signIn(page, ACCOUNTS.shipper);
    await page.getByTestId('sidebar').getByText('实验室').click();
    await page.getByTestId('sidebar').getByText('新功能').click();
    await page.getByText('页面即将上线').waitFor();
    await page.getByText('“新功能”正在建设中，敬请期待。').waitFor();
    expect(await page.title()).toBe('新功能 - Tradelane 国际工程供应链控制塔');
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByText('Page coming soon').waitFor();
    await expect.poll(() => page.title()).toBe('New feature - Tradelane Supply-Chain Control Tower');
    await expect.poll(() => page.getByTestId('tag').allTextContents()).toContain('New feature');
    await context.close();
  });
});

describe('message centre', () => {
  it('pushes a new message to the badge without navigation, and opening the centre reads them', async () => {
    const { page, context } = await newPage(browser);
    // Not supplier2: the lockout test in auth.test.ts locks it for 15 min.
    await signIn(page, ACCOUNTS.logistics, '/news/center');
    await page.getByTestId('message-center').waitFor();
    await expect.poll(() => badge(page).count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('message-item').getByText('未读', { exact: true }).count())
      .toBe(0);
    const url = page.url();
    await page.request.post('/test/message', { data: { username: 'logistics', count: 2 } });
    await expect.poll(() => badge(page).textContent(), { timeout: 10_000 }).toContain('2');
    expect(page.url()).toBe(url);
    await page.getByRole('button', { name: '全部已读' }).click();
    await expect.poll(() => badge(page).count(), { timeout: 10_000 }).toBe(0);
    await context.close();
  });
});

describe('feedback payload', () => {
  it('sends commentsOrFeedback, phone, userId, email and createUnit', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, ACCOUNTS.supplier);
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: '意见反馈' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '意见反馈' });
    await dialog.locator('#commentsOrFeedback').fill('希望箱单支持批量打印');
    await dialog.locator('#phone').fill('13900000009');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/feedback') && r.method() === 'POST');
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      'commentsOrFeedback',
      'createUnit',
      'email',
      'phone',
      'userId',
    ]);
    expect(body).toMatchObject({ commentsOrFeedback: '希望箱单支持批量打印', phone: '13900000009' });
    expect(typeof body.userId).toBe('number');
    expect(String(body.createUnit)).not.toBe('');
    await toast(page, '操作成功').waitFor();
    await context.close();
  });
});

describe('personal center', () => {
  it('validates the password change, uploads an avatar and lists the login history', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, ACCOUNTS.logistics);
    await page.waitForURL(/\/userCenter$/);
    const center = page.getByTestId('user-center');
    await center.getByRole('tab', { name: '安全设置' }).click();
    await center.getByRole('button', { name: '修改密码' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '旧密码' });
    await dialog.locator('#oldPass').fill('Logistics@2026');
    await dialog.locator('#newPass').fill('abc');
    await dialog.locator('#confirm').fill('abd');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('两次输入的密码不一致').waitFor();
    await dialog.getByText(/密码长度为 8 到 16 位/).waitFor();
    await dialog.getByRole('button', { name: /取\s*消/ }).click();

    const input = center.locator('input[type=file]');
    await input.setInputFiles([{ name: 'a.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') }]);
    await toast(page, '头像只能是 jpg/png/bmp/jpeg 格式').waitFor();
    await input.setInputFiles([
      { name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) },
    ]);
    await toast(page, '头像大小不能超过 2MB').waitFor();
    await input.setInputFiles([{ name: 'me.png', mimeType: 'image/png', buffer: PNG }]);
    await toast(page, '操作成功').waitFor();
    await expect.poll(() => page.getByTestId('avatar-menu').locator('img').count()).toBe(1);
    // The image really loads (the file route accepts the token cookie).
    await expect
      .poll(() =>
        page
          .getByTestId('avatar-menu')
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(1);

    await center.getByRole('tab', { name: '登录记录' }).click();
    await expect.poll(() => center.locator('.ant-table-row').count()).toBeGreaterThan(0);
    await center.locator('.ant-table-row').first().getByText('成功').waitFor();
    await context.close();
  });
});
