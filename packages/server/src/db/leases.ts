// Leases of long tasks (imports, scheduled-job runs). A task row names the node that works on it and a
// time, on the database's clock, until which that node vouches for it (`lease_node`, `lease_until`). Every
// heartbeat a node renews the leases of the tasks it is working on; any node ends a task still at work past
// its lease as interrupted, so no task stays "running" after its process is gone — and a task whose node
// is alive keeps its lease, however many nodes sweep. A node never ends a task it is itself working on
// (on PGlite an open transaction can hold its heartbeat back, and the sweep with it).
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, isNull, lt, not, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './client.ts';

/**
 * This process's name in leases and logs: host and pid, and a random part so that a restarted process
 * (in a container the pid is the same every time) is never taken for the one that died.
 */
export const NODE_ID = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/** One kind of leased task: its table and what an interrupted task becomes. */
export interface LeasedKind<T extends PgTable = PgTable> {
  name: string;
  table: T;
  id: PgColumn;
  leaseNode: PgColumn;
  leaseUntil: PgColumn;
  /** The rows still at work. */
  atWork: SQL;
  /** The columns an interrupted task is given (its failed status and the reason). */
  interrupted: () => PgUpdateSetSource<T>;
  /** Told the ids of the tasks just ended as interrupted (an alert, a summary). */
  onInterrupted?: (ids: number[]) => Promise<void>;
}

export interface LeaseTimes {
  /** How long a lease lasts after each renewal. */
  leaseMs: number;
  /** How often a node renews its leases and looks for expired ones. */
  heartbeatMs: number;
}

export interface LeaseOptions {
  log?: FastifyBaseLogger;
  /** One process owns the database (PGlite): at start, every task at work is another process's. */
  soleNode?: boolean;
  /** This node's name (tests run several "nodes" in one process). */
  node?: string;
}

export class Leases {
  readonly node: string;
  private kinds = new Map<string, LeasedKind>();
  private live = new Map<string, Set<number>>();
  private timer: NodeJS.Timeout | null = null;
  private beat: Promise<void> | null = null;
  private readonly log?: FastifyBaseLogger;
  private readonly soleNode: boolean;

  constructor(
    private readonly db: Db,
    readonly times: LeaseTimes,
    options: LeaseOptions = {},
  ) {
    this.node = options.node ?? NODE_ID;
    this.log = options.log;
    this.soleNode = options.soleNode ?? false;
  }

  /** Declares a kind of leased task (again: the same kind, nothing changes). */
  declare<T extends PgTable>(kind: LeasedKind<T>) {
    this.kinds.set(kind.name, kind as unknown as LeasedKind);
    if (!this.live.has(kind.name)) this.live.set(kind.name, new Set());
  }

  /** The database's time a lease taken now runs to. */
  private until(): SQL {
    return sql`now() + make_interval(secs => ${this.times.leaseMs / 1000})`;
  }

  /** The lease columns of a task this node starts (spread into the insert). */
  stamp(): { leaseNode: string; leaseUntil: SQL } {
    return { leaseNode: this.node, leaseUntil: this.until() };
  }

  /** This node works on the task `id` of `kind` until the returned release is called. */
  hold(kind: string, id: number): () => void {
    const ids = this.live.get(kind);
    if (!ids) throw new Error(`leases: unknown kind ${kind}`);
    ids.add(id);
    return () => ids.delete(id);
  }

  /** Renews the leases of the tasks this node works on. */
  async renew(): Promise<void> {
    for (const [name, kind] of this.kinds) {
      const ids = [...(this.live.get(name) ?? [])];
      if (!ids.length) continue;
      await this.db
        .update(kind.table)
        .set({ leaseUntil: this.until() } as never)
        .where(and(inArray(kind.id, ids), eq(kind.leaseNode, this.node)));
    }
  }

  /**
   * Ends as interrupted every task at work whose lease has run out (or that has none: rows from before
   * leases), except the ones this node works on. `everyOther`: every task at work not this node's,
   * lease or not (PGlite at start: no other process can be working on its database).
   */
  async sweep(everyOther = false): Promise<Record<string, number[]>> {
    const ended: Record<string, number[]> = {};
    for (const [name, kind] of this.kinds) {
      const mine = [...(this.live.get(name) ?? [])];
      const expired = everyOther ? undefined : or(isNull(kind.leaseUntil), lt(kind.leaseUntil, sql`now()`));
      const notMine = mine.length
        ? not(and(eq(kind.leaseNode, this.node), inArray(kind.id, mine)) as SQL)
        : undefined;
      const rows = (await this.db
        .update(kind.table)
        .set({ ...kind.interrupted(), leaseUntil: null } as never)
        .where(and(kind.atWork, expired, notMine))
        .returning({ id: kind.id })) as { id: number }[];
      const ids = rows.map((r) => Number(r.id));
      ended[name] = ids;
      if (!ids.length) continue;
      this.log?.warn({ kind: name, ids }, 'tasks whose node stopped were ended as interrupted');
      try {
        await kind.onInterrupted?.(ids);
      } catch (err) {
        this.log?.error({ err, kind: name }, 'after-interruption step failed');
      }
    }
    return ended;
  }

  /** One heartbeat: renew this node's leases, then end the expired ones (concurrent calls share one). */
  heartbeat(): Promise<void> {
    this.beat ??= (async () => {
      try {
        await this.renew();
        await this.sweep();
      } catch (err) {
        this.log?.error({ err }, 'lease heartbeat failed');
      } finally {
        this.beat = null;
      }
    })();
    return this.beat;
  }

  /** At start: the first sweep, then a heartbeat every `heartbeatMs`. */
  async start(): Promise<void> {
    try {
      await this.sweep(this.soleNode);
    } catch (err) {
      this.log?.error({ err }, 'lease sweep at start failed');
    }
    this.timer = setInterval(() => void this.heartbeat(), this.times.heartbeatMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beat;
  }
}
