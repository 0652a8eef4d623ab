// Read-only supplier views of a project (spec §7): viewProjectSupplier (each supplier of a project, with
// how many batches it takes part in) and viewProjectBatchSupplier (the supplier rows of batches).
import { TenantEnd } from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { projectOps } from '@tradelane/contract/api/project';
import { and, asc, countDistinct, eq, min, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { batchPartners } from '../../db/schema-project.ts';
import { mount } from '../../http/mount.ts';
import { ctxOf, defineResource, registerResource } from '../../resources/engine.ts';
import { batchPartnerScope } from './access.ts';
import { batchPartnerResource } from './batch-resources.ts';
import { tenantNames } from './names.ts';
import { asAnswer } from './wire.ts';

const suppliersOnly = eq(batchPartners.partnerEnd, TenantEnd.supplier);

/** GET /api/viewProjectBatchSupplier: the batch-partner rows of suppliers, with names and list status. */
export const viewProjectBatchSupplierResource = defineResource({
  ...batchPartnerResource,
  family: families.viewProjectBatchSupplier,
  actions: ['list'],
  scope: (ctx) => and(batchPartnerScope(ctx), suppliersOnly),
});

export async function projectViewRoutes(app: FastifyInstance) {
  registerResource(app, viewProjectBatchSupplierResource);

  /** GET /api/viewProjectSupplier: one row per project and supplier the caller may see. */
  mount(app, projectOps.projectSuppliers, async (request) => {
    const ctx = ctxOf(app, request);
    const q = request.query;
    const where = and(
      batchPartnerScope(ctx),
      suppliersOnly,
      q.projectId ? eq(batchPartners.projectId, q.projectId) : undefined,
    );
    const rows = await app.db
      .select({
        projectId: batchPartners.projectId,
        supplierTenantId: batchPartners.partnerTenantId,
        batches: countDistinct(batchPartners.batchId),
        since: min(batchPartners.createTime),
      })
      .from(batchPartners)
      .where(where)
      .groupBy(batchPartners.projectId, batchPartners.partnerTenantId)
      .orderBy(asc(batchPartners.projectId), asc(min(batchPartners.createTime)))
      .limit(q.size)
      .offset(q.page * q.size);
    const [total] = await app.db
      .select({
        n: sql<number>`count(distinct (${batchPartners.projectId}, ${batchPartners.partnerTenantId}))::int`,
      })
      .from(batchPartners)
      .where(where);
    const names = await tenantNames(
      app.db,
      rows.map((r) => r.supplierTenantId),
    );
    return asAnswer(projectOps.projectSuppliers, {
      content: rows.map((r) => ({
        ...r,
        batches: Number(r.batches),
        supplierName: names.get(r.supplierTenantId)?.name ?? null,
      })),
      totalElements: Number(total?.n ?? 0),
    });
  });
}
