import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRange } from '../src/range.ts';
import { parseThpack } from '../src/thpack.ts';
import { BR_DIR } from './helpers.ts';

const SAMPLE = ` 2
 1 2502505
 587 233 220
 3
 1 108 0 76 0 30 1 40
 2 110 0 43 1 25 1 33
 3 92 1 81 1 55 1 39
 2 77
 100 50 40
 1
 1 10 1 20 0 30 1 5
`;

describe('parseThpack', () => {
  it('reads problems, containers and box types with their vertical flags', () => {
    const ps = parseThpack(SAMPLE);
    expect(ps).toHaveLength(2);
    expect(ps[0]!.problem).toBe(1);
    expect(ps[0]!.seed).toBe(2502505);
    expect(ps[0]!.container).toEqual({ l: 587, w: 233, h: 220 });
    expect(ps[0]!.boxes).toHaveLength(3);
    expect(ps[0]!.boxes[1]).toEqual({ id: 2, l: 110, w: 43, h: 25, qty: 33, vertical: [false, true, true] });
    expect(ps[1]!.boxes[0]).toEqual({ id: 1, l: 10, w: 20, h: 30, qty: 5, vertical: [true, false, true] });
  });

  it('rejects truncated or non-numeric input', () => {
    expect(() => parseThpack(SAMPLE.slice(0, 60))).toThrow(/unexpected end/);
    expect(() => parseThpack('1\n1 2\n3 x 5')).toThrow(/expected a number/);
  });

  it('parses ranges', () => {
    expect([...parseRange('1-3,7')]).toEqual([1, 2, 3, 7]);
    expect(() => parseRange('a-b')).toThrow();
  });

  it('reads all BR files: 100 problems each, boxes under 100% of the container', () => {
    for (let set = 1; set <= 7; set++) {
      const ps = parseThpack(readFileSync(join(BR_DIR, `BR${set}.txt`), 'utf8'));
      expect(ps).toHaveLength(100);
      for (const p of ps) {
        const vol = p.boxes.reduce((s, b) => s + b.l * b.w * b.h * b.qty, 0);
        expect(vol).toBeLessThanOrEqual(p.container.l * p.container.w * p.container.h);
        expect(p.boxes.every((b) => b.vertical!.some((v) => v))).toBe(true);
      }
    }
  });
});
