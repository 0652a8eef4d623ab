import { describe, expect, it } from 'vitest';
import { countByType, groupSize, stepGroups } from './step-groups.ts';

const order = (types: number[]) => types.map((type) => ({ type }));

describe('step groups of the printed plan', () => {
  it('picks a round group size that needs at most the given number of views', () => {
    expect(groupSize(0, 8)).toBe(1);
    expect(groupSize(5, 8)).toBe(1);
    expect(groupSize(34, 8)).toBe(5);
    expect(groupSize(214, 8)).toBe(30);
    expect(groupSize(1000, 8)).toBe(200);
    expect(groupSize(5000, 8)).toBe(1000);
    for (const n of [1, 7, 33, 99, 457, 2999]) expect(Math.ceil(n / groupSize(n, 8))).toBeLessThanOrEqual(8);
  });
  it('cuts the loading order into consecutive groups that cover every box once', () => {
    const placements = order([0, 0, 0, 1, 1, 2, 2, 2, 2, 0, 1]);
    const groups = stepGroups(placements, 4);
    expect(groups.map((g) => [g.from, g.to])).toEqual([
      [1, 3],
      [4, 6],
      [7, 9],
      [10, 11],
    ]);
    expect(groups[1]?.counts).toEqual([
      { type: 1, count: 2 },
      { type: 2, count: 1 },
    ]);
    expect(groups.reduce((s, g) => s + g.counts.reduce((a, c) => a + c.count, 0), 0)).toBe(placements.length);
  });
  it('has no groups for an empty container', () => {
    expect(stepGroups([], 8)).toEqual([]);
  });
  it('counts boxes per type', () => {
    expect(countByType(order([2, 0, 2, 2]), 4)).toEqual([1, 0, 3, 0]);
  });
});
