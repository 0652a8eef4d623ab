// Who sees which papers: the batch's shipper and every partner on the batch see its
// documents; a statement of charges is seen by the shipper and the provider that drew it up.
import { DocumentStatus, editable, type StateMachine } from '@tradelane/contract';
import { and, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import { partyOf } from '../../access/party.ts';
import { anyOf } from '../../db/any-of.ts';
import { reconciliations, tradeDocuments } from '../../db/schema-papers.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, Row } from '../../resources/engine.ts';
import { partnerBatchIds } from '../project/access.ts';
import { paperScope } from './paper.ts';

type Who = Pick<Ctx, 'db' | 'auth'>;

/**
 * Which documents a company sees — the one rule for lists, commands and their files:
 * - its own, drafts included (it drew them up);
 * - the project's shipper: every document of its projects (it follows what its partners prepare);
 * - a partner on the batch: what the shipper shares (the shipper's own documents, once submitted), and
 *   the logistics provider also every submitted document of its batches (its steps need the invoices,
 *   packing lists and certificates) — a supplier never sees another supplier's (their prices).
 */
export const documentScope = ({ db, auth }: Who): SQL | undefined => {
  if (auth.isPlatformAdmin) return undefined;
  const shared = ne(tradeDocuments.status, DocumentStatus.notSubmitted);
  const onItsBatches = anyOf(tradeDocuments.batchId, partnerBatchIds(db, auth.tenantId));
  return or(
    eq(tradeDocuments.partyTenantId, auth.tenantId),
    eq(tradeDocuments.tenantId, auth.tenantId),
    partyOf(auth) === 'logistics'
      ? and(onItsBatches, shared)
      : and(onItsBatches, shared, eq(tradeDocuments.partyTenantId, tradeDocuments.tenantId)),
  );
};

export const reconciliationScope = paperScope(reconciliations);

/** File ids held by documents the caller sees (their files are downloadable by the same people). */
export const documentFileIds = (who: Who) =>
  who.db
    .select({ id: sql<number>`unnest(${tradeDocuments.fileIds})`.as('id') })
    .from(tradeDocuments)
    .where(documentScope(who));

/** The company that drew a paper up changes it, and only while its machine lets it be edited. */
export function ownEditable(machine: StateMachine<number, string>) {
  return (ctx: Ctx, row: Row) => {
    if (ctx.auth.isPlatformAdmin) return true;
    if (row.partyTenantId !== ctx.auth.tenantId) return false;
    if (!editable(machine, Number(row.status))) throw new AppError(403, 'papers.read_only');
    return true;
  };
}

export const isLogistics = (ctx: Ctx) => partyOf(ctx.auth) === 'logistics';
