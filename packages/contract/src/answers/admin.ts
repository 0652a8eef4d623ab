// Answers of the platform's administration tools: scheduled jobs and their runs, and feedback as its
// command answers it.
import { z } from 'zod';
import { jobHandlerCodes, jobRunStatuses } from '../jobs.ts';
import { engineRow } from './common.ts';

/** A scheduled job (GET /api/jobs, and its pause and resume): its handler and status named, its commands. */
export const jobAnswer = engineRow.extend({
  name: z.string(),
  handler: z.enum(jobHandlerCodes),
  cron: z.string(),
  description: z.string().nullable(),
  alertEmail: z.string().nullable(),
  status: z.number(),
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  lastOk: z.boolean().nullable(),
  handlerLabel: z.string(),
  statusLabel: z.string(),
  actions: z.array(z.string()),
});

/** A run of a job as it was recorded (POST /api/jobs/exec/{id}); the nodes' lease stays inside. */
export const jobRunAnswer = engineRow.extend({
  jobId: z.number(),
  jobName: z.string(),
  handler: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  startedAt: z.string(),
  status: z.enum(jobRunStatuses),
  durationMs: z.number().nullable(),
  ok: z.boolean().nullable(),
  result: z.string().nullable(),
  error: z.string().nullable(),
  node: z.string().nullable(),
});
/** A run in the job log (GET /api/jobs/logs): its status and result in the reader's language. */
export const jobLogAnswer = jobRunAnswer.extend({
  statusLabel: z.string(),
  resultText: z.string().nullable(),
});

/** Feedback as its list shows it (GET /api/feedback): the sender's words and the platform's reply. */
export const feedbackAnswer = engineRow.extend({
  tenantId: z.number().nullable(),
  userId: z.number().nullable(),
  commentsOrFeedback: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  createUnit: z.string().nullable(),
  status: z.number(),
  reply: z.string().nullable(),
});
/** Feedback as its command (PUT /api/feedback) answers it: the row, with what may follow. */
export const feedbackMovedAnswer = feedbackAnswer.extend({ actions: z.array(z.string()) });

/** A kept release package (GET /api/deploy, POST /api/deploy/upload): where it is stored stays inside. */
export const releaseAnswer = engineRow.extend({
  version: z.string(),
  fileName: z.string(),
  mime: z.string(),
  size: z.number(),
  sha256: z.string(),
  notes: z.string().nullable(),
});

/** POST /api/database/upload: the company restored, how many rows per table and files came with it. */
export const restoreAnswer = z.strictObject({
  tenant: z.strictObject({ id: z.number(), corporateName: z.string(), corporateCode: z.string().nullable() }),
  rows: z.number(),
  tables: z.record(z.string(), z.number()),
  files: z.number(),
  /** Companies the data refers to (partners, suppliers) that are not on this installation yet. */
  missingCompanies: z.array(z.number()),
});
