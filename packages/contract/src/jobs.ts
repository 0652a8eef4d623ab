// Scheduled jobs: a registry of whitelisted handlers in code — an administrator picks one by
// its key, never a class or method by name — run on a cron expression, exactly once across the nodes.
import { z } from 'zod';
import type { StateLabels, StateMachine } from './workflow.ts';

/** The handlers a job may run (the server's registry has exactly these keys). */
export const jobHandlers = [
  { code: 'janitor', zh: '清理过期数据', en: 'Housekeeping (expired sessions, codes, keys)' },
  { code: 'trialReminder', zh: '试用到期提醒', en: 'Trial expiry reminders' },
  { code: 'outboxRetry', zh: '通知投递重试', en: 'Retry undelivered notifications' },
  { code: 'financeReminder', zh: '融资到期提醒', en: 'Financing due-date reminders' },
  {
    code: 'towerReproject',
    zh: '控制塔：重新推算逾期批次',
    en: 'Control tower: re-project batches with passed planned dates',
  },
] as const;
export type JobHandler = (typeof jobHandlers)[number]['code'];
export const jobHandlerCodes = jobHandlers.map((h) => h.code) as [JobHandler, ...JobHandler[]];

export const JobStatus = { paused: 0, active: 1 } as const;
export const jobStatusLabels: StateLabels = {
  0: { zh: '已暂停', en: 'Paused' },
  1: { zh: '运行中', en: 'Active' },
};
export const jobMachine: StateMachine<0 | 1, 'pause' | 'resume'> = [
  { from: 1, event: 'pause', to: 0, who: ['platform'] },
  { from: 0, event: 'resume', to: 1, who: ['platform'] },
];

/** Five fields (minute hour day-of-month month day-of-week), optionally a sixth for seconds first. */
export const cronExpression = z
  .string()
  .trim()
  .min(9)
  .max(100)
  .regex(/^(\S+\s+){4,5}\S+$/, { message: 'jobs.cron_invalid' });

export const jobCreate = z.object({
  name: z.string().trim().min(1).max(100),
  handler: z.enum(jobHandlerCodes),
  cron: cronExpression,
  description: z.string().trim().max(500).nullish(),
  /** Who is told by mail when a run fails. */
  alertEmail: z.string().trim().email({ message: 'validation.email' }).max(100).nullish().or(z.literal('')),
});
export const jobRunInput = z.object({ id: z.coerce.number().int().positive() });

/** How one run of a job ended; `interrupted`: its node stopped (crash, restart) while it ran. */
export const jobRunStatuses = ['running', 'done', 'failed', 'interrupted'] as const;
export type JobRunStatus = (typeof jobRunStatuses)[number];
export const jobRunStatusLabels: Record<JobRunStatus, { zh: string; en: string }> = {
  running: { zh: '运行中', en: 'Running' },
  done: { zh: '成功', en: 'Succeeded' },
  failed: { zh: '失败', en: 'Failed' },
  interrupted: { zh: '因服务重启而中断', en: 'Interrupted by a restart' },
};
