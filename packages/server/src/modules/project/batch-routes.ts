// Batch queries (queryListByProId, queryBatchById, batchExport), the batch workbench and timeline,
// the batch-partner command (updateStatus) and the batch status derived from its material lists.
import {
  type BatchPartnerEvent,
  batchPartnerMachine,
  batchPartnerStatusLabels,
  batchStatusLabels,
  logisticsStatusLabels,
  step,
  TenantEnd,
} from '@tradelane/contract';
import { projectOps } from '@tradelane/contract/api/project';
import { and, asc, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantZone } from '../../access/tenant-zone.ts';
import { batchPartners, projectBatches } from '../../db/schema-project.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { badRequest, langOf } from '../../http/errors.ts';
import { mount, type OperationRequest } from '../../http/mount.ts';
import * as cell from '../../lib/workbook.ts';
import { timeHeader } from '../../lib/workbook.ts';
import { ctxOf, getVisible, listRows, toWire } from '../../resources/engine.ts';
import { applyMove, type CommandCtx, defineCommand, registerCommands } from '../../workflow/kernel.ts';
import { listSummaries } from '../supplies/summaries.ts';
import { batchPartnerScope, batchScope, partyOf } from './access.ts';
import { projectBatchResource } from './batch-resources.ts';
import { batchTimeline } from './events.ts';
import { batchNumbers, tenantNames } from './names.ts';
import { batchPartnersOf, waitingFor } from './project-routes.ts';
import { projectResource } from './resources.ts';
import { asAnswer } from './wire.ts';

/** POST /api/batchPartner/updateStatus: a party's progress on a batch, by the batch-partner machine. */
export const batchPartnerStatusCommand = defineCommand({
  operation: projectOps.batchPartnerStatus,
  name: 'batchPartner.updateStatus',
  machine: batchPartnerMachine,
  event: (input) => input.event,
  labels: batchPartnerStatusLabels,
  table: batchPartners,
  statusColumn: 'bpStatus',
  entity: 'batchPartner',
  who: {
    // A partner moves only its own row; the shipper only rows of its batches.
    own: (ctx, row) =>
      partyOf(ctx.auth) === 'shipper'
        ? row.tenantId === ctx.auth.tenantId
        : row.partnerTenantId === ctx.auth.tenantId,
  },
  target: async (_ctx, input) => input.id,
  scope: (ctx) => batchPartnerScope(ctx as never),
  guards: {
    // Suppliers' submit/back/confirm follow their material list (supplies commands), never by hand.
    materialList: ({ row, party }) =>
      party !== 'system' && row.partnerEnd === TenantEnd.supplier
        ? 'workflow.follows_material_list'
        : undefined,
  },
  record: (row) => ({ partyTenantId: row.partnerTenantId }),
  notify: async ({ ctx, updated, party }) => {
    if (party === 'system') return [];
    const batch = (await batchNumbers(ctx.db, [updated.batchId])).get(updated.batchId);
    const partner = (await tenantNames(ctx.db, [updated.partnerTenantId])).get(updated.partnerTenantId)?.name;
    const other = party === 'shipper' ? updated.partnerTenantId : updated.tenantId;
    return [
      { to: { tenants: [other] }, title: 'notice.bp_status', params: { batch, partner }, type: 'business' },
    ];
  },
});

/**
 * A supplier's progress follows its material list: the supplies commands call this in their transaction.
 * A move the machine refuses is skipped (the list is the truth).
 */
export async function followMaterialList(
  ctx: CommandCtx,
  batchId: number,
  supplierTenantId: number,
  event: BatchPartnerEvent,
) {
  const [bp] = await ctx.db
    .select()
    .from(batchPartners)
    .where(and(eq(batchPartners.batchId, batchId), eq(batchPartners.partnerTenantId, supplierTenantId)))
    .for('update');
  // A move the partner's state does not allow is no move (a second box of the same list, say).
  if (!bp || !step(batchPartnerMachine, bp.bpStatus, event, 'system').ok) return;
  await applyMove(batchPartnerStatusCommand, ctx, bp, { id: bp.id, event }, { party: 'system', quiet: true });
}

export async function batchRoutes(app: FastifyInstance) {
  mount(app, projectOps.batchesOfProject, async (request) => {
    const ctx = ctxOf(app, request);
    const q = request.query;
    const projectId = q.proId ?? q.proid;
    if (!projectId) throw badRequest('validation', { field: 'proId', reason: '' });
    const rows = await app.db
      .select()
      .from(projectBatches)
      .where(and(eq(projectBatches.projectId, projectId), batchScope(ctx)))
      .orderBy(asc(projectBatches.status), desc(projectBatches.createTime));
    const decorated = (await projectBatchResource.hooks?.decorate?.(ctx, rows)) ?? rows;
    return asAnswer(
      projectOps.batchesOfProject,
      decorated.map((r) => toWire(projectBatchResource, r)),
    );
  });

  /** One batch with its project, partners and material lists (what the caller may see of them). */
  const batchDetail = async (request: OperationRequest<typeof projectOps.batchDetail>) => {
    const ctx = ctxOf(app, request);
    const { id } = request.query;
    const batch = await getVisible(projectBatchResource, ctx, id);
    const [decorated] = (await projectBatchResource.hooks?.decorate?.(ctx, [batch])) ?? [batch];
    const project = await getVisible(projectResource, ctx, batch.projectId);
    const partners = await batchPartnersOf(app.db, ctx, [id]);
    const lists = await listSummaries(ctx, [id]);
    return asAnswer(projectOps.batchDetail, {
      ...toWire(projectBatchResource, decorated),
      id,
      tenantId: batch.tenantId,
      project: toWire(projectResource, project),
      partners,
      materialLists: lists,
      waiting: waitingFor(partners, lists, batch.tenantId),
    });
  };
  mount(app, projectOps.batchDetail, batchDetail);

  /** Batch workbench: the detail plus the timeline of events. */
  mount(app, projectOps.batchWorkbench, async (request) => {
    const detail = await batchDetail(request);
    const auth = ctxOf(app, request).auth;
    const owner = auth.isPlatformAdmin || detail.tenantId === auth.tenantId;
    return asAnswer(projectOps.batchWorkbench, {
      ...detail,
      timeline: await batchTimeline(app.db, detail.id, {
        tenantId: auth.tenantId,
        owner,
        lang: langOf(request),
      }),
    });
  });

  mount(app, projectOps.batchTimeline, async (request) => {
    const ctx = ctxOf(app, request);
    const { id } = request.query;
    const batch = await getVisible(projectBatchResource, ctx, id);
    const owner = ctx.auth.isPlatformAdmin || batch.tenantId === ctx.auth.tenantId;
    const content = await batchTimeline(app.db, id, {
      tenantId: ctx.auth.tenantId,
      owner,
      lang: langOf(request),
    });
    return asAnswer(projectOps.batchTimeline, { content, totalElements: content.length });
  });

  /** Excel of the batch list; exportParam holds the list filters as JSON (or pass them as query params). */
  mount(app, projectOps.batchExport, async (request, reply) => {
    const ctx = ctxOf(app, request);
    const { exportParam, ...rest } = request.query;
    let filters: Record<string, unknown> = rest;
    if (typeof exportParam === 'string' && exportParam.trim()) {
      try {
        filters = { ...rest, ...z.record(z.string(), z.unknown()).parse(JSON.parse(exportParam)) };
      } catch {
        throw badRequest('validation', { field: 'exportParam', reason: exportParam.slice(0, 50) });
      }
    }
    const { content } = await listRows(projectBatchResource, ctx, { ...filters, page: 0, size: 100_000 });
    const lang = langOf(request);
    const zone = await tenantZone(ctx.db, ctx.auth.tenantId);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet(lang === 'en' ? 'Batches' : '批次');
    const head = (zh: string, en: string) => (lang === 'en' ? en : zh);
    ws.columns = [
      { header: head('批次号', 'Batch No.'), key: 'batchNumber', width: 16 },
      { header: head('项目', 'Project'), key: 'projectName', width: 28 },
      { header: head('名称', 'Name'), key: 'name', width: 20 },
      { header: head('计划发运日期', 'Planned ship date'), key: 'plannedShipDate', width: 14 },
      { header: head('起运港', 'Port of loading'), key: 'pol', width: 20 },
      { header: head('目的港', 'Port of discharge'), key: 'pod', width: 20 },
      { header: head('目的地', 'Destination site'), key: 'destinationSite', width: 20 },
      { header: head('状态', 'Status'), key: 'status', width: 14 },
      { header: head('物流状态', 'Logistics status'), key: 'logisticsStatus', width: 14 },
      { header: timeHeader(head('创建时间', 'Created'), zone, lang), key: 'createTime', width: 22 },
    ];
    ws.getRow(1).font = { bold: true };
    for (const r of content)
      cell.addTypedRow(ws, [
        cell.text(r.batchNumber),
        typeof r.projectName === 'string' ? r.projectName : null,
        r.name,
        cell.date(r.plannedShipDate),
        [r.portOfLoading, r.portOfLoadingName].filter(Boolean).join(' '),
        [r.portOfDischarge, r.portOfDischargeName].filter(Boolean).join(' '),
        r.destinationSite,
        batchStatusLabels[r.status]?.[lang] ?? String(r.status),
        logisticsStatusLabels[r.logisticsStatus]?.[lang] ?? String(r.logisticsStatus),
        cell.time(r.createTime, zone),
      ]);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    reply.header(
      'content-disposition',
      contentDisposition(`${head('批次', 'batches')}.xlsx`, { fallback: 'batches' }),
    );
    return reply.send(buf);
  });

  mount(app, projectOps.batchPartners, async (request) => {
    const ctx = ctxOf(app, request);
    const { batchId } = request.query;
    await getVisible(projectBatchResource, ctx, batchId);
    return asAnswer(projectOps.batchPartners, await batchPartnersOf(app.db, ctx, [batchId]));
  });

  registerCommands(app, [batchPartnerStatusCommand]);
}
