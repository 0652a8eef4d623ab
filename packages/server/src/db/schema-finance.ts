// Tables of supply-chain finance. Money is numeric read as strings (exact arithmetic in minor units,
// never float). Trade policy has its own file (schema-trade-policy.ts).
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { base, dec, ref } from './schema.ts';

/** creditCarddInformation: one company's bank and credit information (one row per tenant). */
export const creditInfos = pgTable(
  'credit_info',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    bankName: varchar('bank_name', { length: 100 }).notNull(),
    bankAccount: varchar('bank_account', { length: 34 }).notNull(),
    accountName: varchar('account_name', { length: 100 }),
    swiftCode: varchar('swift_code', { length: 11 }).notNull(),
    /** Set by the platform's finance side. */
    creditRating: varchar('credit_rating', { length: 4 }),
    creditLimit: dec('credit_limit', 18, 2),
    currency: varchar('currency', { length: 3 }).notNull().default('CNY'),
    remark: varchar('remark', { length: 500 }),
  },
  (t) => [uniqueIndex('credit_info_tenant_uq').on(t.tenantId)],
);

/** A financing application against a confirmed statement of charges or commercial invoice. */
export const financingApplications = pgTable(
  'financing_application',
  {
    ...base,
    /** The applying company (the creditor of the basis paper). */
    tenantId: ref('tenant_id').notNull(),
    applicationNo: varchar('application_no', { length: 32 }).notNull(),
    basisType: varchar('basis_type', { length: 16 }).notNull(),
    basisId: ref('basis_id').notNull(),
    batchId: ref('batch_id').notNull(),
    /** Who owes the basis paper (the batch's shipper). */
    debtorTenantId: ref('debtor_tenant_id').notNull(),
    amount: dec('amount', 19, 3).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    termDays: integer('term_days').notNull(),
    status: integer('status').notNull().default(0),
    reason: text('reason'),
    remark: varchar('remark', { length: 500 }),
    disbursedOn: date('disbursed_on', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    repaidOn: date('repaid_on', { mode: 'string' }),
    /** The last day the reminder job told the borrower (once a day at most). */
    remindedOn: date('reminded_on', { mode: 'string' }),
  },
  (t) => [
    index('financing_tenant_idx').on(t.tenantId, t.status),
    index('financing_basis_idx').on(t.basisType, t.basisId),
    index('financing_status_idx').on(t.status, t.id),
    // The reminder job: loans out (disbursed) by due date.
    index('financing_due_idx').on(t.dueDate).where(sql`${t.status} = 4`),
    uniqueIndex('financing_no_uq').on(t.applicationNo),
  ],
);
