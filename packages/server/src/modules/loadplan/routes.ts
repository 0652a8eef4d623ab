// POST /api/loadPlan: plan how boxes go into containers (the 3D loading tool's server side),
// in a worker thread so the API stays responsive; GET /api/loadPlan/containerTypes: the standard sizes.
import { Worker } from 'node:worker_threads';
import { type LoadPlanRequest, loadPlanRequest } from '@tradelane/contract';
import { type ShipmentPlan, STANDARD_CONTAINERS } from '@tradelane/loadplan';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.ts';

const workerUrl = new URL('./worker.mjs', import.meta.url);
/** At most this many plans run at once on a node; more wait their turn. */
const MAX_PARALLEL = 1;
let running = 0;
const queue: (() => void)[] = [];

async function slot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => queue.push(resolve));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    queue.shift()?.();
  }
}

export function runPlan(request: LoadPlanRequest): Promise<{ plan: ShipmentPlan; problems: unknown[] }> {
  return slot(
    () =>
      new Promise((resolve, reject) => {
        const worker = new Worker(workerUrl, { workerData: request });
        // The engine stops itself at the time limit; this only guards against a stuck worker.
        const guard = setTimeout(() => void worker.terminate(), request.timeLimitMs + 30_000);
        worker.once('message', (msg: { plan?: ShipmentPlan; problems?: unknown[]; error?: string }) => {
          clearTimeout(guard);
          void worker.terminate();
          if (msg.error || !msg.plan) reject(new Error(msg.error ?? 'no plan'));
          else resolve({ plan: msg.plan, problems: msg.problems ?? [] });
        });
        worker.once('error', (err) => {
          clearTimeout(guard);
          reject(err);
        });
      }),
  );
}

export async function loadPlanRoutes(app: FastifyInstance) {
  const tags = ['loadPlan'];
  app.get(
    '/api/loadPlan/containerTypes',
    { config: { permission: 'loadPlan:use' }, schema: { tags } },
    async () => STANDARD_CONTAINERS,
  );
  app.post(
    '/api/loadPlan',
    {
      config: { permission: 'loadPlan:use', describe: 'plan container loading' },
      schema: { tags, body: loadPlanRequest },
    },
    async (request) => {
      const body = request.body as LoadPlanRequest;
      const started = Date.now();
      const { plan, problems } = await runPlan(body);
      if (problems.length) {
        request.log.error({ problems }, 'load plan failed its check');
        throw new AppError(500, 'internal');
      }
      return { ...plan, ms: Date.now() - started };
    },
  );
}
