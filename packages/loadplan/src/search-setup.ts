import type { Block } from './blocks.ts';
import type { Problem } from './problem.ts';

/**
 * Search parameters. The defaults were chosen with bench/loadplan/tune.ts at 1 s of CPU on problems
 * 91–95 of BR1–7 and of the generated 30–100-type sets (the benchmark reports on other problems):
 * VCS ranking (+0.4 points on BR1–7, +2 on 30–100 types over the largest block by volume),
 * deduplicated beam children (+0.1, +0.3) and up to 1,500 blocks (composite blocks pay off with many
 * types and few boxes of each: +1 point at 90–100 types; with few types the simple blocks alone exceed
 * the cap), 12 more for each box type beyond 20 (at 2 s on problems 31–48 and 91–98 of the 30–100-type
 * sets: +0.2 to +0.3 points; 5,000 blocks on BR1–7 lost 0.9). Kept for experiments and not better
 * there: floor-first order (±0.1), origin-only filling, fixed or smaller branching, diversity caps, a
 * slower width growth, portfolios, 0.95/0.96/0.99 fill, 2,000–10,000 blocks on BR1–7, other VCS
 * weights (α 1–4, β 3, p 0.04, pools of 15 or 60), a greedy pool of 1 or 50.
 */
export interface Tuning {
  maxBlocks: number;
  /**
   * Blocks added to `maxBlocks` for every box type beyond 20 (the most in BR1–7, where 1,500 was
   * tuned): with many types and few boxes of each, composite blocks are what fills the gaps.
   */
  blocksPerType: number;
  minFill: number;
  maxPairChecks: number;
  /** corner: nearest container corner first; floor: lowest floor first, then corner. */
  spaceOrder: 'corner' | 'floor';
  /** How many of the largest fitting blocks (by box volume) `vcs` ranks; 1: the largest is taken. */
  rankPool: number;
  /** Pool size for greedy completions (0: rankPool). */
  greedyPool: number;
  /** Rank blocks by Araya et al.'s VCS function (see vcsScore) with these weights; null: by volume. */
  vcs: { alpha: number; beta: number; gamma: number; p: number } | null;
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
  vcs?: Tuning['vcs'];
}

export const DEFAULT_TUNING: Tuning = {
  maxBlocks: 1500,
  blocksPerType: 12,
  minFill: 0.98,
  maxPairChecks: 4_000_000,
  spaceOrder: 'corner',
  rankPool: 30,
  greedyPool: 0,
  vcs: { alpha: 2, beta: 1, gamma: 0.2, p: 0.1 },
  mergeFloors: true,
  growth: 2,
  branch: 0,
  branchMul: 1,
  dedupe: true,
  diverse: 0,
  fromOrigin: false,
  variants: [{}],
};

/** Unbounded 1D knapsack over the box sides: which lengths up to `max` can be filled exactly. */
export function fillTable(p: Problem, max: number): Int32Array {
  const set = new Set<number>();
  for (const t of p.types) if (t.count > 0) for (const o of t.orientations) set.add(o.l).add(o.w).add(o.h);
  const sides = Int32Array.from(set).sort();
  const reach = new Uint8Array(max + 1);
  reach[0] = 1;
  const fill = new Int32Array(max + 1);
  // Once `smallest` lengths in a row can be filled, every longer one can (add the smallest side):
  // real loads in mm reach that early, which saves most of the table.
  const smallest = sides[0] ?? max + 1;
  let run = 0;
  for (let r = 1; r <= max; r++) {
    if (run >= smallest) {
      fill[r] = r;
      continue;
    }
    for (let k = 0; k < sides.length && sides[k]! <= r; k++)
      if (reach[r - sides[k]!]) {
        reach[r] = 1;
        break;
      }
    run = reach[r] ? run + 1 : 0;
    fill[r] = reach[r] ? r : fill[r - 1]!;
  }
  return fill;
}

/**
 * Per axis, the blocks no longer than each distinct size: row j of `sets` is a bitset (32 blocks a
 * word, in block order) of the blocks whose size on that axis is at most `sizes[j]`.
 */
export interface AxisIndex {
  sizes: Int32Array;
  sets: Uint32Array;
  /** rows[v]: the row of the largest size at most v, for v up to the largest size (a lookup, not a search). */
  rows: Int32Array;
}

/** Per-block figures in typed arrays (the hot loops read these, not the block objects). */
export interface BlockIndex {
  bvol: Float64Array;
  bdim: Int32Array;
  /** Own part of the ranking score, group, weight and floor pressure of each block. */
  brank: Float64Array;
  bgroup: Int32Array;
  bweight: Float64Array;
  bpress: Float64Array;
  bkind: Int32Array;
  kindCount: Int32Array;
  /** Words per bitset row. */
  words: number;
  /** Bitsets per axis (x, y, z), or null when they would take too much memory (then blocks are scanned). */
  axes: [AxisIndex, AxisIndex, AxisIndex] | null;
  /** Every block (the bitset a search starts from). */
  alive: Uint32Array;
  /** Per box type, the blocks using it, the most boxes of it first, and how many each needs. */
  typeBlocks: Int32Array[];
  typeNeeds: Int32Array[];
}

/** Bitset rows are kept to this many 32-bit words per axis (8 MB), beyond that the scan is linear. */
const MAX_INDEX_WORDS = 2_000_000;

function axisIndex(dims: Int32Array, axis: number, n: number, words: number): AxisIndex {
  const sizes = Int32Array.from(new Set(Array.from({ length: n }, (_, i) => dims[3 * i + axis]!))).sort();
  const sets = new Uint32Array(sizes.length * words);
  // Blocks by size on this axis; each row adds the blocks of its size to the row before.
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => dims[3 * a + axis]! - dims[3 * b + axis]!,
  );
  let k = 0;
  for (let j = 0; j < sizes.length; j++) {
    const row = j * words;
    if (j > 0) sets.copyWithin(row, row - words, row);
    for (; k < n && dims[3 * order[k]! + axis]! <= sizes[j]!; k++) {
      const i = order[k]!;
      sets[row + (i >>> 5)]! |= 1 << (i & 31);
    }
  }
  // Sizes (whole units) up to a million get the lookup table; larger ones are found by search.
  const top = sizes.length > 0 ? sizes[sizes.length - 1]! : 0;
  const rows = new Int32Array(top <= 1 << 20 ? top + 1 : 0);
  for (let v = 0, j = -1; v < rows.length; v++) {
    while (j + 1 < sizes.length && sizes[j + 1]! <= v) j++;
    rows[v] = j;
  }
  return { sizes, sets, rows };
}

export function blockIndex(blocks: readonly Block[], types: number, gamma = 0): BlockIndex {
  const n = blocks.length;
  const bvol = new Float64Array(n);
  const bdim = new Int32Array(3 * n);
  const bkind = new Int32Array(n);
  const brank = new Float64Array(n);
  const bgroup = new Int32Array(n);
  const bweight = new Float64Array(n);
  const bpress = new Float64Array(n);
  const kinds = new Map<string, number>();
  blocks.forEach((b, i) => {
    const key = b.kind === 'simple' ? `${b.t}:${b.bl},${b.bw},${b.bh}` : `c${b.types.join(',')}`;
    let id = kinds.get(key);
    if (id === undefined) {
      id = kinds.size;
      kinds.set(key, id);
    }
    b.kindId = id;
    let n = 0;
    for (const c of b.counts) n += c;
    b.rank = b.vol * n ** -gamma;
    bkind[i] = id;
    brank[i] = b.rank;
    bgroup[i] = b.group;
    bweight[i] = b.weight;
    bpress[i] = b.pressure;
    bvol[i] = b.vol;
    bdim[3 * i] = b.l;
    bdim[3 * i + 1] = b.w;
    bdim[3 * i + 2] = b.h;
  });
  const words = (n + 31) >>> 5;
  const distinct = [0, 1, 2].map(
    (a) => new Set(blocks.map((b) => (a === 0 ? b.l : a === 1 ? b.w : b.h))).size,
  );
  const axes =
    n > 0 && Math.max(...distinct) * words <= MAX_INDEX_WORDS
      ? ([axisIndex(bdim, 0, n, words), axisIndex(bdim, 1, n, words), axisIndex(bdim, 2, n, words)] as [
          AxisIndex,
          AxisIndex,
          AxisIndex,
        ])
      : null;
  const alive = new Uint32Array(words);
  for (let i = 0; i < n; i++) alive[i >>> 5]! |= 1 << (i & 31);
  const uses: [number, number][][] = Array.from({ length: types }, () => []);
  blocks.forEach((b, i) => {
    for (let j = 0; j < b.types.length; j++) uses[b.types[j]!]!.push([i, b.counts[j]!]);
  });
  for (const u of uses) u.sort((a, b) => b[1] - a[1]);
  return {
    bvol,
    bdim,
    brank,
    bgroup,
    bweight,
    bpress,
    bkind,
    kindCount: new Int32Array(kinds.size),
    words,
    axes,
    alive,
    typeBlocks: uses.map((u) => Int32Array.from(u, (x) => x[0])),
    typeNeeds: uses.map((u) => Int32Array.from(u, (x) => x[1])),
  };
}

/** Row of the largest size at most `v` (its bitset holds every block that fits `v`), −1 if none. */
export function rowAtMost(ix: AxisIndex, v: number): number {
  const rows = ix.rows;
  if (rows.length > 0) return v < 0 ? -1 : v < rows.length ? rows[Math.floor(v)]! : rows[rows.length - 1]!;
  let lo = 0;
  let hi = ix.sizes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ix.sizes[mid]! <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
