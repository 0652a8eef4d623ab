// Batch queries (queryListByProId, queryBatchById, batchExport), the batch workbench and timeline,
// and batch-partner commands (getBatchId, updateStatus).
import {
  type BatchPartnerEvent,
  batchPartnerMachine,
  batchPartnerStatusLabels,
  batchPartnerUpdateStatusBody,
  batchStatusLabels,
  type Party,
  step,
  TenantEnd,
} from '@tradelane/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { batchPartners, projectBatches } from '../../db/schema-project.ts';
import { LOGISTICS_STATUSES } from '../../db/seed/reference.ts';
import type { AuthContext } from '../../http/auth.ts';
import { AppError, badRequest, forbidden, langOf } from '../../http/errors.ts';
import { ctxOf, getVisible, listRows, toWire } from '../../resources/engine.ts';
import { batchScope, partyOf } from './access.ts';
import { batchPartnerResource, projectBatchResource } from './batch-resources.ts';
import { batchTimeline, notifyParty, recordChange } from './events.ts';
import { batchNumbers, tenantNames } from './names.ts';
import { batchPartnersOf, listSummaries, waitingFor } from './project-routes.ts';
import { projectResource } from './resources.ts';

const tags = ['projectBatch'];
const perm = { permission: 'projectBatch:list' };
const idQuery = z.object({ id: z.coerce.number().int().positive() });

/**
 * Moves one party's progress on a batch through the batch-partner machine. `system` moves follow
 * from material-list commands; a refused system move is simply skipped (the list is the truth).
 */
export async function moveBatchPartner(
  db: Db,
  who: Pick<AuthContext, 'username' | 'tenantId'>,
  bp: typeof batchPartners.$inferSelect,
  event: BatchPartnerEvent,
  party: Party,
) {
  const next = step(batchPartnerMachine, bp.bpStatus, event, party);
  if (!next.ok) {
    if (party === 'system') return bp;
    throw next.reason === 'party'
      ? new AppError(403, 'state.wrong_party')
      : badRequest('state.not_allowed', { from: bp.bpStatus, event });
  }
  const [row] = await db
    .update(batchPartners)
    .set({ bpStatus: next.to, updateTime: new Date(), updateBy: who.username })
    .where(eq(batchPartners.id, bp.id))
    .returning();
  await recordChange(db, who, {
    tenantId: bp.tenantId,
    entity: 'batchPartner',
    entityId: bp.id,
    action: event,
    from: bp.bpStatus,
    to: next.to,
    batchId: bp.batchId,
    projectId: bp.projectId,
    partyTenantId: bp.partnerTenantId,
  });
  return row;
}

export async function batchRoutes(app: FastifyInstance) {
  app.get('/api/projectBatch/queryListByProId', { config: perm, schema: { tags } }, async (request) => {
    const ctx = ctxOf(app, request);
    const q = z
      .object({
        proId: z.coerce.number().int().positive().optional(),
        proid: z.coerce.number().int().positive().optional(),
      })
      .parse(request.query);
    const projectId = q.proId ?? q.proid;
    if (!projectId) throw badRequest('validation', { field: 'proId', reason: '' });
    const rows = await app.db
      .select()
      .from(projectBatches)
      .where(and(eq(projectBatches.projectId, projectId), batchScope(ctx)))
      .orderBy(asc(projectBatches.status), desc(projectBatches.createTime));
    const decorated = (await projectBatchResource.hooks?.decorate?.(ctx, rows)) ?? rows;
    return decorated.map((r) => toWire(projectBatchResource, r));
  });

  /** One batch with its project, partners and material lists (what the caller may see of them). */
  const batchDetail = async (request: Parameters<typeof ctxOf>[1]) => {
    const ctx = ctxOf(app, request);
    const { id } = idQuery.parse(request.query);
    const batch = await getVisible(projectBatchResource, ctx, id);
    const [decorated] = (await projectBatchResource.hooks?.decorate?.(ctx, [batch])) ?? [batch];
    const project = await getVisible(projectResource, ctx, batch.projectId as number);
    const partners = await batchPartnersOf(app.db, ctx, [id]);
    const lists = await listSummaries(ctx, [id]);
    return {
      ...toWire(projectBatchResource, decorated),
      id,
      tenantId: batch.tenantId as number,
      project: toWire(projectResource, project),
      partners,
      materialLists: lists,
      waiting: waitingFor(partners, lists, batch.tenantId as number),
    };
  };
  app.get('/api/projectBatch/queryBatchById', { config: perm, schema: { tags } }, batchDetail);

  /** Batch workbench: the detail plus the timeline of events. */
  app.get('/api/projectBatch/workbench', { config: perm, schema: { tags } }, async (request) => {
    const detail = await batchDetail(request);
    const auth = ctxOf(app, request).auth;
    const owner = auth.isPlatformAdmin || detail.tenantId === auth.tenantId;
    return {
      ...detail,
      timeline: await batchTimeline(app.db, detail.id as number, { tenantId: auth.tenantId, owner }),
    };
  });

  app.get('/api/projectBatch/timeline', { config: perm, schema: { tags } }, async (request) => {
    const ctx = ctxOf(app, request);
    const { id } = idQuery.parse(request.query);
    const batch = await getVisible(projectBatchResource, ctx, id);
    const owner = ctx.auth.isPlatformAdmin || batch.tenantId === ctx.auth.tenantId;
    const content = await batchTimeline(app.db, id, { tenantId: ctx.auth.tenantId, owner });
    return { content, totalElements: content.length };
  });

  /** Excel of the batch list; exportParam holds the list filters as JSON (or pass them as query params). */
  app.get('/api/projectBatch/batchExport', { config: perm, schema: { tags } }, async (request, reply) => {
    const ctx = ctxOf(app, request);
    const { exportParam, ...rest } = request.query as Record<string, unknown>;
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
    const logistics = new Map(LOGISTICS_STATUSES.map(([v, zh, en]) => [Number(v), lang === 'en' ? en : zh]));
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
      { header: head('创建时间', 'Created'), key: 'createTime', width: 20 },
    ];
    ws.getRow(1).font = { bold: true };
    for (const r of content) {
      ws.addRow({
        ...r,
        pol: [r.portOfLoading, r.portOfLoadingName].filter(Boolean).join(' '),
        pod: [r.portOfDischarge, r.portOfDischargeName].filter(Boolean).join(' '),
        status: batchStatusLabels[r.status as number]?.[lang] ?? r.status,
        logisticsStatus: logistics.get(r.logisticsStatus as number) ?? r.logisticsStatus,
        createTime:
          r.createTime instanceof Date
            ? r.createTime.toISOString().slice(0, 19).replace('T', ' ')
            : r.createTime,
      });
    }
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    reply.header(
      'content-disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(head('批次', 'batches'))}.xlsx`,
    );
    return reply.send(buf);
  });

  app.get(
    '/api/batchPartner/getBatchId',
    { config: perm, schema: { tags: ['batchPartner'] } },
    async (request) => {
      const ctx = ctxOf(app, request);
      const { batchId } = z.object({ batchId: z.coerce.number().int().positive() }).parse(request.query);
      await getVisible(projectBatchResource, ctx, batchId);
      return batchPartnersOf(app.db, ctx, [batchId]);
    },
  );

  app.post(
    '/api/batchPartner/updateStatus',
    { config: perm, schema: { tags: ['batchPartner'], summary: 'Move a party’s progress on a batch' } },
    async (request) => {
      const ctx = ctxOf(app, request);
      const body = batchPartnerUpdateStatusBody.parse(request.body ?? {});
      return app.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const bp = await getVisible(batchPartnerResource, { ...ctx, db }, body.id);
        const party = partyOf(ctx.auth);
        // A partner moves only its own row; the shipper only rows of its batches.
        if (
          party === 'shipper' ? bp.tenantId !== ctx.auth.tenantId : bp.partnerTenantId !== ctx.auth.tenantId
        )
          throw forbidden();
        const t = batchPartnerMachine.find((m) => m.from === bp.bpStatus && m.event === body.event);
        // Suppliers' submit/back/confirm follow their material list (supplies commands), never by hand.
        if (t?.guard === 'materialList' && bp.partnerEnd === TenantEnd.supplier)
          throw badRequest('state.not_allowed', {
            from: batchPartnerStatusLabels[bp.bpStatus as number]?.en,
            event: body.event,
          });
        const row = await moveBatchPartner(
          db,
          ctx.auth,
          bp as typeof batchPartners.$inferSelect,
          body.event,
          party,
        );
        const batchNumber = (await batchNumbers(db, [row.batchId])).get(row.batchId);
        const partner = (await tenantNames(db, [row.partnerTenantId])).get(row.partnerTenantId)?.name;
        const other = party === 'shipper' ? row.partnerTenantId : row.tenantId;
        await notifyParty(
          db,
          [other],
          'notice.bp_status',
          { batch: batchNumber, partner },
          undefined,
          ctx.auth.username,
        );
        return toWire({}, row);
      });
    },
  );
}
