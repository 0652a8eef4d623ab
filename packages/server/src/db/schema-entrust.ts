// Tables of the shipping instruction (deliveryEntrust) and the vessel register with its schedules.
// A vessel and its schedule rows are kept by the logistics provider that entered them
// (`tenant_id`); an instruction's `tenant_id` is the batch's shipper, `party_tenant_id` its provider.
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { base, num, ref } from './schema.ts';

export const vessels = pgTable(
  'vessel',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    /** Seven digits, check digit verified. */
    imo: varchar('imo', { length: 7 }).notNull(),
    mmsi: varchar('mmsi', { length: 9 }),
    callSign: varchar('call_sign', { length: 16 }),
    /** ISO 3166 alpha-2 of the flag state. */
    flag: varchar('flag', { length: 2 }).notNull(),
    vesselType: varchar('vessel_type', { length: 20 }).notNull(),
    teu: integer('teu'),
    dwt: integer('dwt'),
    built: integer('built'),
    operator: varchar('operator', { length: 100 }),
    remark: varchar('remark', { length: 500 }),
  },
  (t) => [
    uniqueIndex('vessel_imo_uq').on(t.imo),
    index('vessel_mmsi_idx').on(t.mmsi),
    index('vessel_tenant_idx').on(t.tenantId, t.name),
    index('vessel_name_idx').on(sql`lower(${t.name}) text_pattern_ops`),
  ],
);

export const vesselSchedules = pgTable(
  'vessel_schedule',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    vesselId: ref('vessel_id').notNull(),
    voyageNo: varchar('voyage_no', { length: 32 }).notNull(),
    /** UN/LOCODE of the port called at. */
    portCode: varchar('port_code', { length: 5 }).notNull(),
    seq: integer('seq').notNull().default(1),
    eta: timestamp('eta', { withTimezone: true, mode: 'date' }),
    etd: timestamp('etd', { withTimezone: true, mode: 'date' }),
    terminal: varchar('terminal', { length: 100 }),
    remark: varchar('remark', { length: 500 }),
  },
  (t) => [
    index('vessel_schedule_vessel_idx').on(t.vesselId, t.voyageNo, t.seq),
    index('vessel_schedule_tenant_idx').on(t.tenantId),
    index('vessel_schedule_port_idx').on(t.portCode, t.etd),
  ],
);

export const deliveryEntrusts = pgTable(
  'delivery_entrust',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    projectId: ref('project_id').notNull(),
    batchId: ref('batch_id').notNull(),
    partyTenantId: ref('party_tenant_id').notNull(),
    entrustNo: varchar('entrust_no', { length: 32 }).notNull(),
    shipperText: varchar('shipper_text', { length: 500 }).notNull(),
    consignee: varchar('consignee', { length: 500 }).notNull(),
    notifyParty: varchar('notify_party', { length: 500 }),
    portOfLoading: varchar('port_of_loading', { length: 5 }).notNull(),
    portOfDischarge: varchar('port_of_discharge', { length: 5 }).notNull(),
    placeOfDelivery: varchar('place_of_delivery', { length: 100 }),
    incoterm: varchar('incoterm', { length: 3 }).notNull(),
    incotermPlace: varchar('incoterm_place', { length: 100 }),
    wantedEtd: date('wanted_etd', { mode: 'string' }),
    vesselId: ref('vessel_id'),
    /** The vessel's name as it was when chosen (the register may change later). */
    vesselName: varchar('vessel_name', { length: 100 }),
    voyageNo: varchar('voyage_no', { length: 32 }),
    /** Cargo summary from the batch's handed-over boxes, as of the last save and kept from submission. */
    packages: integer('packages').notNull().default(0),
    grossWeight: num('gross_weight', 14, 3).notNull().default(0),
    volume: num('volume', 14, 3).notNull().default(0),
    cargoDescription: varchar('cargo_description', { length: 1000 }),
    specialRequirements: varchar('special_requirements', { length: 1000 }),
    status: integer('status').notNull().default(0),
    reason: text('reason'),
    submitTime: timestamp('submit_time', { withTimezone: true, mode: 'date' }),
    acceptTime: timestamp('accept_time', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('delivery_entrust_tenant_idx').on(t.tenantId, t.batchId),
    index('delivery_entrust_party_idx').on(t.partyTenantId, t.batchId),
    index('delivery_entrust_batch_idx').on(t.batchId),
    index('delivery_entrust_vessel_idx').on(t.vesselId),
  ],
);
