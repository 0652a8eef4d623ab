// The papers another module builds on (a financing application is made against a confirmed statement
// of charges or commercial invoice): their numbers, and the one paper an application is made against,
// read and locked in the application's transaction. The papers module owns the paper tables.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reconciliations, tradeDocuments } from '../../db/schema-papers.ts';

/** The statements' and the trade documents' numbers, by id. */
export async function paperNumbers(db: Db, reconciliationIds: number[], documentIds: number[]) {
  const recNos = reconciliationIds.length
    ? await db
        .select({ id: reconciliations.id, no: reconciliations.statementNo })
        .from(reconciliations)
        .where(inArray(reconciliations.id, reconciliationIds))
    : [];
  const docNos = documentIds.length
    ? await db
        .select({ id: tradeDocuments.id, no: tradeDocuments.docNo })
        .from(tradeDocuments)
        .where(inArray(tradeDocuments.id, documentIds))
    : [];
  return { recNos, docNos };
}

/** The statement of charges this company drew up, locked until the transaction ends. */
export async function lockOwnReconciliation(db: Db, id: number, tenantId: number) {
  const [rec] = await db
    .select()
    .from(reconciliations)
    .where(and(eq(reconciliations.id, id), eq(reconciliations.partyTenantId, tenantId)))
    .for('update');
  return rec;
}

/** The commercial invoice this company drew up, locked until the transaction ends. */
export async function lockOwnInvoice(db: Db, id: number, tenantId: number) {
  const [doc] = await db
    .select()
    .from(tradeDocuments)
    .where(
      and(
        eq(tradeDocuments.id, id),
        eq(tradeDocuments.partyTenantId, tenantId),
        eq(tradeDocuments.docType, 'commercial_invoice'),
      ),
    )
    .for('update');
  return doc;
}
