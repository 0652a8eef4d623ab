// The spec's POST, PUT and DELETE /api/partnership through the guarded partner commands: a shipper
// invites, edits its own remark and ends a partnership no batch uses; nobody else does any of it.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeRecords, messages, partnerships } from '../src/db/schema.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
let newTenant: number;
let newToken: string;
let invitation: number;

const as = (who: string, method: 'POST' | 'PUT' | 'DELETE', body: unknown) =>
  call(t.app, method, '/api/partnership', { token: who in tok ? tok[who] : who, body, lang: 'en' });
const row = async (id: number) => (await t.db.select().from(partnerships).where(eq(partnerships.id, id)))[0];

beforeAll(async () => {
  tok = await loginAll(t.app, ['shipper', 'supplier', 'logistics', 'trial']);
  const reg = await call(t.app, 'POST', '/auth/regAndLogin', {
    body: {
      username: 'steelworks',
      phone: '13912340077',
      email: 'steel@example.com',
      password: 'Steel@2026x',
      corporateName: '华东钢结构有限公司',
      roleType: 1,
    },
  });
  newTenant = reg.body.user.user.tenantId;
  newToken = reg.body.token;
});

describe('the demo’s partners', () => {
  it('were invited by the shipper and accepted by each partner through the commands', async () => {
    const links = await t.db.select().from(partnerships).orderBy(partnerships.id);
    expect(links.map((l) => [l.status, l.createBy])).toEqual([
      [1, 'shipper'],
      [1, 'shipper'],
      [1, 'shipper'],
    ]);
    const steps = await t.db.select().from(changeRecords).where(eq(changeRecords.entity, 'partnership'));
    expect(
      links.map((l) => steps.filter((r) => r.entityId === l.id).map((r) => [r.action, r.toStatus])),
    ).toEqual(
      links.map(() => [
        ['invite', '0'],
        ['accept', '1'],
      ]),
    );
  });
});

describe('POST /api/partnership invites', () => {
  it('as the shipper: an invitation, pending, told to the partner', async () => {
    const res = await as('shipper', 'POST', { partnerTenantId: newTenant, remark: '钢构供应商' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      partnerTenantId: newTenant,
      status: 0,
      partnerEnd: 1,
      remark: '钢构供应商',
    });
    invitation = res.body.id;
    const told = await t.db.select().from(messages).where(eq(messages.tenantId, newTenant));
    expect(told.map((m) => (m.data as { code?: string } | null)?.code)).toContain('notice.partner_invited');
    const again = await as('shipper', 'POST', { partnerTenantId: newTenant });
    expect(again.status).toBe(409);
  });

  it('as a supplier or a logistics provider: refused, nothing written', async () => {
    const before = (await t.db.select().from(partnerships)).length;
    for (const who of ['supplier', 'logistics']) {
      const res = await as(who, 'POST', { partnerTenantId: newTenant });
      expect(res.status).toBe(403);
    }
    expect((await t.db.select().from(partnerships)).length).toBe(before);
  });
});

describe('PUT /api/partnership edits the remark', () => {
  it('the inviting shipper edits its note; the partner may not, and nobody changes who or the status', async () => {
    const ok = await as('shipper', 'PUT', { id: invitation, remark: '钢构与预埋件' });
    expect(ok.status).toBe(200);
    expect((await row(invitation)).remark).toBe('钢构与预埋件');
    const status = await as('shipper', 'PUT', { id: invitation, status: 1 });
    expect(status.status).toBe(400);
    const who = await as('shipper', 'PUT', { id: invitation, partnerTenantId: newTenant + 1 });
    expect(who.status).toBe(403);
    const partner = await as(newToken, 'PUT', { id: invitation, remark: 'mine' });
    expect(partner.status).toBe(403);
    expect(await row(invitation)).toMatchObject({
      remark: '钢构与预埋件',
      status: 0,
      partnerTenantId: newTenant,
    });
    // Another shipper does not see it at all.
    expect((await as('trial', 'PUT', { id: invitation, remark: 'x' })).status).toBe(404);
  });
});

describe('DELETE /api/partnership ends what no batch uses', () => {
  it('refuses a partnership a batch uses, and a caller who did not invite', async () => {
    const [inUse] = await t.db
      .select()
      .from(partnerships)
      .where(
        eq(
          partnerships.partnerTenantId,
          (await call(t.app, 'GET', '/auth/info', { token: tok.supplier })).body.user.tenantId,
        ),
      );
    const res = await as('shipper', 'DELETE', [inUse.id]);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('partner.in_use');
    expect(await row(inUse.id)).toBeDefined();
    const partner = await as(newToken, 'DELETE', [invitation]);
    expect(partner.status).toBe(403);
    expect(await row(invitation)).toBeDefined();
  });

  it('the inviting shipper withdraws its unused invitation; the change is recorded', async () => {
    const res = await as('shipper', 'DELETE', [invitation]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 1 });
    expect(await row(invitation)).toBeUndefined();
    const events = await t.db.select().from(changeRecords).where(eq(changeRecords.entityId, invitation));
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['invite', 'delete']));
  });
});
