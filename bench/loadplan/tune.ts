/**
 * Tuning probe: mean utilisation of the engine over problems FROM..TO of every BR set, with search
 * parameters from LP_TUNING (JSON, see Tuning in search.ts). No checking, no baseline: for quick A/B runs.
 *   LP_TUNING='{"maxBlocks":2000}' nice -n 10 npx tsx bench/loadplan/tune.ts 1 4 500
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseThpack, planContainer } from '../../packages/loadplan/src/index.ts';

/** shared/data sits beside the repository root. */
const BR_DEFAULT = fileURLToPath(new URL('../../../shared/data/container-loading/br', import.meta.url));

const [from, to, ms] = process.argv.slice(2).map(Number);
const tuning = JSON.parse(process.env.LP_TUNING ?? '{}');
let sum = 0;
let n = 0;
const per: string[] = [];
const sets = (process.env.SETS ?? '1,2,3,4,5,6,7').split(',').map(Number);
for (const set of sets) {
  const ps = parseThpack(readFileSync(`${process.env.BR_DIR ?? BR_DEFAULT}/BR${set}.txt`, 'utf8'));
  let s = 0;
  for (const p of ps.slice(from! - 1, to)) {
    const plan = planContainer(p.container, p.boxes, { timeLimitMs: ms, tuning });
    s += plan.volumeUtilisation;
    n++;
  }
  sum += s;
  per.push(((s / (to! - from! + 1)) * 100).toFixed(2));
}
console.log(ms, process.env.LP_TUNING ?? '{}', 'mean', ((sum / n) * 100).toFixed(2), per.join(' '));
