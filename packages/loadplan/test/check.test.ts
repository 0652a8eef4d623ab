import { describe, expect, it } from 'vitest';
import { checkPlan, unionArea } from '../src/check.ts';
import type { BoxSpec, ContainerSpec, Placement } from '../src/types.ts';

const C: ContainerSpec = { l: 100, w: 50, h: 40, maxPayload: 100 };
const BOXES: BoxSpec[] = [
  { l: 20, w: 10, h: 10, qty: 4, weight: 10, vertical: [false, false, true] },
  { l: 30, w: 20, h: 10, qty: 2, weight: 30 },
];
const at = (type: number, x: number, y: number, z: number, l: number, w: number, h: number): Placement => ({
  type,
  x,
  y,
  z,
  l,
  w,
  h,
});
// These cases are about geometry and loads; the centre-of-gravity rule has its own tests (balance.test.ts).
const kinds = (ps: Placement[], boxes = BOXES, c = C) =>
  checkPlan(c, boxes, ps, { cogShare: Number.POSITIVE_INFINITY }).violations.map((v) => v.kind);

describe('checkPlan', () => {
  it('accepts a valid plan, including a box resting on two boxes of the same height', () => {
    const plan = [at(0, 0, 0, 0, 20, 10, 10), at(0, 20, 0, 0, 20, 10, 10), at(1, 5, 0, 10, 30, 10, 20)];
    // Box 2 stands its 20 side vertical: allowed for type 1 (all flags default to true).
    expect(kinds(plan)).toEqual([]);
  });

  it('finds overlaps', () => {
    expect(kinds([at(0, 0, 0, 0, 20, 10, 10), at(0, 19, 9, 0, 20, 10, 10)])).toEqual(['overlap']);
  });

  it('does not call touching boxes overlapping', () => {
    expect(kinds([at(0, 0, 0, 0, 20, 10, 10), at(0, 20, 0, 0, 20, 10, 10)])).toEqual([]);
  });

  it('finds boxes out of bounds', () => {
    expect(kinds([at(0, 81, 0, 0, 20, 10, 10)])).toEqual(['bounds']);
    expect(kinds([at(0, -1, 0, 0, 20, 10, 10)])).toEqual(['bounds']);
    expect(kinds([at(1, 0, 0, 31, 30, 20, 10)])).toContain('bounds');
  });

  it('finds floating boxes', () => {
    expect(kinds([at(0, 0, 0, 5, 20, 10, 10)])).toEqual(['support']);
  });

  it('finds partially supported boxes, even when supports meet at other heights', () => {
    // Half the base on a box, half over air.
    expect(kinds([at(0, 0, 0, 0, 20, 10, 10), at(0, 10, 0, 10, 20, 10, 10)])).toEqual(['support']);
    // Second support is one unit lower: it does not count.
    const plan = [at(0, 0, 0, 0, 20, 10, 10), at(1, 20, 0, 0, 30, 20, 10), at(1, 5, 0, 10, 30, 20, 10)];
    expect(kinds(plan)).toEqual(['support']);
    const lower = [at(0, 0, 0, 0, 20, 10, 10), at(1, 20, 0, 0, 20, 10, 9), at(1, 10, 0, 10, 30, 10, 20)];
    expect(kinds(lower)).toContain('support');
  });

  it('finds bad orientations: wrong size and a dimension that may not stand vertical', () => {
    expect(kinds([at(0, 0, 0, 0, 20, 11, 10)])).toEqual(['orientation']);
    // Type 0 may only stand on its 20×10 face.
    expect(kinds([at(0, 0, 0, 0, 10, 10, 20)])).toEqual(['orientation']);
    expect(kinds([at(0, 0, 0, 0, 10, 20, 10)])).toEqual([]);
  });

  it('finds counts exceeded and unknown types', () => {
    const plan = [0, 1, 2].map((i) => at(1, i * 30, 0, 0, 30, 20, 10));
    expect(kinds(plan)).toContain('count');
    expect(kinds([at(5, 0, 0, 0, 1, 1, 1)])).toEqual(['type']);
  });

  it('finds overweight plans', () => {
    const heavy: BoxSpec[] = [{ l: 10, w: 10, h: 10, qty: 5, weight: 30 }];
    const plan = [0, 1, 2, 3].map((i) => at(0, i * 10, 0, 0, 10, 10, 10));
    expect(kinds(plan, heavy)).toEqual(['weight']);
    expect(kinds(plan.slice(0, 3), heavy)).toEqual([]);
  });

  it('finds boxes on non-stackable boxes and top loads over the limit, passed down the stack', () => {
    const boxes: BoxSpec[] = [
      { l: 10, w: 10, h: 10, qty: 3, weight: 5, stackable: false },
      { l: 10, w: 10, h: 10, qty: 3, weight: 5, maxLoadOnTop: 8 },
    ];
    const c = { l: 30, w: 10, h: 30 };
    expect(kinds([at(0, 0, 0, 0, 10, 10, 10), at(1, 0, 0, 10, 10, 10, 10)], boxes, c)).toEqual(['stacking']);
    // One box of 5 on top: fine; two (10 in all, through the middle box) overload the bottom one.
    expect(kinds([at(1, 0, 0, 0, 10, 10, 10), at(1, 0, 0, 10, 10, 10, 10)], boxes, c)).toEqual([]);
    const three = [at(1, 0, 0, 0, 10, 10, 10), at(1, 0, 0, 10, 10, 10, 10), at(1, 0, 0, 20, 10, 10, 10)];
    expect(kinds(three, boxes, c)).toEqual(['load']);
  });

  it('finds loading-group violations: a higher group behind or under a lower one', () => {
    const boxes: BoxSpec[] = [
      { l: 10, w: 10, h: 10, qty: 2, group: 0 },
      { l: 10, w: 10, h: 10, qty: 2, group: 1 },
    ];
    const c = { l: 30, w: 10, h: 30 };
    expect(kinds([at(0, 0, 0, 0, 10, 10, 10), at(1, 10, 0, 0, 10, 10, 10)], boxes, c)).toEqual([]);
    expect(kinds([at(1, 0, 0, 0, 10, 10, 10), at(0, 10, 0, 0, 10, 10, 10)], boxes, c)).toEqual(['group']);
    expect(kinds([at(1, 0, 0, 0, 10, 10, 10), at(0, 0, 0, 10, 10, 10, 10)], boxes, c)).toEqual(['group']);
    // On top of a lower group is fine: it comes off first.
    expect(kinds([at(0, 0, 0, 0, 10, 10, 10), at(1, 0, 0, 10, 10, 10, 10)], boxes, c)).toEqual([]);
  });

  it('computes union areas exactly', () => {
    expect(unionArea([])).toBe(0);
    expect(
      unionArea([
        [0, 0, 10, 10],
        [5, 5, 15, 15],
      ]),
    ).toBe(175);
    expect(
      unionArea([
        [0, 0, 10, 10],
        [0, 0, 10, 10],
        [10, 0, 20, 5],
      ]),
    ).toBe(150);
  });
});
