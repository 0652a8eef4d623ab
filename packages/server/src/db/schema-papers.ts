// Tables of the logistics provider's papers and money. `tenant_id`
// is the shipper that owns the batch; `party_tenant_id` is the company that drew the paper up (the
// uploader of a document, the logistics provider of a statement).
import type { ReconciliationLine } from '@tradelane/contract';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { base, ref } from './schema.ts';

export const tradeDocuments = pgTable(
  'trade_document',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    projectId: ref('project_id').notNull(),
    batchId: ref('batch_id').notNull(),
    partyTenantId: ref('party_tenant_id').notNull(),
    docType: varchar('doc_type', { length: 32 }).notNull(),
    docNo: varchar('doc_no', { length: 64 }),
    name: varchar('name', { length: 200 }).notNull(),
    remark: varchar('remark', { length: 500 }),
    /** sys_file ids: a document holds several files. */
    fileIds: bigint('file_ids', { mode: 'number' }).array().notNull().default([]),
    status: integer('status').notNull().default(0),
    submitTime: timestamp('submit_time', { withTimezone: true, mode: 'date' }),
    confirmTime: timestamp('confirm_time', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('trade_document_batch_idx').on(t.batchId, t.docType),
    index('trade_document_tenant_idx').on(t.tenantId, t.batchId),
    index('trade_document_party_idx').on(t.partyTenantId),
  ],
);

export const reconciliations = pgTable(
  'reconciliation',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    projectId: ref('project_id').notNull(),
    batchId: ref('batch_id').notNull(),
    partyTenantId: ref('party_tenant_id').notNull(),
    statementNo: varchar('statement_no', { length: 64 }),
    remark: varchar('remark', { length: 500 }),
    /** Charge lines as sent (decimal strings); amounts are computed, in minor units, on read. */
    lines: jsonb('lines').$type<ReconciliationLine[]>().notNull().default([]),
    status: integer('status').notNull().default(0),
    reason: text('reason'),
    submitTime: timestamp('submit_time', { withTimezone: true, mode: 'date' }),
    confirmTime: timestamp('confirm_time', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('reconciliation_tenant_idx').on(t.tenantId, t.batchId),
    index('reconciliation_party_idx').on(t.partyTenantId, t.batchId),
  ],
);
