// Scheduled jobs: the `jobs` family (an administrator's cron entries naming a whitelisted
// handler), pause and resume on the kernel, run now, the job log, and the scheduler every node runs —
// a due job is claimed with FOR UPDATE SKIP LOCKED and its next run moved in the same transaction, so it
// runs once per due time however many nodes there are. A failure mails the job's alert address.

import {
  isMessageCode,
  type JobHandler,
  type JobRunStatus,
  JobStatus,
  jobCreate,
  jobHandlers,
  jobMachine,
  jobRunInput,
  jobRunStatusLabels,
  jobStatusLabels,
  type Lang,
  type MessageCode,
  translate,
} from '@tradelane/contract';
import { adminOps } from '@tradelane/contract/api/admin';
import { families } from '@tradelane/contract/api/families';
import { Cron } from 'croner';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sweep } from '../../db/janitor.ts';
import { NODE_ID } from '../../db/leases.ts';
import { tenants } from '../../db/schema.ts';
import { jobLogs, jobs } from '../../db/schema-jobs.ts';
import { AppError, badRequest, langOf, notFound } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { publicLink } from '../../lib/public-url.ts';
import { DAY } from '../../lib/time.ts';
import { type Ctx, ctxOf, defineResource, type RowOf } from '../../resources/engine.ts';
import { actionsFor, defineCommand } from '../../workflow/kernel.ts';
import { notify } from '../../workflow/notify.ts';
import { remindFinancingDue } from '../finance/reminders.ts';
import { reprojectOverdue } from '../tower/index.ts';
import { sendMail } from './mail.ts';

/** The next time a cron expression fires after `from`; a bad expression is a 400 with the spec's words. */
export function nextRun(cron: string, from = new Date()): Date {
  let next: Date | null = null;
  try {
    next = new Cron(cron, { paused: true }).nextRun(from);
  } catch {
    throw badRequest('jobs.cron_invalid');
  }
  if (!next) throw badRequest('jobs.cron_invalid');
  return next;
}

/** What a run answers: a catalogue code and its parameters, stored as JSON and shown in the reader's language. */
type JobResult = { code: MessageCode; params?: Record<string, unknown> };

/** What each handler does. Only these run; a job names one by key. */
const registry: Record<JobHandler, (app: FastifyInstance) => Promise<JobResult>> = {
  janitor: async (app) => {
    await sweep(app.db);
    return { code: 'jobs.result_swept' };
  },
  outboxRetry: async (app) => {
    await app.outbox.flush();
    return { code: 'jobs.result_flushed' };
  },
  trialReminder: async (app) => {
    // Tenants whose trial ends within three days and who are not certified yet.
    const soon = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    const due = (await app.db.select().from(tenants)).filter(
      (t): t is typeof t & { trialEnd: string } =>
        !!t.trialEnd && t.trialEnd > today && t.trialEnd <= soon && t.checkStatus !== 2,
    );
    for (const t of due) {
      const days = Math.max(1, Math.ceil((Date.parse(t.trialEnd) - Date.now()) / DAY));
      await notify(app.db, {
        to: { tenants: [t.id] },
        title: 'notice.trial_ending',
        params: { days },
        type: 'system',
      });
    }
    await app.outbox.flush();
    return { code: 'jobs.result_reminded', params: { count: due.length } };
  },
  financeReminder: async (app) => ({
    code: 'jobs.result_financing',
    params: { count: await remindFinancingDue(app) },
  }),
  towerReproject: async (app) => ({ code: 'jobs.result_reprojected', params: await reprojectOverdue(app) }),
};

type JobRow = typeof jobs.$inferSelect;

/** The leased-task kind of job runs (db/leases.ts). */
const JOB_RUN_LEASE = 'jobRun';

/** Runs one job now on this node, logs it, and mails the alert address when it fails. */
export async function runJob(
  app: FastifyInstance,
  job: JobRow,
  trigger: 'schedule' | 'manual',
  by = 'system',
) {
  const startedAt = new Date();
  // The run is in the log from its start, leased to this node: a crash leaves it interrupted, not lost.
  const [started] = await app.db
    .insert(jobLogs)
    .values({
      jobId: job.id,
      jobName: job.name,
      handler: job.handler,
      trigger,
      startedAt,
      status: 'running',
      node: NODE_ID,
      createBy: by,
      ...app.leases.stamp(),
    })
    .returning({ id: jobLogs.id });
  const release = app.leases.hold(JOB_RUN_LEASE, started.id);
  let ok = true;
  let result: string | null = null;
  let error: string | null = null;
  try {
    const handler = registry[job.handler as JobHandler];
    if (!handler) throw new Error(`unknown handler ${job.handler}`);
    result = JSON.stringify(await handler(app)).slice(0, 500);
  } catch (err) {
    ok = false;
    error = String((err as Error)?.stack ?? err).slice(0, 4000);
  }
  const durationMs = Date.now() - startedAt.getTime();
  let log: typeof jobLogs.$inferSelect | undefined;
  try {
    [log] = await app.db
      .update(jobLogs)
      .set({
        status: ok ? 'done' : 'failed',
        durationMs,
        ok,
        result,
        error,
        leaseUntil: null,
        updateTime: new Date(),
      })
      .where(eq(jobLogs.id, started.id))
      .returning();
  } finally {
    release();
  }
  await app.db.update(jobs).set({ lastRunAt: startedAt, lastOk: ok }).where(eq(jobs.id, job.id));
  if (!ok) await alert(app, job, startedAt, durationMs, (error ?? '').split('\n')[0]);
  return log;
}

/** Mails a failed (or interrupted) run to the job's alert address, in both languages. */
async function alert(app: FastifyInstance, job: JobRow, startedAt: Date, ms: number, error: string) {
  if (!job.alertEmail) return;
  const params = { name: job.name, handler: job.handler, time: startedAt.toISOString(), ms, error };
  try {
    await sendMail(
      app,
      job.alertEmail,
      `${translate('jobs.mail_subject', 'zh', params)} / ${translate('jobs.mail_subject', 'en', params)}`,
      [
        translate('jobs.mail_body', 'zh', params),
        translate('jobs.mail_body', 'en', params),
        // A link to the job screen, from PUBLIC_URL only: never from a request's Host (there is none here).
        app.config.publicUrl ? publicLink(app.config.publicUrl, '/system/timing') : null,
      ]
        .filter(Boolean)
        .join('\n\n'),
      'alert',
    );
  } catch (err) {
    app.log.error({ err, job: job.id }, 'job alert mail failed');
  }
}

/**
 * Job runs are leased: a run whose node stopped is logged as interrupted (with the reason in the result),
 * its job's last run marked failed, and its alert address told.
 */
function declareJobRunLeases(app: FastifyInstance) {
  const reason = JSON.stringify({ code: 'task.interrupted' } satisfies JobResult);
  app.leases.declare({
    name: JOB_RUN_LEASE,
    table: jobLogs,
    id: jobLogs.id,
    leaseNode: jobLogs.leaseNode,
    leaseUntil: jobLogs.leaseUntil,
    atWork: eq(jobLogs.status, 'running'),
    interrupted: () => ({
      status: 'interrupted',
      ok: false,
      result: reason,
      // Until its lease ran out: it stopped at most a lease before that (its node renewed it till then).
      durationMs: sql`greatest(0, (extract(epoch from coalesce(${jobLogs.leaseUntil}, now()) - ${jobLogs.startedAt}) * 1000)::int)`,
      updateTime: new Date(),
    }),
    onInterrupted: async (ids) => {
      const runs = await app.db
        .select({ log: jobLogs, job: jobs })
        .from(jobLogs)
        .innerJoin(jobs, eq(jobs.id, jobLogs.jobId))
        .where(inArray(jobLogs.id, ids));
      for (const { log, job } of runs) {
        await app.db.update(jobs).set({ lastOk: false }).where(eq(jobs.id, job.id));
        const interrupted = `${translate('task.interrupted', 'zh')} / ${translate('task.interrupted', 'en')}`;
        await alert(app, job, log.startedAt, log.durationMs ?? 0, interrupted);
      }
    },
  });
}

/**
 * One scheduler pass: claims the jobs due now (rows another node holds are skipped), moves each one's
 * next run in the same transaction, then runs them. Exported for the two-node test.
 */
export async function schedulerTick(app: FastifyInstance, now = new Date()) {
  const claimed = await app.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.status, JobStatus.active), lte(jobs.nextRunAt, now)))
      .orderBy(asc(jobs.nextRunAt))
      .limit(20)
      .for('update', { skipLocked: true });
    for (const j of due)
      await tx
        .update(jobs)
        .set({ nextRunAt: nextRun(j.cron, now) })
        .where(eq(jobs.id, j.id));
    return due;
  });
  const logs = [];
  for (const job of claimed) logs.push(await runJob(app, job, 'schedule'));
  return logs;
}

export function startScheduler(app: FastifyInstance, everyMs = 15_000): () => void {
  let busy = false;
  const run = async () => {
    if (busy) return;
    busy = true;
    try {
      await schedulerTick(app);
    } catch (err) {
      app.log.error({ err }, 'scheduler pass failed');
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}

/** Jobs are the platform's: a tenant's caller sees none, whatever permission it was given. */
const platformOnly = (ctx: Ctx) => (ctx.auth.isPlatformAdmin ? undefined : sql`false`);

function decorateJobs(ctx: Ctx, rows: RowOf<typeof jobs>[]) {
  const lang = langOf(ctx.request);
  return rows.map((r) => ({
    ...r,
    handlerLabel: jobHandlers.find((h) => h.code === r.handler)?.[lang] ?? r.handler,
    statusLabel: jobStatusLabels[r.status]?.[lang] ?? r.status,
    actions: actionsFor(ctx, jobMachine, r),
  }));
}

export const jobResource = defineResource({
  family: families.jobs,
  table: jobs,
  create: jobCreate,
  filters: {
    id: 'equal',
    handler: 'in',
    status: 'in',
    blurry: { op: 'blurry', columns: ['name', 'description'] },
  },
  defaultSort: ['id,asc'],
  permissions: { list: 'timing:list', create: 'timing:add', update: 'timing:edit', delete: 'timing:del' },
  scope: platformOnly,
  serverOwned: ['status', 'nextRunAt', 'lastRunAt', 'lastOk'],
  hooks: {
    beforeCreate: (_ctx, data) => ({
      ...data,
      status: JobStatus.active,
      nextRunAt: nextRun(data.cron),
    }),
    // A changed cron is checked whether or not the job runs now; an active job's next run follows it.
    beforeUpdate: (_ctx, existing, data) => {
      if (!data.cron) return data;
      const next = nextRun(data.cron);
      return existing.status === JobStatus.active ? { ...data, nextRunAt: next } : data;
    },
    decorate: (ctx, rows) => decorateJobs(ctx, rows),
  },
});

export const jobLogResource = defineResource({
  family: families.jobLogs,
  table: jobLogs,
  create: jobRunInput,
  filters: { id: 'equal', jobId: 'equal', ok: 'equal', status: 'in', trigger: 'in', createTime: 'between' },
  defaultSort: ['id,desc'],
  permissions: { list: 'timing:list' },
  scope: platformOnly,
  actions: ['list'],
  // The lease is the nodes' bookkeeping; `node` says where a run ran.
  hidden: ['leaseNode', 'leaseUntil'],
  hooks: {
    // A run's result and a failure's first line, in the reader's language (the stack stays as it is).
    decorate: (ctx, rows) => {
      const lang = langOf(ctx.request);
      return rows.map((r) => ({
        ...r,
        statusLabel: jobRunStatusLabels[r.status as JobRunStatus]?.[lang] ?? r.status,
        resultText: resultText(r.result, lang),
      }));
    },
  },
});

function resultText(stored: string | null, lang: Lang): string | null {
  if (!stored) return null;
  try {
    const { code, params } = JSON.parse(stored) as JobResult;
    return isMessageCode(code) ? translate(code, lang, params) : stored;
  } catch {
    return stored;
  }
}

const jobCommand = {
  machine: jobMachine,
  labels: jobStatusLabels,
  table: jobs,
  statusColumn: 'status',
  entity: 'job',
  target: async (_ctx: unknown, input: { id: number }) => input.id,
  answer: async (ctx: Parameters<typeof decorateJobs>[0], rows: RowOf<typeof jobs>[]) =>
    decorateJobs(ctx, rows),
};

export const pauseJob = defineCommand({
  ...jobCommand,
  name: 'job.pause',
  operation: adminOps.pauseJob,
  event: 'pause',
  who: {},
  set: () => ({ nextRunAt: null }),
});

export const resumeJob = defineCommand({
  ...jobCommand,
  name: 'job.resume',
  operation: adminOps.resumeJob,
  event: 'resume',
  who: {},
  set: (move) => ({ nextRunAt: nextRun(String(move.row.cron)) }),
});

export async function jobRoutes(app: FastifyInstance) {
  declareJobRunLeases(app);
  for (const op of [adminOps.runJob, adminOps.runJobPut])
    mount(
      app,
      op,
      async (request) => {
        const ctx = ctxOf(app, request);
        const { id } = request.body;
        // The jobs family's own scope: a tenant's caller sees no job, so runs none, whatever it was granted.
        const [job] = await app.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.id, id), platformOnly(ctx)));
        if (!job) throw notFound();
        const log = await runJob(app, job, 'manual', ctx.auth.username);
        if (!log) throw new AppError(500, 'internal');
        const { leaseNode: _node, leaseUntil: _until, ...run } = log;
        // The columns hold what the run wrote: a run status and its trigger.
        return { ...run, status: run.status as JobRunStatus, trigger: run.trigger as 'schedule' | 'manual' };
      },
      {
        config: { describe: 'run a job now' },
        // The id is the path's: it is the input whatever the body holds.
        preValidation: async (request) => {
          request.body = { ...(request.body as object | undefined), ...(request.params as object) };
        },
      },
    );
}
