import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planContainer } from '../src/plan-container.ts';
import { parseThpack } from '../src/thpack.ts';
import type { BoxSpec, ContainerSpec } from '../src/types.ts';
import { BR_DIR, expectValid } from './helpers.ts';

/**
 * Node caps rather than time limits: results then do not depend on how loaded the machine is, and a
 * generous time limit is only a safety net. (Time limits are tested on their own below.)
 */
const BUDGET = { timeLimitMs: 30_000, maxNodes: 400 };
const BR_BUDGET = { timeLimitMs: 30_000, maxNodes: 1500 };

const boxVolume = (boxes: readonly BoxSpec[]) => boxes.reduce((s, b) => s + b.l * b.w * b.h * b.qty, 0);

describe('planContainer on small problems', () => {
  it('packs a container that divides exactly, completely', () => {
    const c = { l: 100, w: 60, h: 40 };
    const boxes = [{ l: 20, w: 30, h: 20, qty: 20 }];
    const plan = planContainer(c, boxes, BUDGET);
    expectValid(c, boxes, plan);
    expect(plan.placements).toHaveLength(20);
    expect(plan.volumeUtilisation).toBe(1);
  });

  it('uses the only allowed orientation when the box may not be turned', () => {
    // Fits 4 per layer only if turned on its side, which is forbidden: 10 high boxes, 2 layers.
    const c = { l: 20, w: 20, h: 25 };
    const boxes: BoxSpec[] = [{ l: 20, w: 10, h: 10, qty: 10, vertical: [false, false, true] }];
    const plan = planContainer(c, boxes, BUDGET);
    expectValid(c, boxes, plan);
    expect(plan.placements).toHaveLength(4);
    expect(plan.placements.every((p) => p.h === 10)).toBe(true);
  });

  it('leaves boxes over when they do not fit, and reports them', () => {
    const c = { l: 50, w: 50, h: 50 };
    const boxes = [
      { l: 30, w: 30, h: 30, qty: 2 },
      { l: 60, w: 10, h: 10, qty: 1 },
    ];
    const plan = planContainer(c, boxes, BUDGET);
    expectValid(c, boxes, plan);
    expect(plan.leftover[0]).toBe(1);
    expect(plan.leftover[1]).toBe(1);
  });

  it('keeps the payload, then fills with what weight allows', () => {
    const c = { l: 100, w: 100, h: 100, maxPayload: 100 };
    const boxes = [
      { l: 50, w: 50, h: 50, qty: 8, weight: 40 },
      { l: 10, w: 10, h: 10, qty: 50, weight: 1 },
    ];
    const plan = planContainer(c, boxes, BUDGET);
    expectValid(c, boxes, plan);
    expect(plan.totalWeight).toBeLessThanOrEqual(100);
    expect(plan.weightUtilisation).toBeCloseTo(plan.totalWeight / 100, 9);
    expect(plan.totalWeight).toBeGreaterThan(90);
  });

  it('computes the centre of gravity from the weights', () => {
    const c = { l: 100, w: 10, h: 10 };
    const boxes = [{ l: 10, w: 10, h: 10, qty: 1, weight: 5 }];
    const plan = planContainer(c, boxes, BUDGET);
    const p = plan.placements[0]!;
    expect(plan.centreOfGravity).toEqual({ x: p.x + 5, y: 5, z: 5 });
    expect(planContainer(c, [{ l: 200, w: 1, h: 1, qty: 1 }], BUDGET).centreOfGravity).toBeNull();
  });

  it('never puts anything on non-stackable boxes', () => {
    const c = { l: 40, w: 40, h: 40 };
    const boxes: BoxSpec[] = [
      { l: 20, w: 20, h: 20, qty: 4, stackable: false },
      { l: 20, w: 20, h: 20, qty: 8 },
    ];
    const plan = planContainer(c, boxes, BUDGET);
    expectValid(c, boxes, plan);
    // All 8 cells can be used only with the fragile boxes on top.
    expect(plan.placements).toHaveLength(8);
    for (const p of plan.placements.filter((q) => q.type === 0)) expect(p.z).toBe(20);
  });

  it('respects top-load limits passed down the stack', () => {
    const c = { l: 10, w: 10, h: 50 };
    const boxes: BoxSpec[] = [{ l: 10, w: 10, h: 10, qty: 5, weight: 10, maxLoadOnTop: 20 }];
    const plan = planContainer(c, boxes, BUDGET);
    expectValid(c, boxes, plan);
    // The bottom box may carry two more, so three high.
    expect(plan.placements).toHaveLength(3);
  });

  it('loads lower groups behind higher ones (higher groups nearer the door)', () => {
    const c = { l: 60, w: 20, h: 20 };
    const boxes: BoxSpec[] = [
      { l: 10, w: 10, h: 10, qty: 8, group: 2 },
      { l: 10, w: 10, h: 10, qty: 8, group: 0 },
      { l: 10, w: 10, h: 10, qty: 8, group: 1 },
    ];
    const plan = planContainer(c, boxes, BUDGET);
    expectValid(c, boxes, plan);
    expect(plan.placements).toHaveLength(24);
    const xs = (t: number) => plan.placements.filter((p) => p.type === t).map((p) => p.x);
    expect(Math.max(...xs(1))).toBeLessThan(Math.min(...xs(2)));
    expect(Math.max(...xs(2))).toBeLessThan(Math.min(...xs(0)));
  });

  it('lists placements in a loading order where supports come first', () => {
    const c = { l: 60, w: 40, h: 60 };
    const boxes = [
      { l: 20, w: 20, h: 20, qty: 10 },
      { l: 30, w: 20, h: 15, qty: 10 },
    ];
    const plan = planContainer(c, boxes, BUDGET);
    expectValid(c, boxes, plan);
    plan.placements.forEach((p, i) => {
      if (p.z === 0) return;
      const before = plan.placements.slice(0, i);
      const area = before
        .filter((q) => q.z + q.h === p.z)
        .reduce((s, q) => {
          const ox = Math.max(0, Math.min(p.x + p.l, q.x + q.l) - Math.max(p.x, q.x));
          const oy = Math.max(0, Math.min(p.y + p.w, q.y + q.w) - Math.max(p.y, q.y));
          return s + ox * oy;
        }, 0);
      expect(area).toBe(p.l * p.w);
    });
  });

  it('is deterministic for a seed under a node cap', () => {
    const c = { l: 120, w: 80, h: 70 };
    const boxes = [
      { l: 23, w: 17, h: 13, qty: 40 },
      { l: 31, w: 19, h: 11, qty: 30 },
      { l: 14, w: 14, h: 29, qty: 30 },
    ];
    const a = planContainer(c, boxes, { timeLimitMs: 60_000, maxNodes: 300, seed: 7 });
    const b = planContainer(c, boxes, { timeLimitMs: 60_000, maxNodes: 300, seed: 7 });
    expectValid(c, boxes, a);
    expect(b.placements).toEqual(a.placements);
    expect(a.volumeUtilisation).toBeGreaterThan(0.8);
    expect(a.volumeUtilisation).toBeLessThanOrEqual(boxVolume(boxes) / (120 * 80 * 70));
  });

  it('returns within the time limit, even on a large problem', () => {
    const c: ContainerSpec = { l: 12032, w: 2350, h: 2697 };
    const boxes = Array.from({ length: 15 }, (_, i) => ({
      l: 300 + 37 * i,
      w: 200 + 23 * ((i * 7) % 15),
      h: 150 + 41 * ((i * 4) % 15),
      qty: 40,
    }));
    const t0 = performance.now();
    const plan = planContainer(c, boxes, { timeLimitMs: 400 });
    expect(performance.now() - t0).toBeLessThan(2000);
    expectValid(c, boxes, plan);
  });
});

describe('planContainer on a large real load', () => {
  it('handles many small cartons in a 40HQ within the time limit, with weights and payload', () => {
    const c: ContainerSpec = { id: '40HQ', l: 12032, w: 2350, h: 2697, maxPayload: 26540 };
    const boxes: BoxSpec[] = Array.from({ length: 12 }, (_, i) => ({
      l: 300 + 40 * i,
      w: 200 + 25 * ((i * 5) % 12),
      h: 150 + 30 * ((i * 7) % 12),
      qty: 400,
      weight: 4 + i,
      vertical: i % 3 === 0 ? ([false, false, true] as const) : undefined,
    }));
    const t0 = performance.now();
    const plan = planContainer(c, boxes, { timeLimitMs: 1000 });
    expect(performance.now() - t0).toBeLessThan(8000);
    expectValid(c, boxes, plan);
    expect(plan.totalWeight).toBeLessThanOrEqual(26540);
    // The cargo is over 3 containers' worth: one container should end up well filled or at payload.
    expect(Math.max(plan.volumeUtilisation, plan.weightUtilisation)).toBeGreaterThan(0.8);
  });
});

describe('planContainer on Bischoff & Ratcliff problems', () => {
  for (const set of [1, 4, 7]) {
    it(`BR${set}, problems 1–3, 1500 nodes each: valid and above 85%`, () => {
      const ps = parseThpack(readFileSync(join(BR_DIR, `BR${set}.txt`), 'utf8')).slice(0, 3);
      for (const pr of ps) {
        const plan = planContainer(pr.container, pr.boxes, BR_BUDGET);
        expectValid(pr.container, pr.boxes, plan);
        expect(plan.volumeUtilisation).toBeGreaterThan(0.85);
      }
    });
  }
});
