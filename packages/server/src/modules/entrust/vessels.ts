// The vessel register and its schedules: families on the engine, kept by logistics
// providers and read by every signed-in party; the register search behind `queryshipname` and the ship
// inquiry (a vessel with its port calls and the batches on it that the caller may see).

import {
  type AnswerOf,
  countryRows,
  EntrustStatus,
  entrustStatusLabels,
  type Lang,
  normalizeImo,
  vesselCreate,
  vesselScheduleCreate,
  vesselScheduleUpdate,
  vesselTypes,
} from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { papersOps } from '@tradelane/contract/api/papers';
import { and, asc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { deliveryEntrusts, vesselSchedules, vessels } from '../../db/schema-entrust.ts';
import { AppError, badRequest, langOf } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { type Ctx, ctxOf, defineResource, type Row, type RowOf } from '../../resources/engine.ts';
import { visibleBatches } from '../project/batches.ts';
import { nameIn, projectNames, tenantNames } from '../project/names.ts';
import { findPort } from '../reference/ports.ts';
import { isLogistics, keeperOnly, vesselScheduleScope, vesselScope } from './access.ts';

const countries = new Map(countryRows.map(([code, en, zh]) => [code, { en, zh }]));
export const countryName = (code: string | null, lang: Lang) => countries.get(code ?? '')?.[lang] ?? code;
const typeLabel = (code: string | null, lang: Lang) =>
  vesselTypes.find((v) => v.code === code)?.[lang] ?? code;

/** A port code that names a UN/LOCODE sea port (an old carrier's code is accepted), else a 400 naming the field. */
export function checkPort(field: string, code: unknown) {
  if (code === undefined || code === null || code === '') return;
  if (!findPort(String(code))) throw badRequest('entrust.port_unknown', { field, code });
}

/** A port's name (its code when unknown): forms show it beside the code. */
export const portLabel = (code: string | null) => findPort(code)?.name ?? code;

async function decorateVessels(ctx: Ctx, rows: RowOf<typeof vessels>[]) {
  const lang = langOf(ctx.request);
  const keepers = await tenantNames(
    ctx.db,
    rows.map((r) => r.tenantId),
  );
  return rows.map((r) => ({
    ...r,
    flagName: countryName(r.flag, lang),
    vesselTypeLabel: typeLabel(r.vesselType, lang),
    keeperName: keepers.get(r.tenantId)?.name ?? null,
    mine: r.tenantId === ctx.auth.tenantId,
  }));
}

async function imoFree(ctx: Ctx, imo: unknown, except?: number) {
  const [taken] = await ctx.db
    .select({ id: vessels.id })
    .from(vessels)
    .where(eq(vessels.imo, String(imo)));
  if (taken && taken.id !== except) throw new AppError(409, 'vessel.imo_taken', { imo });
}

export const vesselResource = defineResource({
  family: families.vessel,
  table: vessels,
  create: vesselCreate,
  filters: {
    id: 'equal',
    imo: 'equal',
    mmsi: 'equal',
    flag: 'equal',
    vesselType: 'equal',
    tenantId: 'equal',
    blurry: { op: 'blurry', columns: ['name', 'imo', 'mmsi', 'callSign', 'operator'] },
  },
  defaultSort: ['name,asc'],
  permissions: { create: 'vessel:add', update: 'vessel:edit', delete: 'vessel:del' },
  scope: vesselScope,
  canWrite: keeperOnly,
  hooks: {
    beforeCreate: async (ctx, data) => {
      if (!isLogistics(ctx)) throw new AppError(403, 'vessel.logistics_only');
      await imoFree(ctx, data.imo);
      return { ...data, tenantId: ctx.auth.tenantId };
    },
    beforeUpdate: async (ctx, existing, data) => {
      if (data.imo !== undefined) await imoFree(ctx, data.imo, existing.id);
      return data;
    },
    beforeDelete: async (ctx, rows) => {
      // A vessel named by a shipping instruction stays: the instruction keeps pointing at it.
      const [used] = await ctx.db
        .select({ vesselId: deliveryEntrusts.vesselId })
        .from(deliveryEntrusts)
        .where(
          inArray(
            deliveryEntrusts.vesselId,
            rows.map((r) => r.id),
          ),
        )
        .limit(1);
      if (used)
        throw new AppError(409, 'vessel.in_use', { name: rows.find((r) => r.id === used.vesselId)?.name });
    },
    decorate: decorateVessels,
  },
});

async function decorateSchedules(ctx: Ctx, rows: RowOf<typeof vesselSchedules>[]) {
  if (!rows.length) return rows;
  const names = new Map(
    (
      await ctx.db
        .select({ id: vessels.id, name: vessels.name, imo: vessels.imo })
        .from(vessels)
        .where(inArray(vessels.id, [...new Set(rows.map((r) => r.vesselId))]))
    ).map((v) => [v.id, v]),
  );
  const keepers = await tenantNames(
    ctx.db,
    rows.map((r) => r.tenantId),
  );
  return rows.map((r) => ({
    ...r,
    vesselName: names.get(r.vesselId)?.name ?? null,
    imo: names.get(r.vesselId)?.imo ?? null,
    portName: findPort(r.portCode)?.name ?? null,
    keeperName: keepers.get(r.tenantId)?.name ?? null,
    mine: r.tenantId === ctx.auth.tenantId,
  }));
}

const etdAfterEta = (existing: Row | undefined, data: Row) => {
  const eta = (data.eta !== undefined ? data.eta : existing?.eta) as Date | null | undefined;
  const etd = (data.etd !== undefined ? data.etd : existing?.etd) as Date | null | undefined;
  if (eta && etd && new Date(etd).getTime() < new Date(eta).getTime())
    throw badRequest('vessel.etd_before_eta');
};

export const vesselScheduleResource = defineResource({
  family: families.vesselSchedule,
  table: vesselSchedules,
  create: vesselScheduleCreate,
  update: vesselScheduleUpdate,
  filters: {
    id: 'equal',
    vesselId: 'equal',
    voyageNo: 'equal',
    portCode: 'equal',
    tenantId: 'equal',
    etd: 'between',
  },
  defaultSort: ['vesselId,asc', 'voyageNo,asc', 'seq,asc'],
  permissions: { create: 'vessel:add', update: 'vessel:edit', delete: 'vessel:del' },
  scope: vesselScheduleScope,
  canWrite: keeperOnly,
  references: { vesselId: { to: () => vesselResource } },
  hooks: {
    beforeCreate: async (ctx, data) => {
      if (!isLogistics(ctx)) throw new AppError(403, 'vessel.logistics_only');
      checkPort('portCode', data.portCode);
      return { ...data, tenantId: ctx.auth.tenantId };
    },
    beforeUpdate: async (_ctx, existing, data) => {
      checkPort('portCode', data.portCode);
      etdAfterEta(existing, data);
      return data;
    },
    decorate: decorateSchedules,
  },
});

/** `%`, `_` and `\` match themselves in a LIKE pattern built from a user's words. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Register rows matching a name (any part), an IMO number (with or without "IMO") or an MMSI, best
 * first: exact numbers, then names starting with the words, then names containing them.
 */
export async function searchVessels(ctx: Ctx, q: string, size: number) {
  const term = q.trim();
  const digits = normalizeImo(term);
  const conditions: SQL[] = [];
  if (/^\d{7}$/.test(digits)) conditions.push(eq(vessels.imo, digits));
  if (/^\d{9}$/.test(term)) conditions.push(eq(vessels.mmsi, term));
  if (/^\d{3,8}$/.test(term)) conditions.push(sql`${vessels.imo} like ${`${term}%`}`);
  const lower = likeEscape(term.toLowerCase());
  if (term) conditions.push(sql`lower(${vessels.name}) like ${`%${lower}%`}`);
  const rows = await ctx.db
    .select()
    .from(vessels)
    .where(and(vesselScope(ctx), conditions.length ? or(...conditions) : undefined))
    .orderBy(
      sql`case when ${vessels.imo} = ${digits} or ${vessels.mmsi} = ${term} then 0
               when lower(${vessels.name}) like ${`${lower}%`} then 1 else 2 end`,
      asc(vessels.name),
    )
    .limit(size);
  return decorateVessels(ctx, rows);
}

/** The ship inquiry: vessels found, each with its port calls and the batches on it the caller may see. */
export async function shipInquiry(ctx: Ctx, q: string, size: number) {
  const found = await searchVessels(ctx, q, size);
  const ids = found.map((v) => v.id);
  if (!ids.length) return [];
  const calls = await decorateSchedules(
    ctx,
    await ctx.db
      .select()
      .from(vesselSchedules)
      .where(and(inArray(vesselSchedules.vesselId, ids), vesselScheduleScope(ctx)))
      .orderBy(asc(vesselSchedules.vesselId), asc(vesselSchedules.voyageNo), asc(vesselSchedules.seq)),
  );
  const lang = langOf(ctx.request);
  // Batches named on a sent instruction for the vessel, among the batches the caller sees.
  const batch = visibleBatches(ctx);
  const sent = await ctx.db
    .select({
      vesselId: deliveryEntrusts.vesselId,
      entrustId: deliveryEntrusts.id,
      entrustNo: deliveryEntrusts.entrustNo,
      status: deliveryEntrusts.status,
      voyageNo: deliveryEntrusts.voyageNo,
      portOfLoading: deliveryEntrusts.portOfLoading,
      portOfDischarge: deliveryEntrusts.portOfDischarge,
      packages: deliveryEntrusts.packages,
      grossWeight: deliveryEntrusts.grossWeight,
      batchId: batch.id,
      batchNumber: batch.batchNumber,
      batchName: lang === 'en' ? sql<string>`coalesce(${batch.enName}, ${batch.name})` : batch.name,
      projectId: batch.projectId,
    })
    .from(deliveryEntrusts)
    .innerJoin(batch, eq(batch.id, deliveryEntrusts.batchId))
    .where(and(inArray(deliveryEntrusts.vesselId, ids), ne(deliveryEntrusts.status, EntrustStatus.draft)))
    .orderBy(asc(batch.batchNumber));
  const projects = await projectNames(
    ctx.db,
    sent.map((b) => b.projectId),
  );
  const onBoard = sent.map(({ projectId, ...b }) => ({
    ...b,
    projectName: nameIn(projects.get(projectId), lang) ?? '',
  }));
  return found.map((v) => ({
    ...v,
    schedule: calls.filter((c) => c.vesselId === v.id),
    batches: onBoard
      .filter((b) => b.vesselId === v.id)
      .map((b) => ({ ...b, statusLabel: entrustStatusLabels[b.status]?.[lang] ?? String(b.status) })),
  }));
}

export async function vesselRoutes(app: FastifyInstance) {
  mount(app, papersOps.shipInquiry, async (request) => {
    const ctx = ctxOf(app, request);
    const { q, size } = request.query;
    // Decorated rows, their times still dates: the wire's shape is the contract's (checked in tests).
    const content: Row[] = await shipInquiry(ctx, q, size);
    return { content, totalElements: content.length } as AnswerOf<typeof papersOps.shipInquiry>;
  });
}
