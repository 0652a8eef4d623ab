// Cross-tenant suite: a user of tenant A reading, updating or deleting tenant B's rows gets 404 or 403,
// and nothing changes in the database.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { depts, feedback, roles, tenants, users } from '../src/db/schema.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
const ids: Record<string, { user: number; tenant: number; dept: number }> = {};

beforeAll(async () => {
  tok = await loginAll(t.app, ['admin', 'shipper', 'supplier', 'supplier2', 'logistics', 'trial']);
  for (const name of Object.keys(tok)) {
    const [u] = await t.db.select().from(users).where(eq(users.username, name));
    ids[name] = { user: u.id, tenant: u.tenantId, dept: u.deptId ?? 0 };
  }
});

const usernames = (rows: { username: string }[]) => rows.map((r) => r.username).sort();

describe('users', () => {
  it('each tenant lists only its own users; the platform admin lists all', async () => {
    const shipper = await call(t.app, 'GET', '/api/users', { token: tok.shipper, query: { size: 100 } });
    // The shipper's company has its site staff too.
    expect(usernames(shipper.body.content)).toEqual(['shipper', 'site']);
    const supplier = await call(t.app, 'GET', '/api/users', { token: tok.supplier, query: { size: 100 } });
    expect(usernames(supplier.body.content)).toEqual(['supplier']);
    const admin = await call(t.app, 'GET', '/api/users', { token: tok.admin, query: { size: 100 } });
    expect(admin.body.totalElements).toBeGreaterThanOrEqual(7);
    expect(JSON.stringify(admin.body)).not.toMatch(/scrypt|passwordHash/);
  });

  it('a tenant filter does not widen what a tenant sees', async () => {
    const res = await call(t.app, 'GET', '/api/users', {
      token: tok.supplier,
      query: { tenantId: ids.shipper.tenant },
    });
    expect(res.body.totalElements).toBe(0);
  });

  it("another tenant's user cannot be read, updated or deleted by id", async () => {
    const target = ids.shipper.user;
    const read = await call(t.app, 'GET', '/api/users/queryById', {
      token: tok.supplier,
      query: { id: target },
    });
    expect(read.status).toBe(404);
    const upd = await call(t.app, 'PUT', '/api/users', {
      token: tok.supplier,
      body: { id: target, nickName: 'hacked' },
    });
    expect(upd.status).toBe(404);
    const del = await call(t.app, 'DELETE', '/api/users', { token: tok.supplier, body: [target] });
    expect(del.status).toBe(404);
    const [row] = await t.db.select().from(users).where(eq(users.id, target));
    expect(row.nickName).toBe('王建国');
    expect(row.enabled).toBe(true);
  });

  it('a tenant admin creates staff only inside its own tenant; a foreign tenantId is refused', async () => {
    const foreign = await call(t.app, 'POST', '/api/users', {
      token: tok.shipper,
      lang: 'en',
      body: { username: 'shipstaff', password: 'Staff@20266', tenantId: ids.supplier.tenant, roleType: 5 },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ code: 'resource.field_not_writable' });
    expect(foreign.body.message).toContain('tenantId');
    const res = await call(t.app, 'POST', '/api/users', {
      token: tok.shipper,
      body: { username: 'shipstaff', password: 'Staff@20266', roleType: 5, phone: '13700000001' },
    });
    expect(res.status).toBe(201);
    expect(res.body.roleType).toBe(5);
    expect(res.body.tenantId).toBe(ids.shipper.tenant);
    expect(res.body).not.toHaveProperty('passwordHash');
    const escalate = await call(t.app, 'POST', '/api/users', {
      token: tok.shipper,
      body: { username: 'fakeadmin', password: 'Staff@20266', roleType: 3 },
    });
    expect(escalate.status).toBe(403);
    const foreignDept = await call(t.app, 'POST', '/api/users', {
      token: tok.shipper,
      body: { username: 'wrongdept', password: 'Staff@20266', deptId: ids.supplier.dept },
    });
    expect(foreignDept.status).toBe(400);
    const [adminRole] = await t.db.select().from(roles).where(eq(roles.code, 'admin'));
    const grantAdmin = await call(t.app, 'POST', '/api/users', {
      token: tok.shipper,
      body: { username: 'sneaky', password: 'Staff@20266', roles: [adminRole.id] },
    });
    expect(grantAdmin.status).toBe(403);
    const created = await t.db.select().from(users).where(eq(users.username, 'sneaky'));
    expect(created).toHaveLength(0);
  });

  it('the email and phone unique rules answer with the spec prefixes', async () => {
    const email = await call(t.app, 'POST', '/api/users', {
      token: tok.shipper,
      body: { username: 'dupemail', password: 'Staff@20266', email: 'supplier@tradelane.example' },
    });
    expect(email.status).toBe(409);
    expect(email.body.message.startsWith('email')).toBe(true);
    const phone = await call(t.app, 'POST', '/api/users', {
      token: tok.shipper,
      body: { username: 'dupphone', password: 'Staff@20266', phone: '13800000002' },
    });
    expect(phone.body.message.startsWith('phone')).toBe(true);
  });

  it('a logistics provider without user permissions on another family gets 403', async () => {
    const res = await call(t.app, 'GET', '/api/roles', { token: tok.logistics });
    expect(res.status).toBe(403);
  });
});

describe('departments and roles', () => {
  it('departments: own tenant only; foreign ids are 404 and unchanged', async () => {
    const list = await call(t.app, 'GET', '/api/dept', { token: tok.supplier });
    expect(list.body.content.every((d: { tenantId: number }) => d.tenantId === ids.supplier.tenant)).toBe(
      true,
    );
    const upd = await call(t.app, 'PUT', '/api/dept', {
      token: tok.supplier,
      body: { id: ids.shipper.dept, name: 'x' },
    });
    expect(upd.status).toBe(404);
    const del = await call(t.app, 'DELETE', '/api/dept', { token: tok.supplier, body: [ids.shipper.dept] });
    expect(del.status).toBe(404);
    const child = await call(t.app, 'POST', '/api/dept', {
      token: tok.supplier,
      body: { name: '偷建', pid: ids.shipper.dept },
    });
    expect(child.status).toBe(400);
    const [d] = await t.db.select().from(depts).where(eq(depts.id, ids.shipper.dept));
    expect(d.name).toBe('中建国际工程有限公司');
  });

  it('platform template roles are read-only to tenants; a tenant role is invisible to others', async () => {
    const [template] = await t.db.select().from(roles).where(eq(roles.code, 'shipper'));
    const edit = await call(t.app, 'PUT', '/api/roles', {
      token: tok.shipper,
      body: { id: template.id, name: 'mine now' },
    });
    expect(edit.status).toBe(403);
    const own = await call(t.app, 'POST', '/api/roles', {
      token: tok.shipper,
      body: { name: '现场收货员', level: 3 },
    });
    expect(own.status).toBe(201);
    expect(own.body.tenantId).toBe(ids.shipper.tenant);
    const higher = await call(t.app, 'POST', '/api/roles', {
      token: tok.shipper,
      body: { name: '越级', level: 1 },
    });
    expect(higher.status).toBe(403);
    expect(higher.body.code).toBe('role.level_too_high');
    const trialView = await call(t.app, 'GET', '/api/roles', { token: tok.trial, query: { size: 100 } });
    expect(trialView.body.content.some((r: { id: number }) => r.id === own.body.id)).toBe(false);
    const trialDel = await call(t.app, 'DELETE', '/api/roles', { token: tok.trial, body: [own.body.id] });
    expect(trialDel.status).toBe(404);
    const [still] = await t.db.select().from(roles).where(eq(roles.id, own.body.id));
    expect(still.name).toBe('现场收货员');
    const [tpl] = await t.db.select().from(roles).where(eq(roles.id, template.id));
    expect(tpl.name).toBe('货主管理员');
  });
});

describe('companies, partnerships, tenants, feedback, logs', () => {
  it('a company sees its own record and its partners, never a stranger', async () => {
    const supplier = await call(t.app, 'GET', '/api/enterpriseInfo', {
      token: tok.supplier,
      query: { size: 50 },
    });
    const names = supplier.body.content.map((r: { corporateName: string }) => r.corporateName).sort();
    expect(names).toEqual(['上海电气设备有限公司', '中建国际工程有限公司'].sort());
    const trial = await call(t.app, 'GET', '/api/enterpriseInfo/queryById', {
      token: tok.trial,
      query: { id: ids.shipper.tenant },
    });
    expect(trial.status).toBe(404);
    const partnerEdit = await call(t.app, 'PUT', '/api/enterpriseInfo', {
      token: tok.supplier,
      body: { id: ids.shipper.tenant, corporateName: '被改了' },
    });
    expect(partnerEdit.status).toBe(403);
    const [row] = await t.db.select().from(tenants).where(eq(tenants.id, ids.shipper.tenant));
    expect(row.corporateName).toBe('中建国际工程有限公司');
  });

  it('partnerships are visible to both sides and to nobody else', async () => {
    const shipper = await call(t.app, 'GET', '/api/partnership', { token: tok.shipper });
    expect(shipper.body.totalElements).toBe(3);
    const supplier = await call(t.app, 'GET', '/api/partnership', { token: tok.supplier });
    expect(supplier.body.totalElements).toBe(1);
    const trial = await call(t.app, 'GET', '/api/partnership', { token: tok.trial });
    expect(trial.body.totalElements).toBe(0);
    const del = await call(t.app, 'DELETE', '/api/partnership', {
      token: tok.trial,
      body: [shipper.body.content[0].id],
    });
    expect(del.status).toBe(404);
  });

  it('tenant administration is for platform admins only', async () => {
    expect((await call(t.app, 'GET', '/api/tenantUser', { token: tok.shipper })).status).toBe(403);
    const res = await call(t.app, 'GET', '/api/tenantUser', { token: tok.admin, query: { checkStatus: 0 } });
    expect(res.body.content.map((r: { corporateName: string }) => r.corporateName)).toContain(
      '浙江远航贸易有限公司',
    );
  });

  it('feedback: a user sees only their own; the payload of spec §3 is validated verbatim', async () => {
    const empty = await call(t.app, 'POST', '/api/feedback', {
      token: tok.supplier,
      body: { commentsOrFeedback: '', phone: '13800000002' },
    });
    expect(empty.status).toBe(400);
    // The rule's own words alone; the field travels beside them.
    expect(empty.body).toMatchObject({ message: '意见反馈不能为空', field: 'commentsOrFeedback' });
    const long = await call(t.app, 'POST', '/api/feedback', {
      token: tok.supplier,
      body: { commentsOrFeedback: 'x'.repeat(501), phone: '13800000002' },
    });
    expect(long.body.message).toContain('长度在 1 到 500 个字符');
    const noPhone = await call(t.app, 'POST', '/api/feedback', {
      token: tok.supplier,
      body: { commentsOrFeedback: '好用' },
    });
    expect(noPhone.body.message).toContain('联系电话不能为空');
    const ok = await call(t.app, 'POST', '/api/feedback', {
      token: tok.supplier,
      body: {
        commentsOrFeedback: '希望增加批量打印',
        phone: '13800000002',
        email: 'supplier@tradelane.example',
        createUnit: '上海电气设备有限公司',
        userId: ids.shipper.user,
      },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.userId).toBe(ids.supplier.user);
    const other = await call(t.app, 'GET', '/api/feedback', { token: tok.supplier2 });
    expect(other.body.totalElements).toBe(0);
    const confirm = await call(t.app, 'PUT', '/api/feedback', {
      token: tok.supplier,
      body: { id: ok.body.id, status: 1 },
    });
    expect(confirm.status).toBe(403);
    const count = async () =>
      (await call(t.app, 'GET', '/api/messageCenter/getCount', { token: tok.supplier })).body.count;
    const before = await count();
    const admin = await call(t.app, 'PUT', '/api/feedback', {
      token: tok.admin,
      body: { id: ok.body.id, status: 1, reply: '下个版本支持' },
    });
    expect(admin.body.status).toBe(1);
    expect(await count()).toBe(before + 1);
    const [row] = await t.db.select().from(feedback).where(eq(feedback.id, ok.body.id));
    expect(row.status).toBe(1);
  });

  it('the operation log of a tenant holds only its own entries', async () => {
    const res = await call(t.app, 'GET', '/api/log', { token: tok.shipper, query: { size: 200 } });
    expect(res.status).toBe(200);
    expect(res.body.content.every((r: { tenantId: number }) => r.tenantId === ids.shipper.tenant)).toBe(true);
    expect(res.body.totalElements).toBeGreaterThan(0);
  });
});

describe('menus', () => {
  const titles = (tree: { meta: { title: string }; children?: unknown[] }[]): string[] =>
    tree.flatMap((n) => [n.meta.title, ...titles((n.children ?? []) as typeof tree)]);

  it('menus/build gives each user the tree of their roles, titled in both languages', async () => {
    const admin = await call(t.app, 'GET', '/api/menus/build', { token: tok.admin });
    expect(titles(admin.body)).toEqual(
      expect.arrayContaining(['系统管理', '用户管理', '菜单管理', '操作日志', '租户管理']),
    );
    const system = admin.body.find((m: { path: string }) => m.path === '/system');
    expect(system).toMatchObject({
      component: 'Layout',
      name: expect.any(String),
      enName: 'System',
      meta: { title: '系统管理', enTitle: 'System' },
    });
    expect(system.children[0]).toMatchObject({
      path: 'user',
      component: 'system/user/index',
      meta: { enTitle: 'Users' },
    });
    const supplier = await call(t.app, 'GET', '/api/menus/build', { token: tok.supplier });
    const supplierSystem = supplier.body.find((m: { path: string }) => m.path === '/system');
    // A company's own account manages its users, departments and the API tokens of its systems.
    expect(titles([supplierSystem])).toEqual(['系统管理', '用户管理', '部门管理', 'API 令牌']);
    expect(titles(supplier.body)).not.toContain('操作日志');
    const shipper = await call(t.app, 'GET', '/api/menus/build', { token: tok.shipper });
    expect(titles(shipper.body)).toContain('角色管理');
    expect(titles(shipper.body)).not.toContain('菜单管理');
  });

  it('the function permissions of a role come with the login answer', async () => {
    const res = await call(t.app, 'POST', '/auth/login', {
      body: { username: 'shipper', password: 'Shipper@2026' },
    });
    expect(res.body.function).toEqual(
      expect.arrayContaining([expect.objectContaining({ functionName: 'add' })]),
    );
    const admin = await call(t.app, 'POST', '/auth/login', {
      body: { username: 'admin', password: 'Admin@2026' },
    });
    expect(admin.body.function.length).toBeGreaterThanOrEqual(res.body.function.length);
  });

  it('menu writes need the menu permission', async () => {
    const res = await call(t.app, 'POST', '/api/menus', {
      token: tok.shipper,
      body: { type: 1, title: 'x' },
    });
    expect(res.status).toBe(403);
  });
});

describe('partnership writes', () => {
  it('partnership writes go through the partner commands: no moved partner, no supplier invitation or ending', async () => {
    const list = await call(t.app, 'GET', '/api/partnership', { token: tok.shipper });
    const row = list.body.content[0];
    const put = await call(t.app, 'PUT', '/api/partnership', {
      token: tok.shipper,
      body: { id: row.id, partnerTenantId: ids.trial.tenant, remark: '主供应商' },
    });
    const post = await call(t.app, 'POST', '/api/partnership', {
      token: tok.supplier,
      body: { partnerTenantId: ids.logistics.tenant },
    });
    const del = await call(t.app, 'DELETE', '/api/partnership', { token: tok.supplier, body: [row.id] });
    // The spec's paths run the guarded partner commands: the shipper never moves a partnership to another
    // company, and a supplier neither invites nor ends one.
    expect([put.status, post.status, del.status]).toEqual([403, 403, 403]);
    expect(put.body.code).toBe('resource.field_not_writable');
    const after = await call(t.app, 'GET', '/api/partnership', { token: tok.shipper });
    expect(after.body.content.find((r: { id: number }) => r.id === row.id)).toMatchObject({
      partnerTenantId: row.partnerTenantId,
      remark: row.remark,
    });
  });
});
