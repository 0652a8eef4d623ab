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
/** How many may wait (LOADPLAN_QUEUE); a plan beyond them is refused at once (429 `loadplan.busy`). */
export const plannerLimits = { maxWaiting: 8 };
let running = 0;
const queue: (() => void)[] = [];

async function slot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) {
    if (queue.length >= plannerLimits.maxWaiting)
      throw new AppError(429, 'loadplan.busy', { waiting: queue.length });
    await new Promise<void>((resolve) => queue.push(resolve));
  }
  running++;
  try {
    return await fn();
  } finally {
    running--;
    queue.shift()?.();
  }
}

/**
 * Runs one plan in its own worker thread with a capped heap (`LOADPLAN_MEMORY_MB`): a plan that needs
 * more ends its worker with a clear refusal (413 `loadplan.too_large`), never the API process's memory.
 * The worker ends with its plan, so its memory is given back after every plan. A worker still running
 * 30 s past the plan's time limit is stopped (413 `loadplan.overrun`) and the next plan goes on.
 */
export function runPlan(
  request: LoadPlanRequest,
  memoryMb = 1024,
  overrunMs = 30_000,
): Promise<{ plan: ShipmentPlan; problems: unknown[] }> {
  return slot(
    () =>
      new Promise((resolve, reject) => {
        const worker = new Worker(workerUrl, {
          workerData: request,
          resourceLimits: {
            maxOldGenerationSizeMb: memoryMb,
            maxYoungGenerationSizeMb: Math.min(64, memoryMb / 4),
          },
        });
        let settled = false;
        const settle = (fn: () => void) => {
          if (settled) return;
          settled = true;
          clearTimeout(guard);
          fn();
        };
        // The engine stops itself at the time limit; this only guards against a stuck worker.
        const guard = setTimeout(() => void worker.terminate(), request.timeLimitMs + overrunMs);
        worker.once('message', (msg: { plan?: ShipmentPlan; problems?: unknown[]; error?: string }) => {
          void worker.terminate();
          settle(() =>
            msg.error || !msg.plan
              ? reject(new Error(msg.error ?? 'no plan'))
              : resolve({ plan: msg.plan, problems: msg.problems ?? [] }),
          );
        });
        worker.once('error', (err: Error & { code?: string }) => {
          settle(() =>
            reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError(413, 'loadplan.too_large') : err),
          );
        });
        // Stopped by the guard (or ended without a word): neither a message nor an error comes.
        worker.once('exit', () => settle(() => reject(new AppError(413, 'loadplan.overrun'))));
      }),
  );
}

export async function loadPlanRoutes(app: FastifyInstance) {
  const tags = ['loadPlan'];
  plannerLimits.maxWaiting = app.config.loadPlanQueue;
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
      const { plan, problems } = await runPlan(body, app.config.loadPlanMemoryMb);
      if (problems.length) {
        request.log.error({ problems }, 'load plan failed its check');
        throw new AppError(500, 'internal');
      }
      return { ...plan, ms: Date.now() - started };
    },
  );
}
