// The platform's administration tools as operations: pause, resume and run a scheduled job; answer a
// user's feedback.
import { z } from 'zod';
import { feedbackMovedAnswer, jobAnswer, jobRunAnswer } from '../answers/admin.ts';
import { jobRunInput } from '../jobs.ts';
import { feedbackUpdate } from '../system.ts';
import { operation } from './operation.ts';

const jobs = ['jobs'] as const;
const runJob = {
  path: '/api/jobs/exec/:id',
  summary: 'Run a job now on this node (logged as manual)',
  tags: jobs,
  caller: { permission: 'timing:edit' },
  body: jobRunInput,
  answer: jobRunAnswer,
  changes: ['jobs', 'jobs/logs'],
} as const;

export const adminOps = {
  pauseJob: operation({
    method: 'POST',
    path: '/api/jobs/pause',
    summary: 'Pause a scheduled job',
    tags: jobs,
    caller: { permission: 'timing:edit' },
    body: jobRunInput,
    answer: jobAnswer,
    changes: ['jobs'],
  }),
  resumeJob: operation({
    method: 'POST',
    path: '/api/jobs/resume',
    summary: 'Resume a paused job (its next run is computed from now)',
    tags: jobs,
    caller: { permission: 'timing:edit' },
    body: jobRunInput,
    answer: jobAnswer,
    changes: ['jobs'],
  }),
  /** The id travels in the path; the spec sends it by POST or PUT alike. */
  runJob: operation({ method: 'POST', ...runJob }),
  runJobPut: operation({ method: 'PUT', ...runJob }),
  answerFeedback: operation({
    method: 'PUT',
    path: '/api/feedback',
    summary: 'Confirm or reply to feedback',
    tags: ['feedback'],
    caller: { permission: 'feedback:edit' },
    body: feedbackUpdate.extend({ id: z.coerce.number().int().positive() }).strict(),
    answer: feedbackMovedAnswer,
    changes: ['feedback'],
  }),
};
