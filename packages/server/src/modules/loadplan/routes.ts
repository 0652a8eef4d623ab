// POST /api/loadPlan: plan how boxes go into containers (the 3D loading tool's server side),
// in a worker thread so the API stays responsive, with turns fair per tenant and the plan's time limit
// kept; GET /api/loadPlan/containerTypes: the standard sizes.
import { Worker } from 'node:worker_threads';
import type { LoadPlanRequest } from '@tradelane/contract';
import { loadplanOps } from '@tradelane/contract/api/loadplan';
import { type ShipmentPlan, STANDARD_CONTAINERS } from '@tradelane/loadplan';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { FairQueue, QueueFull, TurnTimeout } from '../../lib/fair-queue.ts';
import { IdleWorkers } from '../../lib/idle-workers.ts';

const workerUrl = new URL('./worker.mjs', import.meta.url);

/**
 * The planner's turns on this node, fair per tenant (LOADPLAN_WORKERS, LOADPLAN_QUEUE,
 * LOADPLAN_TENANT_QUEUE): a company runs at most all workers but one (so another company always finds
 * one free) and keeps at most its share waiting; a freed worker goes to the next company in turn.
 */
export const plannerLimits = { workers: 2, tenantWaiting: 4, totalWaiting: 32 };
const turns = new FairQueue(() => ({
  workers: plannerLimits.workers,
  tenantWorkers: Math.max(1, plannerLimits.workers - 1),
  tenantWaiting: plannerLimits.tenantWaiting,
  totalWaiting: plannerLimits.totalWaiting,
}));
/** The least planning time worth starting a worker for. */
const MIN_PLANNING_MS = 100;
/** Past its time limit a plan's worker has this long to hand its plan over (check, answer). */
const GRACE_MS = 3000;
/** A worker that has not even started (loaded the engine) in this long is stuck. */
const START_GUARD_MS = 60_000;

export interface PlanRun {
  /** Whose turn it is (the caller's tenant). */
  tenantId: number;
  /** The worker's heap cap (LOADPLAN_MEMORY_MB). */
  memoryMb?: number;
  /** When the caller asked (the time limit counts from it, waiting included). */
  since?: number;
  /** How long past the limit a worker may still answer before it is stopped. */
  graceMs?: number;
}

/**
 * Runs one plan in its own worker thread with a capped heap: a plan that needs more ends its worker with a
 * clear refusal (413 `loadplan.too_large`), never the API process's memory. The worker ends with its plan,
 * so its memory is given back after every plan. The plan's time limit is a limit: it counts from the
 * request, waiting included — a plan with no turn before it is answered then (503 `loadplan.no_turn`),
 * the engine plans for the time left, and a worker still running past the limit (and a short grace) is
 * stopped (413 `loadplan.overrun`). A company with its share of the queue full is refused (429).
 */
export async function runPlan(
  request: LoadPlanRequest,
  run: PlanRun,
): Promise<{ plan: ShipmentPlan; problems: unknown[]; waitMs: number }> {
  const since = run.since ?? Date.now();
  const deadline = since + request.timeLimitMs;
  let release: () => void;
  try {
    release = await turns.acquire(run.tenantId, deadline - Math.min(MIN_PLANNING_MS, request.timeLimitMs));
  } catch (err) {
    if (err instanceof QueueFull)
      throw new AppError(429, err.scope === 'tenant' ? 'loadplan.busy' : 'loadplan.busy_node', {
        waiting: err.waiting,
      });
    if (err instanceof TurnTimeout)
      throw new AppError(503, 'loadplan.no_turn', { seconds: request.timeLimitMs / 1000 });
    throw err;
  }
  const waitMs = Date.now() - since;
  try {
    const planned = await planInWorker(request, deadline, run.memoryMb ?? 1024, run.graceMs ?? GRACE_MS);
    return { ...planned, waitMs };
  } finally {
    release();
  }
}

function planInWorker(
  request: LoadPlanRequest,
  deadline: number,
  memoryMb: number,
  graceMs: number,
): Promise<{ plan: ShipmentPlan; problems: unknown[] }> {
  return new Promise((resolve, reject) => {
    const kept = idlePlanners.take(memoryMb);
    const worker =
      kept ??
      new Worker(workerUrl, {
        resourceLimits: {
          maxOldGenerationSizeMb: memoryMb,
          maxYoungGenerationSizeMb: Math.min(64, memoryMb / 4),
        },
      });
    // The engine plans until the deadline (less what starting the worker took, for a new one).
    worker.postMessage({ request, deadline });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(guard);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      fn();
    };
    const stop = () => void worker.terminate();
    const planning = () => setTimeout(stop, Math.max(50, deadline - Date.now()) + graceMs);
    // Until it has started, only a stuck worker is stopped: starting is not planning, and on a loaded
    // machine it can take longer than a short limit. Once started, it has until the limit and the grace.
    let guard = kept ? planning() : setTimeout(stop, START_GUARD_MS);
    const onMessage = (msg: { ready?: true; plan?: ShipmentPlan; problems?: unknown[]; error?: string }) => {
      if (msg.ready) {
        clearTimeout(guard);
        guard = planning();
        return;
      }
      settle(() => {
        if (msg.plan) idlePlanners.giveBack(worker, memoryMb);
        else void worker.terminate();
        if (msg.error || !msg.plan) reject(new Error(msg.error ?? 'no plan'));
        else resolve({ plan: msg.plan, problems: msg.problems ?? [] });
      });
    };
    const onError = (err: Error & { code?: string }) =>
      settle(() =>
        reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError(413, 'loadplan.too_large') : err),
      );
    // Stopped by the guard (or ended without a word): neither a message nor an error comes.
    const onExit = () => settle(() => reject(new AppError(413, 'loadplan.overrun')));
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
  });
}

/**
 * Planners at rest: a worker that answered with a plan waits for the next one (at most LOADPLAN_WORKERS,
 * for the heap cap it was started with); one that failed, overran or ran out of memory ends. Starting one
 * took a second or more of the plan's own time limit on a loaded machine.
 */
const idlePlanners = new IdleWorkers(() => plannerLimits.workers);

/** Tests: how many planners wait for the next plan. */
export const plannersAtRest = () => idlePlanners.size;

export async function loadPlanRoutes(app: FastifyInstance) {
  plannerLimits.workers = app.config.loadPlan.workers;
  plannerLimits.tenantWaiting = app.config.loadPlan.tenantQueue;
  plannerLimits.totalWaiting = app.config.loadPlan.queue;
  mount(app, loadplanOps.containerTypes, async () => [...STANDARD_CONTAINERS]);
  mount(
    app,
    loadplanOps.plan,
    async (request) => {
      const body: LoadPlanRequest = request.body;
      const started = Date.now();
      const { plan, problems, waitMs } = await runPlan(body, {
        tenantId: request.auth?.tenantId ?? 0,
        memoryMb: app.config.loadPlanMemoryMb,
        since: started,
      });
      if (problems.length) {
        request.log.error({ problems }, 'load plan failed its check');
        throw new AppError(500, 'internal');
      }
      // `ms`: the whole answer's time; `waitMs`: of it, the time the plan waited for its turn.
      return { ...plan, ms: Date.now() - started, waitMs };
    },
    { config: { describe: 'plan container loading' } },
  );
}
