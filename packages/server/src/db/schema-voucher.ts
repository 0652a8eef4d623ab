// Payment vouchers (spec §7 `voucherProcess`): the shipper's proof of paying a confirmed
// statement of charges. `tenant_id` is the shipper that owns the batch, `party_tenant_id` the logistics
// provider that drew the statement up and receives the money. The amount is kept in minor units
// (a whole-number numeric read as a string: exact, and it travels in JSON as it is).
import { bigint, date, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { base, dec, ref } from './schema.ts';

export const paymentVouchers = pgTable(
  'payment_voucher',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    projectId: ref('project_id').notNull(),
    batchId: ref('batch_id').notNull(),
    reconciliationId: ref('reconciliation_id').notNull(),
    partyTenantId: ref('party_tenant_id').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** The amount in the currency's minor units (cents; yen as yen): exact, never a float. */
    amountMinor: dec('amount_minor', 19, 0).notNull(),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    bankReference: varchar('bank_reference', { length: 64 }).notNull(),
    remark: varchar('remark', { length: 500 }),
    /** sys_file ids: the bank's slips. */
    fileIds: bigint('file_ids', { mode: 'number' }).array().notNull().default([]),
    status: integer('status').notNull().default(0),
    reason: text('reason'),
    submitTime: timestamp('submit_time', { withTimezone: true, mode: 'date' }),
    confirmTime: timestamp('confirm_time', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('payment_voucher_statement_idx').on(t.reconciliationId, t.status),
    index('payment_voucher_tenant_idx').on(t.tenantId, t.batchId),
    index('payment_voucher_party_idx').on(t.partyTenantId, t.batchId),
  ],
);
