import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContainerTypes, STANDARD_CONTAINERS } from '../src/containers.ts';
import { planShipment } from '../src/shipment.ts';
import type { BoxSpec, ContainerSpec } from '../src/types.ts';
import { DATA_DIR, expectValid } from './helpers.ts';

/** A node cap, so results do not depend on machine load; the time limit is only a safety net. */
const BUDGET = { timeLimitMs: 30_000, maxNodes: 800 };

function expectShipmentValid(boxes: BoxSpec[], res: ReturnType<typeof planShipment>) {
  const remaining = boxes.map((b) => b.qty);
  for (const plan of res.containers) {
    expectValid(plan.container, boxes, plan, remaining.slice());
    plan.placements.forEach((p) => {
      remaining[p.type]!--;
    });
  }
  expect(res.leftover).toEqual(remaining);
}

describe('planShipment', () => {
  const boxes: BoxSpec[] = [
    { l: 50, w: 40, h: 30, qty: 30, weight: 20 },
    { l: 30, w: 30, h: 30, qty: 20, weight: 10 },
  ];
  const volume = boxes.reduce((s, b) => s + b.l * b.w * b.h * b.qty, 0);

  it('fewest: loads everything in as few containers as the volume needs', () => {
    const small: ContainerSpec = { id: 'S', l: 100, w: 80, h: 60 };
    const res = planShipment({ containers: [small], boxes, mode: 'fewest', ...BUDGET });
    expectShipmentValid(boxes, res);
    expect(res.leftover.every((n) => n === 0)).toBe(true);
    const lowerBound = Math.ceil(volume / (100 * 80 * 60));
    expect(res.containers.length).toBeGreaterThanOrEqual(lowerBound);
    expect(res.containers.length).toBeLessThanOrEqual(lowerBound + 1);
  });

  it('cheapest: prefers the container with the better price per volume', () => {
    const small: ContainerSpec = { id: 'S', l: 100, w: 80, h: 60, cost: 100 };
    // Twice the volume for 1.2 times the price.
    const big: ContainerSpec = { id: 'B', l: 200, w: 80, h: 60, cost: 120 };
    const res = planShipment({ containers: [small, big], boxes, mode: 'cheapest', ...BUDGET });
    expectShipmentValid(boxes, res);
    expect(res.leftover.every((n) => n === 0)).toBe(true);
    expect(res.containers.filter((p) => p.container.id === 'B').length).toBeGreaterThanOrEqual(1);
    expect(res.totalCost).toBe(res.containers.reduce((s, p) => s + p.container.cost!, 0));
    // Never worse than using only small containers at the volume bound.
    expect(res.totalCost).toBeLessThanOrEqual(Math.ceil(volume / (100 * 80 * 60)) * 100);
  });

  it('stops at the available containers and reports the rest as left over', () => {
    const one: ContainerSpec = { id: 'S', l: 100, w: 80, h: 60, available: 1 };
    const res = planShipment({ containers: [one], boxes, ...BUDGET });
    expectShipmentValid(boxes, res);
    expect(res.containers).toHaveLength(1);
    expect(res.leftover.some((n) => n > 0)).toBe(true);
  });

  it('keeps the payload in each container', () => {
    const c: ContainerSpec = { id: 'W', l: 200, w: 100, h: 100, maxPayload: 200 };
    const res = planShipment({ containers: [c], boxes, ...BUDGET });
    expectShipmentValid(boxes, res);
    for (const p of res.containers) expect(p.totalWeight).toBeLessThanOrEqual(200);
    expect(res.containers.length).toBeGreaterThanOrEqual(Math.ceil((30 * 20 + 20 * 10) / 200));
  });
});

describe('container types', () => {
  it('has the standard types with positive sizes', () => {
    const types = loadContainerTypes();
    expect(types.map((t) => t.id)).toContain('40HQ');
    for (const t of types) expect(Math.min(t.l, t.w, t.h)).toBeGreaterThan(0);
  });

  it('parses quoted CSV fields', () => {
    const csv =
      'code,name_en,name_zh,internal_length_mm,internal_width_mm,internal_height_mm,tare_kg,max_payload_kg\nX,"a, b",中,10,20,30,,5\nY,y,y,10,20,,,';
    expect(loadContainerTypes(csv)).toEqual([
      { id: 'X', nameEn: 'a, b', nameZh: '中', l: 10, w: 20, h: 30, maxPayload: 5 },
    ]);
  });

  it('matches the shared equipment table', () => {
    const parsed = loadContainerTypes(readFileSync(join(DATA_DIR, 'equipment', 'containers.csv'), 'utf8'));
    for (const row of parsed) {
      const builtIn = STANDARD_CONTAINERS.find((c) => c.id === row.id);
      expect(builtIn).toBeDefined();
      expect([builtIn!.l, builtIn!.w, builtIn!.h, builtIn!.maxPayload]).toEqual([
        row.l,
        row.w,
        row.h,
        row.maxPayload,
      ]);
    }
  });
});
