import { generateBR, brSeed } from './packages/loadplan/src/generate.ts';
import { planContainer } from './packages/loadplan/src/plan-container.ts';
const tuning = JSON.parse(process.env.LP_TUNING ?? '{}');
const types = Number(process.env.T ?? 60);
let s = 0;
for (const p of [91, 92]) {
  const pr = generateBR({ types, seed: brSeed(p) });
  const plan = planContainer(pr.container, pr.boxes, { timeLimitMs: 60000, maxNodes: Number(process.env.N ?? 5000), tuning });
  s += plan.volumeUtilisation;
  console.log(p, (plan.volumeUtilisation * 100).toFixed(2), JSON.stringify(plan.stats));
}
