// Tables of boxes and packing. `tenant_id` is the shipper that owns the
// batch; the supplier that packed a box is `supplier_tenant_id`. A box is reached by a scan through its
// random `token`, never by its id.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { gramsColumn } from './grams.ts';
import { base, num, ref } from './schema.ts';

export const boxPieces = pgTable(
  'box_piece',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    projectId: ref('project_id').notNull(),
    batchId: ref('batch_id').notNull(),
    supplierTenantId: ref('supplier_tenant_id').notNull(),
    boxNumber: varchar('box_number', { length: 64 }).notNull(),
    seq: integer('seq').notNull(),
    /** Opaque, random: the content of the label's QR code (/scan/box/<token>). */
    token: varchar('token', { length: 32 }).notNull(),
    packageType: varchar('package_type', { length: 20 }).notNull(),
    length: integer('length').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    grossWeight: num('gross_weight', 12, 3).notNull(),
    netWeight: num('net_weight', 12, 3).notNull(),
    volume: num('volume', 12, 3).notNull(),
    outOfGauge: boolean('out_of_gauge').notNull().default(false),
    stackable: boolean('stackable').notNull().default(true),
    thisSideUp: boolean('this_side_up').notNull().default(false),
    fragile: boolean('fragile').notNull().default(false),
    dangerousClass: varchar('dangerous_class', { length: 8 }),
    unNumber: varchar('un_number', { length: 8 }),
    sscc: varchar('sscc', { length: 18 }),
    userBoxTypeId: ref('user_box_type_id'),
    /** Packing status (boxMachine); the logistics status is its own machine. */
    status: integer('status').notNull().default(0),
    logisticsStatus: integer('logistics_status').notNull().default(0),
    reason: varchar('reason', { length: 500 }),
    submitTime: timestamp('submit_time', { withTimezone: true, mode: 'date' }),
    remark: varchar('remark', { length: 500 }),
    searchGrams: gramsColumn(['box_number', 'remark', 'sscc']),
  },
  (t) => [
    uniqueIndex('box_piece_number_uq').on(t.batchId, t.boxNumber),
    uniqueIndex('box_piece_token_uq').on(t.token),
    // An SSCC names one logistic unit in the world: never two boxes.
    uniqueIndex('box_piece_sscc_uq').on(t.sscc).where(sql`${t.sscc} is not null`),
    // A batch's boxes newest first from the index alone (see declare_line_tenant_idx for why).
    index('box_piece_tenant_idx').on(t.tenantId, t.batchId, t.id),
    // …and a company's boxes newest first, deep pages included, from the index alone.
    index('box_piece_tenant_id_idx').on(t.tenantId, t.id),
    // …by number and by weight, the two sorts the boxes screen offers, across a company's boxes (an API
    // reader's sync): without them a shipper's 50,000 boxes among 1M were sorted or walked past others'
    // (65–78 ms; 10–21 ms with them, docs/BENCHMARKS.md).
    index('box_piece_tenant_number_idx').on(t.tenantId, t.boxNumber, t.id),
    index('box_piece_tenant_weight_idx').on(t.tenantId, t.grossWeight, t.id),
    index('box_piece_supplier_idx').on(t.supplierTenantId, t.batchId, t.seq),
    index('box_piece_status_idx').on(t.batchId, t.status),
    index('box_piece_logistics_idx').on(t.batchId, t.logisticsStatus),
    // A company's boxes by status or logistics status, newest first. Without it the planner met the
    // company's boxes with the platform-wide status index below, a bitmap of 666,784 boxes built to keep
    // 33,396 (48 ms at 1M rows), and a filter by logistics status sorted 8,342 boxes by hand.
    index('box_piece_tenant_status_idx').on(t.tenantId, t.status, t.logisticsStatus, t.id),
    // Statistics: handed-over boxes by logistics status across the platform, from the index alone.
    index('box_piece_stats_idx').on(t.status, t.logisticsStatus),
    // A package type within the batches a provider serves, probed per batch (not a bitmap of every box
    // of the type).
    index('box_piece_package_idx').on(t.packageType, t.batchId),
    // The boxes list's filters across every batch a caller sees (the index test's rows-read rule), and
    // its searches by box number, remark or SSCC (two-character pieces, db/grams.ts).
    index('box_piece_project_idx').on(t.projectId),
    index('box_piece_create_time_idx').on(t.createTime),
    index('box_piece_grams_idx').using('gin', t.searchGrams),
  ],
);

export const boxPieceDetails = pgTable(
  'box_piece_detail',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    batchId: ref('batch_id').notNull(),
    supplierTenantId: ref('supplier_tenant_id').notNull(),
    boxId: ref('box_id').notNull(),
    suppliesId: ref('supplies_id').notNull(),
    quantity: num('quantity', 18, 3).notNull(),
    remark: varchar('remark', { length: 500 }),
  },
  (t) => [
    uniqueIndex('box_piece_detail_uq').on(t.boxId, t.suppliesId),
    index('box_piece_detail_supplies_idx').on(t.suppliesId),
    index('box_piece_detail_batch_idx').on(t.batchId, t.supplierTenantId),
    // The shipper's contents (its own company's boxes), in the list's order.
    index('box_piece_detail_tenant_idx').on(t.tenantId, t.boxId, t.id),
    // …and newest first: without it the shipper's `sort=id,desc` walked the primary key backwards
    // past every other company's rows (950,000 read for 50 at 1M rows).
    index('box_piece_detail_tenant_newest_idx').on(t.tenantId, t.id),
  ],
);

/** A supplier's saved box types, offered when a box is created. */
export const userBoxTypes = pgTable(
  'user_box_type',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    packageType: varchar('package_type', { length: 20 }).notNull(),
    innerLength: integer('inner_length'),
    innerWidth: integer('inner_width'),
    innerHeight: integer('inner_height'),
    length: integer('length').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    tareWeight: num('tare_weight', 12, 3),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [uniqueIndex('user_box_type_name_uq').on(t.tenantId, t.name)],
);

/**
 * The next SSCC serial of each GS1 company prefix (the extension digit and serial reference read as one
 * number): SSCCs are handed out from here, in order, so none is given twice and none outgrows 18 digits.
 */
export const ssccSerials = pgTable('sscc_serial', {
  companyPrefix: varchar('company_prefix', { length: 12 }).primaryKey(),
  nextSerial: bigint('next_serial', { mode: 'number' }).notNull().default(0),
  updateTime: timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
