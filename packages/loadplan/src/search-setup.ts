import type { Block } from './blocks.ts';
import type { Problem } from './problem.ts';

/**
 * Search parameters. The defaults were chosen on BR1–7 (problems 1–4 of each set, 0.5–2 s); the
 * other settings are kept for experiments with bench/loadplan/tune.ts and were not better there:
 * waste ranking, floor-first order, origin-only filling, fixed or wider branching, diversity caps,
 * deduplication, portfolios, 0.95/0.99 fill, more blocks (3000–6000 were clearly worse: slower scans).
 */
export interface Tuning {
  maxBlocks: number;
  minFill: number;
  maxPairChecks: number;
  /** corner: nearest container corner first; floor: lowest floor first, then corner. */
  spaceOrder: 'corner' | 'floor';
  /** Weight of the estimated wasted volume when ranking blocks for a space (0: volume only). */
  waste: number;
  /** How many of the largest fitting blocks are ranked by volume minus waste. */
  rankPool: number;
  /** Join neighbouring block tops at the same height into larger floors. */
  mergeFloors: boolean;
  /** Beam width multiplier between passes. */
  growth: number;
  /** Blocks tried per node (0: as many as the beam width). */
  branch: number;
  /** Without a fixed branch: blocks tried per node = beam width × this. */
  branchMul: number;
  /** Drop beam children that repeat the previous one's value and loaded volume. */
  dedupe: boolean;
  /** Fill from the origin corner only, instead of from the nearest of the four floor corners. */
  fromOrigin: boolean;
  /** Max blocks of one kind among a node's expansions (0: no limit). */
  diverse: number;
  /**
   * Each beam width is run once per variant (a portfolio of space orders and block rankings).
   * On the BR sample a two-variant portfolio did not beat the single default at equal time.
   */
  variants: Variant[];
}

export interface Variant {
  spaceOrder?: 'corner' | 'floor';
  waste?: number;
}

export const DEFAULT_TUNING: Tuning = {
  maxBlocks: 1000,
  minFill: 0.98,
  maxPairChecks: 4_000_000,
  spaceOrder: 'corner',
  waste: 0,
  rankPool: 1,
  mergeFloors: true,
  growth: 2,
  branch: 0,
  branchMul: 1,
  dedupe: false,
  diverse: 0,
  fromOrigin: false,
  variants: [{}],
};

/** Unbounded 1D knapsack over the box sides: which lengths up to `max` can be filled exactly. */
export function fillTable(p: Problem, max: number): Int32Array {
  const sides = new Set<number>();
  for (const t of p.types) if (t.count > 0) for (const o of t.orientations) sides.add(o.l).add(o.w).add(o.h);
  const reach = new Uint8Array(max + 1);
  reach[0] = 1;
  for (let r = 1; r <= max; r++) for (const d of sides) if (d <= r && reach[r - d]) reach[r] = 1;
  const fill = new Int32Array(max + 1);
  for (let r = 1; r <= max; r++) fill[r] = reach[r] ? r : fill[r - 1]!;
  return fill;
}

export function blockIndex(blocks: readonly Block[]): {
  bvol: Float64Array;
  bdim: Int32Array;
  bkind: Int32Array;
  kindCount: Int32Array;
} {
  const bvol = new Float64Array(blocks.length);
  const bdim = new Int32Array(3 * blocks.length);
  const bkind = new Int32Array(blocks.length);
  const kinds = new Map<string, number>();
  blocks.forEach((b, i) => {
    const key = b.kind === 'simple' ? `${b.t}:${b.bl},${b.bw},${b.bh}` : `c${b.types.join(',')}`;
    let id = kinds.get(key);
    if (id === undefined) {
      id = kinds.size;
      kinds.set(key, id);
    }
    b.kindId = id;
    bkind[i] = id;
    bvol[i] = b.vol;
    bdim[3 * i] = b.l;
    bdim[3 * i + 1] = b.w;
    bdim[3 * i + 2] = b.h;
  });
  return { bvol, bdim, bkind, kindCount: new Int32Array(kinds.size) };
}
