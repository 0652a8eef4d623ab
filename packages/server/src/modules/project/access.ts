// Who sees what on a project: the owning shipper sees all of its projects; a partner sees the
// batches it takes part in (once it has accepted the invitation), a supplier only its own material lists.
// Every family of the project and contract modules builds its scope from these conditions, the supplies
// module its own (supplies/access.ts) from the batches a partner takes part in.
import { PartnershipStatus, TenantEnd } from '@tradelane/contract';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { partyOf } from '../../access/party.ts';
import { anyOf } from '../../db/any-of.ts';
import type { Db } from '../../db/client.ts';
import { partnerships, tenants } from '../../db/schema.ts';
import {
  batchPartners,
  projectBatches,
  projectContractFiles,
  projectContracts,
  projects,
} from '../../db/schema-project.ts';
import type { AuthContext } from '../../http/auth.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import type { Ctx, Row } from '../../resources/engine.ts';

type Who = Pick<AuthContext, 'tenantId' | 'roleType' | 'isPlatformAdmin'>;

// Re-exported for callers not yet importing them from their own layers (access/party.ts, db/any-of.ts).
export { anyOf, partyOf };

/** A batch partner's join to its accepted partnership with the batch's shipper (a partner counts only then). */
export const acceptedPartnership = and(
  eq(partnerships.tenantId, batchPartners.tenantId),
  eq(partnerships.partnerTenantId, batchPartners.partnerTenantId),
  eq(partnerships.status, PartnershipStatus.accepted),
);

/** Batches the caller takes part in through an accepted partnership with the batch's shipper. */
export function partnerBatchIds(db: Db, tenantId: number) {
  return db
    .select({ id: batchPartners.batchId })
    .from(batchPartners)
    .innerJoin(partnerships, acceptedPartnership)
    .where(eq(batchPartners.partnerTenantId, tenantId));
}

function partnerProjectIds(db: Db, tenantId: number) {
  return db
    .select({ id: projectBatches.projectId })
    .from(projectBatches)
    .where(inArray(projectBatches.id, partnerBatchIds(db, tenantId)));
}

/** Shippers that have an accepted partnership with the caller's tenant. */
export function acceptedShipperIds(db: Db, tenantId: number) {
  return db
    .select({ id: partnerships.tenantId })
    .from(partnerships)
    .where(
      and(eq(partnerships.partnerTenantId, tenantId), eq(partnerships.status, PartnershipStatus.accepted)),
    );
}

export const projectScope = ({ db, auth }: Ctx): SQL | undefined =>
  auth.isPlatformAdmin
    ? undefined
    : or(eq(projects.tenantId, auth.tenantId), anyOf(projects.id, partnerProjectIds(db, auth.tenantId)));

export const batchScope = ({ db, auth }: Ctx): SQL | undefined =>
  auth.isPlatformAdmin
    ? undefined
    : or(
        eq(projectBatches.tenantId, auth.tenantId),
        anyOf(projectBatches.id, partnerBatchIds(db, auth.tenantId)),
      );

/** A supplier sees its own partner row and the logistics provider's; a logistics provider sees all. */
export const batchPartnerScope = ({ db, auth }: Ctx): SQL | undefined => {
  if (auth.isPlatformAdmin) return undefined;
  const own = eq(batchPartners.tenantId, auth.tenantId);
  const onBatch = anyOf(batchPartners.batchId, partnerBatchIds(db, auth.tenantId));
  if (partyOf(auth) === 'logistics') return or(own, onBatch);
  return or(
    own,
    and(
      onBatch,
      or(eq(batchPartners.partnerTenantId, auth.tenantId), eq(batchPartners.partnerEnd, TenantEnd.logistics)),
    ),
  );
};

/** Contracts: the shipper's own, and those where the caller is the (accepted) counterparty. */
export function contractScopeFor(db: Db, auth: Who): SQL | undefined {
  if (auth.isPlatformAdmin) return undefined;
  return or(
    eq(projectContracts.tenantId, auth.tenantId),
    and(
      eq(projectContracts.supplierTenantId, auth.tenantId),
      anyOf(projectContracts.tenantId, acceptedShipperIds(db, auth.tenantId)),
    ),
  );
}
export const contractScope = ({ db, auth }: Ctx) => contractScopeFor(db, auth);

export const contractFileScope = ({ db, auth }: Ctx): SQL | undefined =>
  auth.isPlatformAdmin
    ? undefined
    : anyOf(
        projectContractFiles.contractId,
        db.select({ id: projectContracts.id }).from(projectContracts).where(contractScopeFor(db, auth)),
      );

/** Only the owning shipper (or a platform admin) changes a shipper-owned row. */
/** A row of a supplier's part of a batch is its supplier's on the supplier side, its shipper's on the other. */
export const ownSide = (ctx: Pick<Ctx, 'auth'>, row: Row) =>
  partyOf(ctx.auth) === 'supplier'
    ? row.supplierTenantId === ctx.auth.tenantId
    : row.tenantId === ctx.auth.tenantId;

export function ownerOnly(ctx: Ctx, row: Row) {
  if (!ctx.auth.isPlatformAdmin && row.tenantId !== ctx.auth.tenantId) throw forbidden();
}
export const ownerHooks = {
  beforeUpdate: async (ctx: Ctx, existing: Row, data: Row) => {
    ownerOnly(ctx, existing);
    return data;
  },
  beforeDelete: async (ctx: Ctx, rows: Row[]) => {
    for (const r of rows) ownerOnly(ctx, r);
  },
};

/** A visible project the caller owns (for creating rows under it); 404 when not visible, 403 when not owned. */
export async function ownedProject(ctx: Ctx, projectId: number) {
  const [p] = await ctx.db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), projectScope(ctx)));
  if (!p) throw notFound();
  ownerOnly(ctx, p);
  return p;
}

export async function visibleBatch(ctx: Ctx, batchId: number) {
  const [b] = await ctx.db
    .select()
    .from(projectBatches)
    .where(and(eq(projectBatches.id, batchId), batchScope(ctx)));
  if (!b) throw notFound();
  return b;
}

/** Suppliers and logistics providers that accepted the tenant's invitation. */
export function acceptedPartnerIds(db: Db, tenantId: number) {
  return db
    .select({ id: partnerships.partnerTenantId })
    .from(partnerships)
    .where(and(eq(partnerships.tenantId, tenantId), eq(partnerships.status, PartnershipStatus.accepted)));
}

/** Are the two companies partners (an accepted invitation, whichever of them invited)? */
export async function arePartners(db: Db, a: number, b: number): Promise<boolean> {
  const [link] = await db
    .select({ id: partnerships.id })
    .from(partnerships)
    .where(
      and(
        eq(partnerships.status, PartnershipStatus.accepted),
        or(
          and(eq(partnerships.tenantId, a), eq(partnerships.partnerTenantId, b)),
          and(eq(partnerships.tenantId, b), eq(partnerships.partnerTenantId, a)),
        ),
      ),
    )
    .limit(1);
  return Boolean(link);
}

/** The invitations a supplier or logistics provider holds, accepted or waiting, with the shipper's name. */
export function invitationsOf(db: Db, partnerTenantId: number) {
  return db
    .select({
      id: partnerships.id,
      status: partnerships.status,
      shipperTenantId: partnerships.tenantId,
      shipperName: tenants.corporateName,
    })
    .from(partnerships)
    .innerJoin(tenants, eq(tenants.id, partnerships.tenantId))
    .where(
      and(
        eq(partnerships.partnerTenantId, partnerTenantId),
        inArray(partnerships.status, [PartnershipStatus.invited, PartnershipStatus.accepted]),
      ),
    );
}

export async function hasAcceptedPartnership(db: Db, tenantId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: partnerships.id })
    .from(partnerships)
    .where(
      and(eq(partnerships.partnerTenantId, tenantId), eq(partnerships.status, PartnershipStatus.accepted)),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Suppliers and logistics providers reach project modules only once a shipper's invitation is accepted
 * (spec §6; the web shows reminder type 4 on this code).
 */
export function partnerGate(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const auth = request.auth;
    if (!auth || !request.routeOptions.url) return;
    const party = partyOf(auth);
    if (party !== 'supplier' && party !== 'logistics') return;
    if (!(await hasAcceptedPartnership(app.db, auth.tenantId))) throw new AppError(403, 'partner.required');
  };
}
