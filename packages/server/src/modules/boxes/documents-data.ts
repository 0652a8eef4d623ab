// What labels and packing lists print, read in chunks so a document's memory does not grow with its
// box count: the selection's ids first (small), then boxes, marks and contents a chunk at a time.
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { boxPieceDetails, boxPieces } from '../../db/schema-boxes.ts';
import type { Ctx } from '../../resources/engine.ts';
import { batchMarks, partnerContractNumbers } from '../project/batches.ts';
import { tenantNames } from '../project/names.ts';
import { materialRowView as m, materialWords } from '../supplies/for-packing.ts';
import { boxScope } from './access.ts';

/** A box holding a row tagged dangerous is marked so (lists, labels, packing lists). */
export const holdsDangerous = (contents: { tags: unknown }[]) =>
  contents.some((c) => Array.isArray(c.tags) && c.tags.includes('dangerous'));

export const CHUNK = 200;

export type Box = typeof boxPieces.$inferSelect;
/** What boxes hold, with the material rows' descriptions, in line order. */
export async function contentsOf(ctx: Pick<Ctx, 'db'>, boxIds: number[]) {
  if (!boxIds.length) return [];
  return ctx.db
    .select({
      id: boxPieceDetails.id,
      boxId: boxPieceDetails.boxId,
      suppliesId: boxPieceDetails.suppliesId,
      quantity: boxPieceDetails.quantity,
      remark: boxPieceDetails.remark,
      ...materialWords,
      tags: m.tags,
    })
    .from(boxPieceDetails)
    .innerJoin(m, eq(m.id, boxPieceDetails.suppliesId))
    .where(inArray(boxPieceDetails.boxId, boxIds))
    .orderBy(boxPieceDetails.boxId, m.lineNo);
}
export type Content = Awaited<ReturnType<typeof contentsOf>>[number];
/**
 * What a box holds as one field of a statement over boxes (`box` is the box's id there): the rows of
 * `contentsOf`, in the same shape and order, as a JSON array (empty for an empty box). Evaluated for a
 * page's rows inside its own statement, so a list of boxes reads its contents without a round trip.
 */
export function contentsField(box: SQL) {
  return sql<Content[]>`(select coalesce(json_agg(json_build_object(
      'id', d.id, 'boxId', d.box_id, 'suppliesId', d.supplies_id, 'quantity', d.quantity, 'remark', d.remark,
      'lineNo', material_row.line_no, 'materialCode', material_row.material_code, 'name', material_row.name, 'enName', material_row.en_name,
      'spec', material_row.spec, 'hsCode', material_row.hs_code, 'unit', material_row.unit, 'tags', material_row.tags) order by material_row.line_no, d.id), '[]')
    from ${boxPieceDetails} d join ${m} on material_row.id = d.supplies_id where d.box_id = ${box})`;
}
export interface Marks {
  projectName: string;
  projectEnName: string | null;
  batchNumber: string;
  portOfDischarge: string | null;
  destinationSite: string | null;
  destinationSiteEn: string | null;
  contractNumber: string | null;
  supplierName: string;
  supplierEnName: string | null;
}
export interface PrintBox extends Box {
  n: number;
  of: number;
  marks: Marks;
  contents: Content[];
  dangerous: boolean;
}

/** Ids of the boxes a document covers, in print order (supplier, then box number). */
export async function selectBoxIds(
  ctx: Ctx,
  sel: { ids?: number[]; batchId?: number; supplierTenantId?: number },
): Promise<number[]> {
  const conds: (SQL | undefined)[] = [boxScope(ctx)];
  if (sel.ids) conds.push(inArray(boxPieces.id, sel.ids));
  if (sel.batchId) conds.push(eq(boxPieces.batchId, sel.batchId));
  if (sel.supplierTenantId) conds.push(eq(boxPieces.supplierTenantId, sel.supplierTenantId));
  const rows = await ctx.db
    .select({ id: boxPieces.id })
    .from(boxPieces)
    .where(and(...conds))
    .orderBy(asc(boxPieces.batchId), asc(boxPieces.supplierTenantId), asc(boxPieces.boxNumber));
  return rows.map((r) => r.id);
}

/** One chunk of boxes with their marks ("n of N" among their supplier's boxes on the batch) and contents. */
export async function loadChunk(ctx: Ctx, ids: number[]): Promise<PrintBox[]> {
  if (!ids.length) return [];
  const boxes = await ctx.db.select().from(boxPieces).where(inArray(boxPieces.id, ids));
  const keys = [...new Set(boxes.map((b) => `${b.batchId}:${b.supplierTenantId}`))];
  const positions = new Map<number, { n: number; of: number }>();
  for (const key of keys) {
    const [batchId, supplierId] = key.split(':').map(Number);
    const ranks = await ctx.db
      .select({
        id: boxPieces.id,
        n: sql<number>`row_number() over (order by ${boxPieces.boxNumber})::int`,
        of: sql<number>`count(*) over ()::int`,
      })
      .from(boxPieces)
      .where(and(eq(boxPieces.batchId, batchId), eq(boxPieces.supplierTenantId, supplierId)));
    for (const r of ranks) if (ids.includes(r.id)) positions.set(r.id, { n: Number(r.n), of: Number(r.of) });
  }
  const batchIds = [...new Set(boxes.map((b) => b.batchId))];
  const batchRows = await batchMarks(ctx.db, batchIds);
  const contracts = await partnerContractNumbers(ctx.db, batchIds);
  const names = await tenantNames(
    ctx.db,
    boxes.map((b) => b.supplierTenantId),
  );
  const contents = await contentsOf(ctx, ids);
  const byId = new Map(boxes.map((b) => [b.id, b]));
  return ids
    .map((id) => byId.get(id))
    .filter((b): b is Box => Boolean(b))
    .map((b) => {
      const batch = batchRows.find((r) => r.id === b.batchId);
      const mine = contents.filter((c) => c.boxId === b.id);
      return {
        ...b,
        ...(positions.get(b.id) ?? { n: 1, of: 1 }),
        contents: mine,
        dangerous: holdsDangerous(mine),
        marks: {
          projectName: batch?.projectName ?? '',
          projectEnName: batch?.projectEnName ?? null,
          batchNumber: batch?.batchNumber ?? '',
          portOfDischarge: batch?.portOfDischarge ?? null,
          destinationSite: batch?.destinationSite ?? null,
          destinationSiteEn: batch?.destinationSiteEn ?? null,
          contractNumber:
            contracts.find((c) => c.batchId === b.batchId && c.partner === b.supplierTenantId)?.number ??
            null,
          supplierName: names.get(b.supplierTenantId)?.name ?? '',
          supplierEnName: names.get(b.supplierTenantId)?.enName ?? null,
        },
      };
    });
}

/** The boxes of a selection, a chunk at a time. */
export async function* chunks(ctx: Ctx, ids: number[]): AsyncGenerator<PrintBox[]> {
  for (let i = 0; i < ids.length; i += CHUNK) yield loadChunk(ctx, ids.slice(i, i + CHUNK));
}
