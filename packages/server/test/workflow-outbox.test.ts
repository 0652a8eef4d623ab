// The outbox: a notification committed with its command is delivered even when the server goes down
// between the commit and the delivery — the next server on the same database delivers it on start.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { statementTap } from '../src/db/client.ts';
import { messages, outbox, tenants } from '../src/db/schema.ts';
import { materialLists, projectBatches } from '../src/db/schema-project.ts';
import { call, login } from './helpers.ts';
import { cloneDatabase } from './template.ts';

const config = loadConfig({
  CAPTCHA: 'off',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  AUTH_RATE_LIMIT: '10000',
});
const { database, drop } = await cloneDatabase(inject('dbTemplate'));
afterAll(drop);

const TITLE = '江苏华能电缆有限公司 提交了批次 JKT2-B003 的物料清单，请确认';

describe('outbox', () => {
  it('a notification committed before a crash is delivered by the next server', async () => {
    const db = database.db;
    const [b003] = await db.select().from(projectBatches).where(eq(projectBatches.batchNumber, 'JKT2-B003'));
    const [shipper] = await db
      .select()
      .from(tenants)
      .where(eq(tenants.corporateName, '中建国际工程有限公司'));

    // First server: the command commits, then the node "dies" before its dispatcher runs.
    const first = await buildApp(config, database);
    await first.ready();
    first.outbox.pause();
    const supplier2 = await login(first, 'supplier2');
    const cable = {
      batchId: b003.id,
      name: '中压电力电缆',
      quantity: 10,
      unit: 'm',
    };
    expect((await call(first, 'POST', '/api/supplies', { token: supplier2, body: cable })).status).toBe(201);
    const submit = await call(first, 'POST', '/api/supplies/submitCustomer', {
      token: supplier2,
      body: { batchId: b003.id },
    });
    expect(submit.status).toBe(200);
    const told = () =>
      db
        .select()
        .from(messages)
        .where(and(eq(messages.tenantId, shipper.id), eq(messages.title, TITLE)));
    // Committed: the list is submitted and the notice waits in the outbox, undelivered.
    const [list] = await db.select().from(materialLists).where(eq(materialLists.id, submit.body.id));
    expect(list.status).toBe(1);
    expect(await told()).toHaveLength(0);
    const waiting = await db.select().from(outbox).where(isNull(outbox.deliveredAt));
    expect(waiting.map((w) => w.kind)).toContain('message');
    await first.close();

    // Second server on the same database: on start it delivers what was committed and not yet sent.
    const second = await buildApp(config, database);
    await second.ready();
    const delivered = await told();
    expect(delivered.length).toBeGreaterThan(0);
    expect(delivered[0]).toMatchObject({
      enTitle: '江苏华能电缆有限公司 submitted the material list of batch JKT2-B003: please confirm it',
    });
    expect(await db.select().from(outbox).where(isNull(outbox.deliveredAt))).toHaveLength(0);
    // Delivered once: a further sweep adds nothing.
    await second.outbox.flush();
    expect(await told()).toHaveLength(delivered.length);
    const shipperToken = await login(second, 'shipper');
    const count = await call(second, 'GET', '/api/messageCenter/getMessageByCurrent', {
      token: shipperToken,
      query: { read: 'false', size: 50 },
    });
    expect(count.body.content.map((m: { title: string }) => m.title)).toContain(TITLE);
    await second.close();
  });

  it('a refused write answers without looking in the outbox; a write that queued a notice delivers it first', async () => {
    const fresh = await cloneDatabase(inject('dbTemplate'));
    const db = fresh.database.db;
    const app = await buildApp(config, fresh.database);
    await app.ready();
    const supplier2 = await login(app, 'supplier2');
    const seen: string[] = [];
    statementTap.fn = (q) => {
      if (q.includes('"sys_outbox"')) seen.push(q);
    };
    try {
      // Anonymously, and signed in with a form the contract refuses: nothing was queued, nothing is looked for.
      expect((await call(app, 'POST', '/api/supplies', { body: {} })).status).toBe(401);
      expect((await call(app, 'POST', '/api/supplies', { token: supplier2, body: {} })).status).toBe(400);
      expect(seen).toEqual([]);
      // Submitting a list queues the shipper's notice: it is delivered before the answer comes back.
      const [b003] = await db
        .select()
        .from(projectBatches)
        .where(eq(projectBatches.batchNumber, 'JKT2-B003'));
      const row = { batchId: b003.id, name: '中压电力电缆', quantity: 10, unit: 'm' };
      expect((await call(app, 'POST', '/api/supplies', { token: supplier2, body: row })).status).toBe(201);
      const submit = await call(app, 'POST', '/api/supplies/submitCustomer', {
        token: supplier2,
        body: { batchId: b003.id },
      });
      expect(submit.status).toBe(200);
      expect(seen.some((q) => q.startsWith('insert'))).toBe(true);
      expect(seen.some((q) => q.startsWith('select'))).toBe(true);
      expect(await db.select().from(outbox).where(isNull(outbox.deliveredAt))).toHaveLength(0);
      expect(await db.select().from(messages).where(eq(messages.title, TITLE))).not.toHaveLength(0);
    } finally {
      statementTap.fn = null;
      await app.close();
      await fresh.drop();
    }
  });
});
