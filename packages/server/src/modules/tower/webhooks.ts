// Events out (docs/decisions.md): a tenant's webhooks, the deliveries the outbox makes of the tower's events,
// and the sender that POSTs them signed through the outbound guard, retrying with backoff for a day.
// A delivery is a row: the outbox handler writes one per subscribed webhook in its own transaction (so an
// event is fanned out exactly once), and the sender takes due rows under a lease (so two nodes, or the
// timer and a test, never send the same try twice).

import { createHmac, randomUUID } from 'node:crypto';
import {
  DeliveryStatus,
  deliveryStatusLabels,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_RETRY_FOR_MS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  webhookCreate,
  webhookDeliveryQuery,
  webhookEvents,
  webhookUpdate,
} from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { towerOps } from '@tradelane/contract/api/tower';
import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries, webhooks } from '../../db/schema-tower.ts';
import { caller } from '../../http/auth.ts';
import { AppError, langOf, notFound } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { checkHost, guardedFetch } from '../../lib/outbound.ts';
import { decryptSecret, encryptSecret } from '../../lib/secret.ts';
import { type Ctx, defineResource } from '../../resources/engine.ts';
import { WEBHOOK_KIND } from './events-out.ts';

const PERMISSION = 'webhook:edit';
const MINUTE = 60_000;
/** The longest wait between two tries. */
const MAX_DELAY = 2 * 3600_000;
/** How long a sender holds a delivery it is sending (another node takes it over after). */
const LEASE_MS = 2 * MINUTE;
const SEND_TIMEOUT_MS = 10_000;
const BATCH = 50;

/** The wait after the n-th failed try: 1, 2, 4 … minutes, at most two hours. */
export const retryDelay = (tries: number) => Math.min(MINUTE * 2 ** Math.max(0, tries - 1), MAX_DELAY);

/** The signature a receiver recomputes: hex HMAC-SHA256 over "<timestamp>.<body>". */
export function signature(secretText: string, timestamp: number | string, body: string) {
  return createHmac('sha256', secretText).update(`${timestamp}.${body}`).digest('hex');
}

/** What a list shows of a secret: that there is one, and its last characters. */
const hintOf = (plain: string | null) => (plain ? `••••${plain.slice(-4)}` : '••••');

async function checkUrl(app: FastifyInstance, url: string, log: FastifyInstance['log']) {
  await checkHost(app.config.outbound, new URL(url).hostname).catch((err) => {
    log.warn({ err, url }, 'webhook address refused by the outbound guard');
    throw new AppError(400, 'outbound.refused', { field: 'url' });
  });
}

/** Declared when the module loads (the attack suite walks every declared family); the app is the request's. */
export const webhookResource = defineResource({
  family: families.webhooks,
  table: webhooks,
  create: webhookCreate,
  update: webhookUpdate,
  permissions: { list: PERMISSION, create: PERMISSION, update: PERMISSION, delete: PERMISSION },
  scope: 'tenant',
  filters: { id: 'equal', enabled: 'equal' },
  defaultSort: ['id,asc'],
  hidden: ['secretEnc'],
  serverOwned: ['secretEnc'],
  hooks: {
    beforeCreate: async (ctx, data) => {
      const app = ctx.request.server;
      await checkUrl(app, data.url, ctx.request.log);
      const { secret, ...rest } = data;
      return { ...rest, secretEnc: encryptSecret(app.config, secret) };
    },
    beforeUpdate: async (ctx, _existing, data) => {
      const app = ctx.request.server;
      if (typeof data.url === 'string') await checkUrl(app, data.url, ctx.request.log);
      const { secret, ...rest } = data;
      return secret ? { ...rest, secretEnc: encryptSecret(app.config, secret) } : rest;
    },
    decorate: async (ctx: Ctx, rows) => {
      if (!rows.length) return rows;
      const sealed = await secretsOf(
        ctx.db,
        rows.map((r) => r.id),
      );
      const config = ctx.request.server.config;
      return rows.map((r) => ({
        ...r,
        secretHint: hintOf(decryptSecret(config, sealed.get(r.id) ?? '')),
      }));
    },
  },
});

/**
 * GET /api/webhooks/deliveries: the delivery log of the tenant's webhooks, newest first, each filter
 * backed by an index that starts with the tenant (schema-tower.ts). What was sent (the body) and the
 * sender's lease stay inside.
 */
export const webhookDeliveryResource = defineResource({
  family: families.webhookDeliveries,
  table: webhookDeliveries,
  // A list only: deliveries are written by the outbox and the sender, never through this family.
  create: webhookDeliveryQuery.pick({ webhookId: true }),
  actions: ['list'],
  permissions: { list: PERMISSION },
  scope: 'tenant',
  filters: { id: 'equal', webhookId: 'equal', kind: 'equal', status: 'equal' },
  sortable: ['id', 'createTime', 'status', 'tries', 'nextAttemptAt', 'deliveredAt'],
  defaultSort: ['createTime,desc'],
  hidden: ['tenantId', 'body', 'leaseUntil', 'updateTime', 'createBy', 'updateBy'],
  hooks: {
    decorate: async (ctx, rows) => {
      const lang = langOf(ctx.request);
      return rows.map((r) => ({
        ...r,
        statusLabel: deliveryStatusLabels[r.status]?.[lang] ?? String(r.status),
        kindLabel: webhookEvents.find((e) => e.code === r.kind)?.[lang] ?? r.kind,
      }));
    },
  },
});

async function secretsOf(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await db
    .select({ id: webhooks.id, secretEnc: webhooks.secretEnc })
    .from(webhooks)
    .where(inArray(webhooks.id, ids));
  return new Map(rows.map((r) => [r.id, r.secretEnc]));
}

/** An event out as emitEvents writes it to the outbox (read back with a check: the outbox keeps JSON). */
const envelope = z.object({
  id: z.string(),
  kind: z.string(),
  tenants: z.array(z.number()),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});

/** The outbox handler: one delivery per enabled webhook of each concerned tenant subscribed to the kind. */
export async function fanOut(db: Db, payload: Record<string, unknown>) {
  const e = envelope.parse(payload);
  if (!e.tenants.length) return;
  const hooks = await db
    .select({ id: webhooks.id, tenantId: webhooks.tenantId, events: webhooks.events })
    .from(webhooks)
    .where(and(inArray(webhooks.tenantId, e.tenants), eq(webhooks.enabled, true)));
  const rows = hooks
    .filter((h) => h.events.includes(e.kind))
    .map((h) => ({
      tenantId: h.tenantId,
      webhookId: h.id,
      eventId: e.id,
      kind: e.kind,
      body: JSON.stringify({
        id: e.id,
        kind: e.kind,
        createdAt: e.createdAt,
        tenantId: h.tenantId,
        data: e.data,
      }),
      status: DeliveryStatus.pending,
      nextAttemptAt: new Date(),
      createBy: 'system',
    }));
  if (rows.length) await db.insert(webhookDeliveries).values(rows);
}

/** Sends what is due; runs one after another in a process, so a caller awaiting it sees its effect. */
export class WebhookSender {
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  constructor(private readonly app: FastifyInstance) {}

  /** Sends every delivery due at `now` (a test passes its own clock); answers how many were tried. */
  sendDue(now: Date = new Date(), only?: number[]): Promise<number> {
    const run = this.chain.then(() => this.run(now, only));
    this.chain = run.catch((err) => this.app.log.error({ err }, 'webhook sending failed'));
    return run;
  }

  start(intervalMs = 30_000) {
    this.timer = setInterval(() => void this.sendDue().catch(() => {}), intervalMs);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.chain;
  }

  private async claim(now: Date, only?: number[]) {
    const db = this.app.db;
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.status, DeliveryStatus.pending),
            lte(webhookDeliveries.nextAttemptAt, now),
            or(isNull(webhookDeliveries.leaseUntil), lte(webhookDeliveries.leaseUntil, now)),
            only ? inArray(webhookDeliveries.id, only) : undefined,
          ),
        )
        .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (!due.length) return [];
      return tx
        .update(webhookDeliveries)
        .set({ leaseUntil: new Date(now.getTime() + LEASE_MS) })
        .where(
          inArray(
            webhookDeliveries.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  private async run(now: Date, only?: number[]): Promise<number> {
    let tried = 0;
    for (;;) {
      const rows = await this.claim(now, only);
      if (!rows.length) return tried;
      const hooks = await this.app.db
        .select()
        .from(webhooks)
        .where(
          inArray(
            webhooks.id,
            rows.map((r) => r.webhookId),
          ),
        );
      await Promise.all(
        rows.map(async (row) => {
          const hook = hooks.find((h) => h.id === row.webhookId);
          await this.tryOne(row, hook, now);
        }),
      );
      tried += rows.length;
      if (rows.length < BATCH) return tried;
    }
  }

  private async tryOne(
    row: typeof webhookDeliveries.$inferSelect,
    hook: typeof webhooks.$inferSelect | undefined,
    now: Date,
  ) {
    const tries = row.tries + 1;
    let code: number | null = null;
    let answer: string | null = null;
    let error: string | null = null;
    const secretText = hook ? decryptSecret(this.app.config, hook.secretEnc) : null;
    if (!hook?.enabled) error = 'webhook removed or disabled';
    else if (!secretText) error = 'signing secret unreadable (CONFIG_KEY changed?)';
    else {
      const timestamp = Math.floor(now.getTime() / 1000);
      try {
        const res = await guardedFetch(this.app.config.outbound, hook.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Tradelane-Webhooks/1',
            [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
            [WEBHOOK_SIGNATURE_HEADER]: `sha256=${signature(secretText, timestamp, row.body)}`,
            [WEBHOOK_EVENT_HEADER]: row.kind,
            [WEBHOOK_DELIVERY_HEADER]: String(row.id),
          },
          body: row.body,
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        code = res.status;
        answer = (await res.text().catch(() => '')).slice(0, 500) || null;
      } catch (err) {
        this.app.log.warn({ err, delivery: row.id }, 'webhook delivery failed');
        error = String((err as Error).message ?? err).slice(0, 500);
      }
    }
    const ok = code !== null && code >= 200 && code < 300;
    const next = new Date(now.getTime() + retryDelay(tries));
    const givenUp = !ok && (!hook || next.getTime() - row.createTime.getTime() > WEBHOOK_RETRY_FOR_MS);
    await this.app.db
      .update(webhookDeliveries)
      .set({
        tries,
        lastStatus: code,
        lastAnswer: answer,
        lastError: error,
        leaseUntil: null,
        status: ok ? DeliveryStatus.delivered : givenUp ? DeliveryStatus.failed : DeliveryStatus.pending,
        nextAttemptAt: ok || givenUp ? null : next,
        deliveredAt: ok ? now : null,
        updateTime: now,
      })
      .where(eq(webhookDeliveries.id, row.id));
  }
}

const senders = new WeakMap<object, WebhookSender>();
/** The app's sender (one per app; tests drive it with their own clock). */
export function webhookSender(app: FastifyInstance): WebhookSender {
  const root = app.outbox as object;
  let s = senders.get(root);
  if (!s) {
    s = new WebhookSender(app);
    senders.set(root, s);
  }
  return s;
}

export async function webhookRoutes(app: FastifyInstance) {
  const sender = webhookSender(app);
  app.outbox.handle(WEBHOOK_KIND, async (tx, payload) => {
    await fanOut(tx, payload);
    // After commit: try the new deliveries now, without holding the request that caused them.
    return () => {
      void sender.sendDue().catch(() => {});
    };
  });
  app.addHook('onReady', async () => sender.start());
  app.addHook('onClose', async () => sender.stop());

  mount(
    app,
    towerOps.testWebhook,
    async (request) => {
      const { id } = request.body;
      const auth = caller(request);
      const [hook] = await app.db
        .select({ id: webhooks.id, tenantId: webhooks.tenantId })
        .from(webhooks)
        .where(
          and(eq(webhooks.id, id), auth.isPlatformAdmin ? undefined : eq(webhooks.tenantId, auth.tenantId)),
        );
      if (!hook) throw notFound();
      const eventId = randomUUID();
      const createdAt = new Date();
      const [row] = await app.db
        .insert(webhookDeliveries)
        .values({
          tenantId: hook.tenantId,
          webhookId: hook.id,
          eventId,
          kind: 'webhook.test',
          body: JSON.stringify({
            id: eventId,
            kind: 'webhook.test',
            createdAt: createdAt.toISOString(),
            tenantId: hook.tenantId,
            data: { message: 'Tradelane webhook test' },
          }),
          status: DeliveryStatus.pending,
          nextAttemptAt: createdAt,
          createBy: auth.username,
        })
        .returning({ id: webhookDeliveries.id });
      await sender.sendDue(createdAt, [row.id]);
      const [after] = await app.db
        .select({
          id: webhookDeliveries.id,
          status: webhookDeliveries.status,
          tries: webhookDeliveries.tries,
          lastStatus: webhookDeliveries.lastStatus,
          lastAnswer: webhookDeliveries.lastAnswer,
          lastError: webhookDeliveries.lastError,
          nextAttemptAt: webhookDeliveries.nextAttemptAt,
        })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, row.id));
      return after;
    },
    { config: { describe: 'send a test event to a webhook' } },
  );
}
