// The web's row types are `z.infer` of the contract's answer schemas (issue 10 §5): this test parses
// real answers of the seeded demo with those strict schemas, so an answer the server changes (a key
// added, dropped, renamed or of another type) fails here before it reaches a screen.
import {
  abnormalAnswer,
  batchCountsAnswer,
  boxAnswer,
  containerAnswer,
  containerTypeAnswer,
  listOf,
  packingProgressAnswer,
  pageOf,
  shipmentCheckAnswer,
  timelineEventAnswer,
  transitEventAnswer,
  vehicleAnswer,
} from '@tradelane/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { projectBatches } from '../src/db/schema-project.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
const batch: Record<string, number> = {};

beforeAll(async () => {
  tok = await loginAll(t.app, ['admin', 'shipper', 'supplier', 'logistics', 'site']);
  for (const b of await t.db.select().from(projectBatches)) batch[b.batchNumber] = b.id;
});

type Query = Record<string, string | number | boolean>;
/** GET as a user; the answer must be a 200 the schema parses, and (for lists) hold at least one row. */
async function answer<T extends z.ZodType>(schema: T, who: string, url: string, query: Query = {}) {
  const res = await call(t.app, 'GET', url, { token: tok[who], query });
  expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(200);
  return conform(schema, res.body, url);
}
function conform<T extends z.ZodType>(schema: T, body: unknown, what: string): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new Error(`${what} does not match its schema:\n${JSON.stringify(parsed.error.issues, null, 1)}`);
  const rows = (body as { content?: unknown[] }).content ?? (Array.isArray(body) ? body : undefined);
  if (rows) expect(rows.length, `${what} has rows to check`).toBeGreaterThan(0);
  return parsed.data;
}

describe('the schemas are strict', () => {
  it('an extra key, a missing key or a wrong type fails', async () => {
    const page = await answer(pageOf(boxAnswer), 'shipper', '/api/boxPiece', { size: 1 });
    const box = page.content[0] as Record<string, unknown>;
    expect(boxAnswer.safeParse({ ...box, extra: 1 }).success).toBe(false);
    const { token: _, ...missing } = box;
    expect(boxAnswer.safeParse(missing).success).toBe(false);
    expect(boxAnswer.safeParse({ ...box, grossWeight: '1' }).success).toBe(false);
    expect(
      boxAnswer.safeParse({ ...box, contents: [{ ...(box.contents as object[])[0], x: 1 }] }).success,
    ).toBe(false);
    expect(boxAnswer.safeParse({ ...box, logisticsActions: ['fly'] }).success).toBe(false);
  });
});

describe('boxes', () => {
  it('lists, queries, progress, counts, shipment check and timeline', async () => {
    const B001 = batch['JKT2-B001'];
    const page = await answer(pageOf(boxAnswer), 'supplier', '/api/boxPiece', { batchId: B001, size: 100 });
    const box = page.content[0];
    await answer(boxAnswer, 'shipper', '/api/boxPiece/queryById', { id: box.id });
    await answer(boxAnswer, 'shipper', '/api/boxPiece/queryByBoxId', { boxId: box.token });
    await answer(boxAnswer.array(), 'supplier', '/api/boxPiece/queryByBatchId', { batchId: B001 });
    await answer(packingProgressAnswer, 'supplier', '/api/boxPiece/packingProgress', { batchId: B001 });
    // Boxes on vehicles and in containers fill the logistics fields.
    const loaded = await answer(pageOf(boxAnswer), 'logistics', '/api/boxPiece', { status: 1, size: 500 });
    expect(loaded.content.some((b) => b.plateNumber !== null)).toBe(true);
    expect(loaded.content.some((b) => b.containerNumber !== null)).toBe(true);
    expect(loaded.content.some((b) => b.logisticsActions.length > 0)).toBe(true);
    await answer(batchCountsAnswer.array(), 'logistics', '/api/boxPiece/logisticsCounts', {
      batchId: batch['JKT2-B005'],
    });
    const check = await answer(shipmentCheckAnswer, 'logistics', '/api/boxPiece/checkShipment', {
      batchId: batch['CTG4-B006'],
    });
    expect(check.blocking.length).toBeGreaterThan(0);
    await answer(listOf(timelineEventAnswer), 'shipper', '/api/changeRecord/timeline', {
      entity: 'boxPiece',
      entityId: box.id,
    });
  });
});

describe('logistics', () => {
  it('vehicles, containers, container types, abnormal records and transit timelines', async () => {
    await answer(pageOf(vehicleAnswer), 'logistics', '/api/accessoryInfo', { size: 500 });
    const cs = await answer(pageOf(containerAnswer), 'logistics', '/api/container', { size: 500 });
    expect(cs.content.some((c) => c.planned)).toBe(true);
    await answer(containerTypeAnswer.array(), 'logistics', '/api/loadPlan/containerTypes');
    const ab = await answer(pageOf(abnormalAnswer), 'logistics', '/api/abnormalRecord', { size: 500 });
    expect(ab.content.some((a) => a.photos.length > 0)).toBe(true);
    const signed = batch['CTG4-B001'];
    const events = await answer(transitEventAnswer.array(), 'logistics', '/api/batchIntransitLive', {
      batchId: signed,
    });
    expect(events.every((e) => e.count !== undefined)).toBe(true);
    await answer(transitEventAnswer.array(), 'logistics', '/api/boxPieceIntransitLive', {
      boxPieceId: events.find((e) => e.entity === 'boxPiece')?.entityId ?? 0,
    });
  });
});
