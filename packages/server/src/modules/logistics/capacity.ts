// What a container can take: every box fits its inner size (upright when "this side up"), and the boxes
// assigned to it never exceed its payload or its inner volume. Refusals name the container and the box.
// And what a batch's containers hold, as the bill of lading lists them.
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containerBoxes, containers } from '../../db/schema-logistics.ts';
import { badRequest } from '../../http/errors.ts';
import type { CommandCtx } from '../../workflow/kernel.ts';
import { boxRow } from '../boxes/for-logistics.ts';
import type { PlannedContainer } from './plan.ts';

type Dims = { length: number; width: number; height: number; thisSideUp: boolean };
type Inner = { innerLength: number; innerWidth: number; innerHeight: number; typeCode?: string };

/**
 * Does a box fit the container's inner size in some allowed orientation? An open top takes a box
 * higher than its walls, a flat rack one higher and wider (out-of-gauge cargo); the length still counts.
 */
export function boxFits(b: Dims, c: Inner): boolean {
  const open = c.typeCode?.endsWith('OT') || c.typeCode?.endsWith('FR');
  const L = c.innerLength;
  const W = c.typeCode?.endsWith('FR') ? Number.POSITIVE_INFINITY : c.innerWidth;
  const H = open ? Number.POSITIVE_INFINITY : c.innerHeight;
  const flat = (l: number, w: number) => (l <= L && w <= W) || (w <= L && l <= W);
  if (b.thisSideUp) return b.height <= H && flat(b.length, b.width);
  const d = [b.length, b.width, b.height];
  return [0, 1, 2].some((up) => {
    const rest = d.filter((_, i) => i !== up) as [number, number];
    return d[up] <= H && flat(rest[0], rest[1]);
  });
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * What a container would hold — the boxes already in it and `adding` — fits it: every box inside its
 * inner size (upright when "this side up"), all within its payload and volume. Stuffing checks the boxes
 * it adds; changing a container's type, sizes or payload checks what it holds against the new figures.
 */
export async function checkContainerFits(
  ctx: Pick<CommandCtx, 'db'>,
  container: PlannedContainer,
  adding: number[],
) {
  const inner = {
    innerLength: Number(container.innerLength),
    innerWidth: Number(container.innerWidth),
    innerHeight: Number(container.innerHeight),
    typeCode: String(container.typeCode),
  };
  const held = ctx.db
    .select({ id: containerBoxes.boxId })
    .from(containerBoxes)
    .where(eq(containerBoxes.containerId, container.id));
  const boxes = await ctx.db
    .select({
      id: boxRow.id,
      boxNumber: boxRow.boxNumber,
      length: boxRow.length,
      width: boxRow.width,
      height: boxRow.height,
      thisSideUp: boxRow.thisSideUp,
      grossWeight: boxRow.grossWeight,
    })
    .from(boxRow)
    .where(or(inArray(boxRow.id, adding.length ? adding : [-1]), inArray(boxRow.id, held)))
    .orderBy(boxRow.boxNumber);
  for (const b of boxes)
    if (!boxFits(b, inner))
      throw badRequest('container.box_too_big', {
        boxNumber: b.boxNumber,
        containerNumber: container.containerNumber,
      });
  const weight = boxes.reduce((s, b) => s + Number(b.grossWeight), 0);
  const payload = Number(container.maxPayload);
  if (weight > payload + 1e-6)
    throw badRequest('container.over_payload', {
      containerNumber: container.containerNumber,
      weight: round(weight, 1),
      payload: round(payload, 1),
    });
  const volume = boxes.reduce((s, b) => s + b.length * b.width * b.height, 0);
  const capacity = inner.innerLength * inner.innerWidth * inner.innerHeight;
  if (volume > capacity && !/(OT|FR)$/.test(inner.typeCode))
    throw badRequest('container.over_volume', {
      containerNumber: container.containerNumber,
      volume: round(volume / 1e9, 2),
      capacity: round(capacity / 1e9, 2),
    });
}

/** The batch's containers with their seals and what each holds, as the B/L lists them. */
export async function batchContainers(db: Db, batchId: number) {
  const held = db
    .select({
      containerId: containerBoxes.containerId,
      packages: sql<number>`count(*)::int`.as('packages'),
      grossWeight: sql<string>`coalesce(sum(${boxRow.grossWeight}), 0)::numeric(15,3)::text`.as('gw'),
      measurement: sql<string>`coalesce(sum(${boxRow.volume}), 0)::numeric(15,3)::text`.as('m3'),
    })
    .from(containerBoxes)
    .innerJoin(boxRow, eq(boxRow.id, containerBoxes.boxId))
    .where(eq(containerBoxes.batchId, batchId))
    .groupBy(containerBoxes.containerId)
    .as('held');
  const rows = await db
    .select({
      containerNumber: containers.containerNumber,
      sealNumber: containers.sealNumber,
      typeCode: containers.typeCode,
      vessel: containers.vessel,
      voyage: containers.voyage,
      blNumber: containers.blNumber,
      packages: held.packages,
      grossWeight: held.grossWeight,
      measurement: held.measurement,
    })
    .from(containers)
    .leftJoin(held, eq(held.containerId, containers.id))
    .where(eq(containers.batchId, batchId))
    .orderBy(asc(containers.id));
  return rows.map((r) => ({
    ...r,
    packages: r.packages ?? 0,
    grossWeight: r.grossWeight ?? '0.000',
    measurement: r.measurement ?? '0.000',
  }));
}
