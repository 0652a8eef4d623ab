// Problems raised elsewhere become exceptions with an owner: an abnormal record opens one for
// the box's supplier and resolving the record closes it; a customs declaration returned opens one for its
// broker and submitting it again closes it. Others do not see them; the owner is told.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, users } from '../src/db/schema.ts';
import { boxPieces } from '../src/db/schema-boxes.ts';
import { towerExceptions } from '../src/db/schema-tower.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
const tenantOf: Record<string, number> = {};
const userOf: Record<string, number> = {};

const open = (as: string, kind: string) =>
  call(t.app, 'GET', '/api/exceptions', { token: tok[as], lang: 'en', query: { kind, open: 'true' } });
const exceptionOf = async (kind: string, refId: number) =>
  (
    await t.db
      .select()
      .from(towerExceptions)
      .where(and(eq(towerExceptions.kind, kind), eq(towerExceptions.refId, refId)))
  )[0];

beforeAll(async () => {
  tok = await loginAll(t.app, ['shipper', 'supplier', 'supplier2', 'logistics']);
  for (const u of await t.db.select().from(users)) {
    tenantOf[u.username] = u.tenantId as number;
    userOf[u.username] = u.id;
  }
});

describe('problems become exceptions', () => {
  it('an abnormal record: the box’s supplier owns it, is told, and resolving the record closes it', async () => {
    const [box] = await t.db
      .select()
      .from(boxPieces)
      .where(eq(boxPieces.supplierTenantId, tenantOf.supplier))
      .limit(1);
    const raised = await call(t.app, 'POST', '/api/abnormalRecord', {
      token: tok.shipper,
      body: { boxPieceId: box.id, abnormalType: 'shortage', quantity: 2, note: '少两件法兰' },
    });
    expect(raised.status).toBe(201);
    const e = await exceptionOf('abnormal', raised.body.id);
    expect(e).toMatchObject({ ownerTenantId: tenantOf.supplier, ownerParty: 'supplier', status: 0 });
    const shown = (await open('supplier', 'abnormal')).body.content.find(
      (x: { id: number }) => x.id === e.id,
    );
    expect(shown.title).toBe(`Batch ${shown.batchNumber}, box ${box.boxNumber}: Shortage`);
    // Another supplier of the demo does not see it.
    const other = (await open('supplier2', 'abnormal')).body.content.map((x: { id: number }) => x.id);
    expect(other).not.toContain(e.id);
    await t.app.outbox.flush();
    const told = await t.db.select().from(messages).where(eq(messages.userId, userOf.supplier));
    expect(told.some((m) => m.link === `/tower/exceptions?id=${e.id}`)).toBe(true);
    const resolved = await call(t.app, 'POST', '/api/abnormalRecord/resolve', {
      token: tok.shipper,
      body: { id: raised.body.id, note: '补发两件' },
    });
    expect(resolved.status).toBe(200);
    expect(await exceptionOf('abnormal', raised.body.id)).toMatchObject({
      status: 3,
      resolution: 'exception.closed_settled',
    });
    const closed = await call(t.app, 'GET', '/api/exceptions', {
      token: tok.supplier,
      lang: 'zh',
      query: { id: e.id },
    });
    expect(closed.body.content[0].resolution).toBe('已在原单据处处理，系统自动关闭');
    // Closed by the machine's close, in the step of the user who resolved the record: its history says so.
    const history = await call(t.app, 'GET', '/api/changeRecord/timeline', {
      token: tok.supplier,
      lang: 'zh',
      query: { entity: 'exception', entityId: e.id },
    });
    expect(
      history.body.content.map((x: { action: string; toStatus: string; by: string; note: string }) => [
        x.action,
        x.toStatus,
        x.by,
        x.note,
      ]),
    ).toEqual([['close', '3', 'shipper', '已在原单据处处理，系统自动关闭']]);
  });

  it('a customs declaration returned: its broker owns it; submitted again, it is closed', async () => {
    const waiting = (
      await call(t.app, 'GET', '/api/projectDeclare', { token: tok.shipper, query: { status: 1 } })
    ).body.content[0];
    const back = await call(t.app, 'POST', '/api/examine/back', {
      token: tok.shipper,
      body: { id: waiting.id, reason: '用途请写具体' },
    });
    expect(back.status).toBe(200);
    const e = await exceptionOf('customsReturned', waiting.id);
    expect(e).toMatchObject({ ownerTenantId: tenantOf.logistics, ownerParty: 'logistics', status: 0 });
    const shown = (await open('logistics', 'customsReturned')).body.content.find(
      (x: { id: number }) => x.id === e.id,
    );
    expect(shown.title).toBe(
      `The customs declaration of batch ${shown.batchNumber} was returned: 用途请写具体`,
    );
    // Returned twice while open: still one exception.
    expect(
      (await call(t.app, 'POST', '/api/examine/reopen', { token: tok.logistics, body: { id: waiting.id } }))
        .status,
    ).toBe(200);
    const again = await call(t.app, 'POST', '/api/examine/submit', {
      token: tok.logistics,
      body: { id: waiting.id },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await exceptionOf('customsReturned', waiting.id)).status).toBe(3);
  });
});
