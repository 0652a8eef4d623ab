import type { BoxSpec, ContainerSpec, Placement } from './types.ts';

/** Default limit on the centre of gravity's offset from the container's middle: 10% of length and width. */
export const DEFAULT_COG_SHARE = 0.1;
const MAX_SWAP_SLICES = 80;

/**
 * A slice: boxes whose x ranges chain together. No box crosses a slice's ends, so nothing rests on or
 * presses against a box of another slice: slices can be moved, swapped and mirrored as rigid bodies.
 */
interface Slice {
  items: Placement[];
  x0: number;
  len: number;
  mass: number;
  /** Σ m·(centre x − x0). */
  mx: number;
  /** Σ m·centre y. */
  my: number;
  minY: number;
  maxY: number;
}

function slicesOf(ps: readonly Placement[], weightOf: (p: Placement) => number): Slice[] {
  const order = [...ps].sort((a, b) => a.x - b.x);
  const out: Slice[] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const p of order) {
    const last = out[out.length - 1];
    if (last && p.x < end) {
      last.items.push(p);
      end = Math.max(end, p.x + p.l);
    } else {
      out.push({ items: [p], x0: p.x, len: 0, mass: 0, mx: 0, my: 0, minY: 0, maxY: 0 });
      end = p.x + p.l;
    }
    const s = out[out.length - 1]!;
    s.len = end - s.x0;
  }
  for (const s of out) {
    s.minY = Number.POSITIVE_INFINITY;
    s.maxY = Number.NEGATIVE_INFINITY;
    for (const p of s.items) {
      const m = weightOf(p);
      s.mass += m;
      s.mx += m * (p.x + p.l / 2 - s.x0);
      s.my += m * (p.y + p.w / 2);
      s.minY = Math.min(s.minY, p.y);
      s.maxY = Math.max(s.maxY, p.y + p.w);
    }
  }
  return out;
}

/** Distance from `target` to the interval [lo, hi]: what is left of an offset after the best rigid shift. */
const gap = (target: number, lo: number, hi: number) =>
  target < lo ? lo - target : target > hi ? target - hi : 0;

interface Arrangement {
  order: number[];
  flipX: boolean[];
  flipY: boolean[];
}

/** Offset of the centre along x after laying the slices end to end from the back wall and the best shift. */
function xOffset(sl: readonly Slice[], a: Arrangement, L: number, M: number): number {
  let cursor = 0;
  let moment = 0;
  for (const i of a.order) {
    const s = sl[i]!;
    moment += s.mass * cursor + (a.flipX[i] ? s.mass * s.len - s.mx : s.mx);
    cursor += s.len;
  }
  const cx = moment / M;
  return gap(L / 2, cx, cx + L - cursor);
}

function yOffset(sl: readonly Slice[], flipY: readonly boolean[], W: number, M: number): number {
  let moment = 0;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  sl.forEach((s, i) => {
    moment += flipY[i] ? s.mass * W - s.my : s.my;
    minY = Math.min(minY, flipY[i] ? W - s.maxY : s.minY);
    maxY = Math.max(maxY, flipY[i] ? W - s.minY : s.maxY);
  });
  const cy = moment / M;
  return gap(W / 2, cy - minY, cy + W - maxY);
}

function* permutations(n: number): Generator<number[]> {
  const a = [...Array(n).keys()];
  const c = new Array<number>(n).fill(0);
  yield a.slice();
  let i = 0;
  while (i < n) {
    if (c[i]! < i) {
      const j = i % 2 === 0 ? 0 : c[i]!;
      [a[j], a[i]] = [a[i]!, a[j]!];
      yield a.slice();
      c[i]!++;
      i = 0;
    } else c[i++] = 0;
  }
}

/** Best order and x mirrors: exhaustive for a few slices, otherwise swaps and flips until nothing helps. */
function arrangeX(sl: readonly Slice[], L: number, M: number, rigid: boolean): Arrangement {
  const k = sl.length;
  const base: Arrangement = { order: [...Array(k).keys()], flipX: new Array(k).fill(false), flipY: [] };
  if (rigid) return base;
  let best = base;
  let bestOff = xOffset(sl, base, L, M);
  if (bestOff === 0) return best;
  if (k <= 6) {
    for (const order of permutations(k))
      for (let mask = 0; mask < 1 << k; mask++) {
        const a = { order, flipX: [...Array(k).keys()].map((i) => ((mask >> i) & 1) === 1), flipY: [] };
        const off = xOffset(sl, a, L, M);
        if (off < bestOff - 1e-9) {
          best = a;
          bestOff = off;
          if (off === 0) return best;
        }
      }
    return best;
  }
  // Heavy slices towards the middle is a good start; then local improvement.
  const byMass = [...base.order].sort((u, v) => sl[v]!.mass - sl[u]!.mass);
  const middleOut: number[] = [];
  for (const [r, i] of byMass.entries()) {
    if (r % 2 === 0) middleOut.push(i);
    else middleOut.unshift(i);
  }
  for (const start of [base, { ...base, order: middleOut }]) {
    const cur = { order: start.order.slice(), flipX: start.flipX.slice(), flipY: [] };
    let off = xOffset(sl, cur, L, M);
    for (let round = 0; round < 50 && off > 0; round++) {
      let improved = false;
      for (let i = 0; i < k && off > 0; i++) {
        cur.flipX[i] = !cur.flipX[i];
        const f = xOffset(sl, cur, L, M);
        if (f < off - 1e-9) {
          off = f;
          improved = true;
        } else cur.flipX[i] = !cur.flipX[i];
        // Pairwise swaps cost k² evaluations of O(k): only for loads of moderate slice counts.
        for (let j = i + 1; j < k && off > 0 && k <= MAX_SWAP_SLICES; j++) {
          [cur.order[i], cur.order[j]] = [cur.order[j]!, cur.order[i]!];
          const s = xOffset(sl, cur, L, M);
          if (s < off - 1e-9) {
            off = s;
            improved = true;
          } else [cur.order[i], cur.order[j]] = [cur.order[j]!, cur.order[i]!];
        }
      }
      if (!improved) break;
    }
    if (off < bestOff - 1e-9) {
      best = cur;
      bestOff = off;
    }
  }
  return best;
}

/** y mirrors per slice (or of the whole load when slices must keep their relations). */
function arrangeY(sl: readonly Slice[], W: number, M: number, rigid: boolean): boolean[] {
  const k = sl.length;
  const none = new Array<boolean>(k).fill(false);
  if (yOffset(sl, none, W, M) === 0) return none;
  const all = new Array<boolean>(k).fill(true);
  if (rigid || k > 12) {
    let best = yOffset(sl, all, W, M) < yOffset(sl, none, W, M) ? all : none;
    if (rigid) return best;
    // Greedy: flip slices one at a time while it helps.
    best = best.slice();
    for (let again = true; again; ) {
      again = false;
      for (let i = 0; i < k; i++) {
        const before = yOffset(sl, best, W, M);
        best[i] = !best[i];
        if (yOffset(sl, best, W, M) < before - 1e-9) again = true;
        else best[i] = !best[i];
      }
    }
    return best;
  }
  let best = none;
  let bestOff = yOffset(sl, none, W, M);
  for (let mask = 1; mask < 1 << k && bestOff > 0; mask++) {
    const f = [...Array(k).keys()].map((i) => ((mask >> i) & 1) === 1);
    const off = yOffset(sl, f, W, M);
    if (off < bestOff - 1e-9) {
      best = f;
      bestOff = off;
    }
  }
  return best;
}

/** Lay the slices out as arranged, then shift the whole load so its centre comes as near the middle as it can. */
function layOut(sl: readonly Slice[], a: Arrangement, c: ContainerSpec, weightOf: (p: Placement) => number) {
  const out: Placement[] = [];
  let cursor = 0;
  for (const i of a.order) {
    const s = sl[i]!;
    for (const p of s.items) {
      const x = a.flipX[i] ? cursor + s.x0 + s.len - (p.x + p.l) : cursor + p.x - s.x0;
      const y = a.flipY[i] ? c.w - p.y - p.w : p.y;
      out.push({ ...p, x, y });
    }
    cursor += s.len;
  }
  const M = out.reduce((s, p) => s + weightOf(p), 0);
  if (!(M > 0)) return out;
  const cx = out.reduce((s, p) => s + weightOf(p) * (p.x + p.l / 2), 0) / M;
  const cy = out.reduce((s, p) => s + weightOf(p) * (p.y + p.w / 2), 0) / M;
  const minY = Math.min(...out.map((p) => p.y));
  const maxY = Math.max(...out.map((p) => p.y + p.w));
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  // Integer shifts keep coordinates integral; the share limit absorbs the rounding.
  const dx = Math.round(clamp(c.l / 2 - cx, 0, c.l - cursor));
  const dy = Math.round(clamp(c.w / 2 - cy, -minY, c.w - maxY));
  return out.map((p) => ({ ...p, x: p.x + dx, y: p.y + dy }));
}

/** Signed offsets of the cargo's centre of gravity from the container's middle, as shares of L and W. */
export function cogOffset(
  c: ContainerSpec,
  ps: readonly Placement[],
  weightOf: (p: Placement) => number,
): { x: number; y: number } | null {
  const M = ps.reduce((s, p) => s + weightOf(p), 0);
  if (!(M > 0)) return null;
  const cx = ps.reduce((s, p) => s + weightOf(p) * (p.x + p.l / 2), 0) / M;
  const cy = ps.reduce((s, p) => s + weightOf(p) * (p.y + p.w / 2), 0) / M;
  return { x: (cx - c.l / 2) / c.l, y: (cy - c.w / 2) / c.w };
}

const within = (o: { x: number; y: number } | null, share: number) =>
  !o || (Math.abs(o.x) <= share + 1e-9 && Math.abs(o.y) <= share + 1e-9);

/**
 * Loading order for the crew: from the back wall to the door, bottom up, every box after the boxes it
 * rests on (a box may reach back over a support that starts further forward).
 */
export function loadingOrder(ps: readonly Placement[]): Placement[] {
  const n = ps.length;
  const needs = ps.map(() => 0);
  const carries: number[][] = ps.map(() => []);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const a = ps[i]!;
      const b = ps[j]!;
      if (
        b.z + b.h === a.z &&
        a.z > 0 &&
        Math.min(a.x + a.l, b.x + b.l) > Math.max(a.x, b.x) &&
        Math.min(a.y + a.w, b.y + b.w) > Math.max(a.y, b.y)
      ) {
        needs[i]!++;
        carries[j]!.push(i);
      }
    }
  const key = (p: Placement) => [p.x, p.z, p.y];
  const before = (a: Placement, b: Placement) => {
    const ka = key(a);
    const kb = key(b);
    for (let t = 0; t < 3; t++) if (ka[t] !== kb[t]) return ka[t]! < kb[t]!;
    return false;
  };
  const ready = ps.map((_, i) => i).filter((i) => needs[i] === 0);
  const out: Placement[] = [];
  while (ready.length) {
    let bi = 0;
    for (let r = 1; r < ready.length; r++) if (before(ps[ready[r]!]!, ps[ready[bi]!]!)) bi = r;
    const i = ready.splice(bi, 1)[0]!;
    out.push(ps[i]!);
    for (const j of carries[i]!) if (--needs[j]! === 0) ready.push(j);
  }
  return out;
}

/**
 * Stacks: sets of boxes joined by resting on one another (a box, what it rests on and what rests on it,
 * transitively). Nothing outside a stack rests on it or carries it, so it can slide over the floor.
 */
function stacksOf(ps: readonly Placement[]): number[][] {
  const parent = ps.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  for (let i = 0; i < ps.length; i++)
    for (let j = 0; j < ps.length; j++) {
      const a = ps[i]!;
      const b = ps[j]!;
      if (
        b.z + b.h === a.z &&
        Math.min(a.x + a.l, b.x + b.l) > Math.max(a.x, b.x) &&
        Math.min(a.y + a.w, b.y + b.w) > Math.max(a.y, b.y)
      )
        parent[find(i)] = find(j);
    }
  const out = new Map<number, number[]>();
  ps.forEach((_, i) => {
    const r = find(i);
    const list = out.get(r);
    if (list) list.push(i);
    else out.set(r, [i]);
  });
  return [...out.values()];
}

/**
 * How far a stack may slide along x (axis 0) or y (axis 1) without meeting another box or a wall:
 * [lo, hi] for the shift. Boxes that only touch the stack from above or below count as in the way, so
 * a slide never makes a box newly rest on another (which could put load on a box that carries nothing).
 */
function slideRange(
  c: ContainerSpec,
  ps: readonly Placement[],
  stack: readonly number[],
  inStack: readonly boolean[],
  axis: 0 | 1,
): [number, number] {
  let lo = Number.NEGATIVE_INFINITY;
  let hi = Number.POSITIVE_INFINITY;
  const at = (p: Placement) => (axis === 0 ? p.x : p.y);
  const len = (p: Placement) => (axis === 0 ? p.l : p.w);
  const size = axis === 0 ? c.l : c.w;
  for (const i of stack) {
    const b = ps[i]!;
    lo = Math.max(lo, -at(b));
    hi = Math.min(hi, size - at(b) - len(b));
    for (let j = 0; j < ps.length; j++) {
      if (inStack[j]) continue;
      const o = ps[j]!;
      // Across the slide the projections must meet (overlap), in height they may also just touch.
      const across =
        axis === 0
          ? Math.min(b.y + b.w, o.y + o.w) > Math.max(b.y, o.y)
          : Math.min(b.x + b.l, o.x + o.l) > Math.max(b.x, o.x);
      if (!across || Math.min(b.z + b.h, o.z + o.h) < Math.max(b.z, o.z)) continue;
      if (at(o) >= at(b) + len(b)) hi = Math.min(hi, at(o) - at(b) - len(b));
      else if (at(o) + len(o) <= at(b)) lo = Math.max(lo, at(o) + len(o) - at(b));
      else return [0, 0];
    }
  }
  return lo <= hi ? [lo, hi] : [0, 0];
}

/**
 * Slide whole stacks along the floor, heaviest first, each as far towards the side that brings the
 * centre of gravity to the middle as the free room around it allows. This balances loads the slices
 * cannot: a full-length item (a 12 m bundle) makes the whole load one slice, but the cases beside it
 * can still move along it.
 */
function slideStacks(
  c: ContainerSpec,
  placements: readonly Placement[],
  weightOf: (p: Placement) => number,
): Placement[] {
  const ps = placements.map((p) => ({ ...p }));
  const M = ps.reduce((s, p) => s + weightOf(p), 0);
  if (!(M > 0)) return ps;
  const stacks = stacksOf(ps)
    .map((idx) => ({ idx, mass: idx.reduce((s, i) => s + weightOf(ps[i]!), 0) }))
    .filter((st) => st.mass > 0)
    .sort((a, b) => b.mass - a.mass);
  for (const axis of [0, 1] as const) {
    const middle = (axis === 0 ? c.l : c.w) / 2;
    const centre = (p: Placement) => (axis === 0 ? p.x + p.l / 2 : p.y + p.w / 2);
    let moment = ps.reduce((s, p) => s + weightOf(p) * centre(p), 0);
    // A stack that moves may make room for one that was blocked: a few passes.
    for (let pass = 0, moved = true; pass < 4 && moved; pass++) {
      moved = false;
      for (const st of stacks) {
        const gapNow = moment / M - middle;
        if (Math.abs(gapNow) < 0.5) break;
        const inStack = ps.map(() => false);
        for (const i of st.idx) inStack[i] = true;
        const [lo, hi] = slideRange(c, ps, st.idx, inStack, axis);
        const d = Math.round(Math.min(hi, Math.max(lo, (-gapNow * M) / st.mass)));
        if (d === 0) continue;
        for (const i of st.idx) {
          if (axis === 0) ps[i]!.x += d;
          else ps[i]!.y += d;
        }
        moment += st.mass * d;
        moved = true;
      }
    }
  }
  return ps;
}

/** Boxes with nothing resting on them: the ones that can be left out without undermining another. */
function freeBoxes(ps: readonly Placement[]): number[] {
  return ps
    .map((_, i) => i)
    .filter((i) => {
      const a = ps[i]!;
      return !ps.some(
        (b) =>
          b.z === a.z + a.h &&
          Math.min(a.x + a.l, b.x + b.l) > Math.max(a.x, b.x) &&
          Math.min(a.y + a.w, b.y + b.w) > Math.max(a.y, b.y),
      );
    });
}

/**
 * Bring the cargo's centre of gravity within `share` of the container's length and width from its
 * middle: re-order and mirror independent slices (heavy ones towards the middle), mirror across the
 * width, shift the whole load; when that is not enough, leave out the free box whose removal helps most
 * (it goes to the next container) and try again. With more than one loading group only the whole load
 * is shifted and mirrored across, so the groups keep their order from the back wall. Cargo without
 * weight has no centre of gravity to balance and is returned as it is.
 */
export function balancePlacements(
  c: ContainerSpec,
  boxes: readonly BoxSpec[],
  placements: readonly Placement[],
  share = DEFAULT_COG_SHARE,
): { placements: Placement[]; changed: boolean } {
  const weightOf = (p: Placement) => boxes[p.type]?.weight ?? 0;
  if (!Number.isFinite(share) || within(cogOffset(c, placements, weightOf), share))
    return { placements: [...placements], changed: false };
  const rigid = new Set(placements.map((p) => boxes[p.type]?.group ?? 0)).size > 1;
  let ps = [...placements];
  for (;;) {
    const M = ps.reduce((s, p) => s + weightOf(p), 0);
    const sl = slicesOf(ps, weightOf);
    const a = arrangeX(sl, c.l, M, rigid);
    a.flipY = arrangeY(sl, c.w, M, rigid);
    ps = layOut(sl, a, c, weightOf);
    if (within(cogOffset(c, ps, weightOf), share)) break;
    if (!rigid) ps = slideStacks(c, ps, weightOf);
    const off = cogOffset(c, ps, weightOf);
    if (within(off, share) || ps.length <= 1) break;
    // Leave out the free box whose removal brings the centre nearest the limits.
    const excess = (o: { x: number; y: number } | null) =>
      o ? Math.max(0, Math.abs(o.x) - share) + Math.max(0, Math.abs(o.y) - share) : 0;
    let pick = -1;
    let pickExcess = Number.POSITIVE_INFINITY;
    for (const i of freeBoxes(ps)) {
      const e = excess(
        cogOffset(
          c,
          ps.filter((_, j) => j !== i),
          weightOf,
        ),
      );
      if (e < pickExcess) {
        pick = i;
        pickExcess = e;
      }
    }
    ps.splice(pick, 1);
  }
  return { placements: loadingOrder(ps), changed: true };
}
