// Who sees which material lists and rows: the shipper its own; a supplier its own list on each batch it
// takes part in; the batch's logistics provider the confirmed lists.
import { MaterialListStatus } from '@tradelane/contract';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { partyOf } from '../../access/party.ts';
import { anyOf, anyOfIds } from '../../db/any-of.ts';
import { materialLists, supplies } from '../../db/schema-project.ts';
import type { Ctx } from '../../resources/engine.ts';
import { partnerBatchIds } from '../project/access.ts';

/** Material lists: the shipper's, a supplier's own, and confirmed lists for the batch's logistics provider. */
export const materialListScope = ({ db, auth }: Ctx): SQL | undefined => {
  if (auth.isPlatformAdmin) return undefined;
  const own = eq(materialLists.tenantId, auth.tenantId);
  const onBatch = anyOf(materialLists.batchId, partnerBatchIds(db, auth.tenantId));
  if (partyOf(auth) === 'logistics')
    return or(own, and(onBatch, eq(materialLists.status, MaterialListStatus.confirmed)));
  return or(own, and(onBatch, eq(materialLists.supplierTenantId, auth.tenantId)));
};

/**
 * Which material rows a caller sees (its own, and the rows of the material lists it sees), with the visible
 * lists resolved first: the page query then carries the
 * list ids as a value (`list_id = any('{…}')`) the planner estimates from the column's statistics. With
 * the ids behind a sub-select it guesses ~5% of the table for any caller, and for a supplier whose few
 * rows sit among a million it walked the whole list index in sort order (1.3 s, 33k buffers for 21 rows).
 */
export const suppliesScope = async (ctx: Ctx): Promise<SQL | undefined> => {
  if (ctx.auth.isPlatformAdmin) return undefined;
  const own = eq(supplies.tenantId, ctx.auth.tenantId);
  // A shipper is never a batch's partner (partners are suppliers and logistics companies: partners.ts
  // `partnerEnds`), so its rows are its own and need no lookup, a statement saved on the list every
  // shipper opens most. Were that ever to change, a shipper would see fewer rows here, never more.
  if (partyOf(ctx.auth) === 'shipper') return own;
  const lists = await ctx.db
    .select({ id: materialLists.id, tenantId: materialLists.tenantId })
    .from(materialLists)
    .where(materialListScope(ctx));
  if (!lists.length) return sql`false`;
  // A row carries its list's company (both are the batch's), so the caller's rows are its lists' rows,
  // and they lie where the (company, list) index holds them: both columns are that index's leading
  // ones. Written as `tenant_id = me or list_id = any(…)`, the planner answered a logistics provider's 26
  // rows by reading that whole index, 333,336 entries per worker, trusting the count's LIMIT to stop early.
  return and(
    anyOfIds(
      supplies.tenantId,
      lists.map((l) => l.tenantId),
    ),
    anyOfIds(
      supplies.listId,
      lists.map((l) => l.id),
    ),
  );
};
