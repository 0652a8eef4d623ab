// What other modules ask of a project's batches: the row, its number, who takes part in it. The project
// module owns the batch tables; a module that needs a batch reads it here, not from the tables.
import { TenantEnd } from '@tradelane/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tenants } from '../../db/schema.ts';
import { batchPartners, projectBatches } from '../../db/schema-project.ts';
import type { Ctx } from '../../resources/engine.ts';
import { batchScope } from './access.ts';

export type Batch = typeof projectBatches.$inferSelect;

/** A batch's row, whoever asks (the caller's right to it is checked before). */
export async function batchById(db: Db, batchId: number): Promise<Batch | undefined> {
  const [batch] = await db.select().from(projectBatches).where(eq(projectBatches.id, batchId));
  return batch;
}

/** Does this company take part in the batch from this end (a logistics provider, a supplier)? */
export async function takesPart(db: Db, batchId: number, tenantId: number, end: number): Promise<boolean> {
  const [row] = await db
    .select({ id: batchPartners.id })
    .from(batchPartners)
    .where(
      and(
        eq(batchPartners.batchId, batchId),
        eq(batchPartners.partnerTenantId, tenantId),
        eq(batchPartners.partnerEnd, end),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The logistics providers of a batch with their company names. */
export async function namedProvidersOf(db: Db, batchId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: batchPartners.partnerTenantId, name: tenants.corporateName })
    .from(batchPartners)
    .innerJoin(tenants, eq(tenants.id, batchPartners.partnerTenantId))
    .where(and(eq(batchPartners.batchId, batchId), eq(batchPartners.partnerEnd, TenantEnd.logistics)));
}

/** The ids of the batches the caller sees, of one project or one batch when named (at most `limit`). */
export async function visibleBatchIds(
  ctx: Ctx,
  which: { projectId?: number; batchId?: number },
  limit: number,
): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: projectBatches.id })
    .from(projectBatches)
    .where(
      and(
        which.projectId ? eq(projectBatches.projectId, which.projectId) : undefined,
        which.batchId ? eq(projectBatches.id, which.batchId) : undefined,
        batchScope(ctx),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}
