// The web as people live in it: tabs keep their state, notifications lead somewhere, no dead
// ends, no raw codes. Each test drives the real server in Chromium; screenshots go to .tmp/.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, apiLogin, launch, login, newPage, shot, signIn } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Polls for what a user would wait to see (the machine may be busy: no timing is asserted). */
const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });

/** In-app navigation through the sidebar (no reload): opens the item's directory when needed. */
async function nav(page: Page, path: string) {
  const sidebar = page.getByTestId('sidebar');
  const item = sidebar.locator(`li[data-menu-id$="-${path}"]`);
  if (!(await item.isVisible())) {
    const dir = path.split('/').slice(0, -1).join('/');
    await sidebar.locator(`.ant-menu-submenu-title[data-menu-id$="-${dir}"]`).click();
  }
  await item.click();
  await page.waitForURL((u) => u.pathname === path);
}

/** A new company of the given end registers itself; returns its login. */
async function register(page: Page, roleType: 0 | 1 | 2) {
  const { uuid } = (await (await page.request.get('/auth/code')).json()) as { uuid: string };
  const { answer } = (await (await page.request.get(`/test/captcha/${uuid}`)).json()) as { answer: string };
  const n = `${Date.now() % 1e8}${Math.floor(Math.random() * 10)}`.slice(-8);
  const account = { username: `d11u${roleType}${n}`, password: 'Daily@2026' };
  const res = await page.request.post('/auth/regAndLogin', {
    data: {
      ...account,
      phone: `135${n.padStart(8, '0')}`,
      email: `${account.username}@e2e.example`,
      corporateName: `日常测试${roleType}-${n}`,
      roleType,
      code: String(answer),
      uuid,
    },
  });
  if (!res.ok()) throw new Error(`register: ${res.status()} ${await res.text()}`);
  await page.context().clearCookies();
  return account;
}

function rows(page: Page) {
  return page.locator('.ant-layout-content .ant-table-tbody tr.ant-table-row:visible');
}

describe('tabs keep their state (1)', () => {
  it('a filtered batch list survives a visit to another tab; closing the tab forgets it', async () => {
    const { page, context } = await newPage(browser, { width: 1440 });
    await login(page, ACCOUNTS.shipper, '/login?redirect=%2Fproject%2Fbatch');
    await eventually(() => rows(page).count()).toBeGreaterThan(1);
    const keyword = page.locator('.ant-layout-content .rp-search input:visible').first();
    await keyword.fill('JKT2-B002');
    await keyword.press('Enter');
    await eventually(() => rows(page).count()).toBe(1);
    await nav(page, '/project/contract');
    await page.locator('[data-testid="tag"][data-path="/project/contract"]').waitFor();
    await page.getByTestId('tag').filter({ hasText: /批次/ }).click();
    await page.waitForURL((u) => u.pathname === '/project/batch');
    await shot(page, 'daily-tabs-back-zh');
    await eventually(() => rows(page).count()).toBe(1);
    await expect(keyword.inputValue()).resolves.toBe('JKT2-B002');
    // Sorted, scrolled down, and with the add drawer open and half filled in.
    await page.locator('.ant-layout-content th').filter({ hasText: '批次号' }).click();
    await eventually(() =>
      page.locator('.ant-layout-content th').filter({ hasText: '批次号' }).getAttribute('aria-sort'),
    ).toBe('ascending');
    await eventually(() => rows(page).count()).toBe(1);
    await page.setViewportSize({ width: 1440, height: 320 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // The page settles (its layout follows the new viewport) before the position is taken.
    let scrolled = -1;
    await eventually(async () => {
      const now = await page.evaluate(() => window.scrollY);
      const settled = now === scrolled;
      scrolled = now;
      return settled;
    }).toBe(true);
    expect(scrolled).toBeGreaterThan(20);
    await page.locator('[data-testid="tag"][data-path="/project/contract"]').click();
    await page.waitForURL((u) => u.pathname === '/project/contract');
    await eventually(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.locator('[data-testid="tag"][data-path="/project/batch"]').click();
    await page.waitForURL((u) => u.pathname === '/project/batch');
    await eventually(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect(
      page.locator('.ant-layout-content th').filter({ hasText: '批次号' }).getAttribute('aria-sort'),
    ).resolves.toBe('ascending');
    // An open drawer, half filled in, is still open and filled in after a visit elsewhere.
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const drawer = page.locator('.ant-drawer-content-wrapper:visible');
    await drawer.getByLabel('批次名称', { exact: true }).fill('草稿批次');
    // The drawer's mask covers the tags: switch as a link elsewhere would (a click event on the tag).
    await page.locator('[data-testid="tag"][data-path="/project/contract"]').dispatchEvent('click');
    await page.waitForURL((u) => u.pathname === '/project/contract');
    await eventually(() => drawer.count()).toBe(0);
    await page.locator('[data-testid="tag"][data-path="/project/batch"]').click();
    await page.waitForURL((u) => u.pathname === '/project/batch');
    await eventually(() => drawer.getByLabel('批次名称', { exact: true }).inputValue()).toBe('草稿批次');
    await shot(page, 'daily-tabs-drawer-back-zh');
    await drawer.getByRole('button', { name: /取\s*消/ }).click();
    await page.setViewportSize({ width: 1440, height: 800 });
    // Closing the tab drops its state: reopened, the list is whole again.
    await page.getByTestId('tag').filter({ hasText: /批次/ }).locator('.tag-close').click();
    await nav(page, '/project/batch');
    await eventually(() => rows(page).count()).toBeGreaterThan(1);
    await expect(
      page.locator('.ant-layout-content .rp-search input:visible').first().inputValue(),
    ).resolves.toBe('');
    await context.close();
  });
});

describe('new companies (2, 3)', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`a new supplier sees no trial banner and, uninvited, the invitation reminder inside the layout (${lang})`, async () => {
      const { page, context } = await newPage(browser, { width: 1440, lang });
      const account = await register(page, 1);
      await login(page, account);
      await page.getByTestId('sidebar').waitFor();
      expect(await page.getByTestId('trial-banner').count()).toBe(0);
      await shot(page, `daily-supplier-new-${lang}`);
      const denied = page.waitForResponse((r) => r.url().includes('/api/') && r.status() === 403);
      await nav(page, '/project/batch');
      expect(((await (await denied).json()) as { code: string }).code).toBe('partner.required');
      const reminder = page.locator('.ant-modal').filter({ hasText: lang === 'zh' ? /邀请/ : /invit/i });
      await reminder.waitFor();
      await page.waitForLoadState('networkidle');
      // Still in the layout, on the page clicked, with the reminder showing.
      expect(new URL(page.url()).pathname).toBe('/project/batch');
      await expect(page.getByTestId('sidebar').isVisible()).resolves.toBe(true);
      await expect(reminder.isVisible()).resolves.toBe(true);
      await shot(page, `daily-supplier-uninvited-${lang}`);
      await context.close();
    });
  }

  it('a new logistics provider sees no trial banner; a new shipper on trial does', async () => {
    const { page, context } = await newPage(browser, { width: 1440 });
    await login(page, await register(page, 2));
    await page.getByTestId('sidebar').waitFor();
    expect(await page.getByTestId('trial-banner').count()).toBe(0);
    await context.close();
    const shipper = await newPage(browser, { width: 1440 });
    await login(shipper.page, await register(shipper.page, 0));
    await shipper.page.getByTestId('trial-banner').waitFor();
    await shipper.context.close();
  });
});

describe('no ghost tab (9)', () => {
  it('an unknown path goes home without leaving a "page not found" tag', async () => {
    const { page, context } = await newPage(browser, { width: 1440 });
    await signIn(page, ACCOUNTS.shipper);
    await page.goto('/no/such/page');
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('tag').first().waitFor();
    const tags = await page.getByTestId('tag').allTextContents();
    expect(tags).not.toContain('页面不存在');
    expect(await page.locator('[data-testid="tag"][data-path="/no/such/page"]').count()).toBe(0);
    await context.close();
  });
});

/** The status column's header is fully in view and left of the fixed actions; no sideways scrolling. */
async function statusInView(page: Page, header: RegExp) {
  const table = page.locator('.ant-layout-content .ant-table:visible').first();
  await table.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  const th = table.locator('thead th').filter({ hasText: header }).first();
  const actions = table.locator('thead th').filter({ hasText: /^(操作|Actions)$/ });
  // The table lays its sticky columns out again after a resize: measured once it has settled.
  const where = async () => {
    const box = await th.boundingBox();
    const content = await table.locator('.ant-table-content, .ant-table-body').first().boundingBox();
    if (!box || !content) return 'no table';
    if (box.x < content.x || box.x + box.width > content.x + content.width + 1) return 'outside the table';
    if (await actions.count()) {
      const a = await actions.first().boundingBox();
      if (box.x + box.width > (a?.x ?? 0) + 1) return `under the actions (${box.x + box.width} > ${a?.x})`;
    }
    return 'in view';
  };
  await eventually(where).toBe('in view');
}

async function scrolls(page: Page): Promise<boolean> {
  return page
    .locator('.ant-layout-content .ant-table-content:visible, .ant-layout-content .ant-table-body:visible')
    .first()
    .evaluate((el) => el.scrollWidth > el.clientWidth + 1);
}

describe('status columns in view (4)', () => {
  // [who, list, status headers, whether the whole table fits at 1440 px]
  const lists: [keyof typeof ACCOUNTS, string, RegExp[], boolean?][] = [
    ['shipper', '/project/batch', [/批次状态|Batch status/, /物流状态|Logistics status/]],
    ['shipper', '/project/index', [/^(项目状态|Status)$/]],
    ['shipper', '/project/contract', [/^(合同状态|Status)$/], false],
    ['admin', '/system/user', [/^(状态|Status)$/], false],
    ['admin', '/system/tenant', [/认证状态|Certification/], false],
  ];
  for (const lang of ['zh', 'en'] as const) {
    it(`shows every status at 1440 px without sideways scrolling, and still at 1280 px (${lang})`, async () => {
      for (const who of ['shipper', 'admin'] as const) {
        const { page, context } = await newPage(browser, { width: 1440, lang });
        await signIn(page, ACCOUNTS[who]);
        for (const [owner, path, headers, fits = true] of lists) {
          if (owner !== who) continue;
          await page.setViewportSize({ width: 1440, height: 800 });
          await page.goto(path);
          for (const h of headers) await statusInView(page, h);
          if (fits) expect(await scrolls(page)).toBe(false);
          await shot(page, `daily-status${path.replaceAll('/', '-')}-1440-${lang}`);
          await page.setViewportSize({ width: 1280, height: 800 });
          for (const h of headers) await statusInView(page, h);
          await shot(page, `daily-status${path.replaceAll('/', '-')}-1280-${lang}`);
        }
        await context.close();
      }
    });
  }
});

describe('no raw codes as labels (10)', () => {
  for (const lang of ['en', 'zh'] as const) {
    it(`tenant end, role names, function groups and operations read in ${lang}`, async () => {
      const { page, context } = await newPage(browser, { width: 1440, lang });
      await signIn(page, ACCOUNTS.admin);
      const content = page.locator('.ant-layout-content');
      await page.goto('/system/tenant');
      const platform = content.locator('tr.ant-table-row').filter({ hasText: 'TL-PLATFORM' });
      await expect
        .poll(() => platform.locator('td').nth(2).textContent())
        .toBe(lang === 'en' ? 'Platform' : '平台');
      await shot(page, `daily-codes-tenants-${lang}`);
      await page.goto('/system/role');
      await content.locator('tr.ant-table-row').first().waitFor();
      const roleText = (await content.locator('tr.ant-table-row').allTextContents()).join(' ');
      if (lang === 'en') {
        expect(roleText).toContain('Super administrator · Platform template');
        expect(roleText).not.toMatch(/超级管理员/);
      } else expect(roleText).toContain('超级管理员 · 平台模板');
      await shot(page, `daily-codes-roles-${lang}`);
      await page.goto('/system/function');
      // The group cells are named once the menus have loaded.
      const firstGroup = content.locator('tr.ant-table-row td:nth-child(3)').first();
      await expect.poll(() => firstGroup.textContent()).not.toBe('');
      const groups = await content.locator('tr.ant-table-row td:nth-child(3)').allTextContents();
      expect(groups.length).toBeGreaterThan(0);
      if (lang === 'en') for (const g of groups) expect(g).not.toMatch(/[\u4e00-\u9fff]/);
      await shot(page, `daily-codes-functions-${lang}`);
      await page.goto('/monitor/logs');
      await content.locator('tr.ant-table-row').first().waitFor();
      const ops = (await content.locator('tr.ant-table-row').allTextContents()).join(' ');
      expect(ops).toContain(lang === 'en' ? 'Log in' : '登录');
      expect(ops).not.toMatch(/(^|\s)login(\s|$)/);
      await shot(page, `daily-codes-log-${lang}`);
      await context.close();
    });
  }
});

describe('messages lead somewhere (6, 12, new marks)', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`a full page has no "No data", this visit's messages are marked new, and a message opens its record (${lang})`, async () => {
      const { page, context } = await newPage(browser, { width: 1440, lang });
      const account = await register(page, 1);
      const shipper = await apiLogin(ACCOUNTS.shipper);
      const invited = await page.request.post('/api/partner', {
        headers: { authorization: shipper },
        data: { corporateName: `日常测试1-${account.username.slice(-8)}` },
      });
      expect(invited.status()).toBe(201);
      await page.request.post('/test/message', { data: { username: account.username, count: 12 } });
      await login(page, account, '/login?redirect=%2Fnews%2Fcenter');
      const centre = page.getByTestId('message-center');
      await centre.getByTestId('message-item').first().waitFor();
      await eventually(() => centre.getByTestId('message-item').count()).toBe(10);
      expect(await centre.locator('.ant-empty').count()).toBe(0);
      await eventually(() => centre.getByTestId('message-new').count()).toBe(10);
      // Each shows one state, the one it had when the page opened: unread, never also "read".
      const states = centre.getByTestId('message-state');
      await eventually(() => states.allInnerTexts()).toEqual(
        Array(10).fill(lang === 'zh' ? '打开时未读' : 'Unread when opened'),
      );
      await centre.locator('.ant-pagination-item-2').click();
      const second = async () => {
        const n = await centre.getByTestId('message-item').count();
        return n > 0 && n < 10 ? n : 0;
      };
      await eventually(second).toBeGreaterThan(0);
      const left = await second();
      expect(await centre.locator('.ant-empty').count()).toBe(0);
      await eventually(() => centre.getByTestId('message-new').count()).toBe(left);
      await shot(page, `daily-messages-new-${lang}`);
      // The invitation opens the partners page, in a tab.
      await centre.getByTestId('message-link').first().click();
      await page.waitForURL((u) => u.pathname === '/project/partner');
      await page.locator('[data-testid="tag"][data-path="/project/partner"]').waitFor();
      await shot(page, `daily-messages-link-${lang}`);
      // Not yet a partner (the invitation waits for an answer): the reminder shows; close it.
      await page
        .locator('.ant-modal')
        .getByRole('button', { name: /知道了|Got it/ })
        .click();
      // Back in the centre: everything was read on the first visit, so nothing is new now.
      await page.locator('[data-testid="tag"][data-path="/news/center"]').click();
      await centre.getByTestId('message-item').first().waitFor();
      await eventually(() => centre.getByTestId('message-new').count()).toBe(0);
      expect(new Set(await states.allInnerTexts())).toEqual(new Set([lang === 'zh' ? '已读' : 'Read']));
      await context.close();
    });
  }

  it('"material lists to confirm" on the dashboard opens the list waiting', async () => {
    const { page, context } = await newPage(browser, { width: 1440 });
    await login(page, ACCOUNTS.shipper, '/login?redirect=%2F');
    const todo = page.locator('.todo-item').filter({ hasText: /待确认的物料清单|Material lists to confirm/ });
    await todo.click();
    await page.waitForURL((u) => u.pathname === '/supplies/index' && u.searchParams.has('listId'));
    const listId = Number(new URL(page.url()).searchParams.get('listId'));
    const token = await apiLogin(ACCOUNTS.shipper);
    const batchId = Number(new URL(page.url()).searchParams.get('batchId'));
    const lists = (await (
      await page.request.get(`/api/materialList?batchId=${batchId}&size=50`, {
        headers: { authorization: token },
      })
    ).json()) as { content: { id: number; status: number }[] };
    expect(lists.content.find((l) => l.id === listId)?.status).toBe(1);
    await page
      .locator('.pw-list')
      .getByText(/已提交|Submitted/)
      .first()
      .waitFor();
    await shot(page, 'daily-todo-confirm-zh');
    await context.close();
  });
});

describe('3D loading tool (16)', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`a new box row is "this side up", and the choice shows (${lang})`, async () => {
      const { page, context } = await newPage(browser, { width: 1440, lang });
      await signIn(page, ACCOUNTS.shipper);
      await page.goto('/tools/loadplan');
      await page.getByRole('button', { name: /添加货物|Add box type/ }).click();
      const last = page.locator('.loadplan-upright').last();
      const box = (label: string) => last.locator('label').filter({ hasText: new RegExp(`^${label}$`) });
      const [l, w, h] = lang === 'zh' ? ['长', '宽', '高'] : ['L', 'W', 'H'];
      await expect(box(h).locator('input').isChecked()).resolves.toBe(true);
      await expect(box(l).locator('input').isChecked()).resolves.toBe(false);
      await expect(box(w).locator('input').isChecked()).resolves.toBe(false);
      await last.scrollIntoViewIfNeeded();
      await shot(page, `daily-loadplan-new-row-${lang}`);
      await context.close();
    });
  }
});

describe('failed validation is not an error (11)', () => {
  it('the feedback dialog and the project drawer refuse empty forms without an uncaught rejection', async () => {
    const { page, context } = await newPage(browser, { width: 1440 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, ACCOUNTS.shipper);
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: '意见反馈' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '意见反馈' });
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await dialog.getByText('意见反馈不能为空').waitFor();
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await page.goto('/project/index');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const drawer = page.locator('.ant-drawer').last();
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    await drawer.locator('.ant-form-item-explain-error').first().waitFor();
    await shot(page, 'daily-validation-project-drawer-zh');
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** Types a day into a date field and leaves it (Enter would also submit the form). */
async function pickDate(item: ReturnType<Page['locator']>, day: string) {
  const input = item.locator('input');
  await input.click();
  await input.fill(day);
  await item.page().locator('.ant-drawer-title').last().click();
  await expect(input.inputValue()).resolves.toBe(day);
}

describe('forms check what the server checks (5, 8, 14)', () => {
  it('limits show and hold, dates are in order, amounts are not rewritten, a duplicate names its field', async () => {
    const { page, context } = await newPage(browser, { width: 1440 });
    await signIn(page, ACCOUNTS.shipper);
    await page.goto('/project/index');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const drawer = page.locator('.ant-drawer').last();
    const item = (label: string) => drawer.locator('.ant-form-item').filter({ hasText: label }).first();
    // The name shows its limit and takes no more than the contract's 200 characters.
    const name = item('项目名称（中文）');
    await expect(name.locator('.ant-input-show-count-suffix').textContent()).resolves.toBe('0 / 200');
    await name.locator('input').fill('长'.repeat(250));
    await expect(name.locator('input').inputValue()).resolves.toHaveLength(200);
    await expect(name.locator('.ant-input-show-count-suffix').textContent()).resolves.toBe('200 / 200');
    await item('项目编号').locator('input').fill('JKT-PP2');
    // End before start: refused in the form, by the contract's rule and words.
    for (const [label, day] of [
      ['开始日期', '2026-05-01'],
      ['结束日期', '2026-04-01'],
    ]) {
      await pickDate(item(label), day);
    }
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    await item('结束日期').getByText('结束日期：不能早于开始日期').waitFor();
    await shot(page, 'daily-form-project-dates-zh');
    // In order now: the server refuses the duplicate code, and the message names the field by its label.
    await pickDate(item('结束日期'), '2026-06-01');
    await eventually(() => item('结束日期').locator('.ant-form-item-explain-error').count()).toBe(0);
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '项目编号已存在' }).waitFor();
    await item('项目编号').locator('.ant-form-item-explain-error').getByText('项目编号已存在').waitFor();
    await shot(page, 'daily-form-project-duplicate-zh');
    await drawer.getByRole('button', { name: /取\s*消/ }).click();
    // An amount of −5 stays −5 and is refused with the field's label.
    await page.goto('/project/contract');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const contract = page.locator('.ant-drawer').last();
    const amount = contract.locator('.ant-form-item').filter({ hasText: '合同金额' }).first();
    await amount.locator('input').fill('-5');
    await amount.locator('input').blur();
    await expect(amount.locator('input').inputValue()).resolves.toBe('-5');
    await amount.getByText('合同金额：长度或数值过小（最小 0）').waitFor();
    await shot(page, 'daily-form-contract-amount-zh');
    await context.close();
  });
});

describe('the product page says what exists (17)', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`names the papers and the physical flow, with no 'not built yet' note (${lang})`, async () => {
      const { page, context } = await newPage(browser, { width: 390, lang });
      await page.goto('/Information');
      await page.locator('.info-card').first().waitFor();
      const body = (await page.locator('.info').textContent()) ?? '';
      expect(body).toMatch(
        lang === 'zh' ? /托运委托[\s\S]*提单/ : /shipping instructions[\s\S]*bills of lading/,
      );
      expect(body).toMatch(lang === 'zh' ? /理货/ : /tally/);
      expect(body).not.toMatch(lang === 'zh' ? /尚未上线/ : /not available yet/);
      await shot(page, `daily-info-390-${lang}`);
      await context.close();
    });
  }
});
