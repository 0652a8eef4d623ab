// Answers of the control tower: the late / at-risk / on-track counts, exceptions (as the inbox lists them
// and as a command moves them) with their comments, webhooks with their delivery log and test, API tokens,
// and the plan import.
import { z } from 'zod';
import { apiTokenScopeCodes, exceptionKindCodes, ownerParties, webhookEventCodes } from '../tower.ts';
import { engineRow } from './common.ts';
import { importDoneAnswer } from './supplies.ts';

/** GET /api/tower/summary: the counts, and the batches with a plan, the worst first. */
export const towerSummaryAnswer = z.strictObject({
  late: z.number(),
  atRisk: z.number(),
  onTrack: z.number(),
  batches: z.array(
    z.strictObject({
      batchId: z.number(),
      projectId: z.number(),
      batchNumber: z.string(),
      batchName: z.string().nullable(),
      health: z.number(),
      healthLabel: z.string().nullable(),
      slackDays: z.number().nullable(),
      projectedDelivery: z.string().nullable(),
      requiredOnSite: z.string().nullable(),
      nextMilestone: z.string().nullable(),
    }),
  ),
});

/** What an exception row holds, however it is answered. */
const exceptionColumns = engineRow.extend({
  tenantId: z.number(),
  projectId: z.number(),
  batchId: z.number(),
  kind: z.enum(exceptionKindCodes),
  status: z.number(),
  ownerTenantId: z.number().nullable(),
  ownerParty: z.enum(ownerParties).nullable(),
  openedByTenantId: z.number().nullable(),
  source: z.enum(['product', 'user']),
  description: z.string().nullable(),
  milestone: z.string().nullable(),
  dueDate: z.string().nullable(),
  resolution: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  closedAt: z.string().nullable(),
  refEntity: z.string().nullable(),
  refId: z.number().nullable(),
  actions: z.array(z.string()),
});

/**
 * An exception as the inbox lists it (GET /api/exceptions): the title and labels in the caller's language,
 * the batch, project and owner by name, the caller's commands on it.
 */
export const exceptionAnswer = exceptionColumns.extend({
  title: z.string(),
  kindLabel: z.string(),
  statusLabel: z.string(),
  batchNumber: z.string().nullable(),
  projectName: z.string().nullable(),
  ownerName: z.string().nullable(),
});

/** A catalogue parameter of a product exception's title: a value, or its words in each language. */
const titleParam = z.union([z.string(), z.number(), z.strictObject({ zh: z.string(), en: z.string() })]);
/** An exception as a command (open, assign, resolve, close, reopen) answers it: the row as stored. */
export const exceptionMovedAnswer = exceptionColumns.extend({
  title: z.string().nullable(),
  titleCode: z.string().nullable(),
  params: z.record(z.string(), titleParam).nullable(),
  dedupeKey: z.string().nullable(),
});

/** A comment on an exception (GET and POST /api/exceptions/comments). */
export const exceptionCommentAnswer = z.strictObject({
  id: z.number(),
  createTime: z.string(),
  createBy: z.string().nullable(),
  exceptionId: z.number(),
  authorTenantId: z.number(),
  content: z.string(),
  authorName: z.string().nullable(),
  authorCompany: z.string().nullable(),
  mine: z.boolean(),
});

/** A webhook (GET /api/webhooks): its secret shown by its last characters only. */
export const webhookAnswer = engineRow.extend({
  tenantId: z.number(),
  url: z.string(),
  events: z.array(z.enum(webhookEventCodes)),
  enabled: z.boolean(),
  description: z.string().nullable(),
  secretHint: z.string(),
});

/** A delivery of an event to a webhook (GET /api/webhooks/deliveries); what was sent stays inside. */
export const webhookDeliveryAnswer = z.strictObject({
  id: z.number(),
  createTime: z.string(),
  webhookId: z.number(),
  eventId: z.string(),
  kind: z.string(),
  kindLabel: z.string(),
  status: z.number(),
  statusLabel: z.string(),
  tries: z.number(),
  nextAttemptAt: z.string().nullable(),
  lastStatus: z.number().nullable(),
  lastAnswer: z.string().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});

/** POST /api/webhooks/test: the test delivery after its first try. */
export const webhookTestAnswer = z.strictObject({
  id: z.number(),
  status: z.number(),
  tries: z.number(),
  lastStatus: z.number().nullable(),
  lastAnswer: z.string().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});

/** An API token (GET /api/apiTokens): its hash stays inside; the token itself only in its creation's answer. */
export const apiTokenAnswer = engineRow.extend({
  tenantId: z.number(),
  userId: z.number(),
  name: z.string(),
  scopes: z.array(z.enum(apiTokenScopeCodes)),
  hint: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
/** POST /api/apiTokens: the new token, answered once. */
export const apiTokenIssuedAnswer = apiTokenAnswer.extend({ token: z.string() });

/** POST /api/projectBatch/plan/import: the batches whose plans were saved. */
export const planImportAnswer = importDoneAnswer.extend({ batches: z.number() });

/** The planned days of each leg on a port pair (GET /api/laneDefaults); a leg left empty has no default. */
export const laneDefaultAnswer = engineRow.extend({
  tenantId: z.number(),
  portOfLoading: z.string(),
  portOfDischarge: z.string(),
  packedDays: z.number().nullable(),
  loadedDays: z.number().nullable(),
  shippedDays: z.number().nullable(),
  arrivedDays: z.number().nullable(),
  clearedDays: z.number().nullable(),
  deliveredDays: z.number().nullable(),
  receivedDays: z.number().nullable(),
  remark: z.string().nullable(),
});
