import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  changeRecords,
  depts,
  menus,
  messages,
  outbox,
  roles,
  sessions,
  tenants,
  users,
  usersRoles,
} from '../src/db/schema.ts';
import { call, login, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
const uid = async (username: string) =>
  (await t.db.select().from(users).where(eq(users.username, username)))[0];

beforeAll(async () => {
  tok = await loginAll(t.app, ['admin', 'shipper', 'supplier']);
});

describe('users', () => {
  it('disabling a user ends their sessions at once and refuses their login; enabling restores it', async () => {
    const staff = await call(t.app, 'POST', '/api/users', {
      token: tok.shipper,
      body: { username: 'site1', password: 'Site@20266', roleType: 5 },
    });
    const token = await login(t.app, 'site1', 'Site@20266');
    const off = await call(t.app, 'PUT', '/api/users/unenable', {
      token: tok.shipper,
      body: [staff.body.id],
    });
    expect(off.body).toEqual({ updated: 1, enabled: false });
    expect((await call(t.app, 'GET', '/auth/info', { token })).status).toBe(401);
    const refused = await call(t.app, 'POST', '/auth/login', {
      body: { username: 'site1', password: 'Site@20266' },
    });
    expect(refused.body.code).toBe('auth.disabled');
    await call(t.app, 'PUT', '/api/users/enable', { token: tok.shipper, body: { ids: [staff.body.id] } });
    await login(t.app, 'site1', 'Site@20266');
  });

  it("a tenant admin cannot disable another tenant's user, nor themself", async () => {
    const other = await uid('supplier');
    const res = await call(t.app, 'PUT', '/api/users/unenable', { token: tok.shipper, body: [other.id] });
    expect(res.status).toBe(404);
    expect((await uid('supplier')).enabled).toBe(true);
    const self = await uid('shipper');
    const mine = await call(t.app, 'PUT', '/api/users/unenable', { token: tok.shipper, body: [self.id] });
    expect(mine.status).toBe(400);
  });

  it('resets a password by the spec rule and deletes by POST deleteuser', async () => {
    const staff = await call(t.app, 'POST', '/api/users', {
      token: tok.shipper,
      body: { username: 'site2', password: 'Site@20266' },
    });
    const weak = await call(t.app, 'PUT', '/api/users/resetPwd', {
      token: tok.shipper,
      body: { ids: [staff.body.id], password: '123' },
    });
    expect(weak.status).toBe(400);
    const ok = await call(t.app, 'PUT', '/api/users/resetPwd', {
      token: tok.shipper,
      body: { ids: [staff.body.id], password: 'Reset@20266' },
    });
    expect(ok.body.updated).toBe(1);
    await login(t.app, 'site2', 'Reset@20266');
    const del = await call(t.app, 'POST', '/api/users/deleteuser', {
      token: tok.shipper,
      body: [staff.body.id],
    });
    expect(del.body).toEqual({ deleted: 1 });
    expect(await t.db.select().from(users).where(eq(users.username, 'site2'))).toHaveLength(0);
  });

  it('exports the filtered list to Excel', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/download?roleType=1',
      headers: { authorization: tok.admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).filter(Boolean);
    // Headers are the field labels in the caller's language (zh by default).
    expect(header).toContain('用户名');
    expect(header).not.toContain('passwordHash');
    const names = [];
    for (let r = 2; r <= sheet.rowCount; r++)
      names.push(sheet.getRow(r).getCell(header.indexOf('用户名') + 1).value);
    expect(names.sort()).toEqual(['supplier', 'supplier2']);
    const shipper = await t.app.inject({
      method: 'GET',
      url: '/api/users/download',
      headers: { authorization: tok.supplier },
    });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(shipper.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets[0].rowCount).toBe(2);
  });
});

describe('roles, menus and function permissions', () => {
  it("assigning a role a menu makes it appear in the user's menus; removing it hides it", async () => {
    const role = await call(t.app, 'POST', '/api/roles', {
      token: tok.shipper,
      body: { name: '单证员', level: 3 },
    });
    const staff = await call(t.app, 'POST', '/api/users', {
      token: tok.shipper,
      body: { username: 'docs1', password: 'Docs@20266', roles: [role.body.id] },
    });
    expect(staff.status).toBe(201);
    let token = await login(t.app, 'docs1', 'Docs@20266');
    expect((await call(t.app, 'GET', '/api/menus/build', { token })).body).toEqual([]);
    expect((await call(t.app, 'GET', '/api/dept', { token })).status).toBe(403);
    const [deptMenu] = await t.db.select().from(menus).where(eq(menus.menuKey, 'dept:list'));
    const [systemMenu] = await t.db.select().from(menus).where(eq(menus.menuKey, 'system'));
    const assign = await call(t.app, 'PUT', '/api/roles/menu', {
      token: tok.shipper,
      body: { id: role.body.id, menus: [systemMenu.id, deptMenu.id] },
    });
    expect(assign.status).toBe(200);
    token = await login(t.app, 'docs1', 'Docs@20266');
    const built = await call(t.app, 'GET', '/api/menus/build', { token });
    expect(built.body[0].children.map((c: { meta: { enTitle: string } }) => c.meta.enTitle)).toEqual([
      'Departments',
    ]);
    expect((await call(t.app, 'GET', '/api/dept', { token })).status).toBe(200);
    const detail = await call(t.app, 'GET', `/api/roles/${role.body.id}`, { token: tok.shipper });
    expect(detail.body.menus.sort()).toEqual([systemMenu.id, deptMenu.id].sort());
  });

  it('a tenant cannot grant menus or functions it does not hold', async () => {
    const role = await call(t.app, 'POST', '/api/roles', {
      token: tok.shipper,
      body: { name: '越权', level: 3 },
    });
    const [menuMenu] = await t.db.select().from(menus).where(eq(menus.menuKey, 'menu:list'));
    const res = await call(t.app, 'PUT', '/api/roles/menu', {
      token: tok.shipper,
      body: { id: role.body.id, menus: [menuMenu.id] },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('role.grant_exceeds');
  });

  it('function permissions: grouped by end and menu; removing one takes it out of the login answer', async () => {
    const groups = await call(t.app, 'GET', '/api/functionPermission/viewFunctionPermissionMenu', {
      token: tok.shipper,
    });
    expect(groups.status).toBe(200);
    const userGroup = groups.body.find((g: { menuTitle: string }) => g.menuTitle === '用户管理');
    const names = userGroup.functions.map((f: { functionName: string }) => f.functionName);
    expect(names).toEqual(expect.arrayContaining(['add', 'edit', 'del']));
    const role = await call(t.app, 'POST', '/api/roles', {
      token: tok.shipper,
      body: { name: '只能新增', level: 3 },
    });
    const [userMenu] = await t.db.select().from(menus).where(eq(menus.menuKey, 'user:list'));
    await call(t.app, 'PUT', '/api/roles/menu', {
      token: tok.shipper,
      body: { id: role.body.id, menus: [userMenu.id] },
    });
    const add = userGroup.functions.find((f: { functionName: string }) => f.functionName === 'add');
    const del = userGroup.functions.find((f: { functionName: string }) => f.functionName === 'del');
    await call(t.app, 'POST', '/api/sysRolesFunction/buildSysRoleFunction', {
      token: tok.shipper,
      body: { roleId: role.body.id, functionPermissionIds: [add.id, del.id] },
    });
    await call(t.app, 'POST', '/api/users', {
      token: tok.shipper,
      body: { username: 'fn1', password: 'Func@20266', roles: [role.body.id] },
    });
    let answer = await call(t.app, 'POST', '/auth/login', {
      body: { username: 'fn1', password: 'Func@20266' },
    });
    expect(answer.body.function.map((f: { functionName: string }) => f.functionName).sort()).toEqual([
      'add',
      'del',
    ]);
    await call(t.app, 'POST', '/api/sysRolesFunction/buildSysRoleFunction', {
      token: tok.shipper,
      body: { roleId: role.body.id, functionPermissionIds: [add.id] },
    });
    answer = await call(t.app, 'POST', '/auth/login', { body: { username: 'fn1', password: 'Func@20266' } });
    expect(answer.body.function).toEqual([{ menuId: userMenu.id, functionName: 'add' }]);
  });

  it('deleting a role moves its users to the default role', async () => {
    const role = await call(t.app, 'POST', '/api/roles', {
      token: tok.shipper,
      body: { name: '临时角色', level: 3 },
    });
    const staff = await call(t.app, 'POST', '/api/users', {
      token: tok.shipper,
      body: { username: 'temp1', password: 'Temp@20266', roles: [role.body.id] },
    });
    const del = await call(t.app, 'DELETE', '/api/roles', { token: tok.shipper, body: [role.body.id] });
    expect(del.body).toEqual({ deleted: 1 });
    const rows = await t.db
      .select({ code: roles.code })
      .from(usersRoles)
      .innerJoin(roles, eq(roles.id, usersRoles.roleId))
      .where(eq(usersRoles.userId, staff.body.id));
    expect(rows).toEqual([{ code: 'default' }]);
  });

  it('deleting a department moves its users to the default organization', async () => {
    const [root] = await t.db.select().from(depts).where(eq(depts.name, '中建国际工程有限公司'));
    const d = await call(t.app, 'POST', '/api/dept', {
      token: tok.shipper,
      body: { name: '印尼项目部', pid: root.id },
    });
    const staff = await call(t.app, 'POST', '/api/users', {
      token: tok.shipper,
      body: { username: 'jkt1', password: 'Jkt@202666', deptId: d.body.id },
    });
    const hasChild = await call(t.app, 'DELETE', '/api/dept', { token: tok.shipper, body: [root.id] });
    expect(hasChild.status).toBe(400);
    await call(t.app, 'DELETE', '/api/dept', { token: tok.shipper, body: [d.body.id] });
    expect((await uid('jkt1')).deptId).toBe(root.id);
    expect(staff.body.deptId).toBe(d.body.id);
  });
});

describe('tenants', () => {
  it('approving certification turns a trial shipper into a shipper and tells them', async () => {
    const trial = await uid('trial');
    // Nothing is approved that was never submitted.
    const early = await call(t.app, 'POST', '/api/tenantUser/checkTenant', {
      token: tok.admin,
      body: { id: trial.tenantId },
    });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({
      code: 'state.not_allowed',
      message: expect.stringContaining('未提交'),
    });
    expect((await uid('trial')).roleType).toBe(4);
    await t.db.update(tenants).set({ checkStatus: 1 }).where(eq(tenants.id, trial.tenantId));
    const res = await call(t.app, 'POST', '/api/tenantUser/checkTenant', {
      token: tok.admin,
      body: { id: trial.tenantId },
    });
    expect(res.body.checkStatus).toBe(2);
    expect((await uid('trial')).roleType).toBe(0);
    const answer = await call(t.app, 'POST', '/auth/login', {
      body: { username: 'trial', password: 'Trial@2026' },
    });
    expect(answer.body.tenant_checksatus).toBe(2);
    expect(answer.body.stopday).toBe(0);
    const msgs = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, trial.id), eq(messages.enTitle, 'Your company is certified')));
    expect(msgs).toHaveLength(1);
  });

  it('rejecting keeps the reason for the tenant; only platform admins may', async () => {
    const s2 = await uid('supplier2');
    const denied = await call(t.app, 'POST', '/api/tenantUser/uncheckTenant', {
      token: tok.shipper,
      body: { id: s2.tenantId, reason: 'x' },
    });
    expect(denied.status).toBe(403);
    const noReason = await call(t.app, 'POST', '/api/tenantUser/uncheckTenant', {
      token: tok.admin,
      body: { id: s2.tenantId },
    });
    expect(noReason.status).toBe(400);
    await call(t.app, 'POST', '/api/tenantUser/uncheckTenant', {
      token: tok.admin,
      body: { id: s2.tenantId, reason: '营业执照模糊' },
    });
    const [tenant] = await t.db.select().from(tenants).where(eq(tenants.id, s2.tenantId));
    expect(tenant).toMatchObject({ checkStatus: 3, checkReason: '营业执照模糊' });
    const token = await login(t.app, 'supplier2');
    const name = await call(t.app, 'GET', '/api/enterpriseInfo/getCorporateName', { token });
    expect(name.body.checkReason).toBe('营业执照模糊');
  });

  it('stopping a tenant logs its users out and refuses logins until activated', async () => {
    const token = await login(t.app, 'supplier');
    const s = await uid('supplier');
    const stop = await call(t.app, 'POST', '/api/tenantUser/stopTenant', {
      token: tok.admin,
      body: { id: s.tenantId },
    });
    expect(stop.body).toEqual({ id: s.tenantId, active: false });
    expect((await call(t.app, 'GET', '/auth/info', { token })).status).toBe(401);
    const refused = await call(t.app, 'POST', '/auth/login', {
      body: { username: 'supplier', password: 'Supplier@2026' },
    });
    expect(refused.body.code).toBe('auth.tenant_stopped');
    const active = await call(t.app, 'POST', '/api/tenantUser/activate', {
      token: tok.admin,
      body: { id: s.tenantId },
    });
    expect(active.body).toEqual({ id: s.tenantId, active: true });
    tok.supplier = await login(t.app, 'supplier');
    // Each step is in the tenant's history, and its users were told once each, after it committed.
    const history = await t.db
      .select()
      .from(changeRecords)
      .where(and(eq(changeRecords.entity, 'tenantStanding'), eq(changeRecords.entityId, s.tenantId)));
    expect(history.map((h) => [h.action, h.fromStatus, h.toStatus, h.createBy])).toEqual([
      ['stop', '1', '0', 'admin'],
      ['activate', '0', '1', 'admin'],
    ]);
    const told = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, s.id), eq(messages.enTitle, 'Your company account was stopped')));
    expect(told).toHaveLength(1);
  });

  it('a refused stop or activation changes nothing and tells no one', async () => {
    const s = await uid('supplier');
    const admin = await uid('admin');
    const state = async () => ({
      tenants: await t.db.select().from(tenants).orderBy(tenants.id),
      records: (await t.db.select({ n: sql<number>`count(*)::int` }).from(changeRecords))[0].n,
      outbox: (await t.db.select({ n: sql<number>`count(*)::int` }).from(outbox))[0].n,
      live: (
        await t.db.select({ n: sql<number>`count(*)::int` }).from(sessions).where(eq(sessions.revoked, false))
      )[0].n,
    });
    const before = await state();
    // The platform's own company: stopping it would lock every administrator out. Its row in the list
    // does not offer the stop; another active company's does.
    const list = await call(t.app, 'GET', '/api/tenantUser?size=100', { token: tok.admin });
    const actionsOf = (id: number) =>
      (list.body.content as { id: number; actions: string[] }[]).find((r) => r.id === id)?.actions;
    expect(actionsOf(admin.tenantId)).not.toContain('stop');
    expect(actionsOf(s.tenantId)).toContain('stop');
    expect(actionsOf(s.tenantId)).not.toContain('activate');
    const own = await call(t.app, 'POST', '/api/tenantUser/stopTenant', {
      token: tok.admin,
      body: { id: admin.tenantId },
      lang: 'en',
    });
    expect(own.status).toBe(400);
    expect(own.body.code).toBe('user.self_disable');
    // An active company is not activated again.
    const again = await call(t.app, 'POST', '/api/tenantUser/activate', {
      token: tok.admin,
      body: { id: s.tenantId },
      lang: 'en',
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      code: 'state.not_allowed',
      message: expect.stringContaining('(Active)'),
    });
    // Only a platform administrator stops a company.
    const shipper = await call(t.app, 'POST', '/api/tenantUser/stopTenant', {
      token: tok.shipper,
      body: { id: s.tenantId },
    });
    expect(shipper.status).toBe(403);
    const missing = await call(t.app, 'POST', '/api/tenantUser/stopTenant', {
      token: tok.admin,
      body: { id: 999_999 },
    });
    expect(missing.status).toBe(404);
    expect(await state()).toEqual(before);
  });

  it('extends a trial and adds a user to a tenant with its template role', async () => {
    const s = await uid('supplier');
    const ext = await call(t.app, 'POST', '/api/tenantUser/authorization', {
      token: tok.admin,
      body: { id: s.tenantId, days: 30 },
    });
    expect(ext.body).toEqual({ id: s.tenantId, trialEnd: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const [kept] = await t.db.select().from(tenants).where(eq(tenants.id, s.tenantId));
    expect(kept).toMatchObject({ trialEnd: ext.body.trialEnd, active: true });
    const [record] = await t.db
      .select()
      .from(changeRecords)
      .where(and(eq(changeRecords.entityId, s.tenantId), eq(changeRecords.action, 'extendTrial')));
    expect(record).toMatchObject({ entity: 'tenantStanding', fromStatus: '1', toStatus: '1', note: '+30' });
    const told = await t.db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.userId, s.id),
          eq(messages.enTitle, `Your trial now runs until ${ext.body.trialEnd}`),
        ),
      );
    expect(told).toHaveLength(1);
    const added = await call(t.app, 'POST', '/api/tenantUser/adduser', {
      token: tok.admin,
      body: { tenantId: s.tenantId, username: 'supplier3', password: 'Supplier@2026', phone: '13600000003' },
    });
    expect(added.status).toBe(201);
    expect(added.body).not.toHaveProperty('passwordHash');
    expect(added.body.roleType).toBe(1);
    const menusOf = await call(t.app, 'GET', '/api/menus/build', {
      token: await login(t.app, 'supplier3', 'Supplier@2026'),
    });
    expect(menusOf.body.length).toBeGreaterThan(0);
  });
});

describe('online users and statistics', () => {
  it('lists live sessions and kicks one out at once', async () => {
    const victim = await login(t.app, 'supplier2');
    const list = await call(t.app, 'GET', '/api/online', {
      token: tok.admin,
      query: { blurry: 'supplier2', size: 50 },
    });
    expect(list.body.totalElements).toBeGreaterThanOrEqual(1);
    const s = list.body.content[0];
    expect(s).toMatchObject({ username: 'supplier2' });
    const denied = await call(t.app, 'DELETE', '/api/online', { token: tok.supplier, body: [s.id] });
    expect(denied.status).toBe(403);
    const kicked = await call(t.app, 'DELETE', '/api/online', {
      token: tok.admin,
      body: list.body.content.map((x: { id: number }) => x.id),
    });
    expect(kicked.body.kicked).toBe(list.body.content.length);
    expect((await call(t.app, 'GET', '/auth/info', { token: victim })).status).toBe(401);
  });

  it('statistics count users by end and tenants by certification status, for admins only', async () => {
    const users = await call(t.app, 'GET', '/api/usersstatistics', { token: tok.admin });
    const total = users.body.byEnd.reduce((n: number, r: { n: number }) => n + Number(r.n), 0);
    expect(total).toBeGreaterThanOrEqual(6);
    expect(users.body.logins.length).toBeGreaterThan(0);
    const projects = await call(t.app, 'GET', '/api/projectstatistics', { token: tok.admin });
    expect(projects.body.byCheckStatus.length).toBeGreaterThan(0);
    const tools = await call(t.app, 'GET', '/api/toolsstatistics', { token: tok.admin });
    expect(tools.body.messages).toBeGreaterThan(0);
    expect((await call(t.app, 'GET', '/api/usersstatistics', { token: tok.shipper })).status).toBe(403);
  });

  it('statistics follow the supply chain: projects, batches by stage, boxes by state, boxes shipped per month', async () => {
    const res = await call(t.app, 'GET', '/api/projectstatistics', { token: tok.admin });
    const count = async (q: ReturnType<typeof sql>) =>
      Number(((await t.db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0]?.n);
    expect(res.body.projects).toBe(await count(sql`select count(*)::int n from project`));
    const sum = (rows: { n: number }[]) => rows.reduce((a, r) => a + Number(r.n), 0);
    expect(sum(res.body.batchesByStatus)).toBe(await count(sql`select count(*)::int n from project_batch`));
    expect(sum(res.body.boxesByLogistics)).toBe(
      await count(sql`select count(*)::int n from box_piece where status = 1`),
    );
    const shipped = await count(sql`select count(distinct entity_id)::int n from change_record
      where entity = 'boxPiece' and action = 'ship' and create_time >= now() - interval '365 days'`);
    expect(shipped).toBeGreaterThan(0);
    expect(res.body.shippedPerMonth.reduce((a: number, r: { boxes: number }) => a + r.boxes, 0)).toBe(
      shipped,
    );
    expect(
      res.body.shippedPerMonth.every(
        (r: { month: string; weightKg: number }) => /^\d{4}-\d{2}$/.test(r.month) && r.weightKg > 0,
      ),
    ).toBe(true);
    const tools = await call(t.app, 'GET', '/api/toolsstatistics', { token: tok.admin });
    expect(tools.body).toMatchObject({
      loadPlans: expect.any(Number),
      jobRuns: { n: 0, failed: 0 },
      mails: { n: 0 },
    });
  });
});

describe('menu tree for role editors', () => {
  it('a tenant admin sees only the menus it holds, with buttons; a platform admin sees all', async () => {
    const titles = (nodes: { title: string; children: unknown[] }[]): string[] =>
      nodes.flatMap((n) => [n.title, ...titles(n.children as typeof nodes)]);
    const mine = await call(t.app, 'GET', '/api/menus/tree', { token: tok.shipper });
    expect(mine.status).toBe(200);
    expect(titles(mine.body)).toEqual(expect.arrayContaining(['系统管理', '用户管理', '用户新增']));
    expect(titles(mine.body)).not.toContain('菜单管理');
    const all = await call(t.app, 'GET', '/api/menus/tree', { token: tok.admin });
    expect(titles(all.body)).toContain('菜单管理');
    expect(
      (await call(t.app, 'GET', '/api/menus/tree', { token: await login(t.app, 'logistics') })).status,
    ).toBe(403);
  });
});

describe('departments for user managers', () => {
  it('a role that manages users may list its departments without the department menu', async () => {
    const role = await call(t.app, 'POST', '/api/roles', {
      token: tok.shipper,
      body: { name: '用户专员', level: 3 },
    });
    const [userMenu] = await t.db.select().from(menus).where(eq(menus.menuKey, 'user:list'));
    await call(t.app, 'PUT', '/api/roles/menu', {
      token: tok.shipper,
      body: { id: role.body.id, menus: [userMenu.id] },
    });
    await call(t.app, 'POST', '/api/users', {
      token: tok.shipper,
      body: { username: 'um1', password: 'Users@20266', roles: [role.body.id] },
    });
    const token = await login(t.app, 'um1', 'Users@20266');
    const res = await call(t.app, 'GET', '/api/dept', { token, query: { size: 1000 } });
    expect(res.status).toBe(200);
    expect(res.body.totalElements).toBeGreaterThan(0);
    expect((await call(t.app, 'POST', '/api/dept', { token, body: { name: 'x' } })).status).toBe(403);
  });
});
