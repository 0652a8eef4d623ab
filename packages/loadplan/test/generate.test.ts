import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brSeed, formatThpack, generateBR } from '../src/generate.ts';
import { parseThpack } from '../src/thpack.ts';
import { BR_DIR } from './helpers.ts';

/** Box types per problem in BR1–7. */
const TYPES = [3, 5, 8, 10, 12, 15, 20];

describe('Bischoff & Ratcliff generator', () => {
  it('reproduces every problem of BR1–7 from its seed', () => {
    TYPES.forEach((types, k) => {
      const published = parseThpack(readFileSync(join(BR_DIR, `BR${k + 1}.txt`), 'utf8'));
      for (const p of published) {
        expect(p.seed).toBe(brSeed(p.problem));
        expect(generateBR({ types, seed: p.seed, problem: p.problem })).toEqual(p);
      }
    });
  });

  it('fills the container almost to its volume with boxes in the paper’s size ranges', () => {
    for (const types of [30, 100]) {
      const p = generateBR({ types, seed: 4242 });
      expect(p.boxes).toHaveLength(types);
      const vol = p.boxes.reduce((s, b) => s + b.l * b.w * b.h * b.qty, 0);
      const cap = 587 * 233 * 220;
      expect(vol).toBeLessThanOrEqual(cap);
      // Adding stops at the first box that would overflow, so the cargo is within one large box of full.
      expect(vol).toBeGreaterThan(cap - 120 * 100 * 80);
      for (const b of p.boxes) {
        expect(b.l).toBeGreaterThanOrEqual(b.w);
        expect(b.w).toBeGreaterThanOrEqual(b.h);
        expect([b.l, b.w, b.h].every((d) => d >= 20 && d <= 120)).toBe(true);
        // The smallest side may always stand vertical; a side twice the smallest never.
        expect(b.vertical![2]).toBe(true);
        expect(b.vertical![0]).toBe(b.l / b.h < 2);
      }
    }
  });

  it('writes problems that parse back the same', () => {
    const ps = [
      generateBR({ types: 30, seed: 7, problem: 1 }),
      generateBR({ types: 5, seed: 8, problem: 2 }),
    ];
    expect(parseThpack(formatThpack(ps))).toEqual(ps);
  });
});
