// Spec paths of §7 that the domain areas did not yet cover: viewFunctionPermissionMenu, auxiliary/getUuid,
// viewProjectSupplier, viewProjectBatchSupplier and directMessages (with the message centre).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { directMessages, messages, tenants, users } from '../src/db/schema.ts';
import { projects } from '../src/db/schema-project.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
const tenant: Record<string, number> = {};
const user: Record<string, number> = {};
const S1 = '上海电气设备有限公司';
const S2 = '江苏华能电缆有限公司';

beforeAll(async () => {
  tok = await loginAll(t.app, ['admin', 'shipper', 'supplier', 'supplier2', 'logistics', 'trial']);
  for (const r of await t.db.select().from(tenants)) tenant[r.corporateName] = r.id;
  for (const u of await t.db.select().from(users)) user[u.username] = u.id;
});

describe('viewFunctionPermissionMenu and getUuid', () => {
  it('lists function permissions with their menu, sorted by end then menu; only for role editors', async () => {
    const res = await call(t.app, 'GET', '/api/viewFunctionPermissionMenu', {
      token: tok.admin,
      query: { size: 1000 },
    });
    expect(res.status).toBe(200);
    const rows = res.body.content as { belongEnd: number; belongMenu: string; menuTitle: string | null }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => typeof r.menuTitle === 'string' && r.menuTitle.length > 0)).toBe(true);
    const keys = rows.map((r) => [r.belongEnd, r.belongMenu ?? ''] as const);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    expect(keys.map((k) => k[0])).toEqual(sorted.map((k) => k[0]));
    const supplier = await call(t.app, 'GET', '/api/viewFunctionPermissionMenu', { token: tok.supplier });
    expect(supplier.status).toBe(403);
    const post = await call(t.app, 'POST', '/api/viewFunctionPermissionMenu', { token: tok.admin, body: {} });
    expect(post.status).toBe(404);
  });

  it('getUuid answers a fresh identifier on both paths', async () => {
    const a = await call(t.app, 'GET', '/api/auxiliary/getUuid', { token: tok.supplier });
    const b = await call(t.app, 'GET', '/auxiliary/getUuid', { token: tok.supplier });
    expect(a.body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.body.uuid).not.toBe(b.body.uuid);
  });
});

describe('supplier views of a project', () => {
  it('viewProjectSupplier: the shipper sees each supplier once per project; a supplier only itself', async () => {
    const [project] = await t.db.select().from(projects);
    const shipper = await call(t.app, 'GET', '/api/viewProjectSupplier', {
      token: tok.shipper,
      query: { projectId: project.id },
    });
    expect(shipper.status).toBe(200);
    const names = shipper.body.content.map((r: { supplierName: string }) => r.supplierName).sort();
    expect(names).toEqual([S1, S2].sort());
    expect(shipper.body.totalElements).toBe(2);
    expect(shipper.body.content.every((r: { batches: number }) => r.batches >= 1)).toBe(true);
    const supplier = await call(t.app, 'GET', '/api/viewProjectSupplier', {
      token: tok.supplier,
      query: { projectId: project.id },
    });
    expect(supplier.body.content.map((r: { supplierTenantId: number }) => r.supplierTenantId)).toEqual([
      tenant[S1],
    ]);
    const bad = await call(t.app, 'GET', '/api/viewProjectSupplier', {
      token: tok.shipper,
      query: { projectId: 'x' },
    });
    expect(bad.status).toBe(400);
  });

  it('viewProjectBatchSupplier: supplier rows only, with names; a supplier sees its own', async () => {
    const shipper = await call(t.app, 'GET', '/api/viewProjectBatchSupplier', {
      token: tok.shipper,
      query: { size: 100 },
    });
    expect(shipper.status).toBe(200);
    expect(shipper.body.totalElements).toBeGreaterThanOrEqual(3);
    expect(shipper.body.content.every((r: { partnerEnd: number }) => r.partnerEnd === 1)).toBe(true);
    expect(shipper.body.content[0].partnerName).toBeTruthy();
    const s2 = await call(t.app, 'GET', '/api/viewProjectBatchSupplier', { token: tok.supplier2 });
    expect(s2.body.content.every((r: { partnerTenantId: number }) => r.partnerTenantId === tenant[S2])).toBe(
      true,
    );
  });
});

describe('directMessages', () => {
  let id = 0;
  it('a user writes to a user of a partner tenant; it reaches the message centre', async () => {
    const sent = await call(t.app, 'POST', '/api/directMessages', {
      token: tok.supplier,
      body: { toUserId: user.shipper, content: '变压器的铭牌照片已上传' },
    });
    expect(sent.status).toBe(201);
    id = sent.body.id;
    expect(sent.body).toMatchObject({ fromUserId: user.supplier, toUserId: user.shipper });
    const inbox = await call(t.app, 'GET', '/api/messageCenter/getMessageByCurrent', {
      token: tok.shipper,
      query: { size: 50 },
    });
    const m = inbox.body.content.find((x: { type: string }) => x.type === 'direct');
    expect(m).toMatchObject({ content: '变压器的铭牌照片已上传' });
    expect(m.title).toContain(S1);
    const list = await call(t.app, 'GET', '/api/directMessages', { token: tok.shipper });
    expect(list.body.content.map((r: { id: number }) => r.id)).toContain(id);
  });

  it('not to a tenant that is no partner; strangers neither see nor change it', async () => {
    const refused = await call(t.app, 'POST', '/api/directMessages', {
      token: tok.supplier,
      body: { toUserId: user.supplier2, content: '你好' },
      lang: 'en',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('dm.not_partner');
    const empty = await call(t.app, 'POST', '/api/directMessages', {
      token: tok.supplier,
      body: { toUserId: user.shipper, content: '  ' },
    });
    expect(empty.status).toBe(400);
    const stranger = await call(t.app, 'GET', '/api/directMessages', { token: tok.supplier2 });
    expect(stranger.body.totalElements).toBe(0);
    const admin = await call(t.app, 'GET', '/api/directMessages', { token: tok.admin });
    expect(admin.body.totalElements).toBe(0);
    const del = await call(t.app, 'DELETE', '/api/directMessages', { token: tok.supplier2, body: [id] });
    expect(del.status).toBe(404);
    const edit = await call(t.app, 'PUT', '/api/directMessages', {
      token: tok.supplier2,
      body: { id, content: 'x' },
    });
    expect(edit.status).toBe(404);
  });

  it('the sender edits until it is read; the recipient marks it read and may delete it', async () => {
    const notSender = await call(t.app, 'PUT', '/api/directMessages', {
      token: tok.shipper,
      body: { id, content: '改写' },
    });
    expect(notSender.status).toBe(403);
    const edit = await call(t.app, 'PUT', '/api/directMessages', {
      token: tok.supplier,
      body: { id, content: '铭牌照片和合格证已上传' },
    });
    expect(edit.status).toBe(200);
    const read = await call(t.app, 'PUT', '/api/directMessages', {
      token: tok.shipper,
      body: { id, read: true },
    });
    expect(read.status).toBe(200);
    const late = await call(t.app, 'PUT', '/api/directMessages', {
      token: tok.supplier,
      body: { id, content: '再改' },
    });
    expect(late.status).toBe(400);
    const [row] = await t.db.select().from(directMessages).where(eq(directMessages.id, id));
    expect(row.content).toBe('铭牌照片和合格证已上传');
    expect(row.readTime).not.toBeNull();
    const del = await call(t.app, 'DELETE', '/api/directMessages', { token: tok.shipper, body: [id] });
    expect(del.status).toBe(200);
    expect(await t.db.select().from(directMessages).where(eq(directMessages.id, id))).toHaveLength(0);
    // The notice in the message centre stays (it is the recipient's own record).
    const notices = await t.db.select().from(messages).where(eq(messages.type, 'direct'));
    expect(notices).toHaveLength(1);
  });
});
