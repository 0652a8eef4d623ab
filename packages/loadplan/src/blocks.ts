import type { Problem } from './problem.ts';

/**
 * A block: a cuboid arrangement of boxes placed as one unit. Simple blocks are nx×ny×nz boxes of one
 * type in one orientation; composite blocks join two blocks along x, y (same height) or z (the upper
 * one standing inside the lower one's packing area). Every box in a block is fully supported when the
 * block stands on a fully supported floor, and the rectangle [0,pl]×[0,pw] of its top face is solid,
 * so anything put there is fully supported too.
 */
export interface Block {
  l: number;
  w: number;
  h: number;
  /** Volume of the boxes (not of the bounding cuboid). */
  vol: number;
  weight: number;
  /** Packing area on top, anchored at the block's local origin; 0×0 when nothing may go on top. */
  pl: number;
  pw: number;
  /** Upper bound of the pressure (weight per floor area) the block puts on its floor. */
  pressure: number;
  /** Max extra pressure its packing area can take. */
  topCap: number;
  group: number;
  /** Box types used and how many of each (parallel arrays). */
  types: number[];
  counts: number[];
  kind: 'simple' | 'x' | 'y' | 'z';
  /** Kind index (box type and orientation) set by the search's block index; −1 before. */
  kindId: number;
  /** The block's own part of its ranking score (volume · boxes^−γ), set by the search's block index. */
  rank: number;
  /** simple: box type, orientation size and repetitions. */
  t: number;
  nx: number;
  ny: number;
  nz: number;
  bl: number;
  bw: number;
  bh: number;
  /** composite: the two parts, a at the origin. */
  a: Block | null;
  b: Block | null;
}

export interface BlockOptions {
  maxBlocks: number;
  /** Min ratio of box volume to bounding volume for composite blocks. */
  minFill: number;
  /** Whether to build composite blocks at all. */
  composite: boolean;
  /** Cap on candidate pairs examined while growing composite blocks. */
  maxPairChecks: number;
}

/** Past this many (nx, ny, nz) per box orientation, repetition counts are sampled (large real loads). */
const FULL_ENUMERATION = 3000;
/** Cap on simple blocks overall (BR problems have at most 5,455, so it never bites there). */
const MAX_SIMPLE = 8000;

/** Repetition counts to try along one axis: all, or 1–6 and max/j for j = 1..6 when sampling. */
function axisCounts(max: number, sample: boolean): number[] {
  if (!sample || max <= 12) return Array.from({ length: max }, (_, i) => i + 1);
  const set = new Set<number>();
  for (let i = 1; i <= 6; i++) set.add(i).add(Math.floor(max / i));
  return [...set].sort((a, b) => a - b);
}

function simpleBlocks(p: Problem): Block[] {
  const out: Block[] = [];
  p.types.forEach((ti, t) => {
    if (ti.count <= 0) return;
    for (const o of ti.orientations) {
      const area = o.l * o.w;
      const maxNx = Math.min(Math.floor(p.L / o.l), ti.count);
      const maxNy = Math.min(Math.floor(p.W / o.w), ti.count);
      const maxNz = Math.min(ti.stackable ? Math.floor(p.H / o.h) : 1, ti.count);
      let triples = 0;
      for (let nz = 1; nz <= maxNz; nz++)
        for (let ny = 1; ny <= maxNy && nz * ny <= ti.count; ny++)
          triples += Math.min(maxNx, Math.floor(ti.count / (nz * ny)));
      const sample = triples > FULL_ENUMERATION;
      const xs = axisCounts(maxNx, sample);
      const ys = axisCounts(maxNy, sample);
      for (const nz of axisCounts(maxNz, sample)) {
        // The bottom box carries the nz-1 boxes above it plus whatever goes on the block.
        const spare = ti.maxLoadOnTop - (nz - 1) * ti.weight;
        if (spare < 0) break;
        for (const ny of ys) {
          if (nz * ny > ti.count) break;
          for (const nx of xs) {
            const n = nx * ny * nz;
            if (n > ti.count) break;
            out.push(simpleBlock(p, t, o.l, o.w, o.h, nx, ny, nz, area, spare));
          }
        }
      }
    }
  });
  return out;
}

function simpleBlock(
  p: Problem,
  t: number,
  bl: number,
  bw: number,
  bh: number,
  nx: number,
  ny: number,
  nz: number,
  area: number,
  spare: number,
): Block {
  const ti = p.types[t]!;
  const n = nx * ny * nz;
  return {
    l: nx * bl,
    w: ny * bw,
    h: nz * bh,
    vol: n * ti.vol,
    weight: n * ti.weight,
    pl: ti.stackable ? nx * bl : 0,
    pw: ti.stackable ? ny * bw : 0,
    pressure: (nz * ti.weight) / area,
    topCap: ti.stackable ? spare / area : 0,
    group: ti.group,
    types: [t],
    counts: [n],
    kind: 'simple',
    kindId: -1,
    rank: 0,
    t,
    nx,
    ny,
    nz,
    bl,
    bw,
    bh,
    a: null,
    b: null,
  };
}

function mergeCounts(
  a: Block,
  b: Block,
  avail: readonly number[],
): { types: number[]; counts: number[] } | null {
  const types = a.types.slice();
  const counts = a.counts.slice();
  for (let i = 0; i < b.types.length; i++) {
    const t = b.types[i]!;
    const j = types.indexOf(t);
    if (j >= 0) counts[j]! += b.counts[i]!;
    else {
      types.push(t);
      counts.push(b.counts[i]!);
    }
  }
  for (let i = 0; i < types.length; i++) if (counts[i]! > avail[types[i]!]!) return null;
  return { types, counts };
}

function combine(
  p: Problem,
  a: Block,
  b: Block,
  kind: 'x' | 'y' | 'z',
  minFill: number,
  avail: readonly number[],
) {
  if (a.group !== b.group) return null;
  let l: number;
  let w: number;
  let h: number;
  let pl: number;
  let pw: number;
  let pressure: number;
  let topCap: number;
  if (kind === 'z') {
    // b stands wholly on a's packing area, so its base is fully supported.
    if (b.l > a.pl || b.w > a.pw || b.pressure > a.topCap) return null;
    l = a.l;
    w = a.w;
    h = a.h + b.h;
    pl = b.pl;
    pw = b.pw;
    pressure = a.pressure + b.pressure;
    topCap = Math.min(b.topCap, a.topCap - b.pressure);
  } else {
    // Same height so that the two top faces form one level floor.
    if (a.h !== b.h) return null;
    h = a.h;
    pressure = Math.max(a.pressure, b.pressure);
    topCap = Math.min(a.topCap, b.topCap);
    if (kind === 'x') {
      l = a.l + b.l;
      w = Math.max(a.w, b.w);
      // The packing areas join into one rectangle only when a's spans a's whole length.
      if (a.pl === a.l && b.pl > 0) {
        pl = a.l + b.pl;
        pw = Math.min(a.pw, b.pw);
      } else {
        pl = a.pl;
        pw = a.pw;
      }
    } else {
      l = Math.max(a.l, b.l);
      w = a.w + b.w;
      if (a.pw === a.w && b.pw > 0) {
        pw = a.w + b.pw;
        pl = Math.min(a.pl, b.pl);
      } else {
        pl = a.pl;
        pw = a.pw;
      }
    }
  }
  if (l > p.L || w > p.W || h > p.H) return null;
  const vol = a.vol + b.vol;
  if (vol < minFill * l * w * h) return null;
  const weight = a.weight + b.weight;
  if (weight > p.maxPayload) return null;
  const merged = mergeCounts(a, b, avail);
  if (!merged) return null;
  const block: Block = {
    l,
    w,
    h,
    vol,
    weight,
    pl,
    pw,
    pressure,
    topCap,
    group: a.group,
    types: merged.types,
    counts: merged.counts,
    kind,
    kindId: -1,
    rank: 0,
    t: -1,
    nx: 0,
    ny: 0,
    nz: 0,
    bl: 0,
    bw: 0,
    bh: 0,
    a,
    b,
  };
  return block;
}

function keyOf(b: Block): string {
  let k = `${b.l},${b.w},${b.h},${b.pl},${b.pw}`;
  for (let i = 0; i < b.types.length; i++) k += `|${b.types[i]}:${b.counts[i]}`;
  return k;
}

/**
 * All simple blocks, then composite blocks grown from pairs (Fanslau & Bortfeldt's general blocks),
 * one generation at a time (each new block has a part from the previous generation), the largest of a
 * generation first, until `maxBlocks`. Sorted by box volume, largest first, which is the order the
 * search scans them in.
 */
export function generateBlocks(p: Problem, opts: BlockOptions): Block[] {
  const avail = p.types.map((t) => t.count);
  let all = simpleBlocks(p).filter((b) => b.weight <= p.maxPayload);
  if (all.length > MAX_SIMPLE) {
    // Very many box types and sizes: keep every single box (so anything can still be placed) and
    // the largest of the rest.
    const singles = all.filter((b) => b.counts[0] === 1);
    const rest = all.filter((b) => b.counts[0] !== 1).sort((a, b) => b.vol - a.vol);
    all = singles.concat(rest.slice(0, Math.max(0, MAX_SIMPLE - singles.length)));
  }
  if (opts.composite) all = all.concat(compositeBlocks(p, all, opts, avail));
  // Larger volume first; among equals the tighter bounding box first.
  all.sort((a, b) => b.vol - a.vol || a.l * a.w * a.h - b.l * b.w * b.h);
  return all;
}

/** Blocks and their sizes in typed arrays, sorted by length, for windowed partner searches. */
interface Pool {
  blocks: Block[];
  L: Float64Array;
  W: Float64Array;
  H: Float64Array;
  V: Float64Array;
  PL: Float64Array;
  PW: Float64Array;
  minH: number;
}

function poolOf(blocks: readonly Block[]): Pool {
  const sorted = [...blocks].sort((a, b) => a.l - b.l);
  const arr = (f: (b: Block) => number) => Float64Array.from(sorted, f);
  return {
    blocks: sorted,
    L: arr((b) => b.l),
    W: arr((b) => b.w),
    H: arr((b) => b.h),
    V: arr((b) => b.vol),
    PL: arr((b) => b.pl),
    PW: arr((b) => b.pw),
    minH: Math.min(...sorted.map((b) => b.h)),
  };
}

/** First index whose length is at least v. */
function fromLength(pool: Pool, v: number): number {
  let lo = 0;
  let hi = pool.L.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pool.L[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Composite blocks. Partners of a frontier block (last generation) among all blocks so far: along x
 * or y only blocks of the same height (so the tops form one level floor); stacked, only blocks whose
 * length lies in the window the fill rule leaves (an upper block must cover most of the lower one's
 * top). Pairs are tested with plain arithmetic first and built as objects only when they pass. Pair
 * checks are capped so generation stays a small, machine-independent share of the work, and a
 * generation stops collecting once it has several times the room left (largest frontier blocks first).
 */
function compositeBlocks(p: Problem, simple: readonly Block[], opts: BlockOptions, avail: readonly number[]) {
  const f = opts.minFill;
  const out: Block[] = [];
  const seen = new Set<string>();
  for (const b of simple) seen.add(keyOf(b));
  let budget = opts.maxPairChecks;
  let all: Block[] = simple.slice();
  let frontier: Block[] = [...simple].sort((a, b) => b.vol - a.vol);
  while (frontier.length > 0 && all.length < opts.maxBlocks && budget > 0) {
    const room = opts.maxBlocks - all.length;
    const pool = poolOf(all);
    const byHeight = new Map<number, Block[]>();
    for (const b of all) {
      const list = byHeight.get(b.h);
      if (list) list.push(b);
      else byHeight.set(b.h, [b]);
    }
    const found: Block[] = [];
    const consider = (c: Block | null) => {
      if (!c) return;
      const k = keyOf(c);
      if (seen.has(k)) return;
      seen.add(k);
      found.push(c);
    };
    for (const a of frontier) {
      if (budget <= 0 || found.length >= 4 * room) break;
      const same = byHeight.get(a.h)!;
      budget -= same.length;
      for (const b of same) {
        const v = a.vol + b.vol;
        const wx = Math.max(a.w, b.w);
        if (a.l + b.l <= p.L && v >= f * (a.l + b.l) * wx * a.h) {
          consider(combine(p, a, b, 'x', f, avail));
          consider(combine(p, b, a, 'x', f, avail));
        }
        const ly = Math.max(a.l, b.l);
        if (a.w + b.w <= p.W && v >= f * ly * (a.w + b.w) * a.h) {
          consider(combine(p, a, b, 'y', f, avail));
          consider(combine(p, b, a, 'y', f, avail));
        }
      }
      const A = a.l * a.w;
      if (a.pl > 0 && a.pw > 0) {
        // b on a: b.vol ≤ b.l·a.pw·b.h, so the fill rule needs b.l ≥ f·A/pw + (f·A·a.h − a.vol)/(pw·b.h).
        const spare = f * A * a.h - a.vol;
        const lo = (f * A) / a.pw + spare / (a.pw * (spare < 0 ? pool.minH : p.H));
        for (let j = fromLength(pool, lo); j < pool.L.length && pool.L[j]! <= a.pl; j++) {
          budget--;
          const h = pool.H[j]!;
          if (pool.W[j]! <= a.pw && a.h + h <= p.H && a.vol + pool.V[j]! >= f * A * (a.h + h))
            consider(combine(p, a, pool.blocks[j]!, 'z', f, avail));
        }
      }
      // a on b: b's top (b.l·b.w) is at most a.vol / (f·a.h − (1 − f)·b.h), so b.l is bounded too.
      const denom = f * a.h - (1 - f) * (p.H - a.h);
      const hi = denom > 0 ? a.vol / denom / a.w : Number.POSITIVE_INFINITY;
      for (let j = fromLength(pool, a.l); j < pool.L.length && pool.L[j]! <= hi; j++) {
        budget--;
        const h = pool.H[j]!;
        if (
          a.l <= pool.PL[j]! &&
          a.w <= pool.PW[j]! &&
          a.h + h <= p.H &&
          a.vol + pool.V[j]! >= f * pool.L[j]! * pool.W[j]! * (a.h + h)
        )
          consider(combine(p, pool.blocks[j]!, a, 'z', f, avail));
      }
    }
    found.sort((a, b) => b.vol - a.vol);
    const added = found.slice(0, room);
    out.push(...added);
    all = all.concat(added);
    frontier = added;
  }
  return out;
}

/** Emit the boxes of a block placed at (x, y, z), lower ones first. */
export function expandBlock(
  b: Block,
  x: number,
  y: number,
  z: number,
  out: { type: number; x: number; y: number; z: number; l: number; w: number; h: number }[],
): void {
  if (b.kind === 'simple') {
    for (let k = 0; k < b.nz; k++)
      for (let i = 0; i < b.nx; i++)
        for (let j = 0; j < b.ny; j++)
          out.push({
            type: b.t,
            x: x + i * b.bl,
            y: y + j * b.bw,
            z: z + k * b.bh,
            l: b.bl,
            w: b.bw,
            h: b.bh,
          });
    return;
  }
  const a = b.a!;
  const c = b.b!;
  expandBlock(a, x, y, z, out);
  if (b.kind === 'x') expandBlock(c, x + a.l, y, z, out);
  else if (b.kind === 'y') expandBlock(c, x, y + a.w, z, out);
  else expandBlock(c, x, y, z + a.h, out);
}
