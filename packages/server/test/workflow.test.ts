// The workflow kernel: every command declared and routed, one refusal shape everywhere, bulk commands
// all or nothing, the event store's readers, machines for certification and feedback, and partnership
// writes only through the partner commands.
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeRecords, feedback, messages, partnerships, tenants, users } from '../src/db/schema.ts';
import { materialLists, projectBatches } from '../src/db/schema-project.ts';
import { workflowCommands } from '../src/workflow/kernel.ts';
import { call, loginAll, useTestApp } from './helpers.ts';
import { uploadFile } from './security/fixtures.ts';

const t = useTestApp();
let tok: Record<string, string>;
const batch: Record<string, number> = {};
const tenant: Record<string, number> = {};
const S1 = '上海电气设备有限公司';
const S2 = '江苏华能电缆有限公司';
const SHIPPER = '中建国际工程有限公司';

beforeAll(async () => {
  tok = await loginAll(t.app, ['admin', 'shipper', 'supplier', 'supplier2', 'logistics', 'trial']);
  // The demo project JKT2's batches by their short number (the second demo project has its own B001…).
  for (const b of await t.db.select().from(projectBatches))
    if (b.batchNumber.startsWith('JKT2-')) batch[b.batchNumber.slice(-4)] = b.id;
  for (const r of await t.db.select().from(tenants)) tenant[r.corporateName] = r.id;
});

const listOf = async (batchId: number, supplier: string) =>
  (
    await t.db
      .select()
      .from(materialLists)
      .where(and(eq(materialLists.batchId, batchId), eq(materialLists.supplierTenantId, tenant[supplier])))
  )[0];

describe('the command registry', () => {
  it('holds every workflow command, each on a route that asks for a session', async () => {
    const names = [...workflowCommands.keys()].sort();
    expect(names).toEqual(
      expect.arrayContaining([
        'batchPartner.updateStatus',
        'materialList.back',
        'materialList.confirm',
        'materialList.confirmMany',
        'materialList.submit',
        'partnership.accept',
        'partnership.decline',
        'partnership.invite',
        'feedback.answer',
        'payment.notify',
        'tenant.activate',
        'tenant.check',
        'tenant.extendTrial',
        'tenant.stop',
        'tenant.submit',
        'tenant.uncheck',
      ]),
    );
    for (const cmd of workflowCommands.values()) {
      for (const path of Array.isArray(cmd.path) ? cmd.path : [cmd.path]) {
        const res = await call(t.app, cmd.method, path.replace(':id', '1'), { body: {} });
        // A gateway's notice proves itself (its signature) instead of a session: unproven, it is refused.
        expect(res.status, `${cmd.name} ${path}`).toBe(cmd.who.external ? 400 : 401);
      }
    }
  });
});

describe('one refusal shape', () => {
  it('state.not_allowed names the current state in the caller’s language, for every machine', async () => {
    const confirmed = await listOf(batch.B001, S1);
    const list = await call(t.app, 'POST', '/api/supplies/confirm', {
      token: tok.shipper,
      body: { listId: confirmed.id },
      lang: 'en',
    });
    expect(list.status).toBe(400);
    expect(list.body).toMatchObject({
      code: 'state.not_allowed',
      message: expect.stringContaining('(Confirmed)'),
    });

    const [link] = await t.db
      .select()
      .from(partnerships)
      .where(and(eq(partnerships.partnerTenantId, tenant[S1]), eq(partnerships.status, 1)));
    const partner = await call(t.app, 'POST', '/api/enterpriseInfo/acceptInvite', {
      token: tok.supplier,
      body: { id: link.id },
    });
    expect(partner.status).toBe(400);
    expect(partner.body).toMatchObject({
      code: 'state.not_allowed',
      message: expect.stringContaining('（已接受）'),
    });

    const parts = await call(t.app, 'GET', '/api/batchPartner/getBatchId', {
      token: tok.shipper,
      query: { batchId: batch.B001 },
    });
    const logistics = parts.body.find((p: { partnerEnd: number }) => p.partnerEnd === 2);
    const bp = await call(t.app, 'POST', '/api/batchPartner/updateStatus', {
      token: tok.shipper,
      body: { id: logistics.id, event: 'complete' },
      lang: 'en',
    });
    expect(bp.status).toBe(400);
    expect(bp.body.code).toBe('state.not_allowed');
    expect(bp.body.message).toMatch(/\((Not started|In progress|Submitted)\)/);
  });

  it('the answer is the new row with the events the caller may fire next', async () => {
    const list = await listOf(batch.B002, S2);
    expect(list.status).toBe(1);
    const back = await call(t.app, 'GET', `/api/supplies/back/${list.id}`, {
      token: tok.shipper,
      query: { reason: '请补充原产国' },
    });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ id: list.id, status: 3, reason: '请补充原产国', actions: [] });
    const notTheirs = await call(t.app, 'POST', '/api/materialList/reopen', {
      token: tok.shipper,
      body: { id: list.id },
    });
    expect(notTheirs.status).toBe(403);
    const reopen = await call(t.app, 'POST', '/api/materialList/reopen', {
      token: tok.supplier2,
      body: { id: list.id },
    });
    expect(reopen.status, JSON.stringify(reopen.body)).toBe(200);
    expect(reopen.body.status).toBe(0);
    expect(reopen.body.actions).toContain('submit');
    const submit = await call(t.app, 'POST', '/api/supplies/submitCustomer', {
      token: tok.supplier2,
      body: { batchId: batch.B002 },
    });
    expect(submit.body).toMatchObject({ status: 1, actions: [] });
    const mine = await call(t.app, 'GET', '/api/materialList/queryById', {
      token: tok.shipper,
      query: { id: list.id },
    });
    expect(mine.body.status).toBe(1);
  });
});

describe('idempotency', () => {
  it('the X-Data-Id is taken with the command: a refused one leaves it free, a done one refuses a repeat', async () => {
    const headers = { 'x-data-id': 'wf-submit-b003' };
    const empty = await call(t.app, 'POST', '/api/supplies/submitCustomer', {
      token: tok.supplier2,
      body: { batchId: batch.B003 },
      headers,
    });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('supplies.no_material');
    const row = await call(t.app, 'POST', '/api/supplies', {
      token: tok.supplier2,
      body: { batchId: batch.B003, name: '电缆终端头', quantity: 6, unit: '套' },
    });
    expect(row.status).toBe(201);
    const ok = await call(t.app, 'POST', '/api/supplies/submitCustomer', {
      token: tok.supplier2,
      body: { batchId: batch.B003 },
      headers,
    });
    expect(ok.status).toBe(200);
    const again = await call(t.app, 'POST', '/api/supplies/submitCustomer', {
      token: tok.supplier2,
      body: { batchId: batch.B003 },
      headers,
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('data_id_unique');
  });
});

describe('bulk commands', () => {
  it('confirm many lists: all or nothing, the refusal names the id that blocks', async () => {
    const submitted = await listOf(batch.B002, S2);
    const done = await listOf(batch.B001, S1);
    const refused = await call(t.app, 'POST', '/api/materialList/confirm', {
      token: tok.shipper,
      body: [submitted.id, done.id],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('state.not_allowed');
    expect(refused.body.message).toContain('已确认');
    expect((await listOf(batch.B002, S2)).status).toBe(1);
    const records = await t.db
      .select()
      .from(changeRecords)
      .where(
        and(
          eq(changeRecords.entity, 'materialList'),
          eq(changeRecords.entityId, submitted.id),
          eq(changeRecords.action, 'confirm'),
        ),
      );
    expect(records).toHaveLength(0);

    const bySupplier = await call(t.app, 'POST', '/api/materialList/confirm', {
      token: tok.supplier2,
      body: [submitted.id],
    });
    expect(bySupplier.status).toBe(403);

    // Two lists of one supplier (B003 was submitted above): one notice names both batches.
    const other = await listOf(batch.B003, S2);
    expect(other.status).toBe(1);
    const before = await t.db.select().from(messages).where(eq(messages.tenantId, tenant[S2]));
    const ok = await call(t.app, 'POST', '/api/materialList/confirm', {
      token: tok.shipper,
      body: [submitted.id, other.id],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.content).toEqual([
      expect.objectContaining({ id: submitted.id, status: 2, actions: [] }),
      expect.objectContaining({ id: other.id, status: 2, actions: [] }),
    ]);
    const after = await t.db.select().from(messages).where(eq(messages.tenantId, tenant[S2]));
    const users2 = new Set(after.map((m) => m.userId)).size;
    const fresh = after.filter((m) => !before.some((b) => b.id === m.id));
    expect(fresh).toHaveLength(users2);
    expect(fresh[0].title).toBe('批次 JKT2-B002, JKT2-B003 的物料清单已被货主确认');
  });
});

describe('the event store', () => {
  it('GET /api/changeRecord filters by typed columns; a tenant sees only its own history', async () => {
    const list = await listOf(batch.B002, S2);
    const shipper = await call(t.app, 'GET', '/api/changeRecord', {
      token: tok.shipper,
      query: { entity: 'materialList', entityId: list.id, size: 50 },
    });
    expect(shipper.status).toBe(200);
    expect(shipper.body.content.map((r: { action: string }) => r.action)).toEqual([
      'confirm',
      'submit',
      'edit',
      'back',
      'submit',
    ]);
    expect(shipper.body.content[0]).toMatchObject({ batchId: batch.B002, partyTenantId: tenant[S2] });
    const byBatch = await call(t.app, 'GET', '/api/changeRecord', {
      token: tok.shipper,
      query: { batchId: batch.B002, size: 100 },
    });
    expect(byBatch.body.totalElements).toBeGreaterThanOrEqual(4);
    const stranger = await call(t.app, 'GET', '/api/changeRecord', {
      token: tok.trial,
      query: { entity: 'materialList', entityId: list.id },
    });
    expect(stranger.body.totalElements).toBe(0);
    const otherSupplier = await call(t.app, 'GET', '/api/changeRecord', {
      token: tok.supplier,
      query: { batchId: batch.B002 },
    });
    expect(otherSupplier.body.totalElements).toBe(0);
    const bad = await call(t.app, 'GET', '/api/changeRecord', {
      token: tok.shipper,
      query: { batchId: 'x' },
    });
    expect(bad.status).toBe(400);
  });

  it('the per-entity timeline names who did it, with the note', async () => {
    const list = await listOf(batch.B002, S2);
    const res = await call(t.app, 'GET', '/api/changeRecord/timeline', {
      token: tok.supplier2,
      query: { entity: 'materialList', entityId: list.id },
    });
    expect(res.status).toBe(200);
    const back = res.body.content.find((e: { action: string }) => e.action === 'back');
    expect(back).toMatchObject({ by: 'shipper', byTenantName: SHIPPER, note: '请补充原产国' });
    const stranger = await call(t.app, 'GET', '/api/changeRecord/timeline', {
      token: tok.supplier,
      query: { entity: 'materialList', entityId: list.id },
    });
    expect(stranger.body.content).toEqual([]);
  });
});

describe('certification and feedback machines', () => {
  it('a tenant that never submitted cannot be approved nor rejected; a submitted one can', async () => {
    const trial = tenant['浙江试用贸易有限公司'] ?? (await trialTenant());
    for (const path of ['/api/tenantUser/checkTenant', '/api/tenantUser/uncheckTenant']) {
      const res = await call(t.app, 'POST', path, {
        token: tok.admin,
        body: { id: trial, reason: '资料不全' },
        lang: 'en',
      });
      expect(res.status, path).toBe(400);
      expect(res.body.message).toContain('(Not submitted)');
    }
    const [row] = await t.db.select().from(tenants).where(eq(tenants.id, trial));
    expect(row.checkStatus).toBe(0);
    const byShipper = await call(t.app, 'POST', '/api/tenantUser/checkTenant', {
      token: tok.shipper,
      body: { id: trial },
    });
    expect(byShipper.status).toBe(403);

    const papers = async () => ({
      corporateName: '浙江试用贸易有限公司',
      corporateCode: '91330000MA2WF0001X',
      corporateCodeimg: `/files/${(await uploadFile(t.app, tok.trial, 'licence.png')).id}/licence.png`,
      authorizationLetter: `/files/${(await uploadFile(t.app, tok.trial, 'letter.png')).id}/letter.png`,
    });
    const submit = await call(t.app, 'POST', '/api/enterpriseInfo/certification', {
      token: tok.trial,
      body: await papers(),
    });
    expect(submit.body).toMatchObject({ status: 0, tenant_checksatus: 1 });
    const check = await call(t.app, 'POST', '/api/tenantUser/checkTenant', {
      token: tok.admin,
      body: { id: trial },
    });
    expect(check.body).toMatchObject({ checkStatus: 2 });
    const withdraw = await call(t.app, 'POST', '/api/tenantUser/uncheckTenant', {
      token: tok.admin,
      body: { id: trial, reason: '执照已过期' },
    });
    expect(withdraw.body).toMatchObject({ checkStatus: 3, checkReason: '执照已过期' });
    const again = await call(t.app, 'POST', '/api/enterpriseInfo/certification', {
      token: tok.trial,
      body: await papers(),
    });
    expect(again.body).toMatchObject({ status: 0 });
    const history = await t.db
      .select()
      .from(changeRecords)
      .where(and(eq(changeRecords.entity, 'tenant'), eq(changeRecords.entityId, trial)));
    expect(history.map((h) => [h.action, h.fromStatus, h.toStatus])).toEqual([
      ['submit', '0', '1'],
      ['check', '1', '2'],
      ['uncheck', '2', '3'],
      ['submit', '3', '1'],
    ]);
  });

  it('confirmed feedback never goes back to submitted; the submitter hears once, with the reply as body', async () => {
    const created = await call(t.app, 'POST', '/api/feedback', {
      token: tok.supplier,
      body: { commentsOrFeedback: '希望支持批量打印标签', phone: '13800000001' },
    });
    expect(created.status).toBe(201);
    const confirm = await call(t.app, 'PUT', '/api/feedback', {
      token: tok.admin,
      body: { id: created.body.id, status: 1, reply: '已排期' },
    });
    expect(confirm.status).toBe(200);
    const back = await call(t.app, 'PUT', '/api/feedback', {
      token: tok.admin,
      body: { id: created.body.id, status: 0 },
      lang: 'en',
    });
    expect(back.status).toBe(400);
    expect(back.body).toMatchObject({
      code: 'state.not_allowed',
      message: expect.stringContaining('(Confirmed)'),
    });
    const [row] = await t.db.select().from(feedback).where(eq(feedback.id, created.body.id));
    expect(row).toMatchObject({ status: 1, reply: '已排期' });
    // The confirmation is in the feedback's history; the refused step left none.
    const history = await t.db
      .select()
      .from(changeRecords)
      .where(and(eq(changeRecords.entity, 'feedback'), eq(changeRecords.entityId, created.body.id)));
    expect(history.map((h) => [h.action, h.fromStatus, h.toStatus, h.note, h.createBy])).toEqual([
      ['confirm', '0', '1', '已排期', 'admin'],
    ]);
    // A field the command does not take is refused, not ignored.
    const smuggled = await call(t.app, 'PUT', '/api/feedback', {
      token: tok.admin,
      body: { id: created.body.id, reply: 'x', userId: 1 },
    });
    expect(smuggled.status).toBe(400);
    expect((await t.db.select().from(feedback).where(eq(feedback.id, created.body.id)))[0]).toEqual(row);
    const [me] = await t.db.select().from(users).where(eq(users.username, 'supplier'));
    const told = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, me.id), eq(messages.enTitle, 'Your feedback was handled')));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ content: '回复：已排期', enContent: 'Reply: 已排期' });
  });
});

async function trialTenant() {
  const [u] = await t.db.select().from(users).where(eq(users.username, 'trial'));
  return u.tenantId;
}

describe('partnerships change only through the partner commands', () => {
  it('a supplier cannot create an invitation', async () => {
    const res = await call(t.app, 'POST', '/api/partner', {
      token: tok.supplier,
      body: { partnerTenantId: tenant[S2] },
    });
    // Refused by permission (suppliers hold no partner:add) and, were it granted, by the command itself.
    expect(res.status).toBe(403);
    const rows = await t.db
      .select()
      .from(partnerships)
      .where(and(eq(partnerships.tenantId, tenant[S1]), eq(partnerships.partnerTenantId, tenant[S2])));
    expect(rows).toHaveLength(0);
  });

  it('a shipper cannot invite a shipper', async () => {
    const res = await call(t.app, 'POST', '/api/partner', {
      token: tok.shipper,
      body: { partnerTenantId: await trialTenant() },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('partner.bad_end');
    const rows = await t.db
      .select()
      .from(partnerships)
      .where(eq(partnerships.partnerTenantId, await trialTenant()));
    expect(rows).toHaveLength(0);
  });

  let pending = 0;
  let newToken = '';
  it('the invited tenant cannot delete the shipper’s pending invitation', async () => {
    const reg = await call(t.app, 'POST', '/auth/regAndLogin', {
      body: {
        username: 'wfsupplier',
        phone: '13912340077',
        email: 'wf@example.com',
        password: 'Wflow@2026x',
        corporateName: '西北阀门有限公司',
        roleType: 1,
      },
    });
    expect(reg.status).toBe(201);
    newToken = reg.body.token;
    const invite = await call(t.app, 'POST', '/api/partner', {
      token: tok.shipper,
      body: { partnerTenantId: reg.body.user.user.tenantId },
    });
    expect(invite.status).toBe(201);
    pending = invite.body.id;
    const del = await call(t.app, 'DELETE', '/api/partner', { token: newToken, body: [pending] });
    expect(del.status).toBe(403);
    const [still] = await t.db.select().from(partnerships).where(eq(partnerships.id, pending));
    expect(still.status).toBe(0);
  });

  it('PUT /api/partner edits the inviter’s note only; the invited tenant may not', async () => {
    const own = await call(t.app, 'PUT', '/api/partner', {
      token: tok.shipper,
      body: { id: pending, remark: '阀门供应' },
    });
    expect(own.status).toBe(200);
    const theirs = await call(t.app, 'PUT', '/api/partner', {
      token: newToken,
      body: { id: pending, remark: 'x' },
    });
    expect(theirs.status).toBe(403);
    const status = await call(t.app, 'PUT', '/api/partner', {
      token: tok.shipper,
      body: { id: pending, status: 1 },
    });
    expect(status.status).toBe(400);
    const [row] = await t.db.select().from(partnerships).where(eq(partnerships.id, pending));
    expect(row).toMatchObject({ remark: '阀门供应', status: 0 });
  });

  it('accepting tells the shipper who invited, not the one who accepted', async () => {
    const accept = await call(t.app, 'POST', '/api/enterpriseInfo/acceptInvite', {
      token: newToken,
      body: { id: pending },
    });
    expect(accept.status).toBe(200);
    const [row] = await t.db.select().from(partnerships).where(eq(partnerships.id, pending));
    const accepted = await t.db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.enTitle, '西北阀门有限公司 has accepted your invitation'),
          inArray(messages.tenantId, [row.tenantId, row.partnerTenantId]),
        ),
      );
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.every((m) => m.tenantId === row.tenantId)).toBe(true);
  });

  it('a partnership in use cannot be deleted, by the shipper nor by the partner', async () => {
    const [link] = await t.db
      .select()
      .from(partnerships)
      .where(and(eq(partnerships.tenantId, tenant[SHIPPER]), eq(partnerships.partnerTenantId, tenant[S1])));
    const byShipper = await call(t.app, 'DELETE', '/api/partner', { token: tok.shipper, body: [link.id] });
    expect(byShipper.status).toBe(400);
    expect(byShipper.body.code).toBe('partner.in_use');
    const byPartner = await call(t.app, 'DELETE', '/api/partner', { token: tok.supplier, body: [link.id] });
    expect(byPartner.status).toBe(403);
    const [still] = await t.db.select().from(partnerships).where(eq(partnerships.id, link.id));
    expect(still).toBeDefined();
  });
});

describe('messages', () => {
  it('no message repeats its title as its body', async () => {
    const all = await t.db.select().from(messages);
    expect(all.length).toBeGreaterThan(5);
    expect(all.filter((m) => m.content && m.content === m.title)).toEqual([]);
  });
});
