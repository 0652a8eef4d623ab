// Tables of the control tower: a batch's plan and milestones (planned, baseline, actual from the
// event store, projected), lane defaults, exceptions with their comments, webhooks with their delivery log,
// and API tokens. `tenant_id` is the shipper that owns the batch (for lane defaults, webhooks and tokens:
// the company that keeps them).
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { base, ref } from './schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });

export const batchPlans = pgTable(
  'batch_plan',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    projectId: ref('project_id').notNull(),
    batchId: ref('batch_id').notNull(),
    requiredOnSite: day('required_on_site'),
    marginDays: integer('margin_days').notNull().default(7),
    baselineRequiredOnSite: day('baseline_required_on_site'),
    baselineAt: at('baseline_at'),
    /** `POL-POD` of the batch when last projected: the lane its history counts for. */
    lane: varchar('lane', { length: 11 }),
    // Derived by the projection (in the command's transaction, or by the re-projection job).
    projectedDelivery: day('projected_delivery'),
    slackDays: integer('slack_days'),
    health: integer('health'),
    nextMilestone: varchar('next_milestone', { length: 16 }),
    projectedAt: at('projected_at'),
  },
  (t) => [
    uniqueIndex('batch_plan_batch_uq').on(t.batchId),
    index('batch_plan_tenant_idx').on(t.tenantId, t.health),
    index('batch_plan_project_idx').on(t.projectId),
    index('batch_plan_lane_idx').on(t.tenantId, t.lane),
  ],
);

export const batchMilestones = pgTable(
  'batch_milestone',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: ref('tenant_id').notNull(),
    batchId: ref('batch_id').notNull(),
    seq: integer('seq').notNull(),
    code: varchar('code', { length: 16 }).notNull(),
    planned: day('planned'),
    baseline: day('baseline'),
    /** When the last box of the batch reached it: the time of its event in the change record. */
    actual: at('actual'),
    projected: day('projected'),
    basis: varchar('basis', { length: 12 }).notNull().default('none'),
  },
  (t) => [
    uniqueIndex('batch_milestone_uq').on(t.batchId, t.code),
    // The re-projection job: milestones whose planned date passed with no event.
    index('batch_milestone_due_idx').on(t.planned).where(sql`${t.actual} is null`),
    // On-time-in-full: the batches received on site in a window of months (tower/otif.ts). (An index on
    // (tenant, actual) made for it before it was written served no query: dropped in 0030.)
    index('batch_milestone_received_idx')
      .on(t.actual, t.batchId)
      .where(sql`${t.code} = 'received' and ${t.actual} is not null`),
  ],
);

export const laneDefaults = pgTable(
  'lane_default',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    portOfLoading: varchar('port_of_loading', { length: 5 }).notNull(),
    portOfDischarge: varchar('port_of_discharge', { length: 5 }).notNull(),
    packedDays: integer('packed_days'),
    loadedDays: integer('loaded_days'),
    shippedDays: integer('shipped_days'),
    arrivedDays: integer('arrived_days'),
    clearedDays: integer('cleared_days'),
    deliveredDays: integer('delivered_days'),
    receivedDays: integer('received_days'),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [uniqueIndex('lane_default_uq').on(t.tenantId, t.portOfLoading, t.portOfDischarge)],
);

export const towerExceptions = pgTable(
  'tower_exception',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    projectId: ref('project_id').notNull(),
    batchId: ref('batch_id').notNull(),
    kind: varchar('kind', { length: 24 }).notNull(),
    status: integer('status').notNull().default(0),
    ownerTenantId: ref('owner_tenant_id'),
    ownerParty: varchar('owner_party', { length: 12 }),
    openedByTenantId: ref('opened_by_tenant_id'),
    /** `product` (opened by the tower) or `user`. */
    source: varchar('source', { length: 8 }).notNull(),
    /** One open exception per condition (a late batch, an overdue milestone, a rejected paper). */
    dedupeKey: varchar('dedupe_key', { length: 80 }),
    /** A user's words; the product's exceptions are a catalogue code with parameters instead. */
    title: varchar('title', { length: 200 }),
    titleCode: varchar('title_code', { length: 64 }),
    params: jsonb('params').$type<Record<string, unknown>>(),
    description: text('description'),
    milestone: varchar('milestone', { length: 16 }),
    dueDate: day('due_date'),
    resolution: text('resolution'),
    resolvedAt: at('resolved_at'),
    resolvedBy: varchar('resolved_by', { length: 64 }),
    closedAt: at('closed_at'),
    refEntity: varchar('ref_entity', { length: 32 }),
    refId: ref('ref_id'),
  },
  (t) => [
    // The inbox of each side, oldest first: the shipper's, the owner's, the opener's.
    index('tower_exception_tenant_idx').on(t.tenantId, t.status, t.createTime),
    index('tower_exception_owner_idx').on(t.ownerTenantId, t.status, t.createTime),
    index('tower_exception_opener_idx').on(t.openedByTenantId, t.createTime),
    index('tower_exception_batch_idx').on(t.batchId, t.status),
    index('tower_exception_project_idx').on(t.projectId, t.status),
    uniqueIndex('tower_exception_open_uq').on(t.dedupeKey).where(sql`${t.status} < 2`),
  ],
);

export const exceptionComments = pgTable(
  'exception_comment',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    exceptionId: ref('exception_id').notNull(),
    authorTenantId: ref('author_tenant_id').notNull(),
    content: varchar('content', { length: 2000 }).notNull(),
  },
  (t) => [index('exception_comment_exception_idx').on(t.exceptionId, t.createTime)],
);

export const webhooks = pgTable(
  'webhook',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    url: varchar('url', { length: 500 }).notNull(),
    /** The signing secret, encrypted under CONFIG_KEY (it must be read back to sign). */
    secretEnc: text('secret_enc').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    description: varchar('description', { length: 255 }),
  },
  (t) => [index('webhook_tenant_idx').on(t.tenantId)],
);

export const webhookDeliveries = pgTable(
  'webhook_delivery',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    webhookId: ref('webhook_id').notNull(),
    eventId: varchar('event_id', { length: 40 }).notNull(),
    kind: varchar('kind', { length: 32 }).notNull(),
    /** The exact body sent (and signed) on every try. */
    body: text('body').notNull(),
    status: integer('status').notNull().default(0),
    tries: integer('tries').notNull().default(0),
    nextAttemptAt: at('next_attempt_at'),
    /** A node sending it holds it until then (another node takes it over after). */
    leaseUntil: at('lease_until'),
    lastStatus: integer('last_status'),
    lastAnswer: varchar('last_answer', { length: 500 }),
    lastError: varchar('last_error', { length: 500 }),
    deliveredAt: at('delivered_at'),
  },
  (t) => [
    index('webhook_delivery_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 0`),
    // The delivery log's list (newest first) and each of its filters, within a tenant.
    index('webhook_delivery_tenant_idx').on(t.tenantId, t.createTime),
    index('webhook_delivery_webhook_idx').on(t.webhookId, t.createTime),
    index('webhook_delivery_kind_idx').on(t.tenantId, t.kind, t.createTime),
    index('webhook_delivery_status_idx').on(t.tenantId, t.status, t.createTime),
  ],
);

export const apiTokens = pgTable(
  'api_token',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    /** Who issued it: the token acts with that user's rights, narrowed to its scopes. */
    userId: ref('user_id').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /** The token's first characters, to tell tokens apart in a list. */
    hint: varchar('hint', { length: 12 }).notNull(),
    expiresAt: day('expires_at').notNull(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [uniqueIndex('api_token_hash_uq').on(t.tokenHash), index('api_token_tenant_idx').on(t.tenantId)],
);
