// Tables of projects, batches, contracts and material lists.
// `tenant_id` is always the shipper that owns the project; partners are reached through batch_partner.
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
import { base, lease, num, ref } from './schema.ts';

export const projects = pgTable(
  'project',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    enName: varchar('en_name', { length: 200 }),
    code: varchar('code', { length: 64 }).notNull(),
    country: varchar('country', { length: 2 }),
    site: varchar('site', { length: 200 }),
    description: text('description'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    status: integer('status').notNull().default(0),
  },
  (t) => [uniqueIndex('project_code_uq').on(t.tenantId, t.code)],
);

export const projectPersonnel = pgTable(
  'project_personnel',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    projectId: ref('project_id').notNull(),
    userId: ref('user_id').notNull(),
    role: varchar('role', { length: 32 }).notNull(),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [
    uniqueIndex('project_personnel_uq').on(t.projectId, t.userId),
    index('project_personnel_tenant_idx').on(t.tenantId),
  ],
);

export const projectContracts = pgTable(
  'project_contract',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    projectId: ref('project_id').notNull(),
    contractNumber: varchar('contract_number', { length: 64 }).notNull(),
    name: varchar('name', { length: 200 }),
    /** The counterparty: a supplier (or logistics provider) partner of the shipper. */
    supplierTenantId: ref('supplier_tenant_id').notNull(),
    amount: num('amount', 18, 2).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    signDate: date('sign_date', { mode: 'string' }),
    incoterm: varchar('incoterm', { length: 3 }),
    incotermPlace: varchar('incoterm_place', { length: 100 }),
    status: integer('status').notNull().default(0),
    remark: varchar('remark', { length: 1000 }),
  },
  (t) => [
    uniqueIndex('project_contract_number_uq').on(t.tenantId, t.contractNumber),
    index('project_contract_project_idx').on(t.projectId),
  ],
);

export const projectContractFiles = pgTable(
  'project_contract_file',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    contractId: ref('contract_id').notNull(),
    fileId: ref('file_id').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    url: varchar('url', { length: 500 }).notNull(),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [index('project_contract_file_contract_idx').on(t.contractId)],
);

export const projectBatches = pgTable(
  'project_batch',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    projectId: ref('project_id').notNull(),
    batchNumber: varchar('batch_number', { length: 64 }).notNull(),
    name: varchar('name', { length: 200 }),
    enName: varchar('en_name', { length: 200 }),
    plannedShipDate: date('planned_ship_date', { mode: 'string' }),
    portOfLoading: varchar('port_of_loading', { length: 5 }),
    portOfDischarge: varchar('port_of_discharge', { length: 5 }),
    destinationSite: varchar('destination_site', { length: 200 }),
    destinationSiteEn: varchar('destination_site_en', { length: 200 }),
    status: integer('status').notNull().default(0),
    logisticsStatus: integer('logistics_status').notNull().default(0),
    remark: varchar('remark', { length: 1000 }),
  },
  (t) => [
    uniqueIndex('project_batch_number_uq').on(t.projectId, t.batchNumber),
    index('project_batch_tenant_idx').on(t.tenantId),
  ],
);

export const batchPartners = pgTable(
  'batch_partner',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    projectId: ref('project_id').notNull(),
    batchId: ref('batch_id').notNull(),
    partnerTenantId: ref('partner_tenant_id').notNull(),
    /** 1 supplier, 2 logistics provider (TenantEnd). */
    partnerEnd: integer('partner_end').notNull(),
    bpStatus: integer('bp_status').notNull().default(0),
    contractId: ref('contract_id'),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [
    uniqueIndex('batch_partner_uq').on(t.batchId, t.partnerTenantId),
    index('batch_partner_partner_idx').on(t.partnerTenantId),
    index('batch_partner_tenant_idx').on(t.tenantId),
  ],
);

/** The status row of one supplier's material list on one batch. */
export const materialLists = pgTable(
  'material_list',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    projectId: ref('project_id').notNull(),
    batchId: ref('batch_id').notNull(),
    supplierTenantId: ref('supplier_tenant_id').notNull(),
    status: integer('status').notNull().default(0),
    reason: varchar('reason', { length: 500 }),
    submitTime: timestamp('submit_time', { withTimezone: true, mode: 'date' }),
    confirmTime: timestamp('confirm_time', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('material_list_uq').on(t.batchId, t.supplierTenantId),
    index('material_list_tenant_idx').on(t.tenantId),
  ],
);

export const supplies = pgTable(
  'supplies',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    projectId: ref('project_id').notNull(),
    batchId: ref('batch_id').notNull(),
    listId: ref('list_id').notNull(),
    supplierTenantId: ref('supplier_tenant_id').notNull(),
    contractId: ref('contract_id'),
    lineNo: integer('line_no').notNull(),
    materialCode: varchar('material_code', { length: 64 }),
    name: varchar('name', { length: 200 }).notNull(),
    enName: varchar('en_name', { length: 200 }),
    spec: varchar('spec', { length: 200 }),
    brand: varchar('brand', { length: 100 }),
    hsCode: varchar('hs_code', { length: 10 }),
    quantity: num('quantity', 18, 3).notNull(),
    unit: varchar('unit', { length: 20 }).notNull(),
    unitPrice: num('unit_price', 18, 4),
    currency: varchar('currency', { length: 3 }),
    totalPrice: num('total_price', 20, 2),
    originCountry: varchar('origin_country', { length: 2 }),
    netWeight: num('net_weight', 14, 3),
    grossWeight: num('gross_weight', 14, 3),
    remark: varchar('remark', { length: 500 }),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    searchGrams: gramsColumn(['name', 'en_name', 'spec', 'material_code', 'brand', 'hs_code']),
  },
  (t) => [
    index('supplies_list_idx').on(t.listId, t.lineNo),
    index('supplies_batch_idx').on(t.batchId),
    index('supplies_material_idx').on(t.supplierTenantId, t.materialCode),
    // The visibility rule `tenant_id = me or list_id = any(…)`, and a company's rows by HS code (the one
    // sort over its whole set that no list narrows: 110 ms for page 1 at 1M rows through the code alone,
    // docs/BENCHMARKS.md). One index for both, so the table's writes pay for no more indexes than before.
    index('supplies_tenant_hs_idx').on(t.tenantId, t.hsCode, t.id),
    // The HS code filter across every list a caller sees (customs work): without it the count read
    // every visible row to find the few of one code.
    index('supplies_hs_code_idx').on(t.hsCode),
    // The list's keyword search (`blurry`): its columns' two-character pieces, so a two-character
    // Chinese keyword across every list a caller sees is answered by the index (db/grams.ts).
    index('supplies_grams_idx').using('gin', t.searchGrams),
    // The list's other filters across every list a caller sees: each narrows by its own index instead
    // of being tested on every visible row (the index test's rows-read rule).
    index('supplies_project_idx').on(t.projectId),
    index('supplies_contract_idx').on(t.contractId),
    // A company's rows in a declared order across every list (`sort=listId`, `sort=createTime`, and the
    // list's default order) under a broad filter or keyword: the global indexes walked backwards past
    // 951,468 other companies' rows for a shipper's 10 in USD (620 ms at 1M rows, docs/BENCHMARKS.md).
    // Every caller's scope names the companies (access.ts suppliesScope), so these serve each party, and
    // the time filter too: the global index on the time alone is gone.
    index('supplies_tenant_list_idx').on(t.tenantId, t.listId, t.lineNo, t.id),
    index('supplies_tenant_time_idx').on(t.tenantId, t.createTime, t.id),
    index('supplies_currency_idx').on(t.currency),
    index('supplies_origin_idx').on(t.originCountry),
    index('supplies_tags_idx').using('gin', sql`${t.tags} jsonb_path_ops`),
    // A row's HS suggestion: the supplier's latest classified row of the same name, one index probe.
    index('supplies_hs_by_name_idx')
      .on(t.supplierTenantId, t.name, t.updateTime, t.id)
      .where(sql`${t.hsCode} is not null`),
  ],
);

/** A supplier's material codes, remembered with their last classification (suggested next time). */
export const materialCodes = pgTable(
  'material_code',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    enName: varchar('en_name', { length: 200 }),
    spec: varchar('spec', { length: 200 }),
    brand: varchar('brand', { length: 100 }),
    unit: varchar('unit', { length: 20 }),
    hsCode: varchar('hs_code', { length: 10 }),
    originCountry: varchar('origin_country', { length: 2 }),
  },
  (t) => [
    uniqueIndex('material_code_uq').on(t.tenantId, t.code),
    // A supplier's latest classification of a name, suggested on declaration lines.
    index('material_code_name_idx').on(t.tenantId, t.name, t.updateTime).where(sql`${t.hsCode} is not null`),
  ],
);

/** China's 10-digit tariff lines, imported from a customer's file: they extend HS 2022 with zh names. */
export const customsCodes = pgTable(
  'customs_code',
  {
    ...base,
    code: varchar('code', { length: 10 }).notNull(),
    hs6: varchar('hs6', { length: 6 }).notNull(),
    name: varchar('name', { length: 500 }).notNull(),
    unit1: varchar('unit1', { length: 20 }),
    unit2: varchar('unit2', { length: 20 }),
    elements: text('elements'),
    remark: varchar('remark', { length: 500 }),
  },
  (t) => [
    uniqueIndex('customs_code_uq').on(t.code),
    index('customs_code_hs6_idx').on(t.hs6),
    index('customs_code_name_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/** Progress of an import, in the database so any API node can answer getImportProgress. */
export const importTasks = pgTable(
  'import_task',
  {
    ...base,
    taskKey: varchar('task_key', { length: 64 }).notNull(),
    tenantId: ref('tenant_id').notNull(),
    userId: ref('user_id').notNull(),
    kind: varchar('kind', { length: 32 }).notNull(),
    batchId: ref('batch_id'),
    status: varchar('status', { length: 16 }).notNull().default('reading'),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    errors: jsonb('errors').$type<{ row: number; column: string; message: string }[]>(),
    /** Why a failed import failed: a message-catalogue code (`task.interrupted`, `supplies.import_bad_file`…). */
    reason: varchar('reason', { length: 64 }),
    /** The name of the file the user chose, so a dialog opened later can say which file to choose again. */
    fileName: varchar('file_name', { length: 255 }),
    ...lease,
  },
  (t) => [
    uniqueIndex('import_task_key_uq').on(t.taskKey),
    index('import_task_user_idx').on(t.userId),
    // The lease sweep looks only at imports still at work.
    index('import_task_lease_idx').on(t.leaseUntil).where(sql`status in ('reading', 'saving')`),
  ],
);
