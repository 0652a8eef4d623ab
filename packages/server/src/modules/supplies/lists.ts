// Material lists: one per supplier per batch. Which rows may change, reopening a returned list,
// the batch status that follows from its lists, and the supplier's material-code memory.
import {
  editable,
  MaterialListStatus,
  materialListMachine,
  materialListStatusLabels,
  TenantEnd,
} from '@tradelane/contract';
import { suppliesOps } from '@tradelane/contract/api/supplies';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { materialCodes, materialLists, supplies } from '../../db/schema-project.ts';
import type { AuthContext } from '../../http/auth.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { type Ctx, toWire } from '../../resources/engine.ts';
import { applyMove, type CommandCtx, defineCommand } from '../../workflow/kernel.ts';
import { visibleBatch } from '../project/access.ts';
import { deriveBatchStatus } from '../project/batch-status.ts';
import { type Batch, takesPart } from '../project/batches.ts';
import type { BatchFollower } from '../project/events.ts';
import { materialListScope } from './access.ts';
import { listOfSupplier } from './for-packing.ts';

export type MaterialList = typeof materialLists.$inferSelect;
type Who = Pick<AuthContext, 'username' | 'tenantId'>;

/**
 * The caller on a batch it takes part in, with its material list (created if missing). The caller is a
 * supplier: the routes that write a list's rows declare that party.
 */
export async function supplierList(ctx: Ctx, batchId: number): Promise<{ list: MaterialList; batch: Batch }> {
  const batch = await visibleBatch(ctx, batchId);
  if (!(await takesPart(ctx.db, batchId, ctx.auth.tenantId, TenantEnd.supplier)))
    throw new AppError(403, 'supplies.not_partner');
  await ctx.db
    .insert(materialLists)
    .values({
      tenantId: batch.tenantId,
      projectId: batch.projectId,
      batchId,
      supplierTenantId: ctx.auth.tenantId,
      createBy: ctx.auth.username,
    })
    .onConflictDoNothing();
  const list = await listOfSupplier(ctx.db, batchId, ctx.auth.tenantId, true);
  return { list, batch };
}

export async function listById(db: Db, id: number, lock = false): Promise<MaterialList | undefined> {
  const q = db.select().from(materialLists).where(eq(materialLists.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Confirmed lists never change (spec §5); submitted ones wait for the shipper. */
export function assertEditable(list: MaterialList) {
  if (list.status === MaterialListStatus.confirmed) throw badRequest('supplies.locked');
  if (!editable(materialListMachine, list.status)) throw badRequest('supplies.not_editable');
}

/** POST /api/materialList/reopen: the supplier reopens a returned list as a draft (its first change does too). */
export const reopenMaterialList = defineCommand({
  operation: suppliesOps.reopen,
  name: 'materialList.edit',
  machine: materialListMachine,
  labels: materialListStatusLabels,
  table: materialLists,
  statusColumn: 'status',
  entity: 'materialList',
  event: 'edit',
  who: { own: (ctx, row) => row.supplierTenantId === ctx.auth.tenantId },
  target: async (_ctx, input) => input.id,
  scope: (ctx) => materialListScope(ctx as Ctx),
  record: (row) => ({ partyTenantId: row.supplierTenantId }),
  // Answered as the other list commands answer: the list as its family shows it (names, counts, events).
  // Imported when called: the family's declaration imports this file.
  answer: async (ctx, rows) => {
    const { materialListResource } = await import('./resources.ts');
    return ((await materialListResource.hooks?.decorate?.(ctx as Ctx, rows)) ?? rows).map((r) =>
      toWire({}, r),
    );
  },
});

/** The supplier's first change to a returned list reopens it as a draft (returned → draft). */
export async function touchList(ctx: CommandCtx, list: MaterialList): Promise<MaterialList> {
  if (list.status !== MaterialListStatus.returned) return list;
  const row = await applyMove(
    reopenMaterialList,
    ctx,
    list,
    { id: list.id },
    { party: 'supplier', quiet: true },
  );
  return (row as MaterialList | null) ?? list;
}

export async function nextLineNo(db: Db, listId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${supplies.lineNo}), 0)::int` })
    .from(supplies)
    .where(eq(supplies.listId, listId));
  return Number(row?.n ?? 0) + 1;
}

export const lineTotal = (quantity: unknown, unitPrice: unknown) =>
  quantity == null || unitPrice == null ? null : Math.round(Number(quantity) * Number(unitPrice) * 100) / 100;

/** The batch's status follows its material lists: this module reports them, the project module derives. */
export async function refreshBatchStatus(db: Db, who: Who, batchId: number) {
  await deriveBatchStatus(db, who, batchId);
}

export interface MaterialMemory {
  materialCode?: string | null;
  name: string;
  enName?: string | null;
  spec?: string | null;
  brand?: string | null;
  unit?: string | null;
  hsCode?: string | null;
  originCountry?: string | null;
}

/** Remembers a supplier's material codes with their latest description and classification. */
export async function rememberMaterials(db: Db, tenantId: number, rows: MaterialMemory[], by: string) {
  const byCode = new Map<string, MaterialMemory>();
  for (const r of rows) if (r.materialCode) byCode.set(r.materialCode, r);
  const values = [...byCode.entries()].map(([code, r]) => ({
    tenantId,
    code,
    name: r.name,
    enName: r.enName ?? null,
    spec: r.spec ?? null,
    brand: r.brand ?? null,
    unit: r.unit ?? null,
    hsCode: r.hsCode ?? null,
    originCountry: r.originCountry ?? null,
    createBy: by,
    updateBy: by,
  }));
  for (let i = 0; i < values.length; i += 1000) {
    await db
      .insert(materialCodes)
      .values(values.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [materialCodes.tenantId, materialCodes.code],
        set: {
          name: sql`excluded.name`,
          enName: sql`coalesce(excluded.en_name, ${materialCodes.enName})`,
          spec: sql`coalesce(excluded.spec, ${materialCodes.spec})`,
          brand: sql`coalesce(excluded.brand, ${materialCodes.brand})`,
          unit: sql`coalesce(excluded.unit, ${materialCodes.unit})`,
          hsCode: sql`coalesce(excluded.hs_code, ${materialCodes.hsCode})`,
          originCountry: sql`coalesce(excluded.origin_country, ${materialCodes.originCountry})`,
          updateTime: new Date(),
          updateBy: by,
        },
      });
  }
}

/** Remembers every material code of a list from its saved rows (the last line of a code wins). */
export async function rememberListMaterials(db: Db, listId: number, by: string) {
  await db.execute(sql`
    insert into ${materialCodes} (tenant_id, code, name, en_name, spec, brand, unit, hs_code, origin_country, create_by, update_by)
    select distinct on (s.material_code) s.supplier_tenant_id, s.material_code, s.name, s.en_name, s.spec, s.brand,
      s.unit, s.hs_code, s.origin_country, ${by}, ${by}
    from ${supplies} s
    where s.list_id = ${listId} and s.material_code is not null
    order by s.material_code, s.line_no desc
    on conflict (tenant_id, code) do update set
      name = excluded.name,
      en_name = coalesce(excluded.en_name, ${materialCodes.enName}),
      spec = coalesce(excluded.spec, ${materialCodes.spec}),
      brand = coalesce(excluded.brand, ${materialCodes.brand}),
      unit = coalesce(excluded.unit, ${materialCodes.unit}),
      hs_code = coalesce(excluded.hs_code, ${materialCodes.hsCode}),
      origin_country = coalesce(excluded.origin_country, ${materialCodes.originCountry}),
      update_time = now(),
      update_by = excluded.update_by`);
}

/** Material lists follow their batch (a follower of the project module's batches, registered by the
 * supplies module). */
export const materialListsFollowBatches: BatchFollower = {
  partnerJoined: async (db, who, bp) => {
    if (bp.partnerEnd !== TenantEnd.supplier) return;
    await db
      .insert(materialLists)
      .values({
        tenantId: bp.tenantId,
        projectId: bp.projectId,
        batchId: bp.batchId,
        supplierTenantId: bp.partnerTenantId,
        status: MaterialListStatus.draft,
        createBy: who.username,
      })
      .onConflictDoNothing();
  },
  partnerLeft: async (db, batchId, partnerTenantId) => {
    await db
      .delete(materialLists)
      .where(and(eq(materialLists.batchId, batchId), eq(materialLists.supplierTenantId, partnerTenantId)));
  },
  batchesRemoved: async (db, batchIds) => {
    await db.delete(materialLists).where(inArray(materialLists.batchId, batchIds));
  },
};
