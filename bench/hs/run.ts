/**
 * HS search benchmark: the in-memory index of HS 2022 (6,940 codes) — load time, and per-query time for
 * code prefixes and English/Chinese words (what /api/hs/thirdParty/* run before serialising).
 *
 *   npx tsx bench/hs/run.ts [--repeat 200]
 */
import { parseArgs } from 'node:util';
import { describe, searchHs } from '../../packages/server/src/modules/hs/hs-index.ts';

const { values } = parseArgs({ options: { repeat: { type: 'string', default: '200' } } });
const REPEAT = Number(values.repeat);
const queries = [
  '8504',
  '8504.23',
  '85444',
  '0101',
  'transformer',
  'insulated conductors voltage',
  'steel structures towers',
  'valves',
  'cable',
  'parts',
  '钢铁',
  '电机',
];

let t = performance.now();
searchHs('warm', { size: 20 });
console.log(`load (parse CSV, build index): ${(performance.now() - t).toFixed(0)} ms`);
const all: number[] = [];
console.log('| query | hits | median ms | p95 ms | max ms |\n|---|---|---|---|---|');
for (const q of queries) {
  const times: number[] = [];
  let hits = 0;
  for (let i = 0; i < REPEAT; i++) {
    t = performance.now();
    const r = searchHs(q, { size: 20 });
    r.items.map(describe);
    times.push(performance.now() - t);
    hits = r.total;
  }
  times.sort((a, b) => a - b);
  all.push(...times);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))].toFixed(2);
  console.log(`| ${q} | ${hits} | ${at(0.5)} | ${at(0.95)} | ${times.at(-1)?.toFixed(2)} |`);
}
all.sort((a, b) => a - b);
console.log(
  `all queries: median ${all[Math.floor(all.length / 2)].toFixed(2)} ms, p95 ${all[Math.floor(all.length * 0.95)].toFixed(2)} ms, max ${all.at(-1)?.toFixed(2)} ms`,
);
