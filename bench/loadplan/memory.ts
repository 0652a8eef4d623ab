/**
 * Memory of the load planner's worker: plans run through the server's runPlan (a worker thread
 * under the heap cap) with a 10 s limit, while this otherwise idle process samples its RSS every 10 ms.
 * The growth over the RSS before the plan is the worker's. Instances: BR7 problem 1 from the Bischoff &
 * Ratcliff sets (100 strongly heterogeneous box types into one container), and the largest request the API
 * accepts (500 box types, 20,000 boxes, 40HQ containers, fewest containers).
 *
 *   node --expose-gc --import tsx bench/loadplan/memory.ts [--time-limit-ms 10000] [--caps 1024,256]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { LoadPlanRequest } from '../../packages/contract/src/index.ts';
import { parseThpack } from '../../packages/loadplan/src/index.ts';
import { runPlan } from '../../packages/server/src/modules/loadplan/routes.ts';

const { values } = parseArgs({
  options: {
    'time-limit-ms': { type: 'string', default: '10000' },
    caps: { type: 'string', default: '1024,256' },
    instances: { type: 'string', default: 'br7,max' },
  },
});
const timeLimitMs = Number(values['time-limit-ms']);
const gc = (globalThis as { gc?: () => void }).gc;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

const br = parseThpack(
  readFileSync(fileURLToPath(new URL('../../packages/loadplan/data/br/BR7.txt', import.meta.url)), 'utf8'),
)[0];
const instances: Record<string, LoadPlanRequest> = {
  br7: {
    containers: [{ id: 'BR', l: br.container.l, w: br.container.w, h: br.container.h }],
    boxes: br.boxes.map(({ vertical, ...b }) => ({
      ...b,
      id: String(b.id),
      ...(vertical ? { vertical: [...vertical] as [boolean, boolean, boolean] } : {}),
    })),
    mode: 'fewest',
    timeLimitMs,
    seed: 1,
  },
  max: {
    containers: [{ id: '40HQ', l: 12032, w: 2352, h: 2698, maxPayload: 26_000 }],
    boxes: Array.from({ length: 500 }, (_, i) => ({
      id: `b${i}`,
      l: 300 + (i % 37) * 13,
      w: 250 + (i % 23) * 11,
      h: 200 + (i % 19) * 17,
      qty: 40,
      weight: 20,
    })),
    mode: 'fewest',
    timeLimitMs,
    seed: 1,
  },
};

console.log(`node ${process.version}, time limit ${timeLimitMs} ms`);
console.log(
  '| instance | boxes | heap cap | outcome | ms | RSS before | peak | growth | 3 s after (after GC) |',
);
console.log('|---|---:|---:|---|---:|---:|---:|---:|---:|');
for (const name of values.instances.split(',')) {
  const request = instances[name];
  const boxes = request.boxes.reduce((n, b) => n + b.qty, 0);
  for (const cap of values.caps.split(',').map(Number)) {
    gc?.();
    await sleep(1000);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const started = performance.now();
    let outcome: string;
    try {
      const { plan } = await runPlan(request, { tenantId: 0, memoryMb: cap });
      const placed = plan.containers.reduce((n, c) => n + c.placements.length, 0);
      outcome = `${plan.containers.length} containers, ${placed} placed`;
    } catch (err) {
      const e = err as { status?: number; code?: string; message?: string };
      outcome = e.status ? `${e.status} ${e.code}` : `error ${e.message}`;
    }
    const ms = performance.now() - started;
    clearInterval(sampler);
    await sleep(3000);
    const after = process.memoryUsage().rss;
    gc?.();
    await sleep(300);
    const afterGc = process.memoryUsage().rss;
    console.log(
      `| ${name} | ${boxes} | ${cap} MB | ${outcome} | ${ms.toFixed(0)} | ${mb(before)} | ${mb(peak)} | +${mb(peak - before)} | ${mb(after)} (${mb(afterGc)}) |`,
    );
  }
}
