// Self time of a .cpuprofile summed by package (or source file of ours) and by function, busy samples only.
//   node bench/query-shapes/profile-sum.mjs out.cpuprofile [packages shown] [functions shown]
import { readFileSync } from 'node:fs';

const profile = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const selfTime = new Map();
for (const [i, id] of profile.samples.entries())
  selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
const byPackage = new Map();
const byFunction = new Map();
let busy = 0;
const add = (map, key, t) => map.set(key, (map.get(key) ?? 0) + t);
for (const [id, t] of selfTime) {
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  if (functionName === '(idle)' || functionName === '(program)') continue;
  busy += t;
  const file = url.replace(/^file:\/\//, '');
  const pkg = file.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1];
  add(
    byPackage,
    pkg ?? (file.includes('/packages/') ? file.replace(/.*\/packages\//, '') : file || functionName),
    t,
  );
  add(
    byFunction,
    `${functionName || '(anonymous)'} ${file.replace(/.*node_modules\/|.*\/packages\//, '')}:${lineNumber + 1}`,
    t,
  );
}
const show = (map, k) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(
      ([name, t]) =>
        `${(t / 1000).toFixed(0).padStart(7)} ms ${((100 * t) / busy).toFixed(1).padStart(5)}%  ${name}`,
    )
    .join('\n');
console.log(`busy ${(busy / 1000).toFixed(0)} ms`);
console.log(show(byPackage, Number(process.argv[3] ?? 20)));
console.log('---');
console.log(show(byFunction, Number(process.argv[4] ?? 40)));
