import type { BoxSpec, ContainerSpec } from './types.ts';

/** One allowed placed size (l along x, w along y, h up) of a box type. */
export interface Orientation {
  l: number;
  w: number;
  h: number;
}

export interface TypeInfo {
  count: number;
  weight: number;
  vol: number;
  stackable: boolean;
  maxLoadOnTop: number;
  group: number;
  orientations: Orientation[];
}

/** The planner's internal view of one container-loading problem. */
export interface Problem {
  L: number;
  W: number;
  H: number;
  maxPayload: number;
  types: TypeInfo[];
  /** True when some box is non-stackable or has a top-load limit: only then is the pressure bookkeeping needed. */
  loadRules: boolean;
}

const ALL_VERTICAL = [true, true, true] as const;

/** Distinct placed sizes of a box, keeping only those whose vertical side is allowed to be vertical. */
export function orientationsOf(box: BoxSpec): Orientation[] {
  const d = [box.l, box.w, box.h];
  const vertical = box.vertical ?? ALL_VERTICAL;
  const out: Orientation[] = [];
  const seen = new Set<string>();
  for (let k = 0; k < 3; k++) {
    if (!vertical[k]) continue;
    const a = d[(k + 1) % 3]!;
    const b = d[(k + 2) % 3]!;
    for (const [l, w] of [
      [a, b],
      [b, a],
    ] as const) {
      const key = `${l},${w},${d[k]}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ l, w, h: d[k]! });
    }
  }
  return out;
}

export function buildProblem(
  container: ContainerSpec,
  boxes: readonly BoxSpec[],
  counts?: readonly number[],
): Problem {
  const types = boxes.map((b, i): TypeInfo => {
    const orientations = orientationsOf(b).filter(
      (o) => o.l <= container.l && o.w <= container.w && o.h <= container.h,
    );
    return {
      count: Math.max(0, Math.floor(counts ? counts[i]! : b.qty)),
      weight: b.weight ?? 0,
      vol: b.l * b.w * b.h,
      stackable: b.stackable ?? true,
      maxLoadOnTop: b.maxLoadOnTop ?? Number.POSITIVE_INFINITY,
      group: b.group ?? 0,
      orientations,
    };
  });
  const maxPayload = container.maxPayload ?? Number.POSITIVE_INFINITY;
  const loadRules = types.some((t) => !t.stackable || Number.isFinite(t.maxLoadOnTop));
  return { L: container.l, W: container.w, H: container.h, maxPayload, types, loadRules };
}
