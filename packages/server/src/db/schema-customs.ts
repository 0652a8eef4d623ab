// Tables of the customs declaration. `tenant_id` is the shipper that owns the
// batch; the customs broker is the batch's logistics partner (`broker_tenant_id`). Money and quantities are
// numeric read as strings: the arithmetic is exact (contract/customs.ts), never float accumulation.
import { sql } from 'drizzle-orm';
import {
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
import { gramsColumn } from './grams.ts';
import { base, dec, ref } from './schema.ts';

/** projectDeclare: one declaration per batch and direction, with its header and review status. */
export const projectDeclares = pgTable(
  'project_declare',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    projectId: ref('project_id').notNull(),
    batchId: ref('batch_id').notNull(),
    brokerTenantId: ref('broker_tenant_id'),
    direction: varchar('direction', { length: 8 }).notNull().default('export'),
    status: integer('status').notNull().default(0),
    reason: varchar('reason', { length: 500 }),
    customsOffice: varchar('customs_office', { length: 8 }),
    portOfExit: varchar('port_of_exit', { length: 8 }),
    tradeMode: varchar('trade_mode', { length: 4 }).notNull().default('0110'),
    transportMode: varchar('transport_mode', { length: 2 }).notNull().default('2'),
    vesselName: varchar('vessel_name', { length: 100 }),
    voyageNo: varchar('voyage_no', { length: 40 }),
    blNumber: varchar('bl_number', { length: 64 }),
    contractNumber: varchar('contract_number', { length: 64 }),
    tradingCountry: varchar('trading_country', { length: 2 }),
    destinationCountry: varchar('destination_country', { length: 2 }),
    portOfDestination: varchar('port_of_destination', { length: 8 }),
    incoterm: varchar('incoterm', { length: 3 }),
    currency: varchar('currency', { length: 3 }).notNull().default('USD'),
    freight: dec('freight', 18, 2),
    insurance: dec('insurance', 18, 2),
    otherCharges: dec('other_charges', 18, 2),
    packages: integer('packages'),
    packageType: varchar('package_type', { length: 32 }),
    grossWeight: dec('gross_weight', 16, 3),
    netWeight: dec('net_weight', 16, 3),
    remark: varchar('remark', { length: 500 }),
    submitTime: timestamp('submit_time', { withTimezone: true, mode: 'date' }),
    approveTime: timestamp('approve_time', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('project_declare_batch_uq').on(t.batchId, t.direction),
    index('project_declare_tenant_idx').on(t.tenantId, t.createTime),
    index('project_declare_broker_idx').on(t.brokerTenantId),
    index('project_declare_project_idx').on(t.projectId),
    index('project_declare_status_idx').on(t.status),
  ],
);

/** A goods line of a declaration, merged from confirmed material rows (`source`: row ids and quantities). */
export const declareLines = pgTable(
  'declare_line',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    batchId: ref('batch_id').notNull(),
    declareId: ref('declare_id').notNull(),
    assortId: ref('assort_id'),
    lineNo: integer('line_no').notNull(),
    hsCode: varchar('hs_code', { length: 10 }),
    name: varchar('name', { length: 200 }).notNull(),
    elements: varchar('elements', { length: 1000 }),
    quantity: dec('quantity', 18, 3).notNull(),
    /** The confirmed quantity behind the line: the declared quantity never exceeds it. */
    confirmedQuantity: dec('confirmed_quantity', 18, 3).notNull(),
    unit: varchar('unit', { length: 20 }).notNull(),
    legalUnit1: varchar('legal_unit1', { length: 20 }),
    legalQuantity1: dec('legal_quantity1', 18, 3),
    legalUnit2: varchar('legal_unit2', { length: 20 }),
    legalQuantity2: dec('legal_quantity2', 18, 3),
    unitPrice: dec('unit_price', 18, 4),
    totalPrice: dec('total_price', 20, 2),
    currency: varchar('currency', { length: 3 }),
    originCountry: varchar('origin_country', { length: 2 }),
    destinationCountry: varchar('destination_country', { length: 2 }),
    domesticSource: varchar('domestic_source', { length: 10 }),
    tradeMode: varchar('trade_mode', { length: 4 }).notNull(),
    contractNumber: varchar('contract_number', { length: 64 }),
    source: jsonb('source').$type<{ id: number; quantity: string }[]>().notNull().default([]),
    remark: varchar('remark', { length: 500 }),
    searchGrams: gramsColumn(['name', 'hs_code', 'elements']),
  },
  (t) => [
    index('declare_line_declare_idx').on(t.declareId, t.lineNo),
    index('declare_line_assort_idx').on(t.assortId),
    // A company's lines newest first from the index alone: the oldest company's lines sit at the
    // table's oldest ids, where a walk of the primary key from the newest passes everyone else's.
    index('declare_line_tenant_idx').on(t.tenantId, t.id),
    // A company's lines in the list's own order (declaration, then line): through the declaration alone
    // page 50 walked every company's lines (488 ms at 1M, docs/BENCHMARKS.md).
    index('declare_line_tenant_declare_idx').on(t.tenantId, t.declareId, t.lineNo, t.id),
    // The lines still to be assorted (the assortment's work list), newest first, the same way.
    index('declare_line_undivided_idx').on(t.tenantId, t.id).where(sql`${t.assortId} is null`),
    index('declare_line_batch_idx').on(t.batchId),
    index('declare_line_hs_idx').on(t.hsCode),
    // A company's lines by HS code (how a customs desk reads them), deep pages and the undivided ones
    // included: through the code alone the walk passed every other company's lines of each code (187 ms
    // for page 50 of a shipper's 50,000 at 1M; 1.6–9 ms with this index, docs/BENCHMARKS.md).
    index('declare_line_tenant_hs_idx').on(t.tenantId, t.hsCode, t.id),
    // A line without a code is suggested the company's latest code for its name (customs/decorate.ts).
    index('declare_line_hs_by_name_idx')
      .on(t.tenantId, t.name, t.updateTime)
      .where(sql`${t.hsCode} is not null`),
    // The lines' searches by name, code or elements across every declaration a caller sees (db/grams.ts).
    index('declare_line_grams_idx').using('gin', t.searchGrams),
  ],
);

/** declareElements: a line's filled-in declaration elements, by element name of its HS code's template. */
export const declareElements = pgTable(
  'declare_element',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    batchId: ref('batch_id').notNull(),
    declareId: ref('declare_id').notNull(),
    lineId: ref('line_id').notNull(),
    hsCode: varchar('hs_code', { length: 10 }),
    values: jsonb('values').$type<Record<string, string>>().notNull().default({}),
    /** Where the values come from (nameplate, catalogue), for the reviewer. */
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [
    uniqueIndex('declare_element_line_uq').on(t.lineId),
    index('declare_element_declare_idx').on(t.declareId),
    index('declare_element_tenant_idx').on(t.tenantId),
    index('declare_element_batch_idx').on(t.batchId),
  ],
);

/** declPrice: the inputs of a line's declared price and the result, kept as computed. */
export const declPrices = pgTable(
  'decl_price',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    batchId: ref('batch_id').notNull(),
    declareId: ref('declare_id').notNull(),
    lineId: ref('line_id').notNull(),
    totalPurchasePrice: dec('total_purchase_price', 20, 3).notNull(),
    purchaseCurrency: varchar('purchase_currency', { length: 3 }).notNull(),
    premiumRate: dec('premium_rate', 10, 4).notNull(),
    rateMonth: varchar('rate_month', { length: 7 }).notNull(),
    conversionFactor: dec('conversion_factor', 18, 6).notNull(),
    declaredCurrency: varchar('declared_currency', { length: 3 }).notNull(),
    declaredPrice: dec('declared_price', 20, 3).notNull(),
  },
  (t) => [
    uniqueIndex('decl_price_line_uq').on(t.lineId),
    index('decl_price_declare_idx').on(t.declareId),
    index('decl_price_tenant_idx').on(t.tenantId),
    index('decl_price_batch_idx').on(t.batchId),
  ],
);

/** exchangeRate: units of `currency` per one unit of `base_currency`, for a month (the administrator's table). */
export const exchangeRates = pgTable(
  'exchange_rate',
  {
    ...base,
    currency: varchar('currency', { length: 3 }).notNull(),
    baseCurrency: varchar('base_currency', { length: 3 }).notNull(),
    month: varchar('month', { length: 7 }).notNull(),
    rate: dec('rate', 18, 6).notNull(),
  },
  (t) => [
    uniqueIndex('exchange_rate_uq').on(t.currency, t.baseCurrency, t.month),
    index('exchange_rate_month_idx').on(t.month),
    index('exchange_rate_base_idx').on(t.baseCurrency),
    index('exchange_rate_sort_idx').on(t.month.desc(), t.currency),
  ],
);

/** assort: a declaration ticket (one customs declaration form), declared with its entry number. */
export const assorts = pgTable(
  'assort',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    batchId: ref('batch_id').notNull(),
    declareId: ref('declare_id').notNull(),
    ticketNo: integer('ticket_no').notNull(),
    tradeMode: varchar('trade_mode', { length: 4 }),
    contractNumber: varchar('contract_number', { length: 64 }),
    status: integer('status').notNull().default(0),
    entryNumber: varchar('entry_number', { length: 18 }),
    declaredTime: timestamp('declared_time', { withTimezone: true, mode: 'date' }),
    remark: varchar('remark', { length: 500 }),
  },
  (t) => [
    uniqueIndex('assort_ticket_uq').on(t.declareId, t.ticketNo),
    index('assort_tenant_idx').on(t.tenantId),
    index('assort_batch_idx').on(t.batchId),
    index('assort_status_idx').on(t.status),
  ],
);

/** examine: the review record of a declaration — every review step, and reviewers' remarks. */
export const examines = pgTable(
  'examine',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    batchId: ref('batch_id').notNull(),
    declareId: ref('declare_id').notNull(),
    lineId: ref('line_id'),
    /** The review step (submit, back, approve, archive), or 'remark'. */
    action: varchar('action', { length: 16 }).notNull(),
    opinion: text('opinion'),
    authorTenantId: ref('author_tenant_id').notNull(),
  },
  (t) => [
    index('examine_declare_idx').on(t.declareId, t.createTime),
    index('examine_tenant_idx').on(t.tenantId),
    index('examine_batch_idx').on(t.batchId),
  ],
);

/** customsClearanceLive: clearance progress at destination, one row per batch, moved step by step. */
export const customsClearances = pgTable(
  'customs_clearance',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    projectId: ref('project_id').notNull(),
    batchId: ref('batch_id').notNull(),
    brokerTenantId: ref('broker_tenant_id'),
    status: integer('status').notNull().default(0),
    lodgedDate: date('lodged_date', { mode: 'string' }),
    inspectionDate: date('inspection_date', { mode: 'string' }),
    assessedDate: date('assessed_date', { mode: 'string' }),
    paidDate: date('paid_date', { mode: 'string' }),
    releasedDate: date('released_date', { mode: 'string' }),
    dutiesAmount: dec('duties_amount', 18, 2),
    dutiesCurrency: varchar('duties_currency', { length: 3 }),
    place: varchar('place', { length: 100 }),
    remark: varchar('remark', { length: 500 }),
  },
  (t) => [
    uniqueIndex('customs_clearance_batch_uq').on(t.batchId),
    index('customs_clearance_tenant_idx').on(t.tenantId, t.updateTime),
    index('customs_clearance_broker_idx').on(t.brokerTenantId),
    index('customs_clearance_status_idx').on(t.status).where(sql`${t.status} < 5`),
  ],
);
