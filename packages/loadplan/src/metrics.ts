import { cogOffset } from './balance.ts';
import type { BoxSpec, ContainerSpec, Placement, Point3 } from './types.ts';

/** Volume and weight utilisation and centre of gravity of a set of placements. */
export function cargoMetrics(
  container: ContainerSpec,
  boxes: readonly BoxSpec[],
  placements: readonly Placement[],
): {
  volumeUtilisation: number;
  weightUtilisation: number;
  totalWeight: number;
  centreOfGravity: Point3 | null;
  cogOffset: { x: number; y: number } | null;
} {
  let vol = 0;
  let weight = 0;
  let mx = 0;
  let my = 0;
  let mz = 0;
  let vx = 0;
  let vy = 0;
  let vz = 0;
  for (const pl of placements) {
    const v = pl.l * pl.w * pl.h;
    const m = boxes[pl.type]?.weight ?? 0;
    const cx = pl.x + pl.l / 2;
    const cy = pl.y + pl.w / 2;
    const cz = pl.z + pl.h / 2;
    vol += v;
    weight += m;
    mx += m * cx;
    my += m * cy;
    mz += m * cz;
    vx += v * cx;
    vy += v * cy;
    vz += v * cz;
  }
  const cvol = container.l * container.w * container.h;
  // Without weights the geometric centre of the cargo is the best available estimate.
  const centreOfGravity =
    placements.length === 0
      ? null
      : weight > 0
        ? { x: mx / weight, y: my / weight, z: mz / weight }
        : { x: vx / vol, y: vy / vol, z: vz / vol };
  const cap = container.maxPayload;
  return {
    volumeUtilisation: cvol > 0 ? vol / cvol : 0,
    weightUtilisation: cap !== undefined && Number.isFinite(cap) && cap > 0 ? weight / cap : 0,
    totalWeight: weight,
    centreOfGravity,
    cogOffset: cogOffset(container, placements, (p) => boxes[p.type]?.weight ?? 0),
  };
}
