import { generateBR, brSeed } from './packages/loadplan/src/generate.ts';
import { planContainer } from './packages/loadplan/src/plan-container.ts';
const clock = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const tuning = JSON.parse(process.env.LP_TUNING ?? '{}');
const pr = generateBR({ types: Number(process.env.T ?? 100), seed: brSeed(Number(process.env.P ?? 91)) });
const plan = planContainer(pr.container, pr.boxes, { timeLimitMs: 1000, clock, tuning });
const V = 587*233*220;
console.log('util', (plan.volumeUtilisation*100).toFixed(2), JSON.stringify(plan.stats));
const left = plan.leftover.flatMap((n, t) => n > 0 ? [{ t, n, b: pr.boxes[t]! }] : []);
console.log('left boxes', left.reduce((s, x) => s + x.n, 0), 'vol %', (left.reduce((s, x) => s + x.n * x.b.l*x.b.w*x.b.h, 0)/V*100).toFixed(2));
console.log(left.map(x => `${x.n}x${x.b.l}x${x.b.w}x${x.b.h}${x.b.vertical!.map(v=>v?1:0).join('')}`).join(' '));
const total = pr.boxes.reduce((s,b)=>s+b.qty,0);
console.log('boxes', total, 'placed', plan.placements.length, 'total vol %', (pr.boxes.reduce((s,b)=>s+b.qty*b.l*b.w*b.h,0)/V*100).toFixed(2));
// height profile: top surface max z per x slice
const xs = [0, 100, 200, 300, 400, 500];
for (const x of xs) {
  const col = plan.placements.filter(p => p.x <= x+50 && p.x + p.l > x+50);
  console.log('x', x+50, 'max top', Math.max(0, ...col.map(p => p.z + p.h)));
}
