import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPlan } from '../src/check.ts';
import { parseThpack } from '../src/thpack.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const FILE = ` 2
 1 11
 100 60 40
 2
 1 20 1 30 1 20 1 10
 2 50 0 20 0 10 1 6
 2 12
 30 30 30
 1
 1 40 1 10 1 10 1 3
`;

describe('cli', () => {
  it('prints one JSON line per problem with valid placements, typed by the file numbering', () => {
    const dir = mkdtempSync(join(tmpdir(), 'loadplan-'));
    const path = join(dir, 'tiny.txt');
    writeFileSync(path, FILE);
    const out = execFileSync(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      [
        join(ROOT, 'packages', 'loadplan', 'src', 'cli.ts'),
        '--format',
        'thpack',
        '--time-limit-ms',
        '100',
        '--seed',
        '3',
        path,
      ],
      { encoding: 'utf8' },
    );
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.problem)).toEqual([1, 2]);
    const problems = parseThpack(FILE);
    lines.forEach((line, k) => {
      const pr = problems[k]!;
      expect(line.container).toEqual(pr.container);
      expect(typeof line.ms).toBe('number');
      // File numbering is 1-based; the checker wants indexes into the box list.
      const placements = line.placements.map((p: { type: number }) => ({ ...p, type: p.type - 1 }));
      expect(checkPlan(pr.container, pr.boxes, placements).violations).toEqual([]);
      const vol = placements.reduce(
        (s: number, p: { l: number; w: number; h: number }) => s + p.l * p.w * p.h,
        0,
      );
      expect(line.utilisation).toBeCloseTo(vol / (pr.container.l * pr.container.w * pr.container.h), 5);
    });
    // Problem 2: the 40-long box fits no way in a 30 cube.
    expect(lines[1].placements).toEqual([]);
  });
});
