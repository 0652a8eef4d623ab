// Tables of bills of lading and the warehouse tally. `tenant_id` is the
// shipper that owns the batch; `party_tenant_id` the logistics provider that drew the B/L up.
import type { BillLadingContainer } from '@tradelane/contract';
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
import { base, dec, ref } from './schema.ts';

export const billLadings = pgTable(
  'bill_lading',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    projectId: ref('project_id').notNull(),
    batchId: ref('batch_id').notNull(),
    partyTenantId: ref('party_tenant_id').notNull(),
    blNumber: varchar('bl_number', { length: 40 }),
    shipper: varchar('shipper', { length: 500 }),
    consignee: varchar('consignee', { length: 500 }),
    notifyParty: varchar('notify_party', { length: 500 }),
    vessel: varchar('vessel', { length: 100 }),
    voyage: varchar('voyage', { length: 30 }),
    portOfLoading: varchar('port_of_loading', { length: 10 }),
    portOfDischarge: varchar('port_of_discharge', { length: 10 }),
    placeOfReceipt: varchar('place_of_receipt', { length: 100 }),
    placeOfDelivery: varchar('place_of_delivery', { length: 100 }),
    marksAndNumbers: varchar('marks_and_numbers', { length: 1000 }),
    packages: integer('packages'),
    description: varchar('description', { length: 2000 }),
    /** kg and m³ as exact decimals (strings on the wire). */
    grossWeight: dec('gross_weight', 15, 3),
    measurement: dec('measurement', 15, 3),
    freightTerms: varchar('freight_terms', { length: 10 }),
    originals: integer('originals'),
    placeOfIssue: varchar('place_of_issue', { length: 100 }),
    dateOfIssue: date('date_of_issue', { mode: 'string' }),
    /** The batch's containers and seals, taken from the logistics module at each save while editable. */
    containers: jsonb('containers').$type<BillLadingContainer[]>().notNull().default([]),
    remark: varchar('remark', { length: 500 }),
    status: integer('status').notNull().default(0),
    reason: text('reason'),
    submitTime: timestamp('submit_time', { withTimezone: true, mode: 'date' }),
    confirmTime: timestamp('confirm_time', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('bill_lading_tenant_idx').on(t.tenantId, t.batchId),
    index('bill_lading_party_idx').on(t.partyTenantId, t.batchId),
    index('bill_lading_batch_idx').on(t.batchId, t.status),
  ],
);

/** One row per box of the batch on a submitted packing list: what the warehouse found. */
export const tallySheets = pgTable(
  'tally_sheet',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    projectId: ref('project_id').notNull(),
    batchId: ref('batch_id').notNull(),
    boxId: ref('box_id').notNull(),
    supplierTenantId: ref('supplier_tenant_id').notNull(),
    /** Copied from the box at each synchronisation (the list sorts by it). */
    boxNumber: varchar('box_number', { length: 64 }).notNull(),
    /** Pieces packed in the box (the packing list's quantity). */
    expectedQuantity: dec('expected_quantity', 18, 3).notNull(),
    talliedQuantity: dec('tallied_quantity', 18, 3),
    status: integer('status').notNull().default(0),
    note: varchar('note', { length: 500 }),
    tallyBy: varchar('tally_by', { length: 255 }),
    tallyTime: timestamp('tally_time', { withTimezone: true, mode: 'date' }),
    /** Abnormal-record kinds already raised for this box by the tally (once per box and kind). */
    raised: jsonb('raised').$type<string[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('tally_sheet_box_uq').on(t.boxId),
    index('tally_sheet_batch_idx').on(t.batchId, t.status, t.boxNumber),
    index('tally_sheet_tenant_idx').on(t.tenantId, t.batchId),
  ],
);
