// Tables of the logistics life cycle. `tenant_id` is the shipper
// that owns the batch. A box's logistics status lives on box_piece (one machine); a box is on one vehicle
// and in one container at most (unique box_id). Abnormal records hang off a box.
import { index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { base, num, ref } from './schema.ts';

/** A vehicle (accessoryInfo) taking boxes of a batch from the supplier's works. */
export const vehicles = pgTable(
  'accessory_info',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    projectId: ref('project_id').notNull(),
    batchId: ref('batch_id').notNull(),
    /** The supplier or logistics provider that registered it. */
    ownerTenantId: ref('owner_tenant_id').notNull(),
    plateNumber: varchar('plate_number', { length: 20 }).notNull(),
    vehicleType: varchar('vehicle_type', { length: 50 }),
    driverName: varchar('driver_name', { length: 50 }),
    driverPhone: varchar('driver_phone', { length: 30 }),
    fromPlace: varchar('from_place', { length: 100 }),
    toPlace: varchar('to_place', { length: 100 }),
    departTime: timestamp('depart_time', { withTimezone: true, mode: 'date' }),
    remark: varchar('remark', { length: 500 }),
  },
  (t) => [
    index('accessory_info_batch_idx').on(t.batchId, t.id),
    index('accessory_info_owner_idx').on(t.ownerTenantId, t.batchId),
    index('accessory_info_tenant_idx').on(t.tenantId, t.batchId),
  ],
);

export const vehicleBoxes = pgTable(
  'accessory_info_box_piece',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    batchId: ref('batch_id').notNull(),
    accessoryInfoId: ref('accessory_info_id').notNull(),
    boxId: ref('box_id').notNull(),
    remark: varchar('remark', { length: 500 }),
  },
  (t) => [
    uniqueIndex('accessory_info_box_piece_box_uq').on(t.boxId),
    index('accessory_info_box_piece_vehicle_idx').on(t.accessoryInfoId),
    index('accessory_info_box_piece_batch_idx').on(t.batchId),
  ],
);

export const containers = pgTable(
  'container',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    projectId: ref('project_id').notNull(),
    batchId: ref('batch_id').notNull(),
    /** The logistics provider that registered it. */
    ownerTenantId: ref('owner_tenant_id').notNull(),
    containerNumber: varchar('container_number', { length: 11 }).notNull(),
    typeCode: varchar('type_code', { length: 8 }).notNull(),
    sealNumber: varchar('seal_number', { length: 30 }),
    innerLength: integer('inner_length').notNull(),
    innerWidth: integer('inner_width').notNull(),
    innerHeight: integer('inner_height').notNull(),
    maxPayload: num('max_payload', 12, 3).notNull(),
    tare: num('tare', 12, 3),
    vessel: varchar('vessel', { length: 100 }),
    voyage: varchar('voyage', { length: 30 }),
    etd: timestamp('etd', { withTimezone: true, mode: 'date' }),
    blNumber: varchar('bl_number', { length: 40 }),
    port: varchar('port', { length: 10 }),
    eta: timestamp('eta', { withTimezone: true, mode: 'date' }),
    ata: timestamp('ata', { withTimezone: true, mode: 'date' }),
    /** The stored loading plan: placements, loading order, centre of gravity. */
    plan: jsonb('plan'),
    remark: varchar('remark', { length: 500 }),
  },
  (t) => [
    uniqueIndex('container_number_uq').on(t.batchId, t.containerNumber),
    index('container_owner_idx').on(t.ownerTenantId, t.batchId),
    index('container_tenant_idx').on(t.tenantId, t.batchId),
  ],
);

export const containerBoxes = pgTable(
  'container_box_piece',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    batchId: ref('batch_id').notNull(),
    containerId: ref('container_id').notNull(),
    boxId: ref('box_id').notNull(),
    /** Loading order and placement from the plan (mm from the container's back-left-floor corner). */
    seq: integer('seq'),
    x: integer('x'),
    y: integer('y'),
    z: integer('z'),
    l: integer('l'),
    w: integer('w'),
    h: integer('h'),
    remark: varchar('remark', { length: 500 }),
  },
  (t) => [
    uniqueIndex('container_box_piece_box_uq').on(t.boxId),
    index('container_box_piece_container_idx').on(t.containerId, t.seq),
    index('container_box_piece_batch_idx').on(t.batchId),
  ],
);

export const abnormalRecords = pgTable(
  'abnormal_record',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    projectId: ref('project_id').notNull(),
    batchId: ref('batch_id').notNull(),
    boxId: ref('box_id').notNull(),
    supplierTenantId: ref('supplier_tenant_id').notNull(),
    /** The company that raised it. */
    raisedByTenantId: ref('raised_by_tenant_id').notNull(),
    abnormalType: varchar('abnormal_type', { length: 30 }).notNull(),
    quantity: num('quantity', 18, 3),
    note: varchar('note', { length: 1000 }),
    /** Ids of the uploaded pictures (file family). */
    photoIds: jsonb('photo_ids').$type<number[]>().notNull().default([]),
    /** The box's logistics status when it was raised. */
    atStatus: integer('at_status').notNull(),
    status: integer('status').notNull().default(0),
    resolveNote: varchar('resolve_note', { length: 1000 }),
    resolveTime: timestamp('resolve_time', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('abnormal_record_batch_idx').on(t.batchId, t.createTime),
    index('abnormal_record_box_idx').on(t.boxId),
    index('abnormal_record_tenant_idx').on(t.tenantId, t.status, t.createTime),
    index('abnormal_record_supplier_idx').on(t.supplierTenantId, t.createTime),
  ],
);
