/**
 * Tuning probe: mean utilisation of the engine with search parameters from LP_TUNING (JSON, see Tuning
 * in src/search-setup.ts). No checking, no baseline: for quick A/B runs. The limit is CPU time, so runs
 * on a loaded machine compare fairly.
 *   LP_TUNING='{"maxBlocks":2000}' nice -n 10 npx tsx bench/loadplan/tune.ts 1 4 500        # BR1–7 problems 1–4
 *   TYPES=30,60,100 LP_TUNING='{}' nice -n 10 npx tsx bench/loadplan/tune.ts 91 94 1000     # generated, problems 91–94
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brSeed, generateBR, parseThpack, planContainer } from '../../packages/loadplan/src/index.ts';

/** The planner package's copy of the instances (packages/loadplan/data/README.md). */
const BR_DEFAULT = fileURLToPath(new URL('../../packages/loadplan/data/br', import.meta.url));

const [from, to, ms] = process.argv.slice(2).map(Number);
const tuning = JSON.parse(process.env.LP_TUNING ?? '{}');
const clock = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const groups = process.env.TYPES
  ? process.env.TYPES.split(',').map((t) => ({
      name: `${t}`,
      problems: Array.from({ length: to! - from! + 1 }, (_, i) =>
        generateBR({ types: Number(t), seed: brSeed(from! + i), problem: from! + i }),
      ),
    }))
  : (process.env.SETS ?? '1,2,3,4,5,6,7').split(',').map((set) => ({
      name: `BR${set}`,
      problems: parseThpack(readFileSync(`${process.env.BR_DIR ?? BR_DEFAULT}/BR${set}.txt`, 'utf8')).slice(
        from! - 1,
        to,
      ),
    }));
let sum = 0;
let n = 0;
const per: string[] = [];
for (const g of groups) {
  let s = 0;
  for (const p of g.problems) {
    const plan = planContainer(p.container, p.boxes, { timeLimitMs: ms, tuning, clock });
    s += plan.volumeUtilisation;
    n++;
  }
  sum += s;
  per.push(`${g.name}:${((s / g.problems.length) * 100).toFixed(2)}`);
}
console.log(ms, process.env.LP_TUNING ?? '{}', 'mean', ((sum / n) * 100).toFixed(2), per.join(' '));
