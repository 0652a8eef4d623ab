import { planContainer } from './plan-container.ts';
import type { ContainerPlan, ContainerSpec, ShipmentPlan, ShipmentRequest } from './types.ts';

function costOf(c: ContainerSpec): number {
  return c.cost ?? c.l * c.w * c.h;
}

/**
 * Multi-container planning, one container at a time. For each next container every type still
 * available is planned on the remaining boxes; if some type takes everything that is left, the
 * cheapest such type (fewest: the smallest) closes the shipment; otherwise the type that loads the
 * most volume (cheapest: the most volume per unit of cost) is used. The time limit is shared out
 * over the containers, each estimate getting an equal slice of what is left.
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
  let totalCost = 0;
  let nodesLeft = req.maxNodes;

  while (remaining.some((r) => r > 0)) {
    const candidates = req.containers
      .map((c, i) => ({ c, i }))
      .filter(({ c, i }) => c.available === undefined || used[i]! < c.available);
    if (candidates.length === 0) break;
    // Rough number of containers still needed, to share the time fairly.
    const biggest = Math.max(...candidates.map(({ c }) => c.l * c.w * c.h));
    const estLeft = Math.max(1, Math.ceil(boxVol(remaining) / biggest));
    const elapsed = clock() - start;
    const slice = Math.max(1, (timeLimit - elapsed) / estLeft / candidates.length);
    const nodes =
      nodesLeft === undefined ? undefined : Math.max(1, Math.floor(nodesLeft / estLeft / candidates.length));
    const tried = candidates.map(({ c, i }) => {
      const plan = planContainer(c, boxes, {
        timeLimitMs: slice,
        seed: req.seed,
        maxNodes: nodes,
        counts: remaining,
        cogShare: req.cogShare,
        clock: req.clock,
      });
      const loaded = boxVol(remaining) - boxVol(plan.leftover);
      return { c, i, plan, loaded, all: plan.leftover.every((r) => r === 0) };
    });
    if (nodesLeft !== undefined && nodes !== undefined)
      nodesLeft = Math.max(0, nodesLeft - nodes * candidates.length);
    const finishing = tried.filter((t) => t.all);
    let pick: (typeof tried)[number] | undefined;
    if (finishing.length > 0) {
      pick = finishing.reduce((a, b) => {
        const ka = mode === 'cheapest' ? costOf(a.c) : a.c.l * a.c.w * a.c.h;
        const kb = mode === 'cheapest' ? costOf(b.c) : b.c.l * b.c.w * b.c.h;
        return kb < ka ? b : a;
      });
    } else {
      const score = (t: (typeof tried)[number]) => (mode === 'cheapest' ? t.loaded / costOf(t.c) : t.loaded);
      pick = tried.reduce((a, b) => (score(b) > score(a) ? b : a));
    }
    if (pick.loaded <= 0) break;
    plans.push(pick.plan);
    used[pick.i]!++;
    totalCost += costOf(pick.c);
    for (let t = 0; t < remaining.length; t++) remaining[t] = pick.plan.leftover[t]!;
  }
  return { containers: plans, leftover: remaining, totalCost };
}
