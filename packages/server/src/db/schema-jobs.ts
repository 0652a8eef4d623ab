// Scheduled jobs and their log. A job names a handler of the code's registry by key; the
// scheduler claims a due job with FOR UPDATE SKIP LOCKED and moves next_run_at in the same transaction,
// so one run happens per due time across every node.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { base, lease, ref } from './schema.ts';

export const jobs = pgTable(
  'sys_job',
  {
    ...base,
    name: varchar('name', { length: 100 }).notNull(),
    handler: varchar('handler', { length: 40 }).notNull(),
    cron: varchar('cron', { length: 100 }).notNull(),
    description: varchar('description', { length: 500 }),
    alertEmail: varchar('alert_email', { length: 100 }),
    /** JobStatus: 1 active, 0 paused (jobMachine). */
    status: integer('status').notNull().default(1),
    nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
    lastOk: boolean('last_ok'),
  },
  (t) => [index('sys_job_due_idx').on(t.status, t.nextRunAt)],
);

export const jobLogs = pgTable(
  'sys_job_log',
  {
    ...base,
    jobId: ref('job_id').notNull(),
    jobName: varchar('job_name', { length: 100 }).notNull(),
    handler: varchar('handler', { length: 40 }).notNull(),
    /** 'schedule' or 'manual' (run now, by create_by). */
    trigger: varchar('trigger', { length: 10 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** JobRunStatus: running while it works, then done, failed, or interrupted (its node stopped). */
    status: varchar('status', { length: 16 }).notNull().default('done'),
    /** Both null while the run is at work. */
    durationMs: integer('duration_ms'),
    ok: boolean('ok'),
    result: varchar('result', { length: 500 }),
    error: text('error'),
    node: varchar('node', { length: 100 }),
    ...lease,
  },
  (t) => [
    index('sys_job_log_job_idx').on(t.jobId, t.id),
    index('sys_job_log_time_idx').on(t.createTime),
    index('sys_job_log_lease_idx').on(t.leaseUntil).where(sql`status = 'running'`),
  ],
);
