import type { Block } from './blocks.ts';
import type { Problem } from './problem.ts';
import { type BlockIndex, rowAtMost, type Tuning, type Variant } from './search-setup.ts';
import { type Space, splitSpaces } from './spaces.ts';

/** A placed block; the list is shared between search states (each state points at its last one). */
export interface Placed {
  block: Block;
  x: number;
  y: number;
  z: number;
  /** Pressure budget of the floor it stands on, kept so a plan can be replayed. */
  floorP: number;
  prev: Placed | null;
}

export interface State {
  spaces: Space[];
  avail: Int32Array;
  /**
   * Bitset of the blocks the remaining boxes can still form (null: no index). The stock only shrinks
   * along a path, so a block once out stays out; the scan skips them without looking at them.
   */
  alive: Uint32Array | null;
  vol: number;
  weight: number;
  /** Largest x reached by a block: with loading groups, lower groups should end as near the back as they can. */
  xMax: number;
  placed: Placed | null;
}

export interface SearchContext extends BlockIndex {
  p: Problem;
  blocks: Block[];
  /** Only blocks of this loading group are used. */
  group: number;
  minDim: number;
  deadline: number;
  /** Finish the first greedy loading even past the deadline. */
  completeFirst: boolean;
  /** Clock the deadline is measured on. */
  clock: () => number;
  /** Calls of timeUp so far (the clock is read on every eighth). */
  ticks: number;
  /** Set once the clock has passed the deadline. */
  late: boolean;
  maxNodes: number;
  nodes: number;
  best: State;
  /** Loading groups: fill from the back wall only, and among equal volumes prefer the smaller xMax. */
  backToFront: boolean;
  /** Current search variant (see Tuning.variants). */
  order: 'corner' | 'floor';
  /** Block ranking of the current variant (null: by volume). */
  vcs: Tuning['vcs'];
  /** Widest beam started so far (reported in the plan's stats). */
  width?: number;
  tuning: Tuning;
  /** fill[r]: the longest length ≤ r that box sides can add up to; r − fill[r] is surely wasted. */
  fill: Int32Array;
}

export function rootState(p: Problem, index?: BlockIndex): State {
  return {
    alive: index?.axes ? index.alive.slice() : null,
    spaces: [{ x1: 0, y1: 0, z1: 0, x2: p.L, y2: p.W, z2: p.H, p: Number.POSITIVE_INFINITY }],
    avail: Int32Array.from(p.types.map((t) => t.count)),
    vol: 0,
    weight: 0,
    xMax: 0,
    placed: null,
  };
}

function cloneState(s: State): State {
  return {
    spaces: s.spaces,
    avail: s.avail.slice(),
    alive: s.alive ? s.alive.slice() : null,
    vol: s.vol,
    weight: s.weight,
    xMax: s.xMax,
    placed: s.placed,
  };
}

/** Place a block; `spaces` is replaced, never mutated, so clones may share it. */
export function applyBlock(
  ctx: SearchContext,
  s: State,
  b: Block,
  x: number,
  y: number,
  z: number,
  floorP: number,
) {
  s.spaces = splitSpaces(s.spaces, b, x, y, z, floorP, ctx.minDim, ctx.tuning.mergeFloors);
  for (let i = 0; i < b.types.length; i++) {
    const t = b.types[i]!;
    const before = s.avail[t]!;
    s.avail[t]! -= b.counts[i]!;
    const left = s.avail[t]!;
    const alive = s.alive;
    if (alive) {
      // Blocks of this type that need more than what is left (the list runs from the most
      // demanding down). Those needing more than `before` are out already: start after them.
      const list = ctx.typeBlocks[t]!;
      const need = ctx.typeNeeds[t]!;
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (need[mid]! > before) lo = mid + 1;
        else hi = mid;
      }
      for (let j = lo; j < list.length && need[j]! > left; j++)
        alive[list[j]! >>> 5]! &= ~(1 << (list[j]! & 31));
    }
  }
  s.vol += b.vol;
  s.weight += b.weight;
  if (x + b.l > s.xMax) s.xMax = x + b.l;
  s.placed = { block: b, x, y, z, floorP, prev: s.placed };
}

/**
 * The space to fill next: the one whose nearest corner is closest to a container corner (distances
 * sorted and compared lexicographically), larger volume first on ties. Filling from the corners
 * inwards leaves the free volume in one piece.
 */
function selectSpace(ctx: SearchContext, spaces: readonly Space[]): number {
  const { L, W } = ctx.p;
  let best = -1;
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  let bv = 0;
  for (let i = 0; i < spaces.length; i++) {
    const s = spaces[i]!;
    let d0 = ctx.backToFront || ctx.tuning.fromOrigin ? s.x1 : Math.min(s.x1, L - s.x2);
    let d1 = ctx.tuning.fromOrigin ? s.y1 : Math.min(s.y1, W - s.y2);
    let d2 = s.z1;
    if (ctx.order === 'floor') {
      const v = (s.x2 - s.x1) * (s.y2 - s.y1) * (s.z2 - s.z1);
      const c = Math.min(d0, d1);
      if (best < 0 || d2 < b0 || (d2 === b0 && (c < b1 || (c === b1 && v > bv)))) {
        best = i;
        b0 = d2;
        b1 = c;
        bv = v;
      }
      continue;
    }
    // Sort the three distances.
    if (d0 > d1) [d0, d1] = [d1, d0];
    if (d1 > d2) [d1, d2] = [d2, d1];
    if (d0 > d1) [d0, d1] = [d1, d0];
    const v = (s.x2 - s.x1) * (s.y2 - s.y1) * (s.z2 - s.z1);
    if (
      best < 0 ||
      d0 < b0 ||
      (d0 === b0 && (d1 < b1 || (d1 === b1 && (d2 < b2 || (d2 === b2 && v > bv)))))
    ) {
      best = i;
      b0 = d0;
      b1 = d1;
      b2 = d2;
      bv = v;
    }
  }
  return best;
}

/** Whether block i may go into space s of state st (its size is checked by the caller). */
function fits(ctx: SearchContext, st: State, s: Space, i: number): boolean {
  if (ctx.bgroup[i] !== ctx.group) return false;
  if (ctx.bweight[i]! > ctx.p.maxPayload - st.weight) return false;
  if (ctx.bpress[i]! > s.p) return false;
  // The alive bitset already holds only blocks the remaining boxes can form.
  if (st.alive) return true;
  const b = ctx.blocks[i]!;
  const types = b.types;
  for (let t = 0; t < types.length; t++) if (b.counts[t]! > st.avail[types[t]!]!) return false;
  return true;
}

/** Block indices found by findBlocks, and their scores. */
const found = new Int32Array(1024);
const scores = new Float64Array(1024);
const order = new Int32Array(1024);

/**
 * Up to `k` fitting blocks for space `s` into `out`: the largest by box volume, or, when ranking is
 * on, the best of the `rankPool` largest by their VCS score.
 */
function bestBlocks(ctx: SearchContext, st: State, s: Space, k: number, out: Block[]): void {
  const { vcs } = ctx;
  const { rankPool } = ctx.tuning;
  out.length = 0;
  if (!vcs || rankPool <= 1) {
    const n = findBlocks(ctx, st, s, Math.min(found.length, k));
    for (let i = 0; i < n; i++) out.push(ctx.blocks[found[i]!]!);
    return;
  }
  const size = k === 1 && ctx.tuning.greedyPool > 0 ? ctx.tuning.greedyPool : rankPool;
  const n = findBlocks(ctx, st, s, Math.min(found.length, Math.max(k, size)));
  // What the VCS score needs of the space, once for the whole pool.
  const fill = ctx.fill;
  const sl = s.x2 - s.x1;
  const sw = s.y2 - s.y1;
  const sh = s.z2 - s.z1;
  const usable = fill[sl]! * fill[sw]! * fill[sh]!;
  const dim = ctx.bdim;
  const rank = ctx.brank;
  const { alpha, beta, p } = vcs;
  for (let j = 0; j < n; j++) {
    const i = found[j]!;
    const l = dim[3 * i]!;
    const w = dim[3 * i + 1]!;
    const h = dim[3 * i + 2]!;
    scores[j] = vcsScore(rank[i]!, l, w, h, sl - l, sw - w, sh - h, usable, fill, alpha, beta, p);
  }
  if (k === 1) {
    // The greedy only needs the best one.
    let best = 0;
    for (let j = 1; j < n; j++) if (scores[j]! > scores[best]!) best = j;
    if (n > 0) out.push(ctx.blocks[found[best]!]!);
    return;
  }
  // Insertion sort of the indices by score (stable: ties keep volume order); pools are small.
  for (let j = 0; j < n; j++) {
    let m = j;
    while (m > 0 && scores[order[m - 1]!]! < scores[j]!) {
      order[m] = order[m - 1]!;
      m--;
    }
    order[m] = j;
  }
  for (let j = 0; j < n && out.length < k; j++) out.push(ctx.blocks[found[order[j]!]!]!);
}

/**
 * Araya, Guerrero & Nuñez's VCS score of a block in a space (Computers & Operations Research, 2017):
 * volume · boxes^−γ · (1 − loss)^β · contact^α. Loss: the share of the space's usable volume (its
 * sides rounded down to lengths that box sides can fill) that the gaps the block leaves make unusable.
 * Contact: the share of the block's surface against the floor (always: full support), the space's
 * sides at the anchor corner (taken as solid: spaces are cut by boxes and walls) and the far sides and
 * top it reaches within p of its size. On problems 91–95 of the 30–100-type sets (1 s of CPU) this
 * ranking loaded 2 points more than the volume alone; measuring the contact exactly against the
 * placed blocks, counting the anchor sides only at the container's walls, or tracking which space
 * sides really touch a box all did worse (by 0.4 to 2.3 points), so the optimistic estimate stays.
 * Sizes come from typed arrays: the block objects are not touched while a pool is scored.
 */
function vcsScore(
  rank: number,
  l: number,
  w: number,
  h: number,
  rl: number,
  rw: number,
  rh: number,
  usable: number,
  fill: Int32Array,
  alpha: number,
  beta: number,
  p: number,
): number {
  const kept = (l + fill[rl]!) * (w + fill[rw]!) * (h + fill[rh]!);
  const loss = usable > 0 && kept < usable ? (usable - kept) / usable : 0;
  const xy = l * w;
  const xz = l * h;
  const yz = w * h;
  const contact =
    (xy * (1 + (rh <= p * h ? 1 : 0)) + xz * (1 + (rw <= p * w ? 1 : 0)) + yz * (1 + (rl <= p * l ? 1 : 0))) /
    (2 * (xy + xz + yz));
  // Powers by multiplication for the default weights (Math.pow is slow on this hot path).
  const a = beta === 1 ? 1 - loss : (1 - loss) ** beta;
  const c = alpha === 2 ? contact * contact : contact ** alpha;
  return rank * a * c;
}

/**
 * Indices of up to k blocks that fit space `s` in state `st`, largest volume first, into `found`;
 * returns how many. For beam expansion, at most `diverse` blocks of one kind (type and orientation),
 * so the beam also tries other box types instead of k near-copies of the largest block.
 */
function findBlocks(ctx: SearchContext, st: State, s: Space, k: number): number {
  let n = 0;
  const sl = s.x2 - s.x1;
  const sw = s.y2 - s.y1;
  const sh = s.z2 - s.z1;
  const sv = sl * sw * sh;
  const cap = k > 1 ? ctx.tuning.diverse : 0;
  const kindCount = ctx.kindCount;
  const bkind = ctx.bkind;
  // Blocks are sorted by volume: skip those larger than the space by binary search.
  const vol = ctx.bvol;
  let lo = 0;
  let hi = ctx.blocks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (vol[mid]! > sv) lo = mid + 1;
    else hi = mid;
  }
  const axes = ctx.axes;
  if (axes) {
    // The three bitsets of blocks short enough on each axis, ANDed a word at a time.
    const rx = rowAtMost(axes[0], sl);
    const ry = rowAtMost(axes[1], sw);
    const rz = rowAtMost(axes[2], sh);
    if (rx >= 0 && ry >= 0 && rz >= 0) {
      const words = ctx.words;
      const X = axes[0].sets;
      const Y = axes[1].sets;
      const Z = axes[2].sets;
      const alive = st.alive ?? ctx.alive;
      const ox = rx * words;
      const oy = ry * words;
      const oz = rz * words;
      scan: for (let wi = lo >>> 5; wi < words; wi++) {
        let m = X[ox + wi]! & Y[oy + wi]! & Z[oz + wi]! & alive[wi]!;
        if (wi === lo >>> 5) m &= ~0 << (lo & 31);
        while (m !== 0) {
          const i = (wi << 5) | (31 - Math.clz32(m & -m));
          m &= m - 1;
          if (!fits(ctx, st, s, i)) continue;
          if (cap > 0 && kindCount[bkind[i]!]!++ >= cap) continue;
          found[n++] = i;
          if (n >= k) break scan;
        }
      }
    }
  } else {
    const dim = ctx.bdim;
    for (let i = lo; i < ctx.blocks.length; i++) {
      if (dim[3 * i]! > sl || dim[3 * i + 1]! > sw || dim[3 * i + 2]! > sh) continue;
      if (!fits(ctx, st, s, i)) continue;
      if (cap > 0 && kindCount[bkind[i]!]!++ >= cap) continue;
      found[n++] = i;
      if (n >= k) break;
    }
  }
  if (cap > 0) kindCount.fill(0);
  return n;
}

/** Position of a block in a space: at the space's floor corner nearest to a container corner. */
function anchorX(ctx: SearchContext, s: Space, b: Block): number {
  return ctx.backToFront || ctx.tuning.fromOrigin || s.x1 <= ctx.p.L - s.x2 ? s.x1 : s.x2 - b.l;
}

function anchorY(ctx: SearchContext, s: Space, b: Block): number {
  return ctx.tuning.fromOrigin || s.y1 <= ctx.p.W - s.y2 ? s.y1 : s.y2 - b.w;
}

const scratch: Block[] = [];

/**
 * Pick the next space that can take a block (dropping those that cannot: the stock only shrinks,
 * so they never will) and return its index, or -1 when the state is complete.
 */
function nextSpace(ctx: SearchContext, st: State, k: number, out: Block[]): number {
  for (;;) {
    if (st.spaces.length === 0) return -1;
    const i = selectSpace(ctx, st.spaces);
    bestBlocks(ctx, st, st.spaces[i]!, k, out);
    if (out.length > 0) return i;
    const rest = st.spaces.slice();
    rest.splice(i, 1);
    st.spaces = rest;
  }
}

/** Greedy completion: best block into the selected space until nothing fits. Mutates `st`. */
function greedy(ctx: SearchContext, st: State, complete = false): State {
  // On very large loads one completion can take long: stop at the deadline even mid-way, since
  // the partial plan is valid and the time limit is a promise to the caller (unless told to complete).
  for (let step = 1; ; step++) {
    if (!complete && (step & 15) === 0 && timeUp(ctx)) break;
    const i = nextSpace(ctx, st, 1, scratch);
    if (i < 0) break;
    const s = st.spaces[i]!;
    const b = scratch[0]!;
    applyBlock(ctx, st, b, anchorX(ctx, s, b), anchorY(ctx, s, b), s.z1, s.p);
  }
  ctx.nodes++;
  if (better(ctx, st, ctx.best)) ctx.best = st;
  return st;
}

function better(ctx: SearchContext, a: State, b: State): boolean {
  return a.vol > b.vol || (ctx.backToFront && a.vol === b.vol && a.xMax < b.xMax);
}

function outOfBudget(ctx: SearchContext): boolean {
  return ctx.nodes >= ctx.maxNodes || timeUp(ctx);
}

/**
 * Whether the deadline has passed, reading the clock on every eighth call only: a CPU-time clock is a
 * system call (about 1 µs), and it was read before every node and every 16 greedy steps; a node takes
 * 0.03–0.1 ms, so the deadline is still kept within a millisecond.
 */
function timeUp(ctx: SearchContext): boolean {
  if (ctx.late) return true;
  if ((ctx.ticks++ & 7) !== 0) return false;
  ctx.late = ctx.clock() >= ctx.deadline;
  return ctx.late;
}

/** A state in the beam, with the volume and xMax of its greedy completion (value −1: not known). */
interface BeamNode {
  state: State;
  value: number;
  xMax: number;
}

/** A child of a beam node (its state plus one block in one space), scored by its greedy completion. */
interface Child {
  /** Index of its node in the beam. */
  parent: number;
  block: Block;
  space: Space;
  /** Loaded volume with the block. */
  vol: number;
  value: number;
  xMax: number;
}

/**
 * Anytime beam search (after Araya & Riff's BSG): every node expands its `w` largest fitting blocks,
 * each child is scored by the volume of its greedy completion, the best `w` children form the next
 * level. The width doubles after each full pass until the time or node budget runs out.
 */
export function beamSearch(ctx: SearchContext, root: State): State {
  const bound = Math.min(totalVolume(ctx, root), ctx.p.L * ctx.p.W * ctx.p.H);
  const { growth, branch, variants } = ctx.tuning;
  for (const v of variants) {
    setVariant(ctx, v);
    greedy(ctx, cloneState(root), ctx.completeFirst);
  }
  for (let wf = 2; !outOfBudget(ctx) && ctx.best.vol < bound; wf *= growth) {
    const w = Math.round(wf);
    const k = branch > 0 ? Math.min(w, branch) : Math.round(w * ctx.tuning.branchMul);
    ctx.width = w;
    let truncated = false;
    for (const v of variants) {
      if (outOfBudget(ctx)) break;
      setVariant(ctx, v);
      if (beamPass(ctx, root, w, k)) truncated = true;
    }
    // A pass that never had to drop a child has searched the whole tree: wider ones cannot do better.
    if (!truncated && !outOfBudget(ctx)) break;
  }
  return ctx.best;
}

function setVariant(ctx: SearchContext, v: Variant): void {
  ctx.order = v.spaceOrder ?? ctx.tuning.spaceOrder;
  ctx.vcs = v.vcs === undefined ? ctx.tuning.vcs : v.vcs;
}

/** One beam pass from the root; true when it had to drop candidates (a wider pass may do better). */
function beamPass(ctx: SearchContext, root: State, w: number, k: number): boolean {
  const expand: Block[] = [];
  let beam: BeamNode[] = [{ state: cloneState(root), value: -1, xMax: 0 }];
  let truncated = false;
  // The greedy completion takes the first block of the expansion list (same ranking and pool), so
  // the first child's completion is its parent's, known from when the parent was scored.
  const reuse = ctx.tuning.greedyPool <= 0 || ctx.tuning.greedyPool === ctx.tuning.rankPool;
  while (beam.length > 0 && !outOfBudget(ctx)) {
    const children: Child[] = [];
    for (let ni = 0; ni < beam.length; ni++) {
      const node = beam[ni]!;
      const st = node.state;
      const i = nextSpace(ctx, st, k, expand);
      if (i < 0) continue;
      const s = st.spaces[i]!;
      if (expand.length >= k) truncated = true;
      for (let e = 0; e < expand.length; e++) {
        const b = expand[e]!;
        if (outOfBudget(ctx)) break;
        let { value, xMax } = node;
        if (e > 0 || !reuse || value < 0) {
          // Built only to be completed: the few children the beam keeps are built again below.
          const child = cloneState(st);
          applyBlock(ctx, child, b, anchorX(ctx, s, b), anchorY(ctx, s, b), s.z1, s.p);
          const done = greedy(ctx, child);
          value = done.vol;
          xMax = done.xMax;
        }
        children.push({ parent: ni, block: b, space: s, vol: st.vol + b.vol, value, xMax });
      }
    }
    children.sort((a, b) => b.value - a.value || (ctx.backToFront ? a.xMax - b.xMax : 0));
    if (children.length > w) truncated = true;
    const next: BeamNode[] = [];
    for (let c = 0; c < children.length && next.length < w; c++) {
      const ch = children[c]!;
      // Children with the same completion value and the same loaded volume are most often the
      // same plan reached in another order: keep one, so the beam holds different plans.
      if (ctx.tuning.dedupe && c > 0) {
        const prev = children[c - 1]!;
        if (prev.value === ch.value && prev.vol === ch.vol) continue;
      }
      const { block: b, space: s } = ch;
      const child = cloneState(beam[ch.parent]!.state);
      applyBlock(ctx, child, b, anchorX(ctx, s, b), anchorY(ctx, s, b), s.z1, s.p);
      next.push({ state: child, value: ch.value, xMax: ch.xMax });
    }
    beam = next;
  }
  return truncated;
}

function totalVolume(ctx: SearchContext, root: State): number {
  let v = root.vol;
  ctx.p.types.forEach((t, i) => {
    if (t.group === ctx.group) v += root.avail[i]! * t.vol;
  });
  return v;
}
