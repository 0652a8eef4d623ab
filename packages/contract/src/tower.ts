// The control tower (docs/decisions.md): a batch's plan (milestones in the order of the logistics machine, a
// baseline, the required-on-site date), its projection, exceptions with an owner, events pushed to a
// tenant's webhooks and machine access by API tokens. Shapes, machines and labels live here once; the
// server's commands and the web's screens read them.
import { z } from 'zod';
import { secret } from './secret.ts';
import type { Party, StateLabels, StateMachine } from './workflow.ts';

// ————— milestones —————

/**
 * The milestones of a batch, in the order of the logistics machine. `shipped` is the departure from the
 * port of loading (the containers on board: ETD), `arrived` the discharge at the port of discharge (ETA).
 * `owner` is the side whose move it is while the milestone is the next one to reach. `dcsa` names the
 * DCSA Track & Trace event a reached milestone is published as (none where the vocabulary has no fit).
 */
export const milestones = [
  { code: 'exWorks', zh: '出厂就绪', en: 'Ready ex works', owner: 'supplier', dcsa: null },
  { code: 'packed', zh: '包装完成', en: 'Packed', owner: 'supplier', dcsa: null },
  {
    code: 'loaded',
    zh: '装车',
    en: 'Loaded',
    owner: 'supplier',
    dcsa: { eventType: 'EQUIPMENT', code: 'LOAD', mode: 'TRUCK' },
  },
  {
    code: 'shipped',
    zh: '装船离港 (ETD)',
    en: 'Shipped (ETD)',
    owner: 'logistics',
    dcsa: { eventType: 'TRANSPORT', code: 'DEPA', mode: 'VESSEL' },
  },
  {
    code: 'arrived',
    zh: '到达卸货港 (ETA)',
    en: 'Arrived (ETA)',
    owner: 'logistics',
    dcsa: { eventType: 'TRANSPORT', code: 'ARRI', mode: 'VESSEL' },
  },
  {
    code: 'cleared',
    zh: '清关放行',
    en: 'Customs cleared',
    owner: 'logistics',
    dcsa: { eventType: 'SHIPMENT', code: 'RELS', mode: null },
  },
  {
    code: 'delivered',
    zh: '送达现场',
    en: 'Delivered to site',
    owner: 'logistics',
    dcsa: { eventType: 'EQUIPMENT', code: 'DROP', mode: 'TRUCK' },
  },
  { code: 'received', zh: '现场收货', en: 'Received on site', owner: 'shipper', dcsa: null },
] as const satisfies readonly {
  code: string;
  zh: string;
  en: string;
  owner: Party;
  dcsa: { eventType: 'EQUIPMENT' | 'TRANSPORT' | 'SHIPMENT'; code: string; mode: string | null } | null;
}[];
export type MilestoneCode = (typeof milestones)[number]['code'];
export const milestoneCodes = milestones.map((m) => m.code) as [MilestoneCode, ...MilestoneCode[]];
export const milestoneLabels = Object.fromEntries(
  milestones.map((m) => [m.code, { zh: m.zh, en: m.en }]),
) as Record<MilestoneCode, { zh: string; en: string }>;

/** How a milestone's projected date was reached (the answer says which). */
export const projectionBases = ['actual', 'plan', 'history', 'laneDefault', 'none'] as const;
export type ProjectionBasis = (typeof projectionBases)[number];
export const projectionBasisLabels: Record<ProjectionBasis, { zh: string; en: string }> = {
  actual: { zh: '实际', en: 'Actual' },
  plan: { zh: '按计划工期', en: 'Planned leg duration' },
  history: { zh: '按航线历史中位数', en: "Lane's observed median" },
  laneDefault: { zh: '按航线默认工期', en: 'Lane default duration' },
  none: { zh: '无计划', en: 'No plan' },
};

/** A batch's health: on track, at risk (projected delivery within the margin of required-on-site), late. */
export const Health = { onTrack: 0, atRisk: 1, late: 2 } as const;
export type HealthValue = (typeof Health)[keyof typeof Health];
export const healthLabels: StateLabels = {
  0: { zh: '正常', en: 'On track' },
  1: { zh: '有风险', en: 'At risk' },
  2: { zh: '延误', en: 'Late' },
};
export const healthCodes = ['onTrack', 'atRisk', 'late'] as const;

/** How many past batches of a lane make its observed median the basis of a leg (instead of the plan). */
export const LANE_HISTORY_MIN = 3;
/** The default at-risk margin (days before required-on-site). */
export const DEFAULT_MARGIN_DAYS = 7;

const id = z.coerce.number().int().positive();
/** A calendar date (YYYY-MM-DD); a wrong day (2026-02-30) is refused. */
export const calendarDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid_date' })
  .refine(
    (s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    },
    { message: 'validation.invalid_date' },
  );

export const planMilestoneInput = z.strictObject({
  code: z.enum(milestoneCodes),
  planned: calendarDate.nullable(),
});

/** PUT /api/projectBatch/plan: the planned dates (by the shipper); what is not sent does not change. */
export const planPut = z.strictObject({
  batchId: id,
  requiredOnSite: calendarDate.nullish(),
  /** Days before required-on-site within which a batch is at risk. */
  marginDays: z.coerce.number().int().min(0).max(180).optional(),
  milestones: z.array(planMilestoneInput).max(milestones.length).optional(),
});
export type PlanPut = z.infer<typeof planPut>;
export const planQuery = z.object({ batchId: id });
export const planBaselineInput = z.strictObject({ batchId: id });
/** POST /api/projectBatch/plan/fromLane: the dates after the first planned one, from the lane's default legs. */
export const planFromLaneInput = z.strictObject({ batchId: id });
/** GET /api/projectBatch/plan/importTemplate: the sheet of a project's batches, their plans filled in. */
export const planTemplateQuery = z.object({ projectId: id });

/** One milestone as GET /api/projectBatch/plan answers it. */
export const planMilestoneAnswer = z.strictObject({
  code: z.enum(milestoneCodes),
  label: z.string(),
  seq: z.number(),
  planned: z.string().nullable(),
  baseline: z.string().nullable(),
  actual: z.string().nullable(),
  projected: z.string().nullable(),
  basis: z.enum(projectionBases),
  /** Days the projection (or the actual) is after the planned date; negative when early. */
  slipDays: z.number().nullable(),
  owner: z.enum(['shipper', 'supplier', 'logistics']),
  dcsa: z.string().nullable(),
});
export const planAnswer = z.strictObject({
  batchId: z.number(),
  projectId: z.number(),
  batchNumber: z.string(),
  batchName: z.string().nullable(),
  lane: z.string().nullable(),
  requiredOnSite: z.string().nullable(),
  baselineRequiredOnSite: z.string().nullable(),
  marginDays: z.number(),
  baselineAt: z.string().nullable(),
  projectedDelivery: z.string().nullable(),
  /** Days between projected delivery and required-on-site (positive: days to spare). */
  slackDays: z.number().nullable(),
  health: stateNumber(healthLabels).nullable(),
  healthLabel: z.string().nullable(),
  projectedAt: z.string().nullable(),
  /** The milestone whose move it is now (the first one not reached). */
  next: z.enum(milestoneCodes).nullable(),
  milestones: z.array(planMilestoneAnswer),
  canEdit: z.boolean(),
});
export type PlanAnswer = z.infer<typeof planAnswer>;

function stateNumber(labels: StateLabels) {
  return z.number().refine((v) => v in labels);
}

/** A lane's default leg durations (days from the milestone before), set by a shipper or a logistics provider. */
export const laneLegKeys = milestoneCodes.slice(1) as Exclude<MilestoneCode, 'exWorks'>[];
const legDays = z.coerce.number().int().min(0).max(365).nullish();
const unlocode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}[A-Z2-9]{3}$/, { message: 'validation.invalid_format' });
export const laneDefaultCreate = z.object({
  portOfLoading: unlocode,
  portOfDischarge: unlocode,
  packedDays: legDays,
  loadedDays: legDays,
  shippedDays: legDays,
  arrivedDays: legDays,
  clearedDays: legDays,
  deliveredDays: legDays,
  receivedDays: legDays,
  remark: z.string().trim().max(255).nullish(),
});
export const laneDefaultUpdate = laneDefaultCreate.partial();
/** The days of each leg a lane default names, by the milestone the leg ends at. */
export const laneDefaultDays = {
  packed: 'packedDays',
  loaded: 'loadedDays',
  shipped: 'shippedDays',
  arrived: 'arrivedDays',
  cleared: 'clearedDays',
  delivered: 'deliveredDays',
  received: 'receivedDays',
} as const satisfies Record<(typeof laneLegKeys)[number], keyof z.infer<typeof laneDefaultCreate>>;

/** The columns of the plan import sheet (one row per batch of a project). */
export const planImportColumns = [
  { key: 'batchNumber', zh: '批次号', en: 'Batch No.', width: 16, required: true },
  { key: 'requiredOnSite', zh: '要求到场日期', en: 'Required on site', width: 16 },
  { key: 'marginDays', zh: '风险预警天数', en: 'At-risk margin (days)', width: 14 },
  ...milestones.map((m) => ({ key: m.code, zh: m.zh, en: m.en, width: 14 })),
] as const;
export type PlanImportKey = (typeof planImportColumns)[number]['key'];
export const planImportFields = z.object({
  projectId: id,
  taskId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});

// ————— exceptions —————

export const exceptionKinds = [
  { code: 'late', zh: '批次延误', en: 'Batch late', schedule: true },
  { code: 'atRisk', zh: '批次有延误风险', en: 'Batch at risk', schedule: true },
  { code: 'overdue', zh: '里程碑逾期', en: 'Milestone overdue', schedule: true },
  { code: 'abnormal', zh: '货物异常', en: 'Abnormal cargo', schedule: false },
  { code: 'blRejected', zh: '提单被驳回', en: 'Bill of lading rejected', schedule: false },
  { code: 'statementRejected', zh: '对账单被驳回', en: 'Statement rejected', schedule: false },
  { code: 'customsReturned', zh: '报关单退回', en: 'Customs declaration returned', schedule: false },
  { code: 'manual', zh: '人工登记', en: 'Raised by a user', schedule: false },
] as const;
export type ExceptionKind = (typeof exceptionKinds)[number]['code'];
export const exceptionKindCodes = exceptionKinds.map((k) => k.code) as [ExceptionKind, ...ExceptionKind[]];
/** Kinds about a batch's schedule: every party of the batch sees them (others: the owner, opener and shipper). */
export const scheduleKinds = exceptionKinds.filter((k) => k.schedule).map((k) => k.code) as ExceptionKind[];

export const ExceptionStatus = { open: 0, assigned: 1, resolved: 2, closed: 3 } as const;
export type ExceptionStatusValue = (typeof ExceptionStatus)[keyof typeof ExceptionStatus];
export type ExceptionEvent = 'assign' | 'resolve' | 'close' | 'reopen';
const anyParty = ['shipper', 'supplier', 'logistics', 'platform'] as const;
/**
 * open → assigned → resolved | closed. The shipper (or the product) assigns and reassigns; the owner or
 * the shipper resolves with a resolution; the shipper or the product closes one that no longer holds (a
 * batch back on track); the shipper reopens a resolution it does not accept.
 */
export const exceptionMachine: StateMachine<ExceptionStatusValue, ExceptionEvent> = [
  { from: 0, event: 'assign', to: 1, who: ['shipper', 'platform', 'system'], guard: 'owner' },
  { from: 1, event: 'assign', to: 1, who: ['shipper', 'platform', 'system'], guard: 'owner' },
  { from: 0, event: 'resolve', to: 2, who: anyParty, guard: 'resolution' },
  { from: 1, event: 'resolve', to: 2, who: anyParty, guard: 'resolution' },
  { from: 0, event: 'close', to: 3, who: ['shipper', 'platform', 'system'] },
  { from: 1, event: 'close', to: 3, who: ['shipper', 'platform', 'system'] },
  { from: 2, event: 'reopen', to: 1, who: ['shipper', 'platform'], guard: 'reason' },
];
export const exceptionStatusLabels: StateLabels = {
  0: { zh: '待处理', en: 'Open' },
  1: { zh: '已指派', en: 'Assigned' },
  2: { zh: '已解决', en: 'Resolved' },
  3: { zh: '已关闭', en: 'Closed' },
};
export const exceptionEventLabels: Record<ExceptionEvent, { zh: string; en: string }> = {
  assign: { zh: '指派', en: 'Assign' },
  resolve: { zh: '解决', en: 'Resolve' },
  close: { zh: '关闭', en: 'Close' },
  reopen: { zh: '重新打开', en: 'Reopen' },
};
export const ownerParties = ['shipper', 'supplier', 'logistics'] as const;
export type OwnerParty = (typeof ownerParties)[number];

/** POST /api/exceptions: a user raises one on a batch it sees, for a party of that batch. */
export const exceptionCreate = z.object({
  batchId: id,
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).nullish(),
  /** The company that must act: the batch's shipper or one of its partners (default: the shipper). */
  ownerTenantId: id.nullish(),
  dueDate: calendarDate.nullish(),
});
export const exceptionAssignInput = z.object({
  id,
  ownerTenantId: id,
  dueDate: calendarDate.nullish(),
  note: z.string().trim().max(500).nullish(),
});
export const exceptionResolveInput = z.object({
  id,
  resolution: z.string().trim().max(2000).nullish(),
});
export const exceptionCloseInput = z.object({ id, note: z.string().trim().max(500).nullish() });
export const exceptionReopenInput = z.object({ id, reason: z.string().trim().max(500).nullish() });
export const exceptionCommentCreate = z.object({
  exceptionId: id,
  content: z.string().trim().min(1).max(2000),
});

// ————— events out: webhooks —————

/** The event kinds a webhook may subscribe to; each has one payload schema (below, and in the API document). */
export const webhookEvents = [
  { code: 'milestone.reached', zh: '里程碑达成', en: 'Milestone reached' },
  { code: 'projection.changed', zh: '预计日期变化', en: 'Projection changed' },
  { code: 'exception.opened', zh: '异常打开', en: 'Exception opened' },
  { code: 'exception.resolved', zh: '异常解决', en: 'Exception resolved' },
  { code: 'document.submitted', zh: '单据提交', en: 'Document submitted' },
] as const;
export type WebhookEvent = (typeof webhookEvents)[number]['code'];
export const webhookEventCodes = webhookEvents.map((e) => e.code) as [WebhookEvent, ...WebhookEvent[]];

/**
 * Every delivery carries `X-Tradelane-Timestamp: <unix seconds>` and `X-Tradelane-Signature:
 * sha256=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>`; a receiver recomputes it over the raw body and
 * refuses an old timestamp (a replay).
 */
export const WEBHOOK_SIGNATURE_HEADER = 'x-tradelane-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-tradelane-timestamp';
export const WEBHOOK_EVENT_HEADER = 'x-tradelane-event';
export const WEBHOOK_DELIVERY_HEADER = 'x-tradelane-delivery';

const webhookUrl = z
  .string()
  .trim()
  .max(500)
  .refine(
    (s) => {
      try {
        const u = new URL(s);
        return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
      } catch {
        return false;
      }
    },
    { message: 'webhook.url_invalid' },
  );
export const webhookCreate = z.object({
  url: webhookUrl,
  /** Signs every delivery; kept encrypted, never answered. */
  secret: secret(z.string().min(16, { message: 'webhook.secret_short' }).max(200)),
  events: z.array(z.enum(webhookEventCodes)).min(1).max(webhookEvents.length),
  enabled: z.boolean().default(true),
  description: z.string().trim().max(255).nullish(),
});
export const webhookUpdate = webhookCreate
  .extend({ id, secret: secret(webhookCreate.shape.secret.optional()), enabled: z.boolean().optional() })
  .partial({ url: true, events: true });
export const webhookDeliveryQuery = z.object({
  webhookId: id.optional(),
  kind: z.enum([...webhookEventCodes, 'webhook.test']).optional(),
  status: z.coerce.number().int().min(0).max(2).optional(),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(200).default(20),
});
export const webhookTestInput = z.object({ id });

export const DeliveryStatus = { pending: 0, delivered: 1, failed: 2 } as const;
export const deliveryStatusLabels: StateLabels = {
  0: { zh: '待重试', en: 'Retrying' },
  1: { zh: '已送达', en: 'Delivered' },
  2: { zh: '已放弃', en: 'Gave up' },
};
/** Retries: after 1, 2, 4 … minutes (at most 2 hours apart), for a day after the event. */
export const WEBHOOK_RETRY_FOR_MS = 24 * 3600_000;

const batchRef = z.strictObject({
  id: z.number(),
  batchNumber: z.string(),
  projectId: z.number(),
  projectName: z.string().nullable(),
});
const dcsaFields = {
  /** DCSA Track & Trace: EQUIPMENT, TRANSPORT or SHIPMENT (null where no DCSA event fits). */
  eventType: z.enum(['EQUIPMENT', 'TRANSPORT', 'SHIPMENT']).nullable(),
  /** DCSA: ACT (actual), EST (estimated), PLN (planned). */
  eventClassifierCode: z.enum(['ACT', 'EST', 'PLN']),
  equipmentEventTypeCode: z.string().nullable(),
  transportEventTypeCode: z.string().nullable(),
  shipmentEventTypeCode: z.string().nullable(),
  modeOfTransport: z.string().nullable(),
  eventDateTime: z.string(),
};
const exceptionRef = z.strictObject({
  id: z.number(),
  kind: z.enum(exceptionKindCodes),
  status: z.number(),
  title: z.string(),
  ownerTenantId: z.number().nullable(),
  ownerParty: z.string().nullable(),
  dueDate: z.string().nullable(),
  resolution: z.string().nullable(),
  batch: batchRef,
});
/** The payload (`data`) of each event kind. */
export const webhookPayloads = {
  'milestone.reached': z.strictObject({
    ...dcsaFields,
    milestone: z.enum(milestoneCodes),
    planned: z.string().nullable(),
    location: z.strictObject({ UNLocationCode: z.string().nullable() }),
    batch: batchRef,
  }),
  'projection.changed': z.strictObject({
    eventClassifierCode: z.literal('EST'),
    batch: batchRef,
    requiredOnSite: z.string().nullable(),
    projectedDelivery: z.string().nullable(),
    previousProjectedDelivery: z.string().nullable(),
    health: z.enum(healthCodes).nullable(),
    previousHealth: z.enum(healthCodes).nullable(),
    milestones: z.array(
      z.strictObject({
        milestone: z.enum(milestoneCodes),
        planned: z.string().nullable(),
        actual: z.string().nullable(),
        projected: z.string().nullable(),
        basis: z.enum(projectionBases),
      }),
    ),
  }),
  'exception.opened': z.strictObject({ exception: exceptionRef }),
  'exception.resolved': z.strictObject({ exception: exceptionRef }),
  'document.submitted': z.strictObject({
    eventType: z.literal('SHIPMENT'),
    eventClassifierCode: z.literal('ACT'),
    shipmentEventTypeCode: z.literal('SUBM'),
    documentTypeCode: z.string(),
    eventDateTime: z.string(),
    document: z.strictObject({ id: z.number(), name: z.string().nullable() }),
    batch: batchRef.nullable(),
  }),
} satisfies Record<WebhookEvent, z.ZodType>;
/** What a receiver gets: the envelope, and `data` as the kind's payload schema. */
export const webhookEnvelope = z.strictObject({
  id: z.string(),
  kind: z.enum([...webhookEventCodes, 'webhook.test']),
  createdAt: z.string(),
  tenantId: z.number(),
  data: z.record(z.string(), z.unknown()),
});

// ————— machine access: API tokens —————

export const apiTokenScopes = [
  { code: 'lists', zh: '读取列表', en: 'Read lists' },
  { code: 'events', zh: '读取事件', en: 'Read events' },
  { code: 'exceptions', zh: '处理异常', en: 'Act on exceptions' },
] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number]['code'];
export const apiTokenScopeCodes = apiTokenScopes.map((s) => s.code) as [ApiTokenScope, ...ApiTokenScope[]];
/** An API token begins so, which tells it from a session token at a glance (and in a leaked log). */
export const API_TOKEN_PREFIX = 'tlk_';
export const apiTokenCreate = z.object({
  name: z.string().trim().min(1).max(100),
  scopes: z.array(z.enum(apiTokenScopeCodes)).min(1).max(apiTokenScopes.length),
  /** The last day the token works (at most two years ahead). */
  expiresAt: calendarDate,
});
/** The token itself, answered once at creation (a secret: never logged). */
export const apiTokenSecret = secret(z.string());

// ————— screens —————

export const towerSummaryQuery = z.object({ projectId: id.optional() });
export const otifQuery = z.object({
  projectId: id.optional(),
  months: z.coerce.number().int().min(1).max(24).default(6),
});
/**
 * On time in full, per supplier and per logistics provider, by month (GET /api/tower/otif). A batch counts in
 * the month it was received on site. For each company that worked on it (an accepted partner on the batch):
 * on time — every milestone that is the company's move (`owner`) with a planned date was reached by that day;
 * in full — every box it packed (a supplier) or carried (a provider) was received with no abnormal record of
 * a kind that changes what arrived. Milestone counts say how many of its moves were on time.
 */
export const notInFullAbnormalTypes = ['damage', 'shortage', 'excess', 'wrong_item', 'wet'] as const;
export const otifRow = z.strictObject({
  tenantId: z.number(),
  companyName: z.string().nullable(),
  /** 'supplier' or 'logistics'. */
  end: z.enum(['supplier', 'logistics']),
  /** YYYY-MM (UTC), the month of receipt on site. */
  month: z.string(),
  batches: z.number(),
  onTime: z.number(),
  inFull: z.number(),
  otif: z.number(),
  /** Shares of the batches, 0–100 with one decimal: on time, in full, both (OTIF). */
  onTimeRate: z.number(),
  inFullRate: z.number(),
  otifRate: z.number(),
  milestones: z.number(),
  milestonesOnTime: z.number(),
  boxes: z.number(),
  boxesInFull: z.number(),
});
export const otifAnswer = z.strictObject({
  /** The months covered, oldest first (YYYY-MM). */
  months: z.array(z.string()),
  rows: z.array(otifRow),
});
export type OtifAnswer = z.infer<typeof otifAnswer>;
export type OtifRow = z.infer<typeof otifRow>;

/** GET /api/tower/timeline: one bar per batch of a project the caller works on. */
export const towerTimelineQuery = z.object({ projectId: id });
const timelineMilestone = z.strictObject({
  code: z.enum(milestoneCodes),
  planned: z.string().nullable(),
  baseline: z.string().nullable(),
  actual: z.string().nullable(),
  projected: z.string().nullable(),
});
export const towerTimelineAnswer = z.strictObject({
  projectId: z.number(),
  batches: z.array(
    z.strictObject({
      batchId: z.number(),
      batchNumber: z.string(),
      batchName: z.string().nullable(),
      health: z.number().nullable(),
      healthLabel: z.string().nullable(),
      requiredOnSite: z.string().nullable(),
      projectedDelivery: z.string().nullable(),
      slackDays: z.number().nullable(),
      milestones: z.array(timelineMilestone),
    }),
  ),
});
export type TowerTimeline = z.infer<typeof towerTimelineAnswer>;
