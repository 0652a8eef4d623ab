// Events out: a company's administrator registers webhooks; the tower's events (a plan saved,
// a milestone reached by a real batch command, exceptions opened and resolved) reach a receiver on
// loopback signed with its secret; a receiver answering 500 is retried with backoff (the sender driven by
// a clock, no sleeps) and given up after a day; another company neither sees nor changes them; the
// secret is never answered nor logged.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LogisticsStatus, webhookEnvelope, webhookEventCodes, webhookPayloads } from '@tradelane/contract';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logs } from '../src/db/schema.ts';
import { boxPieces } from '../src/db/schema-boxes.ts';
import { tradeDocuments } from '../src/db/schema-papers.ts';
import { projectBatches } from '../src/db/schema-project.ts';
import {
  batchMilestones,
  batchPlans,
  towerExceptions,
  webhookDeliveries,
  webhooks,
} from '../src/db/schema-tower.ts';
import { addDays, dayOf } from '../src/modules/tower/projection.ts';
import { webhookSender } from '../src/modules/tower/webhooks.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp({ OUTBOUND_ALLOW: '127.0.0.1' });
const SECRET = 'whsec-Tq9v2LmX8pR4nZ7k';
const OTHER_SECRET = 'whsec-failing-receiver-0001';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
function receiver(status: number) {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 200 ? 'ok' : 'receiver down for maintenance');
    });
  });
  return { got, server };
}
const good = receiver(200);
const bad = receiver(500);
const urlOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}/hooks`;

let tok: Record<string, string>;
let batchId: number;
let box: number;
let vehicle: number;
let hookId: number;
let badHookId: number;
const answers: string[] = [];
const today = dayOf(new Date());
const d = (n: number) => addDays(today, n);

/** Calls the API and keeps every answer, to show the secret never comes back. */
const api = async (...args: Parameters<typeof call>) => {
  const r = await call(...args);
  answers.push(r.raw.body);
  return r;
};

beforeAll(async () => {
  await Promise.all(
    [good.server, bad.server].map((s) => new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok))),
  );
  tok = await loginAll(t.app, ['shipper', 'supplier', 'supplier2', 'logistics']);
  // The events below come from one batch walked from an empty tower: the demo's plans and exceptions go.
  await t.db.delete(towerExceptions);
  await t.db.delete(batchMilestones);
  await t.db.delete(batchPlans);
  // The demo lot not loaded yet: one box walks, the others went back to the supplier.
  const [b] = await t.db.select().from(projectBatches).where(eq(projectBatches.batchNumber, 'CTG4-B006'));
  batchId = b!.id;
  const boxes = await t.db.select().from(boxPieces).where(eq(boxPieces.batchId, batchId));
  box = boxes[0]!.id;
  await t.db
    .update(boxPieces)
    .set({ logisticsStatus: LogisticsStatus.backToSupplier })
    .where(and(eq(boxPieces.batchId, batchId), ne(boxPieces.id, box)));
  const v = await call(t.app, 'POST', '/api/accessoryInfo', {
    token: tok.supplier2,
    body: { batchId, plateNumber: '苏B·6K218' },
  });
  expect(v.status).toBe(201);
  vehicle = v.body.id;
});
afterAll(async () => {
  await Promise.all([good.server, bad.server].map((s) => new Promise((ok) => s.close(ok))));
});

/** What the good receiver got, each checked as a receiver would: signature, then the kind's schema. */
function verified() {
  return good.got.map((g) => {
    const ts = g.headers['x-tradelane-timestamp'] as string;
    const expected = createHmac('sha256', SECRET).update(`${ts}.${g.body}`).digest('hex');
    expect(g.headers['x-tradelane-signature']).toBe(`sha256=${expected}`);
    expect(Math.abs(Date.now() / 1000 - Number(ts))).toBeLessThan(600);
    const envelope = webhookEnvelope.parse(JSON.parse(g.body));
    expect(g.headers['x-tradelane-event']).toBe(envelope.kind);
    if (envelope.kind !== 'webhook.test') webhookPayloads[envelope.kind].parse(envelope.data);
    return envelope;
  });
}

describe('webhooks', () => {
  it('are registered by a company administrator; an internal address is refused in its words', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const refused = await api(t.app, 'POST', '/api/webhooks', {
        token: tok.shipper,
        lang,
        body: { url: 'http://192.168.10.5/hook', secret: SECRET, events: ['exception.opened'] },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(
        lang === 'en'
          ? 'url points at an internal network address (loopback, link-local or private): not allowed'
          : 'url 指向内部网络地址（本机、链路本地或私有网段），不允许访问',
      );
    }
    const short = await api(t.app, 'POST', '/api/webhooks', {
      token: tok.shipper,
      lang: 'en',
      body: { url: urlOf(good.server), secret: 'short', events: ['exception.opened'] },
    });
    expect(short.status).toBe(400);
    expect(await t.db.select().from(webhooks)).toEqual([]);

    const r = await api(t.app, 'POST', '/api/webhooks', {
      token: tok.shipper,
      body: {
        url: urlOf(good.server),
        secret: SECRET,
        events: ['milestone.reached', 'projection.changed', 'exception.opened', 'exception.resolved'],
      },
    });
    expect(r.status).toBe(201);
    hookId = r.body.id;
    const failing = await api(t.app, 'POST', '/api/webhooks', {
      token: tok.shipper,
      body: { url: urlOf(bad.server), secret: OTHER_SECRET, events: ['exception.opened'] },
    });
    expect(failing.status).toBe(201);
    badHookId = failing.body.id;
    const list = await api(t.app, 'GET', '/api/webhooks', { token: tok.shipper });
    expect(list.body.content).toHaveLength(2);
    expect(list.body.content[0]).toMatchObject({
      url: urlOf(good.server),
      enabled: true,
      secretHint: '••••nZ7k',
    });
    // Kept encrypted: the column does not hold the secret.
    const [row] = await t.db.select().from(webhooks).where(eq(webhooks.id, hookId));
    expect(row!.secretEnc).not.toContain(SECRET);
  });

  it('another company neither sees nor changes them, nor their deliveries', async () => {
    const list = await api(t.app, 'GET', '/api/webhooks', { token: tok.logistics });
    expect(list.status).toBe(200);
    expect(list.body.content).toEqual([]);
    const put = await api(t.app, 'PUT', '/api/webhooks', {
      token: tok.logistics,
      body: { id: hookId, url: 'http://127.0.0.1:9/stolen' },
    });
    expect([403, 404]).toContain(put.status);
    const del = await api(t.app, 'DELETE', '/api/webhooks', { token: tok.logistics, body: [hookId] });
    expect(del.status === 404 || del.status === 403 || del.body?.deleted === 0).toBe(true);
    const test = await api(t.app, 'POST', '/api/webhooks/test', {
      token: tok.logistics,
      body: { id: hookId },
    });
    expect(test.status).toBe(404);
    const [row] = await t.db.select().from(webhooks).where(eq(webhooks.id, hookId));
    expect(row!.url).toBe(urlOf(good.server));
    expect(good.got).toHaveLength(0);
  });

  it('deliver the tower’s events signed: a plan saved, a milestone reached, an exception opened and resolved', async () => {
    const plan = await api(t.app, 'PUT', '/api/projectBatch/plan', {
      token: tok.shipper,
      body: {
        batchId,
        requiredOnSite: d(50),
        marginDays: 7,
        milestones: [
          { code: 'exWorks', planned: d(-20) },
          { code: 'packed', planned: d(0) },
          { code: 'loaded', planned: d(0) },
          { code: 'shipped', planned: d(4) },
          { code: 'delivered', planned: d(40) },
        ],
      },
    });
    expect(plan.status).toBe(200);
    const load = await api(t.app, 'POST', '/api/accessoryInfoBoxPiece', {
      token: tok.supplier2,
      body: { accessoryInfoId: vehicle, boxPieceIds: [box] },
    });
    expect(load.status).toBe(201);
    const opened = await api(t.app, 'POST', '/api/exceptions', {
      token: tok.shipper,
      body: { batchId, title: 'Crate 7 lid cracked' },
    });
    expect(opened.status).toBe(201);
    const resolved = await api(t.app, 'POST', '/api/exceptions/resolve', {
      token: tok.shipper,
      body: { id: opened.body.id, resolution: 'Lid replaced at the yard' },
    });
    expect(resolved.status).toBe(200);
    await webhookSender(t.app).sendDue();

    const events = verified();
    const reached = events
      .filter((e) => e.kind === 'milestone.reached')
      .map((e) => (e.data as { milestone: string }).milestone);
    expect(reached).toEqual(expect.arrayContaining(['exWorks', 'packed', 'loaded']));
    const loaded = events.find(
      (e) => e.kind === 'milestone.reached' && (e.data as { milestone: string }).milestone === 'loaded',
    );
    expect(loaded!.data).toMatchObject({
      eventType: 'EQUIPMENT',
      equipmentEventTypeCode: 'LOAD',
      eventClassifierCode: 'ACT',
      batch: { id: batchId, batchNumber: 'CTG4-B006' },
    });
    const projection = events.find((e) => e.kind === 'projection.changed');
    expect(projection!.data).toMatchObject({
      requiredOnSite: d(50),
      health: 'onTrack',
      previousHealth: null,
    });
    expect(events.find((e) => e.kind === 'exception.opened')!.data).toMatchObject({
      exception: { id: opened.body.id, title: 'Crate 7 lid cracked', kind: 'manual' },
    });
    expect(events.find((e) => e.kind === 'exception.resolved')!.data).toMatchObject({
      exception: { id: opened.body.id, resolution: 'Lid replaced at the yard' },
    });
    // Each event once: the outbox fans out exactly once, the sender does not send a delivery twice.
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);

    const log = await api(t.app, 'GET', '/api/webhooks/deliveries', {
      token: tok.shipper,
      lang: 'en',
      query: { webhookId: hookId, kind: 'exception.resolved' },
    });
    expect(log.body.content).toEqual([
      expect.objectContaining({
        status: 1,
        statusLabel: 'Delivered',
        tries: 1,
        lastStatus: 200,
        lastAnswer: 'ok',
      }),
    ]);
    const other = await api(t.app, 'GET', '/api/webhooks/deliveries', { token: tok.logistics });
    expect(other.body.content).toEqual([]);
  });

  it('a receiver answering 500 is retried with a growing wait, and given up after a day', async () => {
    const [delivery] = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, badHookId));
    expect(delivery).toMatchObject({ status: 0, tries: 1, lastStatus: 500, kind: 'exception.opened' });
    expect(bad.got).toHaveLength(1);
    const first = delivery!.nextAttemptAt!.getTime();
    expect(first - delivery!.updateTime.getTime()).toBe(60_000);
    const sender = webhookSender(t.app);
    // Not due yet: nothing is sent.
    await sender.sendDue(new Date(first - 1000));
    expect(bad.got).toHaveLength(1);
    await sender.sendDue(new Date(first + 1000));
    expect(bad.got).toHaveLength(2);
    const [second] = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, delivery!.id));
    expect(second).toMatchObject({ status: 0, tries: 2 });
    expect(second!.nextAttemptAt!.getTime() - (first + 1000)).toBe(120_000);
    // The same signature scheme with this hook's own secret.
    const g = bad.got[1]!;
    const ts = g.headers['x-tradelane-timestamp'];
    expect(g.headers['x-tradelane-signature']).toBe(
      `sha256=${createHmac('sha256', OTHER_SECRET).update(`${ts}.${g.body}`).digest('hex')}`,
    );
    await sender.sendDue(new Date(delivery!.createTime.getTime() + 25 * 3600_000));
    expect(bad.got).toHaveLength(3);
    const log = await api(t.app, 'GET', '/api/webhooks/deliveries', {
      token: tok.shipper,
      lang: 'zh',
      query: { webhookId: badHookId, status: 2 },
    });
    expect(log.body.content).toEqual([
      expect.objectContaining({
        status: 2,
        statusLabel: '已放弃',
        tries: 3,
        lastStatus: 500,
        lastAnswer: 'receiver down for maintenance',
        nextAttemptAt: null,
      }),
    ]);
    // Given up: a later run sends nothing more.
    await sender.sendDue(new Date(delivery!.createTime.getTime() + 48 * 3600_000));
    expect(bad.got).toHaveLength(3);
  });

  it('tell a document submitted by its command, in DCSA words', async () => {
    const sub = await api(t.app, 'PUT', '/api/webhooks', {
      token: tok.shipper,
      body: { id: hookId, events: webhookEventCodes },
    });
    expect(sub.status).toBe(200);
    const [doc] = await t.db.select().from(tradeDocuments).where(eq(tradeDocuments.docNo, 'CI-SE-2026-0107'));
    // The demo's invoice has no scan yet: one is attached, so the submit guard lets it through.
    await t.db
      .update(tradeDocuments)
      .set({ fileIds: [1] })
      .where(eq(tradeDocuments.id, doc!.id));
    const submitted = await api(t.app, 'POST', '/api/document/submit', {
      token: tok.supplier,
      body: { id: doc!.id },
    });
    expect(submitted.status).toBe(200);
    await t.app.outbox.flush();
    await webhookSender(t.app).sendDue();
    const event = verified().find((e) => e.kind === 'document.submitted');
    expect(event?.data).toMatchObject({
      eventType: 'SHIPMENT',
      eventClassifierCode: 'ACT',
      shipmentEventTypeCode: 'SUBM',
      documentTypeCode: 'commercial_invoice',
      document: { id: doc!.id, name: '商业发票 CI-SE-2026-0107' },
      batch: { batchNumber: 'JKT2-B001' },
    });
  });

  it('a test event is sent now and its answer shown; a disabled or deleted webhook hears nothing more', async () => {
    const r = await api(t.app, 'POST', '/api/webhooks/test', { token: tok.shipper, body: { id: hookId } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 1, tries: 1, lastStatus: 200 });
    expect(verified().at(-1)!.kind).toBe('webhook.test');

    const off = await api(t.app, 'PUT', '/api/webhooks', {
      token: tok.shipper,
      body: { id: hookId, enabled: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.enabled).toBe(false);
    const before = good.got.length;
    await api(t.app, 'POST', '/api/exceptions', {
      token: tok.shipper,
      body: { batchId, title: 'Another one' },
    });
    await webhookSender(t.app).sendDue();
    expect(good.got).toHaveLength(before);

    const del = await api(t.app, 'DELETE', '/api/webhooks', {
      token: tok.shipper,
      body: [hookId, badHookId],
    });
    expect(del.status).toBe(200);
    expect(await t.db.select().from(webhooks)).toEqual([]);
  });

  it('never answers nor logs the secret', async () => {
    for (const body of answers) {
      expect(body).not.toContain(SECRET);
      expect(body).not.toContain(OTHER_SECRET);
    }
    const logged = JSON.stringify(await t.db.select().from(logs));
    expect(logged).toContain('/api/webhooks');
    expect(logged).not.toContain(SECRET);
    expect(logged).not.toContain(OTHER_SECRET);
  });
});
