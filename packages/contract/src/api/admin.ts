// The platform's administration tools as operations: pause, resume and run a scheduled job; answer a
// user's feedback; keep and fetch a release package; export a company and restore it elsewhere.
import { z } from 'zod';
import {
  feedbackMovedAnswer,
  jobAnswer,
  jobRunAnswer,
  releaseAnswer,
  restoreAnswer,
} from '../answers/admin.ts';
import { jobRunInput } from '../jobs.ts';
import { feedbackUpdate } from '../system.ts';
import { fileAnswer, operation } from './operation.ts';

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
  uploadRelease: operation({
    method: 'POST',
    path: '/api/deploy/upload',
    summary:
      'Keep a release package (file; fields version, notes, sha256 to verify): stored with its checksum, never unpacked or run',
    tags: ['deploy'],
    caller: { permission: 'admin' },
    upload: true,
    answer: releaseAnswer,
    status: 201,
    changes: ['deploy'],
  }),
  releaseFile: operation({
    method: 'GET',
    path: '/api/deploy/file',
    summary: 'A kept release package, byte for byte (its SHA-256 in a header)',
    tags: ['deploy'],
    caller: { permission: 'admin' },
    query: z.object({ id: z.coerce.number().int().positive() }),
    answer: fileAnswer,
  }),
  exportCompany: operation({
    method: 'GET',
    path: '/api/database/export',
    summary: "A company's data as an archive (tenantId) to restore on another installation",
    tags: ['database'],
    caller: { permission: 'admin' },
    query: z.object({ tenantId: z.coerce.number().int().positive() }),
    answer: fileAnswer,
  }),
  restoreCompany: operation({
    method: 'POST',
    path: '/api/database/upload',
    summary:
      'Restore a company from an archive this product exported (checked, all or nothing; nothing in it is run)',
    tags: ['database'],
    caller: { permission: 'admin' },
    upload: true,
    answer: restoreAnswer,
  }),
};
