// Server and database monitors: what this node is doing (CPU, load, memory, disk, uptime, Node
// heap, event-loop delay, the database pool, websocket connections) and what the database is doing
// (connections and their statements, table and index sizes, index use, the slowest statements when
// pg_stat_statements is there — a stated note when not, and on PGlite). The spec's /druid/index.html
// opens the database page.
import { statfsSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { systemMonitorOps } from '@tradelane/contract/api/system';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rawRows } from '../../db/raw-rows.ts';
import { mount } from '../../http/mount.ts';
import { realtime } from '../../realtime/hub.ts';

const loopDelay = monitorEventLoopDelay({ resolution: 20 });
const started = Date.now();
/** Tables and indexes listed by the database monitor, largest first: enough for every table and index of
 * the product's schema (about 120 and 270 today), so a small one is never cut off. */
const MONITOR_ROWS = 1000;

/** CPU busy share since the previous call (the first call: since boot). */
let lastCpu = os.cpus().map((c) => c.times);
function cpuUsage(): number {
  const now = os.cpus().map((c) => c.times);
  let busy = 0;
  let total = 0;
  now.forEach((t, i) => {
    const p = lastCpu[i] ?? { user: 0, nice: 0, sys: 0, idle: 0, irq: 0 };
    const d = {
      user: t.user - p.user,
      nice: t.nice - p.nice,
      sys: t.sys - p.sys,
      idle: t.idle - p.idle,
      irq: t.irq - p.irq,
    };
    const all = d.user + d.nice + d.sys + d.idle + d.irq;
    total += all;
    busy += all - d.idle;
  });
  lastCpu = now;
  return total > 0 ? Math.round((busy / total) * 1000) / 10 : 0;
}

const mb = (n: number) => Math.round((n / 2 ** 20) * 10) / 10;
const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;

export async function systemMonitorRoutes(app: FastifyInstance) {
  // The event-loop delay is sampled from the first app built (enabling it again changes nothing).
  loopDelay.enable();
  const query = async (q: ReturnType<typeof sql>) => rawRows(await app.db.execute(q));

  mount(app, systemMonitorOps.server, async () => {
    const mem = process.memoryUsage();
    let disk: { path: string; totalMb: number; freeMb: number; usedPct: number } | null = null;
    try {
      const path = app.config.dataDir ?? '/';
      const s = statfsSync(path);
      const total = s.blocks * s.bsize;
      const free = s.bavail * s.bsize;
      disk = {
        path,
        totalMb: mb(total),
        freeMb: mb(free),
        usedPct: Math.round((1 - free / total) * 1000) / 10,
      };
    } catch {
      disk = null;
    }
    const pool = app.database.pool;
    const figures = {
      time: new Date().toISOString(),
      node: `${os.hostname()}:${process.pid}`,
      cpu: { cores: os.cpus().length, model: os.cpus()[0]?.model ?? '', usagePct: cpuUsage() },
      load: os.loadavg().map((l) => Math.round(l * 100) / 100),
      memory: {
        totalMb: mb(os.totalmem()),
        freeMb: mb(os.freemem()),
        usedPct: Math.round((1 - os.freemem() / os.totalmem()) * 1000) / 10,
      },
      disk,
      uptime: { systemS: Math.round(os.uptime()), processS: Math.round((Date.now() - started) / 1000) },
      runtime: {
        version: process.version,
        rssMb: mb(mem.rss),
        heapUsedMb: mb(mem.heapUsed),
        heapTotalMb: mb(mem.heapTotal),
        externalMb: mb(mem.external),
        eventLoop: {
          p50Ms: ms(loopDelay.percentile(50)),
          p99Ms: ms(loopDelay.percentile(99)),
          maxMs: ms(loopDelay.max),
        },
      },
      database: {
        kind: app.database.kind,
        pool: pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null,
      },
      websockets: realtime.connections(),
    };
    loopDelay.reset();
    return figures;
  });

  /** A text column of a statistics view, null when empty. */
  const text = (v: unknown) => (v == null ? null : String(v));
  mount(app, systemMonitorOps.database, async () => {
    const [version] = await query(sql`select version() as version, current_database() as name,
        pg_database_size(current_database()) as size`);
    const connections = await query(sql`
        select pid, usename as "user", application_name as "application", client_addr::text as "client",
          state, wait_event_type as "waitType", wait_event as "wait",
          greatest(0, extract(epoch from (clock_timestamp() - query_start)) * 1000) as "runningMs", left(query, 500) as query
        from pg_stat_activity where datname = current_database() order by query_start nulls last limit 100`);
    const tables = await query(sql`
        select c.relname as name, c.reltuples::bigint as "rowsEstimate",
          pg_total_relation_size(c.oid) as "totalBytes", pg_relation_size(c.oid) as "tableBytes",
          pg_indexes_size(c.oid) as "indexBytes",
          coalesce(s.seq_scan, 0) as "seqScans", coalesce(s.idx_scan, 0) as "indexScans"
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        left join pg_stat_user_tables s on s.relid = c.oid
        where n.nspname = 'public' and c.relkind = 'r'
        order by pg_total_relation_size(c.oid) desc, c.relname limit ${MONITOR_ROWS}`);
    const indexes = await query(sql`
        select s.relname as "table", s.indexrelname as name, s.idx_scan as scans,
          pg_relation_size(s.indexrelid) as bytes
        from pg_stat_user_indexes s where s.schemaname = 'public'
        order by pg_relation_size(s.indexrelid) desc, s.indexrelname limit ${MONITOR_ROWS}`);
    const [ext] = await query(
      sql`select count(*)::int as n from pg_extension where extname = 'pg_stat_statements'`,
    );
    let statements: Record<string, unknown>[] | null = null;
    let note: 'pglite' | 'no_extension' | null = null;
    if (app.database.kind === 'pglite') note = 'pglite';
    else if (!Number(ext?.n)) note = 'no_extension';
    else
      statements = await query(sql`
          select left(query, 500) as query, calls, round(mean_exec_time::numeric, 2) as "meanMs",
            round(total_exec_time::numeric, 1) as "totalMs", rows
          from pg_stat_statements order by mean_exec_time desc limit 20`);
    return {
      kind: app.database.kind,
      version: String(version?.version ?? ''),
      name: String(version?.name ?? ''),
      sizeBytes: Number(version?.size ?? 0),
      connections: connections.map((c) => ({
        pid: Number(c.pid),
        user: text(c.user),
        application: text(c.application),
        client: text(c.client),
        state: text(c.state),
        waitType: text(c.waitType),
        wait: text(c.wait),
        runningMs: c.runningMs == null ? null : Math.round(Number(c.runningMs)),
        query: text(c.query),
      })),
      tables: tables.map((t) => ({
        name: String(t.name),
        rowsEstimate: Number(t.rowsEstimate),
        totalBytes: Number(t.totalBytes),
        tableBytes: Number(t.tableBytes),
        indexBytes: Number(t.indexBytes),
        seqScans: Number(t.seqScans),
        indexScans: Number(t.indexScans),
      })),
      indexes: indexes.map((i) => ({
        table: String(i.table),
        name: String(i.name),
        scans: Number(i.scans),
        bytes: Number(i.bytes),
      })),
      // The driver reads bigint and numeric as text: the figures go out as numbers.
      statements:
        statements?.map((st) => ({
          query: String(st.query),
          calls: Number(st.calls),
          meanMs: Number(st.meanMs),
          totalMs: Number(st.totalMs),
          rows: Number(st.rows),
        })) ?? null,
      statementsNote: note,
    };
  });

  // The spec's link to the database monitor: a browser navigation carries no token, and the page it leads
  // to is the one guarded (its calls need monitor:database), so the redirect itself is public.
  app.get(
    '/druid/index.html',
    { config: { public: true }, schema: { hide: true } },
    async (_request, reply) => reply.redirect('/monitor/druid'),
  );
}
