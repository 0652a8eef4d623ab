import { describe, expect, it } from 'vitest';
import { balancePlacements, cogOffset, loadingOrder } from '../src/balance.ts';
import { checkPlan } from '../src/check.ts';
import { planContainer } from '../src/plan-container.ts';
import { planShipment } from '../src/shipment.ts';
import type { BoxSpec, ContainerSpec, Placement } from '../src/types.ts';
import { expectValid } from './helpers.ts';

const BUDGET = { timeLimitMs: 30_000, maxNodes: 400 };
const C40: ContainerSpec = { l: 12032, w: 2350, h: 2697, maxPayload: 26540 };
const at = (type: number, x: number, y: number, z: number, l: number, w: number, h: number): Placement => ({
  type,
  x,
  y,
  z,
  l,
  w,
  h,
});
const kinds = (c: ContainerSpec, boxes: BoxSpec[], ps: Placement[], cogShare?: number) =>
  checkPlan(c, boxes, ps, cogShare === undefined ? {} : { cogShare }).violations.map((v) => v.kind);

describe('centre of gravity: the checker', () => {
  const c: ContainerSpec = { l: 100, w: 50, h: 40 };
  const boxes: BoxSpec[] = [{ l: 10, w: 10, h: 10, qty: 4, weight: 100 }];

  it('refuses a load whose centre is more than 10% of the length or width off the middle', () => {
    // One box at the back wall: its centre is at x = 5, 45% of the length off the middle.
    expect(kinds(c, boxes, [at(0, 0, 20, 0, 10, 10, 10)])).toEqual(['balance']);
    // Centred along the length but against a side wall: 40% of the width off.
    expect(kinds(c, boxes, [at(0, 45, 0, 0, 10, 10, 10)])).toEqual(['balance']);
    // At exactly 10%: x centre 60 (10 of 100), y centre 30 (5 of 50).
    expect(kinds(c, boxes, [at(0, 55, 25, 0, 10, 10, 10)])).toEqual([]);
    expect(kinds(c, boxes, [at(0, 56, 25, 0, 10, 10, 10)])).toEqual(['balance']);
  });

  it('reads the limit from the options and ignores cargo without weight', () => {
    expect(kinds(c, boxes, [at(0, 56, 25, 0, 10, 10, 10)], 0.2)).toEqual([]);
    expect(kinds(c, boxes, [at(0, 0, 0, 0, 10, 10, 10)], Number.POSITIVE_INFINITY)).toEqual([]);
    const light: BoxSpec[] = [{ l: 10, w: 10, h: 10, qty: 1 }];
    expect(kinds(c, light, [at(0, 0, 0, 0, 10, 10, 10)])).toEqual([]);
  });

  it('weighs the boxes: a heavy box at one end is balanced by light ones only in proportion', () => {
    const two: BoxSpec[] = [
      { l: 10, w: 50, h: 10, qty: 1, weight: 300 },
      { l: 10, w: 50, h: 10, qty: 1, weight: 100 },
    ];
    // Centres at 5 and 95: weighted 27.5, off by 22.5%.
    expect(kinds(c, two, [at(0, 0, 0, 0, 10, 50, 10), at(1, 90, 0, 0, 10, 50, 10)])).toEqual(['balance']);
    expect(
      cogOffset(c, [at(0, 0, 0, 0, 10, 50, 10), at(1, 90, 0, 0, 10, 50, 10)], (p) => two[p.type]!.weight!),
    ).toEqual({ x: -0.225, y: 0 });
  });
});

describe('centre of gravity: the planner', () => {
  it('moves a single heavy case from the back wall to the middle and reports its centre', () => {
    const boxes: BoxSpec[] = [
      { l: 3800, w: 2200, h: 2500, qty: 1, weight: 23600, vertical: [false, false, true] },
    ];
    const plan = planContainer(C40, boxes, BUDGET);
    expectValid(C40, boxes, plan);
    expect(plan.placements).toHaveLength(1);
    expect(Math.abs(plan.cogOffset!.x)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(plan.cogOffset!.y)).toBeLessThanOrEqual(0.1);
    expect(plan.centreOfGravity!.x).toBeCloseTo(C40.l / 2, -1);
  });

  it('puts heavy slices towards the middle when a shift is not enough', () => {
    // Four heavy and eight light boxes, each a full-width slice; loaded as planned the heavy ones
    // would all stand at one end of the length.
    const c: ContainerSpec = { l: 1200, w: 100, h: 100 };
    const boxes: BoxSpec[] = [
      { l: 100, w: 100, h: 100, qty: 4, weight: 1000, vertical: [false, false, true] },
      { l: 100, w: 100, h: 100, qty: 8, weight: 10, vertical: [false, false, true] },
    ];
    const slices = [0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1].map((t, i) => at(t, i * 100, 0, 0, 100, 100, 100));
    expect(kinds(c, boxes, slices)).toEqual(['balance']);
    const { placements, changed } = balancePlacements(c, boxes, slices);
    expect(changed).toBe(true);
    expect(placements).toHaveLength(12);
    expect(kinds(c, boxes, placements)).toEqual([]);
    const plan = planContainer(c, boxes, BUDGET);
    expectValid(c, boxes, plan);
    expect(plan.placements).toHaveLength(12);
  });

  it('mirrors one slice across the width when the heavy boxes stand along one side wall', () => {
    const c: ContainerSpec = { l: 100, w: 100, h: 10 };
    const boxes: BoxSpec[] = [
      { l: 50, w: 30, h: 10, qty: 2, weight: 1000, vertical: [false, false, true] },
      { l: 50, w: 70, h: 10, qty: 2, weight: 10, vertical: [false, false, true] },
    ];
    const ps = [
      at(0, 0, 0, 0, 50, 30, 10),
      at(1, 0, 30, 0, 50, 70, 10),
      at(0, 50, 0, 0, 50, 30, 10),
      at(1, 50, 30, 0, 50, 70, 10),
    ];
    expect(kinds(c, boxes, ps)).toEqual(['balance']);
    const { placements } = balancePlacements(c, boxes, ps);
    expect(placements).toHaveLength(4);
    expect(kinds(c, boxes, placements)).toEqual([]);
    expect(
      placements
        .filter((p) => p.type === 0)
        .map((p) => p.y)
        .sort(),
    ).toEqual([0, 70]);
  });

  it('leaves a box for the next container when no order, mirror or shift balances the load', () => {
    const c: ContainerSpec = { l: 100, w: 100, h: 10 };
    const boxes: BoxSpec[] = [
      { l: 100, w: 30, h: 10, qty: 1, weight: 1000, vertical: [false, false, true] },
      { l: 50, w: 70, h: 10, qty: 2, weight: 10, vertical: [false, false, true] },
    ];
    // One slice the full width: the 30-wide heavy strip cannot come to the middle with the others in.
    const ps = [at(0, 0, 0, 0, 100, 30, 10), at(1, 0, 30, 0, 50, 70, 10), at(1, 50, 30, 0, 50, 70, 10)];
    const { placements } = balancePlacements(c, boxes, ps);
    expect(kinds(c, boxes, placements)).toEqual([]);
    expect(placements.length).toBeLessThan(3);
    expect(placements.length).toBeGreaterThan(0);
  });

  it('keeps loading groups in order: only the whole load moves', () => {
    const c: ContainerSpec = { l: 1000, w: 100, h: 100 };
    const boxes: BoxSpec[] = [
      { l: 100, w: 100, h: 100, qty: 2, weight: 500, group: 0, vertical: [false, false, true] },
      { l: 100, w: 100, h: 100, qty: 2, weight: 500, group: 1, vertical: [false, false, true] },
    ];
    const plan = planContainer(c, boxes, BUDGET);
    expectValid(c, boxes, plan);
    expect(plan.placements).toHaveLength(4);
    const xs = (t: number) => plan.placements.filter((p) => p.type === t).map((p) => p.x);
    expect(Math.max(...xs(0))).toBeLessThan(Math.min(...xs(1)));
  });

  it('a shipment of real cases: payload splits them, every container is balanced', () => {
    const boxes: BoxSpec[] = [
      {
        id: 'case',
        l: 3800,
        w: 2200,
        h: 2500,
        qty: 1,
        weight: 23600,
        vertical: [false, false, true],
        stackable: false,
      },
      { id: 'sg', l: 2400, w: 2000, h: 2300, qty: 2, weight: 10400, vertical: [false, false, true] },
      { id: 'carton', l: 1200, w: 800, h: 900, qty: 10, weight: 300 },
    ];
    const plan = planShipment({ containers: [C40], boxes, ...BUDGET });
    expect(plan.leftover).toEqual([0, 0, 0]);
    expect(plan.containers).toHaveLength(2);
    for (const cp of plan.containers) {
      expect(checkPlan(C40, boxes, cp.placements, { counts: [1, 2, 10] }).violations).toEqual([]);
      expect(cp.totalWeight).toBeLessThanOrEqual(26540);
      expect(Math.abs(cp.cogOffset!.x)).toBeLessThanOrEqual(0.1);
    }
  });
});

describe('loading order', () => {
  it('goes from the back wall to the door, every box after what it rests on', () => {
    // A long box at the back on top of two: the one under its front half starts further forward.
    const ps = [
      at(0, 50, 0, 0, 50, 10, 10),
      at(0, 0, 0, 10, 100, 10, 10),
      at(0, 0, 0, 0, 50, 10, 10),
      at(0, 100, 0, 0, 10, 10, 10),
    ];
    const order = loadingOrder(ps).map((p) => ps.indexOf(p));
    expect(order).toEqual([2, 0, 1, 3]);
  });
});

describe('centre of gravity: sliding stacks', () => {
  it('slides a case along a full-length bundle instead of leaving it for another container', () => {
    const c: ContainerSpec = { l: 12032, w: 2340, h: 2697, maxPayload: 26540 };
    const boxes: BoxSpec[] = [
      { l: 12000, w: 700, h: 690, qty: 1, weight: 2400, vertical: [false, false, true] },
      { l: 1500, w: 1000, h: 1200, qty: 1, weight: 3020, vertical: [false, false, true] },
    ];
    // As the search leaves them: both against the back wall, the case beside the bundle.
    const ps = [at(0, 0, 0, 0, 12000, 700, 690), at(1, 0, 700, 0, 1500, 1000, 1200)];
    expect(kinds(c, boxes, ps)).toEqual(['balance']);
    const { placements } = balancePlacements(c, boxes, ps);
    expect(placements).toHaveLength(2);
    expect(kinds(c, boxes, placements)).toEqual([]);
  });

  it('slides stacks only into free room, and again once a neighbour has moved', () => {
    const c: ContainerSpec = { l: 100, w: 20, h: 20 };
    const boxes: BoxSpec[] = [
      { l: 100, w: 10, h: 10, qty: 1, weight: 1000, vertical: [false, false, true] },
      { l: 10, w: 10, h: 10, qty: 1, weight: 1000, vertical: [false, false, true] },
      { l: 10, w: 10, h: 10, qty: 2, weight: 1, vertical: [false, false, true] },
    ];
    // A full-length bundle along one side makes the load one slice. Beside it the heavy case stands
    // at the back wall, and a light stack of two 20 in front of it, in its way.
    const ps = [
      at(0, 0, 10, 0, 100, 10, 10),
      at(1, 0, 0, 0, 10, 10, 10),
      at(2, 30, 0, 0, 10, 10, 10),
      at(2, 30, 0, 10, 10, 10, 10),
    ];
    expect(kinds(c, boxes, ps)).toEqual(['balance']);
    const { placements } = balancePlacements(c, boxes, ps);
    expect(placements).toHaveLength(4);
    expect(kinds(c, boxes, placements)).toEqual([]);
    // The stack went to the door, still one stack, so the heavy case could reach the middle.
    expect(placements.filter((p) => p.type === 2).map((p) => [p.x, p.z])).toEqual([
      [90, 0],
      [90, 10],
    ]);
    expect(placements.find((p) => p.type === 1)!.x).toBe(45);
  });
});
