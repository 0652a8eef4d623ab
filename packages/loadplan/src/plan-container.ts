import { balancePlacements } from './balance.ts';
import { type Block, expandBlock, generateBlocks } from './blocks.ts';
import { cargoMetrics } from './metrics.ts';
import { buildProblem, type Problem } from './problem.ts';
import { mulberry32 } from './rng.ts';
import { applyBlock, beamSearch, type Placed, rootState, type SearchContext, type State } from './search.ts';
import { blockIndex, DEFAULT_TUNING, fillTable, type Tuning } from './search-setup.ts';
import type { Space } from './spaces.ts';
import type { BoxSpec, ContainerPlan, ContainerSpec, Placement, PlanOptions } from './types.ts';

export interface ContainerPlanOptions extends PlanOptions {
  /** Counts to plan with instead of each box's `qty` (used by multi-container planning). */
  counts?: readonly number[];
  /**
   * Finish the first greedy loading even when the time limit has passed: planning several containers
   * needs every container loaded, and a loading cut short would only send its boxes to more containers.
   */
  completeFirst?: boolean;
  /** Search parameters; the defaults were tuned on the Bischoff & Ratcliff sets. */
  tuning?: Partial<Tuning>;
}

function placedList(last: Placed | null, stop: Placed | null): Placed[] {
  const out: Placed[] = [];
  for (let p = last; p && p !== stop; p = p.prev) out.push(p);
  return out.reverse();
}

/**
 * Spaces for a later loading group may not reach behind a box of an earlier group whose y–z
 * projection they overlap, so each space starts in front of every such box.
 */
function clipForGroup(spaces: readonly Space[], earlier: readonly Placement[], minDim: number): Space[] {
  const out: Space[] = [];
  for (const s of spaces) {
    let x1 = s.x1;
    for (const b of earlier) {
      if (b.y < s.y2 && s.y1 < b.y + b.w && b.z < s.z2 && s.z1 < b.z + b.h) x1 = Math.max(x1, b.x + b.l);
    }
    if (s.x2 - x1 >= minDim) out.push(x1 === s.x1 ? s : { ...s, x1 });
  }
  return out;
}

function minDimension(p: Problem): number {
  let m = Number.POSITIVE_INFINITY;
  for (const t of p.types) {
    if (t.count <= 0) continue;
    for (const o of t.orientations) m = Math.min(m, o.l, o.w, o.h);
  }
  return Number.isFinite(m) ? m : 1;
}

/** Seeded order among blocks of equal volume and bounding volume: the only use of the seed. */
function orderBlocks(blocks: Block[], seed: number): Block[] {
  const rnd = mulberry32(seed);
  const keyed = blocks.map((b) => ({ b, k: rnd() }));
  keyed.sort((u, v) => v.b.vol - u.b.vol || u.b.l * u.b.w * u.b.h - v.b.l * v.b.w * v.b.h || u.k - v.k);
  return keyed.map((e) => e.b);
}

/**
 * Plan one container: block building with an anytime beam search. Loading groups are planned one
 * after the other, lowest first, each getting a share of the time in proportion to its volume.
 */
export function planContainer(
  container: ContainerSpec,
  boxes: readonly BoxSpec[],
  opts: ContainerPlanOptions = {},
): ContainerPlan {
  const clock = opts.clock ?? (() => performance.now());
  const start = clock();
  const timeLimit = opts.timeLimitMs ?? 1000;
  const maxNodes = opts.maxNodes ?? Number.POSITIVE_INFINITY;
  const p = buildProblem(container, boxes, opts.counts);
  const tuning: Tuning = { ...DEFAULT_TUNING, ...opts.tuning };
  const fill = fillTable(p, Math.max(p.L, p.W, p.H));
  const blocks = orderBlocks(
    generateBlocks(p, {
      maxBlocks:
        tuning.maxBlocks + tuning.blocksPerType * Math.max(0, p.types.filter((t) => t.count > 0).length - 20),
      minFill: tuning.minFill,
      composite: tuning.maxBlocks > 0,
      maxPairChecks: tuning.maxPairChecks,
    }),
    opts.seed ?? 1,
  );
  const index = blockIndex(blocks, p.types.length, tuning.vcs?.gamma ?? 0);
  const minDim = minDimension(p);
  const groups = [...new Set(p.types.filter((t) => t.count > 0).map((t) => t.group))].sort((a, b) => a - b);
  const groupVol = (g: number) => p.types.reduce((s, t) => s + (t.group === g ? t.count * t.vol : 0), 0);
  let remainingVol = groups.reduce((s, g) => s + groupVol(g), 0);

  let state: State = rootState(p, index);
  const placements: Placement[] = [];
  let nodesLeft = maxNodes;
  let nodes = 0;
  let width = 1;
  for (let gi = 0; gi < groups.length; gi++) {
    const g = groups[gi]!;
    if (gi > 0) state = { ...state, spaces: clipForGroup(state.spaces, placements, minDim) };
    const now = clock();
    const share = remainingVol > 0 ? groupVol(g) / remainingVol : 1;
    remainingVol -= groupVol(g);
    const ctx: SearchContext = {
      p,
      blocks,
      group: g,
      minDim,
      deadline: now + Math.max(0, start + timeLimit - now) * share,
      clock,
      ticks: 0,
      late: false,
      completeFirst: opts.completeFirst ?? false,
      maxNodes: gi === groups.length - 1 ? nodesLeft : Math.ceil(nodesLeft * share),
      nodes: 0,
      best: state,
      backToFront: groups.length > 1,
      tuning,
      order: tuning.spaceOrder,
      vcs: tuning.vcs,
      fill,
      ...index,
    };
    const best = beamSearch(ctx, state);
    nodes += ctx.nodes;
    width = Math.max(width, ctx.width ?? 1);
    nodesLeft = Math.max(1, nodesLeft - ctx.nodes);
    const added = placedList(best.placed, state.placed);
    for (const pl of added) expandBlock(pl.block, pl.x, pl.y, pl.z, placements);
    if (gi < groups.length - 1) {
      // The search dropped spaces that this group could not use; rebuild them for the next group.
      const next: State = { ...state, avail: state.avail.slice(), alive: state.alive?.slice() ?? null };
      for (const pl of added) applyBlock(ctx, next, pl.block, pl.x, pl.y, pl.z, pl.floorP);
      state = next;
    } else state = best;
  }

  // Weighted cargo is balanced about the container's middle (a no-op for weightless cargo).
  const balanced = balancePlacements(container, boxes, placements, opts.cogShare).placements;
  const leftover = p.types.map((t) => t.count);
  for (const pl of balanced) leftover[pl.type]!--;
  return {
    container,
    placements: balanced,
    leftover,
    ...cargoMetrics(container, boxes, balanced),
    stats: { blocks: blocks.length, nodes, beamWidth: width },
  };
}
