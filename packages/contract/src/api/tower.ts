// The control tower's operations: the late / at-risk / on-track counts, the on-time-in-full figures and a
// project's timeline; a batch's plan (read, save, baseline, fill from the lane) and the plan import; the
// exception machine's commands; a webhook's test event.
import {
  exceptionMovedAnswer,
  planImportAnswer,
  towerSummaryAnswer,
  webhookTestAnswer,
} from '../answers/tower.ts';
import {
  exceptionAssignInput,
  exceptionCloseInput,
  exceptionCreate,
  exceptionReopenInput,
  exceptionResolveInput,
  otifAnswer,
  otifQuery,
  planAnswer,
  planBaselineInput,
  planFromLaneInput,
  planImportFields,
  planPut,
  planQuery,
  planTemplateQuery,
  towerSummaryQuery,
  towerTimelineAnswer,
  towerTimelineQuery,
  webhookTestInput,
} from '../tower.ts';
import { fileAnswer, operation } from './operation.ts';

const tags = ['controlTower'] as const;
/** A plan's save re-projects its batch: the tower's counts and exceptions may follow. */
const planChanges = ['projectBatch', 'exceptions'] as const;
/** An exception's move changes its row in the inbox. */
const exceptionChanges = ['exceptions'] as const;

export const towerOps = {
  summary: operation({
    method: 'GET',
    path: '/api/tower/summary',
    summary:
      'How many of the batches the caller works on are late, at risk or on track (optionally in one project), and the batches with a plan, the worst first',
    tags,
    caller: { permission: 'plan:list' },
    tokenScope: 'events',
    query: towerSummaryQuery,
    answer: towerSummaryAnswer,
  }),
  timeline: operation({
    method: 'GET',
    path: '/api/tower/timeline',
    summary:
      "A project's batches the caller works on, each with its milestones' planned, baseline, actual and projected dates, its required-on-site date and health (the project timeline)",
    tags,
    caller: { permission: 'plan:list' },
    query: towerTimelineQuery,
    answer: towerTimelineAnswer,
  }),
  otif: operation({
    method: 'GET',
    path: '/api/tower/otif',
    summary:
      'On time in full per supplier and per logistics provider, by month of receipt on site: the shipper sees every partner of its batches, a partner only itself',
    tags,
    caller: { permission: 'plan:list' },
    tokenScope: 'events',
    query: otifQuery,
    answer: otifAnswer,
  }),
  plan: operation({
    method: 'GET',
    path: '/api/projectBatch/plan',
    summary:
      "A batch's milestones with planned, baseline, actual (from the events) and projected dates, the basis of each projection, the required-on-site date and whether the batch is on track, at risk or late",
    tags,
    caller: { permission: 'plan:list' },
    tokenScope: 'events',
    query: planQuery,
    answer: planAnswer,
  }),
  savePlan: operation({
    method: 'PUT',
    path: '/api/projectBatch/plan',
    summary:
      "Save a batch's planned dates, required-on-site date and at-risk margin (the shipper); milestones not sent keep theirs; the batch is re-projected",
    tags,
    caller: { permission: 'plan:edit' },
    body: planPut,
    answer: planAnswer,
    changes: planChanges,
  }),
  baseline: operation({
    method: 'POST',
    path: '/api/projectBatch/plan/baseline',
    summary:
      'Save the planned dates and the required-on-site date as the baseline: later changes keep it, so slippage is measured against it',
    tags,
    caller: { permission: 'plan:edit' },
    body: planBaselineInput,
    answer: planAnswer,
  }),
  fromLane: operation({
    method: 'POST',
    path: '/api/projectBatch/plan/fromLane',
    summary:
      "Fill the batch's undated milestones after its first planned one from the lane's default leg durations (the shipper's, else its logistics provider's); dates already planned are kept",
    tags,
    caller: { permission: 'plan:edit' },
    body: planFromLaneInput,
    answer: planAnswer,
    changes: planChanges,
  }),
  planTemplate: operation({
    method: 'GET',
    path: '/api/projectBatch/plan/importTemplate',
    summary: "The plan import template (.xlsx): the project's batches with the dates their plans hold",
    tags,
    caller: { permission: 'plan:edit' },
    query: planTemplateQuery,
    answer: fileAnswer,
  }),
  planImport: operation({
    method: 'POST',
    path: '/api/projectBatch/plan/import',
    summary:
      "Import the planned dates of a project's batches (.xlsx, fields projectId and file): all rows or none, errors by row and column",
    tags,
    caller: { permission: 'plan:edit' },
    body: planImportFields,
    upload: true,
    answer: planImportAnswer,
    status: 201,
    changes: planChanges,
  }),
  openException: operation({
    method: 'POST',
    path: '/api/exceptions',
    summary:
      'Raise an exception on a batch the caller sees, for a party of that batch (default: the shipper)',
    tags,
    caller: { permission: 'exception:add' },
    tokenScope: 'exceptions',
    body: exceptionCreate,
    answer: exceptionMovedAnswer,
    status: 201,
    changes: exceptionChanges,
  }),
  assignException: operation({
    method: 'POST',
    path: '/api/exceptions/assign',
    summary: 'Assign an exception to the party of its batch that must act, with a due date (the shipper)',
    tags,
    caller: { permission: 'exception:assign' },
    tokenScope: 'exceptions',
    body: exceptionAssignInput,
    answer: exceptionMovedAnswer,
    changes: exceptionChanges,
  }),
  resolveException: operation({
    method: 'POST',
    path: '/api/exceptions/resolve',
    summary: 'Resolve an exception with what was done (its owner or the shipper)',
    tags,
    caller: { permission: 'exception:resolve' },
    tokenScope: 'exceptions',
    body: exceptionResolveInput,
    answer: exceptionMovedAnswer,
    changes: exceptionChanges,
  }),
  closeException: operation({
    method: 'POST',
    path: '/api/exceptions/close',
    summary: 'Close an exception that no longer holds, without a resolution (the shipper)',
    tags,
    caller: { permission: 'exception:assign' },
    tokenScope: 'exceptions',
    body: exceptionCloseInput,
    answer: exceptionMovedAnswer,
    changes: exceptionChanges,
  }),
  reopenException: operation({
    method: 'POST',
    path: '/api/exceptions/reopen',
    summary: 'Reopen a resolved exception whose resolution the shipper does not accept, with a reason',
    tags,
    caller: { permission: 'exception:assign' },
    tokenScope: 'exceptions',
    body: exceptionReopenInput,
    answer: exceptionMovedAnswer,
    changes: exceptionChanges,
  }),
  testWebhook: operation({
    method: 'POST',
    path: '/api/webhooks/test',
    summary: 'Send a test event to a webhook now',
    tags: ['webhooks'],
    caller: { permission: 'webhook:edit' },
    body: webhookTestInput,
    answer: webhookTestAnswer,
    changes: ['webhooks/deliveries'],
  }),
};
