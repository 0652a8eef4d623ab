// Project queries of spec §7 (getProjectIdByCurrent, queryListByTenantId, queryByProName,
// queryListByUserId) and the project workbench: its batches with progress by party.
import { MaterialListStatus } from '@tradelane/contract';
import { projectOps } from '@tradelane/contract/api/project';
import { and, asc, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { batchPartners, projectBatches, projectPersonnel, projects } from '../../db/schema-project.ts';
import { mount } from '../../http/mount.ts';
import { type Ctx, ctxOf, getVisible, type Row, toWire } from '../../resources/engine.ts';
import { listSummaries } from '../supplies/summaries.ts';
import { batchPartnerScope, batchScope, projectScope } from './access.ts';
import { tenantNames } from './names.ts';
import { projectResource } from './resources.ts';
import { asAnswer } from './wire.ts';

async function listProjects(ctx: Ctx, where: SQL | undefined) {
  const rows = await ctx.db
    .select()
    .from(projects)
    .where(and(projectScope(ctx), where))
    .orderBy(desc(projects.updateTime), desc(projects.id))
    .limit(1000);
  const decorated = await projectResource.hooks?.decorate?.(ctx, rows);
  return (decorated ?? rows).map((r) => toWire(projectResource, r as Row));
}

/** What each party still has to do on a batch (step 1: material lists; logistics: start). */
export function waitingFor(
  partners: { partnerTenantId: number; partnerEnd: number; bpStatus: number; partnerName?: string | null }[],
  lists: { supplierTenantId: number; status: number; id: number }[],
  shipperId: number,
) {
  const out: { tenantId: number; party: string; action: string; listId?: number }[] = [];
  for (const l of lists) {
    if (l.status === MaterialListStatus.draft || l.status === MaterialListStatus.returned)
      out.push({
        tenantId: l.supplierTenantId,
        party: 'supplier',
        action: 'submitMaterialList',
        listId: l.id,
      });
    else if (l.status === MaterialListStatus.submitted)
      out.push({ tenantId: shipperId, party: 'shipper', action: 'confirmMaterialList', listId: l.id });
  }
  for (const p of partners)
    if (p.partnerEnd === 2 && p.bpStatus === 0)
      out.push({ tenantId: p.partnerTenantId, party: 'logistics', action: 'start' });
  return out;
}

export async function batchPartnersOf(db: Db, ctx: Ctx, batchIds: number[]) {
  if (!batchIds.length) return [];
  const rows = await db
    .select()
    .from(batchPartners)
    .where(and(inArray(batchPartners.batchId, batchIds), batchPartnerScope(ctx)))
    .orderBy(asc(batchPartners.bpStatus), asc(batchPartners.id));
  const names = await tenantNames(
    db,
    rows.map((r) => r.partnerTenantId),
  );
  return rows.map((r) => ({ ...r, partnerName: names.get(r.partnerTenantId)?.name ?? null }));
}

export async function projectRoutes(app: FastifyInstance) {
  // The project the caller works on now: an assignment first, else the most recently changed visible one.
  mount(app, projectOps.current, async (request) => {
    const ctx = ctxOf(app, request);
    const [assigned] = await app.db
      .select({ id: projectPersonnel.projectId })
      .from(projectPersonnel)
      .where(eq(projectPersonnel.userId, ctx.auth.userId))
      .orderBy(desc(projectPersonnel.updateTime))
      .limit(1);
    const [row] = await listProjects(ctx, assigned ? eq(projects.id, assigned.id) : undefined);
    return asAnswer(projectOps.current, {
      projectId: typeof row?.id === 'number' ? row.id : null,
      project: row ?? null,
    });
  });

  mount(app, projectOps.byTenant, async (request) => {
    const ctx = ctxOf(app, request);
    const { tenantId } = request.query;
    return asAnswer(
      projectOps.byTenant,
      await listProjects(ctx, eq(projects.tenantId, tenantId ?? ctx.auth.tenantId)),
    );
  });

  mount(app, projectOps.byName, async (request) => {
    const ctx = ctxOf(app, request);
    const q = request.query;
    const name = (q.proName ?? q.name ?? '').replace(/[\\%_]/g, '\\$&');
    return asAnswer(
      projectOps.byName,
      await listProjects(ctx, name ? ilike(projects.name, `%${name}%`) : undefined),
    );
  });

  mount(app, projectOps.byUser, async (request) => {
    const ctx = ctxOf(app, request);
    const { userId } = request.query;
    const ids = app.db
      .select({ id: projectPersonnel.projectId })
      .from(projectPersonnel)
      .where(eq(projectPersonnel.userId, userId ?? ctx.auth.userId));
    return asAnswer(projectOps.byUser, await listProjects(ctx, inArray(projects.id, ids)));
  });

  /** Project workbench: batches with their partners' progress and material-list status. */
  mount(app, projectOps.workbench, async (request) => {
    const ctx = ctxOf(app, request);
    const { id } = request.query;
    const project = await getVisible(projectResource, ctx, id);
    const batches = await app.db
      .select()
      .from(projectBatches)
      .where(and(eq(projectBatches.projectId, id), batchScope(ctx)))
      .orderBy(asc(projectBatches.status), desc(projectBatches.createTime));
    const batchIds = batches.map((b) => b.id);
    const partners = await batchPartnersOf(app.db, ctx, batchIds);
    const lists = await listSummaries(ctx, batchIds);
    return asAnswer(projectOps.workbench, {
      project: toWire(projectResource, project),
      batches: batches.map((b) => {
        const mine = partners.filter((p) => p.batchId === b.id);
        const bl = lists.filter((l) => l.batchId === b.id);
        return {
          ...b,
          partners: mine,
          materialLists: bl,
          progress: {
            suppliers: mine.filter((p) => p.partnerEnd === 1).length,
            listsConfirmed: bl.filter((l) => l.status === MaterialListStatus.confirmed).length,
            listsSubmitted: bl.filter((l) => l.status === MaterialListStatus.submitted).length,
            rows: bl.reduce((n, l) => n + l.rows, 0),
          },
          waiting: waitingFor(mine, bl, b.tenantId),
        };
      }),
    });
  });
}
