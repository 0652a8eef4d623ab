// Admin area in the browser against the real server: grants reach the user's next login, function
// permissions hide buttons, disabling and kicking out end sessions, approval ends the trial banner.
import type { Browser, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, apiLogin, BASE_URL, launch, login, newPage, shot, signIn, toast } from './helpers.ts';

let browser: Browser;
let adminToken: string;
const PASSWORD = 'Admin@e2e26';
const run = Date.now().toString(36).slice(-5);
/** A 1×1 PNG for the certification papers. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function api<T>(
  method: string,
  path: string,
  body?: unknown,
  token = adminToken,
): Promise<{ status: number; data: T }> {
  const res = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: { authorization: token, 'content-type': 'application/json', 'accept-language': 'zh' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, data: (text ? JSON.parse(text) : undefined) as T };
}

interface MenuRow {
  id: number;
  menuKey: string | null;
}
let menuIds: Record<string, number> = {};

/** A tenant role and a staff user of the shipper's company holding it. */
async function roleAndUser(name: string, menuKeys: string[]): Promise<{ roleId: number; username: string }> {
  const role = await api<{ id: number }>('POST', '/api/roles', {
    name: `e2e-${name}-${run}`,
    level: 3,
    tenantId: 2,
  });
  expect(role.status).toBe(201);
  await api('PUT', '/api/roles/menu', { id: role.data.id, menus: menuKeys.map((k) => menuIds[k]) });
  const username = `e2e_${name}_${run}`;
  const user = await api('POST', '/api/users', {
    username,
    password: PASSWORD,
    roleType: 5,
    tenantId: 2,
    roles: [role.data.id],
  });
  expect(user.status).toBe(201);
  return { roleId: role.data.id, username };
}

async function adminPage(path: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await newPage(browser);
  await signIn(page, ACCOUNTS.admin);
  await page.goto(path);
  return { page, close: () => context.close() };
}

async function userPage(username: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await newPage(browser);
  await login(page, { username, password: PASSWORD });
  return { page, close: () => context.close() };
}

beforeAll(async () => {
  browser = await launch();
  adminToken = await apiLogin(ACCOUNTS.admin);
  const menus = await api<{ content: MenuRow[] }>('GET', '/api/menus?page=0&size=5000');
  menuIds = Object.fromEntries(menus.data.content.filter((m) => m.menuKey).map((m) => [m.menuKey, m.id]));
});
afterAll(async () => {
  await browser?.close();
});

describe('admin area', () => {
  it('a menu assigned to a role appears on the user’s next login', async () => {
    const { roleId, username } = await roleAndUser('menu', ['system', 'dept:list']);
    const before = await userPage(username);
    const sidebar = before.page.getByTestId('sidebar');
    await sidebar.getByText('系统管理').click();
    await sidebar.getByText('部门管理').waitFor();
    expect(await sidebar.getByText('字典管理').count()).toBe(0);
    await before.close();

    const admin = await adminPage('/system/role');
    await admin.page.getByRole('cell', { name: new RegExp(`e2e-menu-${run}`) }).click();
    const grants = admin.page.getByTestId('role-grants');
    await grants.getByRole('tab', { name: '菜单分配' }).click();
    await grants
      .locator('.ant-tree-treenode')
      .filter({ hasText: /^字典管理$/ })
      .locator('.ant-tree-checkbox')
      .click();
    await shot(admin.page, 'admin-e2e-role-menus');
    await grants.getByTestId('save-menus').click();
    await toast(admin.page, '保存成功').waitFor();
    const role = await api<{ menus: number[] }>('GET', `/api/roles/${roleId}`);
    expect(role.data.menus).toContain(menuIds['dict:list']);
    await admin.close();

    const after = await userPage(username);
    await after.page.getByTestId('sidebar').getByText('系统管理').click();
    await after.page.getByTestId('sidebar').getByText('字典管理').waitFor();
    await after.close();
  });

  it('removing a function permission hides the button; without the button permission the server refuses', async () => {
    const { roleId, username } = await roleAndUser('fn', ['system', 'user:list', 'user:add', 'roles:list']);
    const catalogue = await api<{ menuId: number; functions: { id: number; functionName: string }[] }[]>(
      'GET',
      '/api/functionPermission/viewFunctionPermissionMenu',
    );
    const userFns = catalogue.data.find((g) => g.menuId === menuIds['user:list'])?.functions ?? [];
    await api('POST', '/api/sysRolesFunction/buildSysRoleFunction', {
      roleId,
      functionPermissionIds: userFns.map((f) => f.id),
    });

    const before = await userPage(username);
    await before.page.goto('/system/user');
    await before.page.getByRole('button', { name: /新\s*增/ }).waitFor();
    await before.close();

    const admin = await adminPage('/system/role');
    await admin.page.getByRole('cell', { name: new RegExp(`e2e-fn-${run}`) }).click();
    const grants = admin.page.getByTestId('role-grants');
    await grants.getByRole('tab', { name: '功能权限分配' }).click();
    const group = grants.getByTestId(`fn-group-${menuIds['user:list']}`);
    await group.getByRole('checkbox', { name: '新增', exact: true }).uncheck();
    await grants.getByTestId('save-functions').click();
    await toast(admin.page, '保存成功').waitFor();
    await admin.close();

    const after = await userPage(username);
    await after.page.goto('/system/user');
    await after.page.locator('.ant-table-row').first().waitFor();
    expect(await after.page.getByRole('button', { name: /新\s*增/ }).count()).toBe(0);
    await after.close();

    // The server checks permission strings: with the user:add button taken away it refuses the call.
    await api('PUT', '/api/roles/menu', {
      id: roleId,
      menus: ['system', 'user:list', 'roles:list'].map((k) => menuIds[k]),
    });
    const token = await apiLogin({ username, password: PASSWORD });
    const refused = await api('POST', '/api/users', { username: `x_${run}`, password: PASSWORD }, token);
    expect(refused.status).toBe(403);
  });

  it('disabling a user logs them out of their open page', async () => {
    const { username } = await roleAndUser('off', ['system', 'dept:list']);
    const victim = await userPage(username);
    const admin = await adminPage('/system/user');
    await admin.page.getByPlaceholder('用户名').fill(username);
    await admin.page.getByRole('button', { name: /搜\s*索/ }).click();
    const row = admin.page.locator('.ant-table-row').filter({ hasText: username });
    await row.getByRole('button', { name: /停\s*用/ }).click();
    await admin.page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await toast(admin.page, '已停用').waitFor();
    await victim.page.waitForURL(/\/login/, { timeout: 20_000 });
    await row.getByText('停用').first().waitFor();
    await admin.close();
    await victim.close();
  });

  it('approving a certification removes the trial banner', async () => {
    // A fresh trial shipper (the demo trial account stays untouched for the shell tests).
    const code = (await (await fetch(`${BASE_URL}/auth/code`)).json()) as { uuid: string };
    const { answer } = (await (await fetch(`${BASE_URL}/test/captcha/${code.uuid}`)).json()) as {
      answer: string;
    };
    const username = `e2e_trial_${run}`;
    const reg = await api<{ token: string }>(
      'POST',
      '/auth/regAndLogin',
      {
        username,
        phone: `139${String(Date.now()).slice(-8)}`,
        email: `${username}@example.com`,
        password: PASSWORD,
        corporateName: `E2E 试用企业 ${run}`,
        roleType: 0,
        code: String(answer),
        uuid: code.uuid,
      },
      '',
    );
    expect(reg.status).toBeLessThan(300);
    const upload = async (name: string) => {
      const form = new FormData();
      form.append('file', new Blob([PNG], { type: 'image/png' }), name);
      form.append('kind', 'image');
      const res = await fetch(`${BASE_URL}/api/file/upload`, {
        method: 'POST',
        headers: { authorization: reg.data.token },
        body: form,
      });
      return ((await res.json()) as { url: string }).url;
    };
    const [licence, letter] = [await upload('licence.png'), await upload('letter.png')];
    const cert = await api<{ status: number }>(
      'POST',
      '/api/enterpriseInfo/certification',
      {
        corporateName: `E2E 试用企业 ${run}`,
        corporateCode: `91E2E${run}`,
        corporateCodeimg: licence,
        authorizationLetter: letter,
      },
      reg.data.token,
    );
    expect(cert.data, JSON.stringify(cert.data)).toMatchObject({ status: 0 });

    const trial = await userPage(username);
    await trial.page.getByTestId('trial-banner').waitFor();

    const admin = await adminPage('/system/tenant');
    await admin.page.getByPlaceholder('关键字').fill(`E2E 试用企业 ${run}`);
    await admin.page.getByRole('button', { name: /搜\s*索/ }).click();
    const row = admin.page.locator('.ant-table-row').filter({ hasText: `E2E 试用企业 ${run}` });
    await row.getByText('已提交').waitFor();
    await row.getByRole('button', { name: /审核通过/ }).click();
    await admin.page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await row.getByText('已认证').waitFor();
    await admin.close();

    await trial.page.reload();
    await trial.page.getByTestId('sidebar').waitFor();
    await expect.poll(() => trial.page.getByTestId('trial-banner').count(), { timeout: 10_000 }).toBe(0);
    await trial.close();
  });

  it('kicking a session out sends that browser to /login', async () => {
    const { username } = await roleAndUser('kick', ['system', 'dept:list']);
    const victim = await userPage(username);
    const admin = await adminPage('/monitor/online');
    await admin.page.getByPlaceholder('用户名或 IP').fill(username);
    await admin.page.getByRole('button', { name: /搜\s*索/ }).click();
    const row = admin.page.locator('.ant-table-row').filter({ hasText: username });
    await row.getByRole('button', { name: '强制下线' }).click();
    await admin.page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await toast(admin.page, '已强制下线').waitFor();
    await victim.page.waitForURL(/\/login/, { timeout: 20_000 });
    await admin.close();
    await victim.close();
  });
  it('scheduled jobs: run one now, read its log, pause and resume it (zh), and the page in English', async () => {
    const admin = await adminPage('/tools/timing');
    const row = admin.page.locator('.ant-table-row').filter({ hasText: '清理过期数据 / Housekeeping' });
    await row.getByText('0 * * * *').waitFor();
    await row.getByText('运行中').waitFor();
    await row.getByRole('button', { name: '立即运行' }).click();
    await admin.page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await toast(admin.page, '任务已运行，结果见日志').waitFor();
    await row.getByText('成功').waitFor();
    await row.getByRole('button', { name: /更\s*多/ }).click();
    await admin.page.getByRole('menuitem', { name: '运行日志' }).click();
    const drawer = admin.page.locator('.ant-drawer');
    await drawer
      .locator('.ant-table-row')
      .filter({ hasText: '手动' })
      .filter({ hasText: '已清理过期数据' })
      .waitFor();
    await drawer.locator('.ant-drawer-close').click();
    await row.getByRole('button', { name: '暂停' }).click();
    await toast(admin.page, '任务已暂停').waitFor();
    await row.getByText('已暂停').waitFor();
    await row.getByRole('button', { name: '恢复' }).click();
    await row.getByText('运行中').waitFor();
    await shot(admin.page, 'admin-e2e-timing-zh');
    await admin.close();

    const { page, context } = await newPage(browser, { lang: 'en', width: 1440 });
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/tools/timing');
    const en = page
      .locator('.ant-table-row')
      .filter({ hasText: 'Housekeeping (expired sessions, codes, keys)' });
    await en.getByText('Active').waitFor();
    await en.getByText('OK').waitFor();
    await shot(page, 'admin-e2e-timing-en');
    await context.close();
  });
  it('the server and database monitors show live figures; /druid/index.html opens the database page', async () => {
    const admin = await adminPage('/monitor/server');
    await admin.page.getByTestId('server-monitor').getByText('WebSocket 连接').waitFor();
    await admin.page.getByTestId('server-chart').locator('canvas').waitFor();
    await shot(admin.page, 'admin-e2e-server-monitor-zh');
    await admin.page.goto('/druid/index.html');
    await admin.page.waitForURL(/\/monitor\/druid/);
    const db = admin.page.getByTestId('database-monitor');
    await db.getByRole('tab', { name: '表' }).click();
    await db.locator('.ant-table-row').filter({ hasText: 'box_piece' }).first().waitFor();
    await db.getByRole('tab', { name: '慢语句' }).click();
    await db.getByTestId('statements-note').waitFor();
    await shot(admin.page, 'admin-e2e-database-monitor-zh');
    await admin.close();
    const { page, context } = await newPage(browser, { lang: 'en', width: 1440 });
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/monitor/server');
    await page.getByTestId('server-monitor').getByText('Event-loop delay', { exact: true }).waitFor();
    await shot(page, 'admin-e2e-server-monitor-en');
    await page.goto('/monitor/druid');
    await page
      .getByTestId('database-monitor')
      .getByRole('tab', { name: /Connections/ })
      .waitFor();
    await shot(page, 'admin-e2e-database-monitor-en');
    await context.close();
  });
  it('the mail tool keeps SMTP settings and sends a test mail that a real SMTP server receives', async () => {
    const inbox: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          inbox.push(Buffer.concat(chunks).toString('utf8'));
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const port = (smtp.server.address() as { port: number }).port;
    try {
      const admin = await adminPage('/tools/email');
      const tool = admin.page.getByTestId('mail-tool');
      await tool.getByLabel('服务器').fill('127.0.0.1');
      await tool.getByLabel('端口').fill(String(port));
      await tool.getByLabel('加密').click();
      await admin.page.getByTitle('不加密').click();
      await tool.getByLabel('发件人').fill('Tradelane <no-reply@tradelane.test>');
      await tool.getByRole('button', { name: '保存设置' }).click();
      await toast(admin.page, '邮件设置已保存').waitFor();
      await tool.getByLabel('收件人').fill('ops@tradelane.example');
      await tool.getByRole('button', { name: /发\s*送/ }).click();
      await toast(admin.page, '测试邮件已发送至 ops@tradelane.example').waitFor();
      expect(inbox).toHaveLength(1);
      expect(inbox[0]).toContain('To: ops@tradelane.example');
      await tool
        .locator('.ant-table-row')
        .filter({ hasText: 'ops@tradelane.example' })
        .getByText('已发送')
        .waitFor();
      await shot(admin.page, 'admin-e2e-mail-zh');
      await admin.close();
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
  it('statistics chart the supply chain: batches by stage, boxes by logistics status, boxes shipped per month', async () => {
    const admin = await adminPage('/monitor/statistics');
    for (const id of ['chart-users', 'chart-batches', 'chart-boxes', 'chart-shipped'])
      await admin.page.getByTestId(id).locator('canvas').waitFor();
    await admin.page.getByText('近 12 个月每月发运').waitFor();
    await admin.page.getByTestId('chart-shipped').scrollIntoViewIfNeeded();
    await shot(admin.page, 'admin-e2e-statistics-zh');
    await admin.close();
  });
  it('the storage tool shows use per company against the quota, and uploads and lists a file', async () => {
    const admin = await adminPage('/tools/storage');
    const tool = admin.page.getByTestId('storage-tool');
    await tool.getByText('本地磁盘').waitFor();
    await tool.getByText('5.00 GB').waitFor();
    const name = `e2e-${run}.png`;
    await tool.locator('input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
    await toast(admin.page, '文件已上传').waitFor();
    await tool.locator('.ant-table-row').filter({ hasText: name }).waitFor();
    await shot(admin.page, 'admin-e2e-storage-zh');
    await admin.close();
  });
});
