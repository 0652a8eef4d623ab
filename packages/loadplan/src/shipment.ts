import { planContainer } from './plan-container.ts';
import type { BoxSpec, ContainerPlan, ContainerSpec, ShipmentPlan, ShipmentRequest } from './types.ts';

function costOf(c: ContainerSpec): number {
  return c.cost ?? c.l * c.w * c.h;
}

const volumeOf = (c: ContainerSpec) => c.l * c.w * c.h;

/**
 * Share of the time (and node) budget kept for consolidation when the shipment needs more than one
 * container. Planning container after container is greedy: its last containers are often nearly empty.
 */
const CONSOLIDATION_SHARE = 0.25;

/** What one container of a plan holds, per box type. */
function countsOf(plan: ContainerPlan, n: number): number[] {
  const out = new Array<number>(n).fill(0);
  for (const p of plan.placements) out[p.type]!++;
  return out;
}

/** How full a container is: the larger of its volume and weight shares (the one that binds). */
const fillOf = (plan: ContainerPlan) => Math.max(plan.volumeUtilisation, plan.weightUtilisation);

/** Containers still needed for `counts` at best: the volume and weight bounds for the largest type. */
function containersNeeded(
  boxes: readonly BoxSpec[],
  counts: readonly number[],
  types: readonly ContainerSpec[],
) {
  let vol = 0;
  let weight = 0;
  counts.forEach((c, i) => {
    vol += c * boxes[i]!.l * boxes[i]!.w * boxes[i]!.h;
    weight += c * (boxes[i]!.weight ?? 0);
  });
  const maxVol = Math.max(...types.map(volumeOf));
  const maxPayload = Math.max(...types.map((c) => c.maxPayload ?? Number.POSITIVE_INFINITY));
  return Math.max(
    1,
    Math.ceil(vol / maxVol),
    Number.isFinite(maxPayload) ? Math.ceil(weight / maxPayload) : 1,
  );
}

/** What the post-pass may spend: until `deadline` on `clock`, and at most `nodes` search nodes. */
export interface Budget {
  clock: () => number;
  deadline: number;
  /** Nodes left to spend (undefined: no node cap). */
  nodes: number | undefined;
}

/** Time and nodes for one of `parts` equal shares of what is left of a budget. */
function share(b: Budget, parts: number): { timeLimitMs: number; maxNodes?: number } {
  const timeLimitMs = Math.max(1, (b.deadline - b.clock()) / Math.max(1, parts));
  if (b.nodes === undefined) return { timeLimitMs };
  return { timeLimitMs, maxNodes: Math.max(1, Math.floor(b.nodes / Math.max(1, parts))) };
}

function spend(b: Budget, plan: ContainerPlan): void {
  if (b.nodes !== undefined) b.nodes = Math.max(0, b.nodes - (plan.stats?.nodes ?? 1));
}

const outOfBudget = (b: Budget) => b.clock() >= b.deadline || (b.nodes !== undefined && b.nodes <= 0);

/**
 * Multi-container planning. First one container at a time: for each next container every type still
 * available is planned on the remaining boxes; if some type takes everything that is left, the cheapest
 * such type (fewest: the smallest) closes the shipment; otherwise the type that loads the most volume
 * (cheapest: the most volume per unit of cost) is used. The time limit is shared out over the
 * containers still needed by the volume and weight bounds. Then `consolidate` tries to empty the
 * emptiest containers into the others with the time kept for it.
 *
 * The time limit bounds the search. Every container's first greedy loading is completed, and when the
 * time is up before every box has a container, the rest are loaded greedily (milliseconds each): a
 * shipment plan is always complete, so a tight limit on a large load can be exceeded by that much.
 */
export function planShipment(req: ShipmentRequest): ShipmentPlan {
  const clock = req.clock ?? (() => performance.now());
  const start = clock();
  const timeLimit = req.timeLimitMs ?? 2000;
  const mode = req.mode ?? 'fewest';
  const boxes = req.boxes;
  const remaining = boxes.map((b) => Math.max(0, Math.floor(b.qty)));
  const used = req.containers.map(() => 0);
  const plans: ContainerPlan[] = [];
  const boxVol = (counts: readonly number[]) =>
    counts.reduce((s, c, i) => s + c * boxes[i]!.l * boxes[i]!.w * boxes[i]!.h, 0);
  const several = containersNeeded(boxes, remaining, req.containers) > 1;
  const reserve = several ? CONSOLIDATION_SHARE : 0;
  const greedy: Budget = {
    clock,
    deadline: start + timeLimit * (1 - reserve),
    nodes: req.maxNodes === undefined ? undefined : Math.floor(req.maxNodes * (1 - reserve)),
  };

  while (remaining.some((r) => r > 0)) {
    const candidates = req.containers
      .map((c, i) => ({ c, i }))
      .filter(({ c, i }) => c.available === undefined || used[i]! < c.available);
    if (candidates.length === 0) break;
    // Containers still needed at best, to share the time fairly (weight binds as often as volume).
    const estLeft = containersNeeded(
      boxes,
      remaining,
      candidates.map(({ c }) => c),
    );
    const slice = share(greedy, estLeft * candidates.length);
    // Out of time (a loaded machine, a tight limit): the remaining containers still get a complete
    // greedy loading each, from simple blocks only, which takes milliseconds, rather than boxes left out.
    const rushed = outOfBudget(greedy);
    const tried = candidates.map(({ c, i }) => {
      const plan = planContainer(c, boxes, {
        ...slice,
        seed: req.seed,
        counts: remaining,
        cogShare: req.cogShare,
        clock,
        completeFirst: true,
        ...(rushed ? { tuning: { maxBlocks: 0 } } : {}),
      });
      spend(greedy, plan);
      const loaded = boxVol(remaining) - boxVol(plan.leftover);
      return { c, i, plan, loaded, all: plan.leftover.every((r) => r === 0) };
    });
    const finishing = tried.filter((t) => t.all);
    let pick: (typeof tried)[number] | undefined;
    if (finishing.length > 0) {
      pick = finishing.reduce((a, b) => {
        const ka = mode === 'cheapest' ? costOf(a.c) : volumeOf(a.c);
        const kb = mode === 'cheapest' ? costOf(b.c) : volumeOf(b.c);
        return kb < ka ? b : a;
      });
    } else {
      const score = (t: (typeof tried)[number]) => (mode === 'cheapest' ? t.loaded / costOf(t.c) : t.loaded);
      pick = tried.reduce((a, b) => (score(b) > score(a) ? b : a));
    }
    if (pick.loaded <= 0) break;
    plans.push(pick.plan);
    used[pick.i]!++;
    for (let t = 0; t < remaining.length; t++) remaining[t] = pick.plan.leftover[t]!;
  }

  const post: Budget = {
    clock,
    deadline: start + timeLimit,
    nodes: req.maxNodes === undefined ? undefined : (greedy.nodes ?? 0) + Math.ceil(req.maxNodes * reserve),
  };
  const consolidated = consolidate(boxes, plans, post, { seed: req.seed, cogShare: req.cogShare });
  // Each container's leftover is what is still to load after it, in shipment order.
  const left = boxes.map((b) => Math.max(0, Math.floor(b.qty)));
  const containers = consolidated.map((plan) => {
    for (const p of plan.placements) left[p.type]!--;
    return { ...plan, leftover: left.slice() };
  });
  return {
    containers,
    leftover: remaining,
    totalCost: containers.reduce((s, p) => s + costOf(p.container), 0),
  };
}

/**
 * Post-pass of a multi-container plan: empty the emptiest container into the others and drop it.
 * The other containers are replanned one at a time, the most room first, each with its own boxes plus
 * what is still to move; a replan counts only if it keeps every box the container held (it may take
 * some or all of the moved ones). The emptied container goes only when all its boxes found room;
 * otherwise nothing changes and the next emptiest is tried. Each replan is a full `planContainer`, so
 * payload, support and the centre-of-gravity limit hold as for any plan. Repeats while it succeeds and
 * the budget lasts.
 */
export function consolidate(
  boxes: readonly BoxSpec[],
  plans: readonly ContainerPlan[],
  budget: Budget,
  opts: { seed?: number | undefined; cogShare?: number | undefined } = {},
): ContainerPlan[] {
  let current = [...plans];
  const n = boxes.length;
  for (;;) {
    if (current.length < 2 || outOfBudget(budget)) return current;
    const order = current.map((_, i) => i).sort((a, b) => fillOf(current[a]!) - fillOf(current[b]!));
    let next: ContainerPlan[] | null = null;
    // The emptiest first; only when the others have the volume and payload left over to take it.
    for (const e of order) {
      if (outOfBudget(budget)) break;
      if (!roomFor(current, e)) continue;
      next = emptyInto(boxes, current, e, budget, opts, n);
      if (next) break;
    }
    if (!next) return current;
    current = next;
  }
}

/** Whether the other containers have, in sum, the free volume and payload for container e's load. */
function roomFor(plans: readonly ContainerPlan[], e: number): boolean {
  let vol = 0;
  let weight = 0;
  plans.forEach((p, i) => {
    if (i === e) return;
    vol += (1 - p.volumeUtilisation) * volumeOf(p.container);
    weight += (p.container.maxPayload ?? Number.POSITIVE_INFINITY) - p.totalWeight;
  });
  const load = plans[e]!;
  return load.volumeUtilisation * volumeOf(load.container) <= vol && load.totalWeight <= weight;
}

function emptyInto(
  boxes: readonly BoxSpec[],
  plans: readonly ContainerPlan[],
  e: number,
  budget: Budget,
  opts: { seed?: number | undefined; cogShare?: number | undefined },
  n: number,
): ContainerPlan[] | null {
  const rest = countsOf(plans[e]!, n);
  const weightOf = (t: number) => boxes[t]!.weight ?? 0;
  const lightest = () => Math.min(...rest.flatMap((c, t) => (c > 0 ? [weightOf(t)] : [])));
  const smallest = () =>
    Math.min(...rest.flatMap((c, t) => (c > 0 ? [boxes[t]!.l * boxes[t]!.w * boxes[t]!.h] : [])));
  const targets = plans
    .map((_, i) => i)
    .filter((i) => i !== e)
    .sort((a, b) => fillOf(plans[a]!) - fillOf(plans[b]!));
  const changed = new Map<number, ContainerPlan>();
  for (let k = 0; k < targets.length && rest.some((c) => c > 0); k++) {
    if (outOfBudget(budget)) return null;
    const t = targets[k]!;
    const plan = plans[t]!;
    const c = plan.container;
    // Skip a container that cannot take even the lightest or smallest box left to move.
    if (plan.totalWeight + lightest() > (c.maxPayload ?? Number.POSITIVE_INFINITY)) continue;
    if (plan.volumeUtilisation * volumeOf(c) + smallest() > volumeOf(c)) continue;
    const own = countsOf(plan, n);
    const counts = own.map((o, i) => o + rest[i]!);
    const replanned = planContainer(c, boxes, {
      ...share(budget, targets.length - k),
      seed: opts.seed,
      counts,
      cogShare: opts.cogShare,
      clock: budget.clock,
    });
    spend(budget, replanned);
    const got = countsOf(replanned, n);
    if (got.some((g, i) => g < own[i]!)) continue;
    if (got.every((g, i) => g === own[i]!)) continue;
    for (let i = 0; i < n; i++) rest[i]! -= got[i]! - own[i]!;
    changed.set(t, replanned);
  }
  if (rest.some((c) => c > 0)) return null;
  return plans.flatMap((p, i) => (i === e ? [] : [changed.get(i) ?? p]));
}
