// On time in full per supplier and per logistics provider, by month of receipt. One demo batch is
// received on site this month: the supplier's moves were on time, the provider's departure late; a shortage
// at receipt takes the supplier's batch out of "in full". The shipper reads every partner's row, each partner
// only its own, and the month is the month of receipt.
import { type OtifRow, otifAnswer } from '@tradelane/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { boxPieces } from '../src/db/schema-boxes.ts';
import { batchMilestones } from '../src/db/schema-tower.ts';
import { batchParties } from '../src/modules/tower/audience.ts';
import { addDays, dayOf } from '../src/modules/tower/projection.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
const tenantOf: Record<string, number> = {};
let batchId: number;
let supplier: number;
let provider: number;
let boxIds: number[];
const month = new Date().toISOString().slice(0, 7);

const otif = async (as: string, lang: 'zh' | 'en' = 'en') => {
  const res = await call(t.app, 'GET', '/api/tower/otif', { token: tok[as], lang });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // The contract's strict answer schema: the web's row type is its z.infer.
  return otifAnswer.parse(res.body);
};
const rowOf = (rows: OtifRow[], tenantId: number, end: string) =>
  rows.find((r) => r.tenantId === tenantId && r.end === end && r.month === month);

/** Sets a milestone's planned date and the day it was reached (noon UTC). */
async function reached(code: string, planned: string, actual: string) {
  const at = new Date(`${actual}T12:00:00Z`);
  await t.db.execute(sql`
    insert into batch_milestone (tenant_id, batch_id, seq, code, planned, actual)
    select b.tenant_id, b.id, 0, ${code}, ${planned}, ${at.toISOString()} from project_batch b where b.id = ${batchId}
    on conflict (batch_id, code) do update set planned = excluded.planned, actual = excluded.actual`);
}

beforeAll(async () => {
  tok = await loginAll(t.app, ['shipper', 'supplier', 'supplier2', 'logistics']);
  for (const u of await t.db.select().from(users)) tenantOf[u.username] = u.tenantId as number;
  supplier = tenantOf.supplier;
  provider = tenantOf.logistics;
  // A demo batch the supplier packed and the provider carries, both accepted partners on it.
  const boxes = await t.db
    .select({ batchId: boxPieces.batchId, id: boxPieces.id })
    .from(boxPieces)
    .where(eq(boxPieces.supplierTenantId, supplier))
    .orderBy(boxPieces.batchId, boxPieces.id);
  const parties = await batchParties(t.db, [...new Set(boxes.map((b) => b.batchId as number))]);
  const carried = [...parties.values()].find(
    (b) => b.suppliers.includes(supplier) && b.logistics.includes(provider),
  );
  expect(carried).toBeDefined();
  batchId = carried?.id as number;
  boxIds = boxes.filter((b) => b.batchId === batchId).map((b) => b.id);
  expect(boxIds.length).toBeGreaterThan(1);
  // The demo's milestones go: this month's rows are this batch's alone.
  await t.db.delete(batchMilestones);
  const today = dayOf(new Date());
  const d = (n: number) => addDays(today, n);
  // The supplier's moves on or before their day; the provider's departure 3 days late, its other moves on time.
  await reached('exWorks', d(-30), d(-31));
  await reached('packed', d(-25), d(-25));
  await reached('loaded', d(-20), d(-21));
  await reached('shipped', d(-15), d(-12));
  await reached('arrived', d(-5), d(-6));
  await reached('delivered', d(-1), d(-1));
  await reached('received', d(0), d(0));
  // Every box of the batch received on site.
  await t.db.execute(sql`update box_piece set logistics_status = 9 where batch_id = ${batchId}`);
});

describe('on time in full by company and month', () => {
  it('the shipper reads the supplier on time and in full, the provider late, in the month of receipt', async () => {
    const body = await otif('shipper');
    expect(body.months).toHaveLength(6);
    expect(body.months.at(-1)).toBe(month);
    const s = rowOf(body.rows, supplier, 'supplier');
    expect(s).toMatchObject({
      batches: 1,
      onTime: 1,
      inFull: 1,
      otif: 1,
      otifRate: 100,
      milestones: 3,
      milestonesOnTime: 3,
      boxes: boxIds.length,
      boxesInFull: boxIds.length,
      companyName: expect.any(String),
    });
    const p = rowOf(body.rows, provider, 'logistics');
    expect(p).toMatchObject({
      batches: 1,
      onTime: 0,
      inFull: 1,
      otif: 0,
      onTimeRate: 0,
      inFullRate: 100,
      otifRate: 0,
      milestones: 3,
      milestonesOnTime: 2,
    });
    // Company names in the reader's language.
    expect(p?.companyName).toBe('COSCO Shipping International Logistics Co., Ltd.');
    const zh = await otif('shipper', 'zh');
    expect(rowOf(zh.rows, provider, 'logistics')?.companyName).toBe('中远海运国际物流有限公司');
  });

  it('a shortage at receipt takes the supplier’s batch out of "in full"; a missing paper does not', async () => {
    const [box] = await t.db.select().from(boxPieces).where(eq(boxPieces.id, boxIds[0]));
    const abnormal = (type: string) =>
      t.db.execute(sql`
        insert into abnormal_record (tenant_id, project_id, batch_id, box_id, supplier_tenant_id, raised_by_tenant_id, abnormal_type, at_status)
        values (${box.tenantId}, ${box.projectId}, ${batchId}, ${box.id}, ${supplier}, ${box.tenantId}, ${type}, 9)`);
    await abnormal('missing_documents');
    expect(rowOf((await otif('shipper')).rows, supplier, 'supplier')).toMatchObject({ inFull: 1, otif: 1 });
    await abnormal('shortage');
    const rows = (await otif('shipper')).rows;
    expect(rowOf(rows, supplier, 'supplier')).toMatchObject({
      inFull: 0,
      otif: 0,
      boxesInFull: boxIds.length - 1,
    });
    // The provider carried the short box too.
    expect(rowOf(rows, provider, 'logistics')).toMatchObject({ inFull: 0, boxesInFull: boxIds.length - 1 });
  });

  it('each partner reads only its own rows; a partner not on the batch reads none of it', async () => {
    for (const who of ['supplier', 'logistics', 'supplier2']) {
      const { rows } = await otif(who);
      for (const r of rows) expect(r.tenantId, who).toBe(tenantOf[who]);
    }
    expect(rowOf((await otif('supplier')).rows, supplier, 'supplier')).toMatchObject({ batches: 1 });
    expect((await otif('supplier2')).rows.filter((r) => r.month === month)).toEqual([]);
  });

  it('a window out of range is refused in the reader’s language', async () => {
    const res = await call(t.app, 'GET', '/api/tower/otif', {
      token: tok.shipper,
      query: { months: 0 },
      lang: 'zh',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/months/);
    const anon = await call(t.app, 'GET', '/api/tower/otif', {});
    expect(anon.status).toBe(401);
  });
});
