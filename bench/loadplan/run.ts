/**
 * Load planner benchmark on the Bischoff & Ratcliff sets: runs the engine and binpackingjs on the
 * same problems, checks every plan with the checker, prints per-set and overall statistics.
 *
 *   nice -n 10 npx tsx bench/loadplan/run.ts --time-limit-ms 2000 --sets 1-7 --problems 1-100 \
 *     --engines loadplan,binpackingjs --out bench/out/loadplan-2000.jsonl
 *   npx tsx bench/loadplan/run.ts --summarise bench/out/loadplan-2000.jsonl [--sets 1-7 --problems 1-10]
 *   npx tsx bench/loadplan/run.ts --curve a.jsonl,b.jsonl --problems 1-10   # utilisation per time limit
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkPlan, type Placement, parseThpack, planContainer } from '../../packages/loadplan/src/index.ts';
import { parseRange } from '../../packages/loadplan/src/range.ts';
import { planWithBinpackingjs } from './binpackingjs-adapter.ts';
import { curve, type Row, summarise } from './summary.ts';

/** shared/data sits beside the repository root. */
const BR_DEFAULT = fileURLToPath(new URL('../../../shared/data/container-loading/br', import.meta.url));

const { values } = parseArgs({
  options: {
    'time-limit-ms': { type: 'string', default: '2000' },
    sets: { type: 'string', default: '1-7' },
    problems: { type: 'string', default: '1-100' },
    engines: { type: 'string', default: 'loadplan,binpackingjs' },
    seed: { type: 'string', default: '1' },
    data: { type: 'string', default: BR_DEFAULT },
    out: { type: 'string' },
    summarise: { type: 'string' },
    curve: { type: 'string' },
  },
});

/** Rows of result files (comma-separated), restricted to --sets and --problems. */
function readRows(files: string): Row[] {
  const sets = parseRange(values.sets);
  const problems = parseRange(values.problems);
  return files
    .split(',')
    .flatMap((f) => readFileSync(f, 'utf8').split('\n'))
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Row)
    .filter((r) => sets.has(r.set) && problems.has(r.problem));
}

if (values.summarise) {
  console.log(summarise(readRows(values.summarise)));
  process.exit(0);
}
if (values.curve) {
  console.log(curve(readRows(values.curve)));
  process.exit(0);
}

const timeLimitMs = Number(values['time-limit-ms']);
const seed = Number(values.seed);
const sets = [...parseRange(values.sets)];
const only = parseRange(values.problems);
const engines = values.engines.split(',');
if (values.out) mkdirSync(dirname(values.out), { recursive: true });

const rows: Row[] = [];
for (const set of sets) {
  const problems = parseThpack(readFileSync(join(values.data, `BR${set}.txt`), 'utf8'));
  for (const pr of problems) {
    if (!only.has(pr.problem)) continue;
    for (const engine of engines) {
      const t0 = performance.now();
      let stats: Row['stats'];
      let placements: Placement[];
      if (engine === 'binpackingjs') placements = planWithBinpackingjs(pr.container, pr.boxes);
      else {
        const plan = planContainer(pr.container, pr.boxes, { timeLimitMs, seed });
        placements = plan.placements;
        stats = plan.stats;
      }
      const ms = performance.now() - t0;
      const check = checkPlan(pr.container, pr.boxes, placements);
      const vol = placements.reduce((s, p) => s + p.l * p.w * p.h, 0);
      const kinds: Record<string, number> = {};
      for (const v of check.violations) kinds[v.kind] = (kinds[v.kind] ?? 0) + 1;
      const row: Row = {
        set,
        problem: pr.problem,
        engine,
        timeLimitMs: engine === 'binpackingjs' ? 0 : timeLimitMs,
        utilisation: vol / (pr.container.l * pr.container.w * pr.container.h),
        ms,
        boxes: placements.length,
        violations: kinds,
        stats,
      };
      rows.push(row);
      if (values.out) appendFileSync(values.out, `${JSON.stringify(row)}\n`);
      process.stderr.write(
        `BR${set} #${pr.problem} ${engine}: ${(row.utilisation * 100).toFixed(2)}% ${ms.toFixed(0)} ms${check.ok ? '' : ` violations ${JSON.stringify(kinds)}`}\n`,
      );
    }
  }
}
console.log(summarise(rows));
