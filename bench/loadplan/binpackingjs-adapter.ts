import { pack3D, RotationType } from 'binpackingjs/3d';
import type { BoxSpec, ContainerSpec, Placement } from '../../packages/loadplan/src/index.ts';

/*
 * binpackingjs axes: width = x, height = vertical, depth = the third axis. We map container
 * length → width, height → height, width → depth, and item (l, h, w) the same way, so a rotation's
 * vertical size is its middle component.
 */
const VERTICAL_OF: Record<RotationType, 0 | 1 | 2> = {
  // Index into [l, w, h] of the box dimension that ends up vertical.
  [RotationType.WHD]: 2,
  [RotationType.HWD]: 0,
  [RotationType.HDW]: 1,
  [RotationType.DHW]: 2,
  [RotationType.DWH]: 0,
  [RotationType.WDH]: 1,
};

export function planWithBinpackingjs(container: ContainerSpec, boxes: readonly BoxSpec[]): Placement[] {
  const items = boxes.flatMap((b, type) => {
    const vertical = b.vertical ?? [true, true, true];
    const allowedRotations = (Object.keys(VERTICAL_OF) as unknown as RotationType[])
      .map(Number)
      .filter((r) => vertical[VERTICAL_OF[r as RotationType]]) as RotationType[];
    return Array.from({ length: b.qty }, (_, k) => ({
      name: `${type}:${k}`,
      width: b.l,
      height: b.h,
      depth: b.w,
      weight: 0,
      allowedRotations,
    }));
  });
  const result = pack3D({
    bins: [{ name: 'c', width: container.l, height: container.h, depth: container.w, maxWeight: 1e12 }],
    items,
  });
  const bin = result.packedBins[0];
  if (!bin) return [];
  return bin.items.map((it) => ({
    type: Number(it.name.split(':')[0]),
    x: it.position[0],
    y: it.position[2],
    z: it.position[1],
    l: it.dimension[0],
    w: it.dimension[2],
    h: it.dimension[1],
  }));
}
