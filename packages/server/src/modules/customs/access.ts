// Who sees and who edits a declaration. Only the batch's parties see it: the shipper that owns
// the batch and the batch's logistics provider (the customs broker, through an accepted partnership).
// Suppliers never see declarations. The broker prepares; the shipper reviews.
import { declareStatusLabels } from '@tradelane/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { partyOf } from '../../access/party.ts';
import { anyOf, anyOfIds } from '../../db/any-of.ts';
import { projectDeclares } from '../../db/schema-customs.ts';
import { badRequest, langOf, notFound } from '../../http/errors.ts';
import type { Ctx, Row } from '../../resources/engine.ts';
import { partnerBatchIds } from '../project/access.ts';

export type Declare = typeof projectDeclares.$inferSelect;

/** The scope of every customs table: the owning shipper's rows, and the broker's batches. */
export const partiesScope =
  (table: { tenantId: AnyPgColumn; batchId: AnyPgColumn }) =>
  ({ db, auth }: Ctx): SQL | undefined => {
    if (auth.isPlatformAdmin) return undefined;
    const party = partyOf(auth);
    if (party === 'shipper') return eq(table.tenantId, auth.tenantId);
    // A logistics tenant is on a batch only as its logistics provider (its partner rows carry its end).
    if (party === 'logistics') return anyOf(table.batchId, partnerBatchIds(db, auth.tenantId));
    return sql`false`;
  };

export const declareScope = partiesScope(projectDeclares);

/**
 * The same rows for a long list: the broker's batches resolved first and sent as a value
 * (`db/any-of.ts anyOfIds`), so a keyword common across companies is read through the broker's batches.
 */
export const partiesListScope =
  (table: { tenantId: AnyPgColumn; batchId: AnyPgColumn }) =>
  async (ctx: Ctx): Promise<SQL | undefined> => {
    if (ctx.auth.isPlatformAdmin || partyOf(ctx.auth) !== 'logistics') return partiesScope(table)(ctx);
    const batches = await partnerBatchIds(ctx.db, ctx.auth.tenantId);
    return anyOfIds(
      table.batchId,
      batches.map((b) => b.id),
    );
  };

/** Is the caller the broker of the declaration (the tenant that prepares it)? */
export const isBroker = (ctx: Pick<Ctx, 'auth'>, row: Row) =>
  partyOf(ctx.auth) === 'logistics' && row.brokerTenantId === ctx.auth.tenantId;

/** A declaration the caller sees, optionally locked FOR UPDATE; 404 otherwise. */
export async function declareFor(ctx: Ctx, declareId: number, lock = false): Promise<Declare> {
  const q = ctx.db
    .select()
    .from(projectDeclares)
    .where(and(eq(projectDeclares.id, declareId), declareScope(ctx)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/** The refusal of a change to a declaration that is not a draft, naming its status in the caller's language. */
export function readOnly(ctx: Ctx, status: number) {
  return badRequest('customs.read_only', {
    status: declareStatusLabels[status]?.[langOf(ctx.request)] ?? String(status),
  });
}
