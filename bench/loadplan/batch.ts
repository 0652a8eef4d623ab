/**
 * The planner on a real batch: the 500 boxes the life-cycle benchmark gives every batch (bench/lifecycle:
 * sizes 600–1,500 × 400–1,100 × 300–1,200 mm, 80–500 kg, one in ten not stackable, one in seven this
 * side up) into 40HQs, as the server plans them (`/api/container/plan`: one box type per distinct box,
 * the door's width as the loading width, fewest containers). Prints the containers used against the
 * volume and weight lower bounds, and each container's fill, weight and centre of gravity; every
 * container is checked by the package's checker.
 *
 *   nice -n 10 npx tsx bench/loadplan/batch.ts [--time-limit-ms 5000] [--clock cpu] [--boxes 500]
 * --baseline DIR plans with the planShipment of DIR/index.ts (another commit's packages/loadplan/src,
 * extracted with git archive) instead; the checker stays this one.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  type BoxSpec,
  type ContainerSpec,
  checkPlan,
  planShipment,
  STANDARD_CONTAINERS,
} from '../../packages/loadplan/src/index.ts';

const { values } = parseArgs({
  options: {
    'time-limit-ms': { type: 'string', default: '5000' },
    clock: { type: 'string', default: 'wall' },
    boxes: { type: 'string', default: '500' },
    seed: { type: 'string', default: '1' },
    baseline: { type: 'string' },
  },
});

/** Box g of a life-cycle batch (the same formulas as its SQL). */
export function lifecycleBox(g: number): BoxSpec {
  return {
    id: g,
    l: 600 + ((g * 37) % 900),
    w: 400 + ((g * 53) % 700),
    h: 300 + ((g * 71) % 900),
    qty: 1,
    weight: 80 + ((g * 13) % 420),
    stackable: g % 10 !== 0,
    vertical: g % 7 === 0 ? [false, false, true] : [true, true, true],
  };
}

const hq = STANDARD_CONTAINERS.find((c) => c.id === '40HQ')!;
const spec: ContainerSpec = {
  id: '40HQ',
  l: hq.l,
  w: Math.min(hq.w, hq.doorW!),
  h: hq.h,
  maxPayload: hq.maxPayload,
};
const boxes = Array.from({ length: Number(values.boxes) }, (_, i) => lifecycleBox(i + 1));
const volume = boxes.reduce((s, b) => s + b.l * b.w * b.h * b.qty, 0);
const weight = boxes.reduce((s, b) => s + (b.weight ?? 0) * b.qty, 0);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const plan$: typeof planShipment = values.baseline
  ? (await import(join(values.baseline, 'index.ts'))).planShipment
  : planShipment;
const t0 = performance.now();
const c0 = cpuMs();
const plan = plan$({
  containers: [spec],
  boxes,
  mode: 'fewest',
  timeLimitMs: Number(values['time-limit-ms']),
  seed: Number(values.seed),
  ...(values.clock === 'cpu' ? { clock: cpuMs } : {}),
});
const ms = performance.now() - t0;
const cpu = cpuMs() - c0;
const left = boxes.map((b) => b.qty);
console.log('| container | boxes | volume % | weight kg | centre of gravity (x, y % off) | check |');
console.log('|---:|---:|---:|---:|---|---|');
plan.containers.forEach((c, i) => {
  const check = checkPlan(spec, boxes, c.placements, { counts: left.slice() });
  for (const p of c.placements) left[p.type]!--;
  const off = c.cogOffset ? `${(c.cogOffset.x * 100).toFixed(1)}, ${(c.cogOffset.y * 100).toFixed(1)}` : '–';
  console.log(
    `| ${i + 1} | ${c.placements.length} | ${(c.volumeUtilisation * 100).toFixed(1)} | ${c.totalWeight.toLocaleString('en')} | ${off} | ${check.ok ? 'ok' : check.violations.map((v) => v.kind).join(',')} |`,
  );
});
console.log(
  `\n${boxes.length} boxes, ${(volume / 1e9).toFixed(1)} m³, ${weight.toLocaleString('en')} kg: ${plan.containers.length} containers, lower bounds ${Math.ceil(volume / (spec.l * spec.w * spec.h))} by volume and ${Math.ceil(weight / spec.maxPayload!)} by weight; ${plan.leftover.reduce((s, n) => s + n, 0)} left over; ${ms.toFixed(0)} ms (CPU ${cpu.toFixed(0)} ms)`,
);
