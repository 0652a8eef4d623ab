import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { checkPlan } from './check.ts';
import { planContainer } from './plan-container.ts';
import { parseRange } from './range.ts';
import { parseThpack } from './thpack.ts';

const USAGE = `usage: loadplan --format thpack --time-limit-ms N [--seed S] [--problems 1-10] [--check] FILE
Prints one JSON line per problem. --check verifies each plan and adds "violations" (count).`;

function main(): void {
  const { values, positionals } = parseArgs({
    options: {
      format: { type: 'string', default: 'thpack' },
      'time-limit-ms': { type: 'string', default: '1000' },
      seed: { type: 'string', default: '1' },
      problems: { type: 'string' },
      check: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  if (values.help || positionals.length !== 1) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  if (values.format !== 'thpack') throw new Error(`unsupported format ${values.format}`);
  const timeLimitMs = Number(values['time-limit-ms']);
  const seed = Number(values.seed);
  const only = values.problems ? parseRange(values.problems) : null;
  const problems = parseThpack(readFileSync(positionals[0]!, 'utf8'));
  for (const pr of problems) {
    if (only && !only.has(pr.problem)) continue;
    const t0 = performance.now();
    const plan = planContainer(pr.container, pr.boxes, { timeLimitMs, seed });
    const ms = Math.round(performance.now() - t0);
    const placements = plan.placements.map((p) => ({ ...p, type: Number(pr.boxes[p.type]!.id) }));
    const line: Record<string, unknown> = {
      problem: pr.problem,
      container: { l: pr.container.l, w: pr.container.w, h: pr.container.h },
      placements,
      utilisation: Number(plan.volumeUtilisation.toFixed(6)),
      ms,
    };
    if (values.check) line.violations = checkPlan(pr.container, pr.boxes, plan.placements).violations.length;
    process.stdout.write(`${JSON.stringify(line)}\n`);
  }
}

main();
