// On time in full: per supplier and per logistics provider, by month of receipt on site. A batch is
// one delivery: for each accepted partner on it, on time when every milestone that is that partner's move
// (the contract's `owner`) and has a planned date was reached by that day, in full when every box it packed
// (supplier) or carried (provider) arrived with no abnormal record of a kind that changes what arrived.
// One query, grouped in the database, led by the months of receipt (the partial index
// batch_milestone_received_idx); the rows a caller may read are decided in it.

import {
  LogisticsStatus,
  milestones,
  notInFullAbnormalTypes,
  type OtifAnswer,
  PartnershipStatus,
  TenantEnd,
} from '@tradelane/contract';
import { towerOps } from '@tradelane/contract/api/tower';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rawRows } from '../../db/raw-rows.ts';
import { langOf } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { ctxOf } from '../../resources/engine.ts';
import { nameIn, tenantNames } from '../project/names.ts';

const ownedBy = (end: 'supplier' | 'logistics') =>
  milestones.filter((m) => m.owner === end).map((m) => m.code);

/** The first day of the month `months - 1` before this one (UTC), and the months from it to now. */
function monthWindow(months: number, now = new Date()): { from: Date; list: string[] } {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
  const list: string[] = [];
  for (let i = 0; i < months; i++) {
    const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + i, 1));
    list.push(d.toISOString().slice(0, 7));
  }
  return { from, list };
}

const rate = (n: number, of: number) => (of ? Math.round((n / of) * 1000) / 10 : 0);

export async function otifRoutes(app: FastifyInstance) {
  mount(
    app,
    towerOps.otif,
    async (request): Promise<OtifAnswer> => {
      const ctx = ctxOf(app, request);
      const lang = langOf(request);
      const { projectId, months } = request.query;
      const { from, list } = monthWindow(months);
      const me = ctx.auth.tenantId;
      // Who may read which row: the platform all; a shipper its batches' partners; a partner only itself.
      const visible = ctx.auth.isPlatformAdmin
        ? sql`true`
        : sql`(b.tenant_id = ${me} or bp.partner_tenant_id = ${me})`;
      const supplierMoves = sql.join(
        ownedBy('supplier').map((c) => sql`${c}`),
        sql`, `,
      );
      const logisticsMoves = sql.join(
        ownedBy('logistics').map((c) => sql`${c}`),
        sql`, `,
      );
      const notInFull = sql.join(
        notInFullAbnormalTypes.map((t) => sql`${t}`),
        sql`, `,
      );
      const L = LogisticsStatus;
      const res = await ctx.db.execute(sql`
        with delivered as (
          select r.batch_id, to_char(r.actual at time zone 'UTC', 'YYYY-MM') as month
          from batch_milestone r
          where r.code = 'received' and r.actual is not null and r.actual >= ${from.toISOString()}
        ),
        party as (
          select distinct d.batch_id, d.month, bp.partner_tenant_id as tenant_id, bp.partner_end as end_code
          from delivered d
          join project_batch b on b.id = d.batch_id
          join batch_partner bp on bp.batch_id = d.batch_id and bp.partner_end in (${TenantEnd.supplier}, ${TenantEnd.logistics})
          join partnership p on p.tenant_id = bp.tenant_id and p.partner_tenant_id = bp.partner_tenant_id and p.status = ${PartnershipStatus.accepted}
          where ${visible} ${projectId ? sql`and b.project_id = ${projectId}` : sql``}
        ),
        moves as (
          select pa.batch_id, pa.tenant_id, pa.end_code,
            count(*)::int as n,
            count(*) filter (where (m.actual at time zone 'UTC')::date <= m.planned)::int as on_time
          from party pa
          join batch_milestone m on m.batch_id = pa.batch_id and m.planned is not null
            and m.code in (select unnest(case when pa.end_code = ${TenantEnd.supplier}
              then array[${supplierMoves}]::text[] else array[${logisticsMoves}]::text[] end))
          group by 1, 2, 3
        ),
        boxes as (
          select pa.batch_id, pa.tenant_id, pa.end_code,
            count(*)::int as n,
            count(*) filter (where x.logistics_status in (${L.received}, ${L.signed}) and not exists (
              select 1 from abnormal_record a where a.box_id = x.id and a.abnormal_type in (${notInFull})
            ))::int as in_full
          from party pa
          join box_piece x on x.batch_id = pa.batch_id
            and x.logistics_status in (${L.received}, ${L.signed}, ${L.backToSupplier})
            and (pa.end_code <> ${TenantEnd.supplier} or x.supplier_tenant_id = pa.tenant_id)
          group by 1, 2, 3
        )
        select pa.tenant_id, pa.end_code, pa.month,
          count(*)::int as batches,
          count(*) filter (where coalesce(mv.on_time, 0) = coalesce(mv.n, 0))::int as on_time,
          count(*) filter (where coalesce(bx.in_full, 0) = coalesce(bx.n, 0))::int as in_full,
          count(*) filter (where coalesce(mv.on_time, 0) = coalesce(mv.n, 0)
            and coalesce(bx.in_full, 0) = coalesce(bx.n, 0))::int as otif,
          coalesce(sum(mv.n), 0)::int as milestones,
          coalesce(sum(mv.on_time), 0)::int as milestones_on_time,
          coalesce(sum(bx.n), 0)::int as boxes,
          coalesce(sum(bx.in_full), 0)::int as boxes_in_full
        from party pa
        left join moves mv on mv.batch_id = pa.batch_id and mv.tenant_id = pa.tenant_id and mv.end_code = pa.end_code
        left join boxes bx on bx.batch_id = pa.batch_id and bx.tenant_id = pa.tenant_id and bx.end_code = pa.end_code
        group by pa.tenant_id, pa.end_code, pa.month
        order by pa.month desc, pa.end_code, pa.tenant_id
      `);
      const raw = rawRows(res);
      const names = await tenantNames(
        ctx.db,
        raw.map((r) => Number(r.tenant_id)),
      );
      return {
        months: list,
        rows: raw.map((r) => {
          const tenantId = Number(r.tenant_id);
          const batches = Number(r.batches);
          return {
            tenantId,
            companyName: nameIn(names.get(tenantId), lang),
            end: Number(r.end_code) === TenantEnd.supplier ? ('supplier' as const) : ('logistics' as const),
            month: String(r.month),
            batches,
            onTime: Number(r.on_time),
            inFull: Number(r.in_full),
            otif: Number(r.otif),
            onTimeRate: rate(Number(r.on_time), batches),
            inFullRate: rate(Number(r.in_full), batches),
            otifRate: rate(Number(r.otif), batches),
            milestones: Number(r.milestones),
            milestonesOnTime: Number(r.milestones_on_time),
            boxes: Number(r.boxes),
            boxesInFull: Number(r.boxes_in_full),
          };
        }),
      };
    },
    { config: { describe: 'on time in full by company and month' } },
  );
}
