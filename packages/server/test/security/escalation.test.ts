// The attack suite, part 2: nobody raises their own rights. Users never change their own account type,
// roles, enabled flag, tenant or department; role grants are checked by tenant and level on every
// write; template roles fit the tenant's kind; company records show only to accepted partners.
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { roles, sysRolesFunction, tenants, users, usersRoles } from '../../src/db/schema.ts';
import { call, login, useTestApp } from '../helpers.ts';
import { type PartyName, tokensOf } from './fixtures.ts';

const t = useTestApp();
let tok: Record<PartyName, string>;

beforeAll(async () => {
  tok = await tokensOf(t.app);
});

async function userByName(username: string) {
  const [u] = await t.db.select().from(users).where(eq(users.username, username));
  return u;
}
async function roleIdsOf(userId: number) {
  const rows = await t.db.select().from(usersRoles).where(eq(usersRoles.userId, userId));
  return rows.map((r) => r.roleId).sort();
}
async function templateRole(code: string) {
  const rows = await t.db.select().from(roles).where(eq(roles.code, code));
  return rows.find((r) => r.tenantId === null)!;
}

describe('self-escalation through PUT /api/users', () => {
  it('supplier2 cannot make itself a logistics provider or take the shipper role', async () => {
    const me = await userByName('supplier2');
    const shipperRole = await templateRole('shipper');
    const before = await roleIdsOf(me.id);
    const res = await call(t.app, 'PUT', '/api/users', {
      token: tok.supplier2,
      lang: 'en',
      body: { id: me.id, roleType: 2, roles: [shipperRole.id] },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('resource.field_not_writable');
    expect((await userByName('supplier2')).roleType).toBe(1);
    expect(await roleIdsOf(me.id)).toEqual(before);
    // And so the other supplier's material lists stay out of reach.
    const lists = await call(t.app, 'GET', '/api/materialList', { token: tok.supplier2 });
    const supplier = await userByName('supplier');
    expect(
      lists.body.content.every((l: { supplierTenantId: number }) => l.supplierTenantId !== supplier.tenantId),
    ).toBe(true);
  });

  it('a trial shipper cannot make itself a certified shipper', async () => {
    const me = await userByName('trial');
    const res = await call(t.app, 'PUT', '/api/users', {
      token: tok.trial,
      body: { id: me.id, roleType: 0 },
    });
    expect(res.status).toBe(403);
    expect((await userByName('trial')).roleType).toBe(4);
  });

  it('nobody disables, moves or re-departments itself; sending its own values back is harmless', async () => {
    const me = await userByName('shipper');
    for (const body of [{ enabled: false }, { deptId: null }, { tenantId: me.tenantId + 1 }]) {
      const res = await call(t.app, 'PUT', '/api/users', {
        token: tok.shipper,
        body: { id: me.id, ...body },
      });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
    }
    const after = await userByName('shipper');
    expect(after).toMatchObject({ enabled: true, deptId: me.deptId, tenantId: me.tenantId });
    // The profile form sends the whole form: unchanged protected values pass, the nickname changes.
    const ok = await call(t.app, 'PUT', '/api/users', {
      token: tok.shipper,
      body: { id: me.id, nickName: '货主本人', enabled: true, deptId: me.deptId, roleType: me.roleType },
    });
    expect(ok.status).toBe(200);
    expect((await userByName('shipper')).nickName).toBe('货主本人');
  });

  it('the platform admin editing its own record keeps its platform rights and roles', async () => {
    const me = await userByName('admin');
    const before = await roleIdsOf(me.id);
    const res = await call(t.app, 'PUT', '/api/users', {
      token: tok.admin,
      body: { id: me.id, nickName: '平台' },
    });
    expect(res.status).toBe(200);
    const after = await userByName('admin');
    expect(after).toMatchObject({ roleType: 3, enabled: true, nickName: '平台' });
    expect(await roleIdsOf(me.id)).toEqual(before);
    const self = await call(t.app, 'PUT', '/api/users', {
      token: tok.admin,
      body: { id: me.id, roleType: 0 },
    });
    expect(self.status).toBe(403);
  });

  it('an admin renaming a disabled user does not re-enable it, change its type or empty its roles', async () => {
    const target = await userByName('supplier2');
    const before = await roleIdsOf(target.id);
    await t.db.update(users).set({ enabled: false }).where(eq(users.id, target.id));
    const res = await call(t.app, 'PUT', '/api/users', {
      token: tok.admin,
      body: { id: target.id, nickName: 'renamed' },
    });
    expect(res.status).toBe(200);
    expect(await userByName('supplier2')).toMatchObject({ enabled: false, roleType: 1, nickName: 'renamed' });
    expect(await roleIdsOf(target.id)).toEqual(before);
    await t.db.update(users).set({ enabled: true }).where(eq(users.id, target.id));
    // Renaming a disabled user ended its sessions; it logs in again for the tests that follow.
    tok.supplier2 = await login(t.app, 'supplier2');
  });
  it('a user manager never edits or deletes a user whose role ranks above its own', async () => {
    const { usersResource } = await import('../../src/modules/system/resources.ts');
    const { updateRow, deleteRows } = await import('../../src/resources/engine.ts');
    const { resolveSession } = await import('../../src/http/auth.ts');
    const role = await call(t.app, 'POST', '/api/roles', {
      token: tok.shipper,
      body: { name: '助理', level: 8 },
    });
    const staff = await call(t.app, 'POST', '/api/users', {
      token: tok.shipper,
      body: { username: 'assistant1', password: 'Assist@2026', roles: [role.body.id] },
    });
    expect(staff.status).toBe(201);
    const token = (await login(t.app, 'assistant1', 'Assist@2026')).replace(/^Bearer /, '');
    const auth = (await resolveSession(t.db, t.app.config, token))!;
    expect(auth.level).toBe(8);
    const boss = await userByName('shipper');
    const ctx = { db: t.db, auth, request: {} as never };
    await expect(updateRow(usersResource, ctx, { id: boss.id, nickName: '被改' })).rejects.toMatchObject({
      status: 403,
      code: 'role.level_too_high',
    });
    await expect(deleteRows(usersResource, ctx, [boss.id])).rejects.toMatchObject({
      code: 'role.level_too_high',
    });
    expect(await userByName('shipper')).toMatchObject({ nickName: boss.nickName });
  });
});

describe('roles and grants', () => {
  it('a supplier never hands a staff member the shipper or admin template role', async () => {
    const created = await call(t.app, 'POST', '/api/users', {
      token: tok.supplier,
      body: { username: 'packer1', password: 'Packer@2026' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.roleType).toBe(1);
    for (const code of ['shipper', 'admin']) {
      const role = await templateRole(code);
      const res = await call(t.app, 'PUT', '/api/users', {
        token: tok.supplier,
        body: { id: created.body.id, roles: [role.id] },
      });
      expect(res.status, code).toBe(403);
    }
    expect(await roleIdsOf(created.body.id)).toEqual([]);
    const typed = await call(t.app, 'POST', '/api/users', {
      token: tok.supplier,
      body: { username: 'packer2', password: 'Packer@2026', roleType: 0 },
    });
    expect(typed.status).toBe(403);
  });

  it('a shipper cannot widen a role by a partial update, nor edit a platform template', async () => {
    const own = await call(t.app, 'POST', '/api/roles', {
      token: tok.shipper,
      body: { name: '现场人员', level: 5, dataScope: 'ownDept' },
    });
    expect(own.status).toBe(201);
    const res = await call(t.app, 'PUT', '/api/roles', {
      token: tok.shipper,
      body: { id: own.body.id, description: '只看本部门' },
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(roles).where(eq(roles.id, own.body.id));
    expect(row).toMatchObject({ level: 5, dataScope: 'ownDept', description: '只看本部门' });
    const template = await templateRole('shipper');
    const edit = await call(t.app, 'PUT', '/api/roles', {
      token: tok.shipper,
      body: { id: template.id, description: 'mine now' },
    });
    expect(edit.status).toBe(403);
    const code = await call(t.app, 'PUT', '/api/roles', {
      token: tok.shipper,
      body: { id: own.body.id, code: 'admin' },
    });
    expect(code.status).toBe(400);
  });

  it('a role ranked above the caller is neither edited nor deleted, with the level rule named', async () => {
    const shipperTenant = (await userByName('shipper')).tenantId;
    const top = await call(t.app, 'POST', '/api/roles', {
      token: tok.admin,
      body: { name: '总经理', level: 1, tenantId: shipperTenant },
    });
    expect(top.status).toBe(201);
    const edit = await call(t.app, 'PUT', '/api/roles', {
      token: tok.shipper,
      body: { id: top.body.id, name: '降级' },
    });
    expect(edit.status).toBe(403);
    expect(edit.body.code).toBe('role.level_too_high');
    const del = await call(t.app, 'DELETE', '/api/roles', { token: tok.shipper, body: [top.body.id] });
    expect(del.body.code).toBe('role.level_too_high');
    const [row] = await t.db.select().from(roles).where(eq(roles.id, top.body.id));
    expect(row).toMatchObject({ name: '总经理', level: 1 });
  });

  it('sysRolesFunction: a grant is never moved onto or taken from a role the caller may not edit', async () => {
    const own = await call(t.app, 'POST', '/api/roles', {
      token: tok.shipper,
      body: { name: '单证员', level: 4 },
    });
    const [fp] = await t.db.select().from(sysRolesFunction).limit(1);
    const grant = await call(t.app, 'POST', '/api/sysRolesFunction', {
      token: tok.shipper,
      body: { roleId: own.body.id, functionPermissionId: fp.functionPermissionId },
    });
    expect(grant.status).toBe(201);
    const template = await templateRole('supplier');
    const moved = await call(t.app, 'PUT', '/api/sysRolesFunction', {
      token: tok.shipper,
      body: { id: grant.body.id, roleId: template.id },
    });
    expect(moved.status).toBeGreaterThanOrEqual(400);
    expect(moved.status).toBeLessThan(500);
    const [still] = await t.db.select().from(sysRolesFunction).where(eq(sysRolesFunction.id, grant.body.id));
    expect(still.roleId).toBe(own.body.id);
    const templateGrants = await t.db
      .select()
      .from(sysRolesFunction)
      .where(eq(sysRolesFunction.roleId, template.id));
    if (templateGrants.length) {
      const del = await call(t.app, 'DELETE', '/api/sysRolesFunction', {
        token: tok.shipper,
        body: [templateGrants[0].id],
      });
      expect(del.status).toBe(404);
      const left = await t.db
        .select()
        .from(sysRolesFunction)
        .where(
          and(eq(sysRolesFunction.roleId, template.id), inArray(sysRolesFunction.id, [templateGrants[0].id])),
        );
      expect(left).toHaveLength(1);
    }
  });
});

describe('company records', () => {
  it('a stranger sees no other company; a partner sees only the public face', async () => {
    const strangers = await call(t.app, 'GET', '/api/enterpriseInfo', {
      token: tok.fresh,
      query: { size: 100 },
    });
    expect(strangers.body.content.map((r: { corporateName: string }) => r.corporateName)).toEqual([
      '陌生人贸易公司',
    ]);
    const [shipper] = await t.db
      .select()
      .from(tenants)
      .where(eq(tenants.id, (await userByName('shipper')).tenantId));
    const byId = await call(t.app, 'GET', '/api/enterpriseInfo/queryById', {
      token: tok.fresh,
      query: { id: shipper.id },
    });
    expect(byId.status).toBe(404);
    const partner = await call(t.app, 'GET', '/api/enterpriseInfo/queryById', {
      token: tok.supplier,
      query: { id: shipper.id },
    });
    expect(partner.status).toBe(200);
    expect(partner.body.corporateName).toBe(shipper.corporateName);
    expect(partner.body).not.toHaveProperty('contactPhone');
    expect(partner.body).not.toHaveProperty('contactEmail');
    // Nor can the hidden phone be probed with a keyword search.
    if (shipper.contactPhone) {
      const probe = await call(t.app, 'GET', '/api/enterpriseInfo', {
        token: tok.supplier,
        query: { blurry: shipper.contactPhone.slice(-6) },
      });
      expect(probe.body.content.map((c: { id: number }) => c.id)).not.toContain(shipper.id);
    }
  });
  it('a pending invitation names the inviter, but opens no company record until it is accepted', async () => {
    const reg = await call(t.app, 'POST', '/auth/regAndLogin', {
      body: {
        username: 'newvendor',
        phone: '13912340002',
        email: 'vendor@example.org',
        password: 'Vendor@2026x',
        corporateName: '新供应商机电公司',
        roleType: 1,
      },
    });
    expect(reg.status).toBe(201);
    const vendor = reg.body.token as string;
    const [me] = await t.db.select().from(users).where(eq(users.username, 'newvendor'));
    const invite = await call(t.app, 'POST', '/api/partner', {
      token: tok.shipper,
      body: { partnerTenantId: me.tenantId },
    });
    expect(invite.status, JSON.stringify(invite.body)).toBeLessThan(300);
    const shipperTenant = (await userByName('shipper')).tenantId;
    const invitations = await call(t.app, 'GET', '/api/partner', { token: vendor });
    expect(invitations.body.content).toEqual([
      expect.objectContaining({ direction: 'invitedBy', otherTenantId: shipperTenant, status: 0 }),
    ]);
    expect(invitations.body.content[0].otherName).toBeTruthy();
    const companies = await call(t.app, 'GET', '/api/enterpriseInfo', { token: vendor });
    expect(companies.body.content.map((c: { id: number }) => c.id)).toEqual([me.tenantId]);
    const record = await call(t.app, 'GET', '/api/enterpriseInfo/queryById', {
      token: vendor,
      query: { id: shipperTenant },
    });
    expect(record.status).toBe(404);
  });
});

describe('references in a body', () => {
  it("a supplier cannot hang its material row on another supplier's contract", async () => {
    const { projectBatches, projectContracts } = await import('../../src/db/schema-project.ts');
    const [b003] = (await t.db.select().from(projectBatches)).filter((b) => b.batchNumber === 'JKT2-B003');
    const supplier = await userByName('supplier');
    const [theirs] = await t.db
      .select()
      .from(projectContracts)
      .where(eq(projectContracts.supplierTenantId, supplier.tenantId));
    const row = { batchId: b003.id, name: '中压电力电缆', quantity: 10, unit: 'm', contractId: theirs.id };
    const res = await call(t.app, 'POST', '/api/supplies', { token: tok.supplier2, lang: 'en', body: row });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('resource.bad_reference');
    expect(res.body.message).toContain('contractId');
    const ok = await call(t.app, 'POST', '/api/supplies', {
      token: tok.supplier2,
      body: { ...row, contractId: undefined },
    });
    expect(ok.status).toBe(201);
  });
});

describe('idempotency inside the transaction', () => {
  it('a create that fails inside its transaction leaves no key behind, even with no answer sent', async () => {
    const { createRow } = await import('../../src/resources/engine.ts');
    const { rolesResource } = await import('../../src/modules/system/resources.ts');
    const { idempotencyKeys } = await import('../../src/db/schema.ts');
    const { resolveSession } = await import('../../src/http/auth.ts');
    const auth = (await resolveSession(t.db, t.app.config, tok.shipper.replace(/^Bearer /, '')))!;
    const request = { idempotencyKey: `${auth.userId}:crash-1`, auth } as never;
    // The level rule refuses inside the transaction, after the key was written in it: both roll back,
    // as they would if the process died before answering (no onSend hook runs here).
    await expect(
      createRow(rolesResource, { db: t.db, auth, request }, { name: '越级', level: 1 }),
    ).rejects.toThrow();
    const keys = await t.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, `${auth.userId}:crash-1`));
    expect(keys).toHaveLength(0);
    // The same X-Data-Id then goes through once, and a repeat is the spec's data_id_unique.
    const body = { name: '单证主管', level: 4 };
    const headers = { 'x-data-id': 'crash-1' };
    const first = await call(t.app, 'POST', '/api/roles', { token: tok.shipper, body, headers });
    const again = await call(t.app, 'POST', '/api/roles', { token: tok.shipper, body, headers });
    expect([first.status, again.status]).toEqual([201, 409]);
    expect(again.body.code).toBe('data_id_unique');
    expect(await t.db.select().from(roles).where(eq(roles.name, '单证主管'))).toHaveLength(1);
  });
});
