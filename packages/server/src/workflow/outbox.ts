// The outbox (docs/decisions.md): notifications and websocket pushes are rows written in the command's own
// transaction, delivered after commit by a dispatcher. Nothing is pushed before commit; nothing committed
// is lost on a crash — a restarted node delivers what was committed and not yet sent.
// Delivery is at-least-once per row and exactly-once for what a handler writes in the delivery
// transaction (a row is marked delivered in the same transaction as the message rows it produces).
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

/** Postgres channel that wakes every node's dispatcher when an outbox row commits. */
export const OUTBOX_CHANNEL = 'tradelane_outbox';
const MAX_ATTEMPTS = 10;
const BATCH = 100;

export interface OutboxEntry {
  kind: string;
  payload: Record<string, unknown>;
}

/** How many times this process has written outbox entries (committed or not): see `outboxWrites`. */
let writes = 0;

/**
 * A count that moves whenever this process writes outbox entries. A request that finds it unchanged from
 * its start to its answer wrote none, so it need not run the dispatcher (a transaction) before answering.
 */
export const outboxWrites = () => writes;

/** Writes entries in the caller's transaction; the NOTIFY is sent by Postgres only if it commits. */
export async function enqueue(db: Db, entries: OutboxEntry | OutboxEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (!list.length) return;
  writes++;
  await db.insert(outbox).values(list.map((e) => ({ kind: e.kind, payload: e.payload })));
  await db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

/** What a handler does after its delivery transaction committed (e.g. a websocket push). */
export type AfterCommit = () => void | Promise<void>;
/** Delivers one entry inside the delivery transaction; may return what to do after commit. */
export type OutboxHandler = (tx: Db, payload: Record<string, unknown>) => Promise<AfterCommit | undefined>;

export class OutboxDispatcher {
  private handlers = new Map<string, OutboxHandler>();
  private running: Promise<void> | null = null;
  private again = false;
  private paused = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  handle(kind: string, handler: OutboxHandler) {
    this.handlers.set(kind, handler);
  }

  /** Stops delivering (the node is going down, or a test simulates a crash after commit). */
  pause() {
    this.paused = true;
  }

  /** Delivers everything committed and not yet sent; concurrent calls share one run. */
  flush(): Promise<void> {
    if (this.paused) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        while (!this.paused && (await this.batch()) === BATCH) {}
      } while (this.again && !this.paused);
    })()
      .catch((err) => this.log.error({ err }, 'outbox dispatch failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Fire-and-forget wake (LISTEN/NOTIFY, the fallback timer). */
  wake() {
    void this.flush();
  }

  /** A slow fallback sweep for entries whose wake was lost (a node died mid-delivery). */
  start(intervalMs = 15_000) {
    this.timer = setInterval(() => this.wake(), intervalMs);
    this.timer.unref();
  }

  async stop() {
    this.pause();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async batch(): Promise<number> {
    const after: AfterCommit[] = [];
    const count = await this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const rows = await db
        .select()
        .from(outbox)
        .where(and(isNull(outbox.deliveredAt), lt(outbox.attempts, MAX_ATTEMPTS)))
        .orderBy(asc(outbox.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const row of rows) {
        const handler = this.handlers.get(row.kind);
        try {
          if (!handler) throw new Error(`no outbox handler for ${row.kind}`);
          // A savepoint per entry: one failing delivery does not undo the others.
          const done = await db.transaction(async (sp) => {
            const then = await handler(sp as unknown as Db, row.payload as Record<string, unknown>);
            await sp.update(outbox).set({ deliveredAt: new Date() }).where(eq(outbox.id, row.id));
            return then;
          });
          if (done) after.push(done);
        } catch (err) {
          this.log.warn({ err, id: row.id, kind: row.kind }, 'outbox entry not delivered');
          await db
            .update(outbox)
            .set({ attempts: row.attempts + 1, lastError: String((err as Error).message).slice(0, 500) })
            .where(eq(outbox.id, row.id));
        }
      }
      return rows.length;
    });
    for (const fn of after) {
      try {
        await fn();
      } catch (err) {
        this.log.warn({ err }, 'outbox after-commit step failed');
      }
    }
    return count;
  }
}
