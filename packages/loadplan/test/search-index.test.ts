import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateBlocks } from '../src/blocks.ts';
import { brSeed, generateBR } from '../src/generate.ts';
import { planContainer } from '../src/plan-container.ts';
import { buildProblem } from '../src/problem.ts';
import { applyBlock, rootState, type SearchContext } from '../src/search.ts';
import { blockIndex, DEFAULT_TUNING, rowAtMost } from '../src/search-setup.ts';
import { parseThpack } from '../src/thpack.ts';
import { BR_DIR, expectValid } from './helpers.ts';

const BLOCK_OPTIONS = { maxBlocks: 1500, minFill: 0.98, composite: true, maxPairChecks: 4_000_000 };

/** Row of the largest size at most v, by a plain scan. */
function rowByScan(sizes: Int32Array, v: number): number {
  let row = -1;
  sizes.forEach((s, j) => {
    if (s <= v) row = j;
  });
  return row;
}

describe('block index', () => {
  it('looks up the bitset row of a space size as a scan would find it', () => {
    const pr = parseThpack(readFileSync(join(BR_DIR, 'BR5.txt'), 'utf8'))[0]!;
    const p = buildProblem(pr.container, pr.boxes);
    const index = blockIndex(generateBlocks(p, BLOCK_OPTIONS), p.types.length);
    for (const axis of index.axes!) {
      expect(axis.rows.length).toBeGreaterThan(0);
      for (let v = -1; v <= pr.container.l + 5; v++)
        expect(rowAtMost(axis, v)).toBe(rowByScan(axis.sizes, v));
    }
  });

  it('keeps the alive bitset equal to the blocks the remaining boxes can form', () => {
    const pr = parseThpack(readFileSync(join(BR_DIR, 'BR3.txt'), 'utf8'))[0]!;
    const p = buildProblem(pr.container, pr.boxes);
    const blocks = generateBlocks(p, BLOCK_OPTIONS);
    const index = blockIndex(blocks, p.types.length);
    const ctx = { ...index, p, blocks, minDim: 1, tuning: DEFAULT_TUNING } as unknown as SearchContext;
    const st = rootState(p, index);
    const alive = (i: number) => ((st.alive![i >>> 5]! >>> (i & 31)) & 1) === 1;
    const canForm = (i: number) => blocks[i]!.types.every((t, j) => blocks[i]!.counts[j]! <= st.avail[t]!);
    // Take blocks of every size (largest, smallest, middle in turn) until nothing is left to form.
    let step = 0;
    for (; step < 500; step++) {
      const formable = blocks.map((_, i) => i).filter(canForm);
      if (formable.length === 0) break;
      const pick = formable[[0, formable.length - 1, formable.length >> 1][step % 3]!]!;
      applyBlock(ctx, st, blocks[pick]!, 0, 0, 0, Number.POSITIVE_INFINITY);
      for (let i = 0; i < blocks.length; i++) expect(alive(i)).toBe(canForm(i));
    }
    expect(step).toBeGreaterThan(10);
    expect([...st.avail].every((n) => n === 0)).toBe(true);
  });
});

describe('block cap', () => {
  // 60 types, a few boxes each: composite blocks beyond the 1,500 of the few-type sets.
  const pr = generateBR({ types: 60, seed: brSeed(1), problem: 1 });
  const budget = { timeLimitMs: 30_000, maxNodes: 50 };

  it('grows with the number of box types beyond 20', () => {
    const plan = planContainer(pr.container, pr.boxes, budget);
    expectValid(pr.container, pr.boxes, plan);
    expect(plan.stats!.blocks).toBeGreaterThan(1500);
    expect(plan.stats!.blocks).toBeLessThanOrEqual(1500 + 12 * 40);
    const flat = planContainer(pr.container, pr.boxes, { ...budget, tuning: { blocksPerType: 0 } });
    expect(flat.stats!.blocks).toBeLessThanOrEqual(1500);
  });
});
