import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { checkPlan } from '../src/check.ts';
import type { BoxSpec, ContainerPlan, ContainerSpec } from '../src/types.ts';

/** The package's copy of the shared reference data (data/README.md). */
export const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'data');
export const BR_DIR = join(DATA_DIR, 'br');

/** Every plan a test makes goes through the checker. */
export function expectValid(
  container: ContainerSpec,
  boxes: readonly BoxSpec[],
  plan: ContainerPlan,
  counts?: number[],
) {
  const res = checkPlan(container, boxes, plan.placements, counts ? { counts } : {});
  expect(res.violations).toEqual([]);
  // The reported figures must match the placements.
  const vol = plan.placements.reduce((s, p) => s + p.l * p.w * p.h, 0);
  expect(plan.volumeUtilisation).toBeCloseTo(vol / (container.l * container.w * container.h), 9);
  const placedPerType = boxes.map((_, t) => plan.placements.filter((p) => p.type === t).length);
  placedPerType.forEach((n, t) => {
    expect(n + plan.leftover[t]!).toBe(counts ? counts[t] : boxes[t]!.qty);
  });
}
