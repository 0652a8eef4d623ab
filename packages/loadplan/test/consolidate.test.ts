import { describe, expect, it } from 'vitest';
import { checkPlan } from '../src/check.ts';
import { STANDARD_CONTAINERS } from '../src/containers.ts';
import { planContainer } from '../src/plan-container.ts';
import { consolidate, planShipment } from '../src/shipment.ts';
import type { BoxSpec, ContainerPlan, ContainerSpec } from '../src/types.ts';

/** A clock that never moves: only the node cap ends the work, so results do not depend on load. */
const budget = (nodes: number) => ({ clock: () => 0, deadline: 1, nodes });

/** Every container valid for the boxes still to load when it is filled, and all boxes loaded once. */
function expectShipment(boxes: readonly BoxSpec[], containers: readonly ContainerPlan[]) {
  const left = boxes.map((b) => b.qty);
  for (const c of containers) {
    expect(checkPlan(c.container, boxes, c.placements, { counts: left.slice() }).violations).toEqual([]);
    for (const p of c.placements) left[p.type]!--;
  }
  expect(left).toEqual(boxes.map(() => 0));
}

describe('consolidation after planning container by container', () => {
  const c: ContainerSpec = { id: 'C', l: 1000, w: 100, h: 100, maxPayload: 1000 };
  const boxes: BoxSpec[] = [
    { l: 400, w: 100, h: 100, qty: 1, weight: 100, vertical: [false, false, true] },
    { l: 300, w: 100, h: 100, qty: 2, weight: 100, vertical: [false, false, true] },
  ];
  const alone = (counts: number[]) => planContainer(c, boxes, { counts, maxNodes: 50, timeLimitMs: 60_000 });

  it('empties the emptiest containers into the others when their boxes fit there', () => {
    // Three containers, 40%, 30% and 30% full: all three loads fit in one container end to end.
    const plans = [alone([1, 0]), alone([0, 1]), alone([0, 1])];
    const out = consolidate(boxes, plans, budget(1000));
    expect(out).toHaveLength(1);
    expect(out[0]!.placements).toHaveLength(3);
    expectShipment(boxes, out);
  });

  it('keeps a container whose boxes the others cannot take, here for payload', () => {
    const heavy: BoxSpec[] = boxes.map((b) => ({ ...b, weight: 600 }));
    const plans = [1, 2].map((k) =>
      planContainer(c, heavy, { counts: k === 1 ? [1, 0] : [0, 1], maxNodes: 50, timeLimitMs: 60_000 }),
    );
    const out = consolidate(heavy, plans, budget(1000));
    expect(out).toHaveLength(2);
    expect(out.map((p) => p.placements.length)).toEqual([1, 1]);
  });

  it('plans a real batch with a 12 m bundle into two 40HQs, as its lower bound says', () => {
    // Six cases of a substation lot, 30,920 kg: more than one 40HQ's payload, under two. The bundle
    // runs the container's whole length, so the slices of the load cannot be reordered around it.
    const hq = STANDARD_CONTAINERS.find((t) => t.id === '40HQ')!;
    const spec: ContainerSpec = { id: '40HQ', l: hq.l, w: hq.doorW!, h: hq.h, maxPayload: hq.maxPayload };
    const upright = [false, false, true] as const;
    const lot: BoxSpec[] = [
      { id: 'bundle', l: 12000, w: 700, h: 690, qty: 1, weight: 2400, vertical: upright },
      { id: 'transformer', l: 3200, w: 2200, h: 2400, qty: 1, weight: 9800, vertical: upright },
      { id: 'switchgear', l: 2400, w: 1800, h: 2200, qty: 1, weight: 6200, vertical: upright },
      { id: 'breaker', l: 2200, w: 1200, h: 2000, qty: 1, weight: 5200, vertical: upright },
      { id: 'panel', l: 1800, w: 1200, h: 1600, qty: 1, weight: 4300, vertical: upright },
      { id: 'spares', l: 1500, w: 1000, h: 1200, qty: 1, weight: 3020, vertical: upright },
    ];
    expect(lot.reduce((s, b) => s + b.weight! * b.qty, 0)).toBe(30_920);
    const plan = planShipment({ containers: [spec], boxes: lot, timeLimitMs: 60_000, maxNodes: 2000 });
    expect(plan.leftover).toEqual([0, 0, 0, 0, 0, 0]);
    expect(plan.containers).toHaveLength(2);
    expectShipment(lot, plan.containers);
    for (const cp of plan.containers) {
      expect(cp.totalWeight).toBeLessThanOrEqual(hq.maxPayload!);
      expect(Math.abs(cp.cogOffset!.x)).toBeLessThanOrEqual(0.1);
      expect(Math.abs(cp.cogOffset!.y)).toBeLessThanOrEqual(0.1);
    }
  });
});
