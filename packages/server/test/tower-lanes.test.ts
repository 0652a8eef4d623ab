// Planned dates that a planner does not type one by one: lane defaults (the days of each leg on a port
// pair, kept by the shipper or its logistics provider) fill a plan after its first date and carry the
// projection over legs the plan leaves undated; a project's plans come from an Excel sheet, all rows or
// none, every error named by row and column.

import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { projectBatches } from '../src/db/schema-project.ts';
import { batchMilestones, batchPlans, laneDefaults, towerExceptions } from '../src/db/schema-tower.ts';
import { addDays, dayOf } from '../src/modules/tower/projection.ts';
import { call, loginAll, postSheet, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
let batch: typeof projectBatches.$inferSelect;
let projectBatchNumbers: string[];
const tenantOf: Record<string, number> = {};
const today = dayOf(new Date());
const d = (n: number) => addDays(today, n);
const legs = {
  packedDays: 5,
  loadedDays: 2,
  shippedDays: 3,
  arrivedDays: 28,
  clearedDays: 4,
  deliveredDays: 2,
  receivedDays: 1,
};

type Milestone = { code: string; planned: string | null; basis: string; projected: string | null };
const plan = async (as = 'shipper', id = batch.id) =>
  call(t.app, 'GET', '/api/projectBatch/plan', { token: tok[as], query: { batchId: id } });
const plannedOf = (body: { milestones: Milestone[] }) =>
  Object.fromEntries(body.milestones.map((m) => [m.code, m.planned]));

beforeAll(async () => {
  tok = await loginAll(t.app, ['shipper', 'supplier', 'supplier2', 'logistics']);
  // From an empty tower: no demo plan, lane, lane history or exception decides what is measured here.
  await t.db.delete(laneDefaults);
  await t.db.delete(towerExceptions);
  await t.db.delete(batchMilestones);
  await t.db.delete(batchPlans);
  for (const u of await t.db.select().from(users)) tenantOf[u.username] = u.tenantId as number;
  [batch] = await t.db.select().from(projectBatches).where(eq(projectBatches.batchNumber, 'JKT2-B002'));
  projectBatchNumbers = (
    await t.db.select().from(projectBatches).where(eq(projectBatches.projectId, batch.projectId))
  ).map((b) => b.batchNumber);
});

describe('lane defaults', () => {
  it('are kept by the shipper and the logistics provider, each its own; a supplier has none', async () => {
    const mine = await call(t.app, 'POST', '/api/laneDefaults', {
      token: tok.shipper,
      body: { portOfLoading: 'cnsha', portOfDischarge: 'IDJKT', ...legs, remark: '上海—雅加达' },
    });
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({ portOfLoading: 'CNSHA', portOfDischarge: 'IDJKT', arrivedDays: 28 });
    const theirs = await call(t.app, 'POST', '/api/laneDefaults', {
      token: tok.logistics,
      body: { portOfLoading: 'CNSHA', portOfDischarge: 'IDJKT', ...legs, arrivedDays: 35 },
    });
    expect(theirs.status).toBe(201);
    // One row per port pair and company.
    const again = await call(t.app, 'POST', '/api/laneDefaults', {
      token: tok.shipper,
      body: { portOfLoading: 'CNSHA', portOfDischarge: 'IDJKT' },
      lang: 'en',
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    expect(again.body.message).toMatch(/exist|already|taken|unique/i);
    const bad = await call(t.app, 'POST', '/api/laneDefaults', {
      token: tok.shipper,
      body: { portOfLoading: 'Shanghai', portOfDischarge: 'IDJKT', arrivedDays: -2 },
      lang: 'zh',
    });
    expect(bad.status).toBe(400);
    const list = await call(t.app, 'GET', '/api/laneDefaults', { token: tok.logistics });
    expect(list.status).toBe(200);
    expect(list.body.content.map((r: { id: number }) => r.id)).toEqual([theirs.body.id]);
    expect((await call(t.app, 'GET', '/api/laneDefaults', { token: tok.supplier2 })).status).toBe(403);
    const rows = await t.db.select().from(laneDefaults);
    expect(rows.map((r) => r.tenantId).sort()).toEqual(
      [tenantOf.shipper, tenantOf.logistics].sort((a, b) => a - b),
    );
  });

  it('fill a plan after its first date: the shipper’s own, else the logistics provider’s', async () => {
    const start = await call(t.app, 'PUT', '/api/projectBatch/plan', {
      token: tok.shipper,
      body: { batchId: batch.id, requiredOnSite: d(60), milestones: [{ code: 'exWorks', planned: d(3) }] },
    });
    expect(start.status).toBe(200);
    const filled = await call(t.app, 'POST', '/api/projectBatch/plan/fromLane', {
      token: tok.shipper,
      body: { batchId: batch.id },
    });
    expect(filled.status).toBe(200);
    expect(plannedOf(filled.body)).toEqual({
      exWorks: d(3),
      packed: d(8),
      loaded: d(10),
      shipped: d(13),
      arrived: d(41),
      cleared: d(45),
      delivered: d(47),
      received: d(48),
    });
    expect(filled.body).toMatchObject({ projectedDelivery: d(47), slackDays: 13 });
    // What the database holds is what was answered.
    const held = await t.db.select().from(batchMilestones).where(eq(batchMilestones.batchId, batch.id));
    expect(held.find((m) => m.code === 'arrived')?.planned).toBe(d(41));

    // The shipper drops its lane: the logistics provider's (35 days at sea) fills what is undated.
    await t.db.delete(laneDefaults).where(eq(laneDefaults.tenantId, tenantOf.shipper));
    await call(t.app, 'PUT', '/api/projectBatch/plan', {
      token: tok.shipper,
      body: {
        batchId: batch.id,
        milestones: ['arrived', 'cleared', 'delivered', 'received'].map((code) => ({ code, planned: null })),
      },
    });
    const second = await call(t.app, 'POST', '/api/projectBatch/plan/fromLane', {
      token: tok.shipper,
      body: { batchId: batch.id },
    });
    expect(second.status).toBe(200);
    expect(plannedOf(second.body)).toMatchObject({ shipped: d(13), arrived: d(48), delivered: d(54) });
  });

  it('carry the projection over legs the plan leaves undated, and say so', async () => {
    await call(t.app, 'PUT', '/api/projectBatch/plan', {
      token: tok.shipper,
      body: {
        batchId: batch.id,
        milestones: ['packed', 'loaded', 'shipped', 'arrived', 'cleared', 'delivered', 'received'].map(
          (code) => ({ code, planned: null }),
        ),
      },
    });
    const r = await plan();
    const arrived = r.body.milestones.find((m: Milestone) => m.code === 'arrived');
    expect(arrived).toMatchObject({ planned: null, basis: 'laneDefault' });
    // The logistics provider's lane: 3 + 5 + 2 + 3 + 35 days after today's ex-works date.
    expect(arrived.projected).toBe(d(48));
    // Nobody keeps the lane any more: nothing to rest on.
    await t.db.delete(laneDefaults);
    await call(t.app, 'PUT', '/api/projectBatch/plan', {
      token: tok.shipper,
      body: { batchId: batch.id, marginDays: 7 },
    });
    expect((await plan()).body.milestones.find((m: Milestone) => m.code === 'arrived').basis).toBe('none');
  });

  it('refuse in words when there is nothing to fill from, and only the shipper fills', async () => {
    const none = await call(t.app, 'POST', '/api/projectBatch/plan/fromLane', {
      token: tok.shipper,
      body: { batchId: batch.id },
      lang: 'zh',
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('CNSHA-IDJKT');
    expect(none.body.message).toContain('没有默认工期');
    const en = await call(t.app, 'POST', '/api/projectBatch/plan/fromLane', {
      token: tok.shipper,
      body: { batchId: batch.id },
      lang: 'en',
    });
    expect(en.body.message).toBe(
      'Lane CNSHA-IDJKT has no default leg durations: set them under "Lane defaults" first',
    );
    expect(
      (
        await call(t.app, 'POST', '/api/projectBatch/plan/fromLane', {
          token: tok.logistics,
          body: { batchId: batch.id },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'POST', '/api/projectBatch/plan/fromLane', {
          token: tok.supplier,
          body: { batchId: batch.id },
        })
      ).status,
    ).toBe(403);
  });
});

async function sheet(rows: (string | number | Date | null)[][], headers?: string[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('批次计划');
  ws.addRow(
    headers ?? [
      '批次号',
      '要求到场日期',
      '风险预警天数',
      '出厂就绪',
      '包装完成',
      '装车',
      '装船离港 (ETD)',
      '到达卸货港 (ETA)',
      '清关放行',
      '送达现场',
      '现场收货',
    ],
  );
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(token: string, data: Buffer, lang: 'zh' | 'en' = 'zh', projectId = batch.projectId) {
  return postSheet(t.app, '/api/projectBatch/plan/import', {
    token,
    fields: { projectId },
    file: data,
    name: 'plans.xlsx',
    lang,
  });
}

describe('plans from Excel', () => {
  it('downloads the project’s batches with what their plans hold', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/projectBatch/plan/importTemplate?projectId=${batch.projectId}`,
      headers: { authorization: tok.shipper },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('*批次号');
    expect(ws.getRow(2).getCell(1).value).toBe('Batch No.');
    const numbers: string[] = [];
    ws.eachRow((row, n) => {
      if (n > 2) numbers.push(String(row.getCell(1).value));
    });
    expect(numbers.sort()).toEqual([...projectBatchNumbers].sort());
    const mine = ws.getRow(3 + numbers.indexOf('JKT2-B002'));
    expect(mine.getCell(2).value).toBe(d(60));
    expect(mine.getCell(4).value).toBe(d(3));
    // A partner cannot read the shipper's project as a sheet.
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/projectBatch/plan/importTemplate?projectId=${batch.projectId}`,
      headers: { authorization: tok.logistics },
    });
    expect([403, 404]).toContain(other.statusCode);
  });

  it('a sheet with unreadable cells saves nothing and names every error by row and column', async () => {
    const before = await t.db.select().from(batchMilestones);
    const data = await sheet([
      ['JKT2-B002', d(70), 10, d(5), d(9), null, null, null, null, null, null],
      ['JKT2-B003', 'soon', 500, '2026-02-30', null, null, null, null, null, null, null],
      [null, d(70), null, d(5)],
    ]);
    const r = await upload(tok.shipper, data, 'en');
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('plan.import_invalid');
    const errors = r.body.errors.map((e: { row: number; column: string; message: string }) => [
      e.row,
      e.column,
      e.message,
    ]);
    expect(errors).toEqual([
      [3, 'Required on site', 'must be a date (like 2026-07-31)'],
      [3, 'At-risk margin (days)', 'must be a whole number from 0 to 180'],
      [3, 'Ready ex works', 'must be a date (like 2026-07-31)'],
      [4, 'Batch No.', 'is required'],
    ]);
    expect(r.body.message).toBe(
      '4 errors, nothing was imported. Row 3, "Required on site": must be a date (like 2026-07-31)',
    );
    // Nothing of the good first row was kept.
    const after = await t.db.select().from(batchMilestones);
    expect(after.map((m) => [m.id, m.planned])).toEqual(before.map((m) => [m.id, m.planned]));
  });

  it('a batch the project does not have, or one named twice, refuses the whole sheet', async () => {
    const before = await t.db.select().from(batchMilestones);
    const data = await sheet([
      ['JKT2-B002', d(70), 10, d(5), d(9)],
      ['NO-SUCH', d(70), null, d(5)],
      ['JKT2-B002', null, null, d(4)],
      ['CTG4-B006', null, null, d(4)],
    ]);
    const r = await upload(tok.shipper, data, 'en');
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: { row: number; message: string }) => [e.row, e.message])).toEqual([
      [3, 'The project has no batch NO-SUCH'],
      [4, 'appears more than once'],
      // A batch of another project of the same shipper is not this project's.
      [5, 'The project has no batch CTG4-B006'],
    ]);
    const after = await t.db.select().from(batchMilestones);
    expect(after.map((m) => [m.id, m.planned])).toEqual(before.map((m) => [m.id, m.planned]));
  });

  it('planned dates out of order are refused on their row, in the reader’s language', async () => {
    const r = await upload(tok.shipper, await sheet([['JKT2-B002', null, null, d(9), d(5)]]), 'zh');
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({
      row: 2,
      column: '包装完成',
      message: '计划日期顺序错误：「包装完成」不能早于「出厂就绪」',
    });
  });

  it('a clean sheet saves every row through the plan, re-projected; a blank cell keeps the date', async () => {
    const other = 'JKT2-B003';
    const data = await sheet([
      [
        'JKT2-B002',
        new Date(`${d(40)}T00:00:00Z`),
        5,
        null,
        d(8),
        `${d(10).replaceAll('-', '/')}`,
        d(13),
        d(30),
      ],
      [other, d(90), null, d(1), d(6)],
    ]);
    const r = await upload(tok.shipper, data);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: 'done', imported: 2 });
    const mine = (await plan()).body;
    expect(mine).toMatchObject({ requiredOnSite: d(40), marginDays: 5 });
    expect(plannedOf(mine)).toMatchObject({ exWorks: d(3), packed: d(8), loaded: d(10), arrived: d(30) });
    const [o] = await t.db.select().from(projectBatches).where(eq(projectBatches.batchNumber, other));
    const [p] = await t.db.select().from(batchPlans).where(eq(batchPlans.batchId, o.id));
    expect(p).toMatchObject({ requiredOnSite: d(90) });
    // Only the shipper imports its project's plans.
    expect((await upload(tok.logistics, data)).status).toBe(403);
    expect((await upload(tok.supplier2, data)).status).toBe(403);
  });
});
