// Who sees which papers (DESIGN §4): the batch's shipper and every partner on the batch see its
// documents; a statement of charges is seen by the shipper and the provider that drew it up.
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { reconciliations, tradeDocuments } from '../../db/schema-papers.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, Row } from '../../resources/engine.ts';
import { anyOf, partnerBatchIds, partyOf } from '../project/access.ts';

type Who = Pick<Ctx, 'db' | 'auth'>;

export const documentScope = ({ db, auth }: Who): SQL | undefined =>
  auth.isPlatformAdmin
    ? undefined
    : or(
        eq(tradeDocuments.tenantId, auth.tenantId),
        anyOf(tradeDocuments.batchId, partnerBatchIds(db, auth.tenantId)),
      );

export const reconciliationScope = ({ db, auth }: Who): SQL | undefined =>
  auth.isPlatformAdmin
    ? undefined
    : or(
        eq(reconciliations.tenantId, auth.tenantId),
        and(
          eq(reconciliations.partyTenantId, auth.tenantId),
          anyOf(reconciliations.batchId, partnerBatchIds(db, auth.tenantId)),
        ),
      );

/** File ids held by documents the caller sees (their files are downloadable by the same people). */
export const documentFileIds = (who: Who) =>
  who.db
    .select({ id: sql<number>`unnest(${tradeDocuments.fileIds})`.as('id') })
    .from(tradeDocuments)
    .where(documentScope(who));

/** The company that drew a paper up changes it, and only while it is editable. */
export function ownEditable(editable: readonly number[]) {
  return (ctx: Ctx, row: Row) => {
    if (ctx.auth.isPlatformAdmin) return true;
    if (row.partyTenantId !== ctx.auth.tenantId) return false;
    if (!editable.includes(Number(row.status))) throw new AppError(403, 'papers.read_only');
    return true;
  };
}

export const isLogistics = (ctx: Ctx) => partyOf(ctx.auth) === 'logistics';
