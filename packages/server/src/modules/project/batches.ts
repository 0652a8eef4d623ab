// What other modules ask of a project and its batches: the row, who takes part in it, the contracts its
// goods are sold under. The project module owns these tables; a module that needs them reads them here.
import { TenantEnd } from '@tradelane/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { partnerships, tenants } from '../../db/schema.ts';
import { batchPartners, projectBatches, projectContracts, projects } from '../../db/schema-project.ts';
import type { Ctx } from '../../resources/engine.ts';
import { acceptedPartnership, batchScope } from './access.ts';

export type Batch = typeof projectBatches.$inferSelect;

/** A batch's row, whoever asks (the caller's right to it is checked before). */
export async function batchById(db: Db, batchId: number): Promise<Batch | undefined> {
  const [batch] = await db.select().from(projectBatches).where(eq(projectBatches.id, batchId));
  return batch;
}

/** Batches' rows by id, whoever asks (the caller's right to them is checked before). */
export async function batchesByIds(db: Db, batchIds: number[]): Promise<Batch[]> {
  if (!batchIds.length) return [];
  return db.select().from(projectBatches).where(inArray(projectBatches.id, batchIds));
}

/** A project's batches by number (the caller's right to the project is checked before). */
export async function batchesOfProject(db: Db, projectId: number): Promise<Batch[]> {
  return db
    .select()
    .from(projectBatches)
    .where(eq(projectBatches.projectId, projectId))
    .orderBy(asc(projectBatches.batchNumber));
}

/** A project's row, whoever asks (the caller's right to it, or to one of its batches, is checked before). */
export async function projectById(
  db: Db,
  projectId: number,
): Promise<typeof projects.$inferSelect | undefined> {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  return project;
}

/** These batches with their shipper, ports and project's name (one query, whatever the count). */
export async function batchesWithProjectName(db: Db, batchIds: number[]) {
  if (!batchIds.length) return [];
  return db
    .select({
      id: projectBatches.id,
      tenantId: projectBatches.tenantId,
      projectId: projectBatches.projectId,
      batchNumber: projectBatches.batchNumber,
      projectName: projects.name,
      portOfLoading: projectBatches.portOfLoading,
      portOfDischarge: projectBatches.portOfDischarge,
    })
    .from(projectBatches)
    .innerJoin(projects, eq(projects.id, projectBatches.projectId))
    .where(inArray(projectBatches.id, batchIds));
}

/**
 * The partners that take part in these batches through an accepted partnership with the shipper, with
 * the end they work from, in the order they were added (one query, whatever the count).
 */
export async function acceptedPartnersOf(db: Db, batchIds: number[]) {
  if (!batchIds.length) return [];
  return db
    .select({
      batchId: batchPartners.batchId,
      tenant: batchPartners.partnerTenantId,
      end: batchPartners.partnerEnd,
    })
    .from(batchPartners)
    .innerJoin(partnerships, acceptedPartnership)
    .where(inArray(batchPartners.batchId, batchIds))
    .orderBy(batchPartners.id);
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

/** The suppliers of a batch as a sub-select of another statement (`batch` is the batch's id there). */
export const suppliersOfBatch = (batch: SQL) =>
  sql`select bp.partner_tenant_id from ${batchPartners} bp where bp.batch_id = ${batch} and bp.partner_end = ${TenantEnd.supplier}`;

/**
 * The batches the caller sees as a subquery to join in one statement (PostgreSQL flattens it into the
 * outer query, so the plan is the one a join of the table with the scope would get).
 */
export const visibleBatches = (ctx: Ctx) =>
  ctx.db
    .select({
      id: projectBatches.id,
      projectId: projectBatches.projectId,
      batchNumber: projectBatches.batchNumber,
      name: projectBatches.name,
      enName: projectBatches.enName,
    })
    .from(projectBatches)
    .where(batchScope(ctx))
    .as('visible_batch');

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

/** The contract each of these suppliers works under on the batch (a supplier without one is left out). */
export async function partnerContractsOn(
  db: Db,
  batchId: number,
  suppliers: number[],
): Promise<{ partner: number; contractId: number | null }[]> {
  if (!suppliers.length) return [];
  return db
    .select({ partner: batchPartners.partnerTenantId, contractId: batchPartners.contractId })
    .from(batchPartners)
    .where(and(eq(batchPartners.batchId, batchId), inArray(batchPartners.partnerTenantId, suppliers)));
}

/** Contracts' numbers and Incoterms rules (rule and place). */
export async function contractTerms(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: projectContracts.id,
      number: projectContracts.contractNumber,
      incoterm: projectContracts.incoterm,
      incotermPlace: projectContracts.incotermPlace,
    })
    .from(projectContracts)
    .where(inArray(projectContracts.id, ids));
}

/** A project's name in both languages. */
export async function projectTitle(
  db: Db,
  projectId: number,
): Promise<{ name: string; enName: string | null } | undefined> {
  const [project] = await db
    .select({ name: projects.name, enName: projects.enName })
    .from(projects)
    .where(eq(projects.id, projectId));
  return project;
}

/** What a box's shipping marks say of its batch: the batch number, port, site and project's names. */
export async function batchMarks(db: Db, batchIds: number[]) {
  if (!batchIds.length) return [];
  return db
    .select({
      id: projectBatches.id,
      batchNumber: projectBatches.batchNumber,
      portOfDischarge: projectBatches.portOfDischarge,
      destinationSite: projectBatches.destinationSite,
      destinationSiteEn: projectBatches.destinationSiteEn,
      projectName: projects.name,
      projectEnName: projects.enName,
    })
    .from(projectBatches)
    .innerJoin(projects, eq(projects.id, projectBatches.projectId))
    .where(inArray(projectBatches.id, batchIds));
}

/** The number of the contract each partner works under, per batch. */
export async function partnerContractNumbers(db: Db, batchIds: number[]) {
  if (!batchIds.length) return [];
  return db
    .select({
      batchId: batchPartners.batchId,
      partner: batchPartners.partnerTenantId,
      number: projectContracts.contractNumber,
    })
    .from(batchPartners)
    .innerJoin(projectContracts, eq(projectContracts.id, batchPartners.contractId))
    .where(inArray(batchPartners.batchId, batchIds));
}
