// Runs a plan in a web worker (or on the server) with a start time for the progress bar and a cancel.
import type { ShipmentPlan, ShipmentRequest } from '@tradelane/loadplan';
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadPlanApi } from './loadplan-api.ts';
import type { PlanWorkerAnswer } from './plan.worker.ts';

export interface PlanJob {
  started: number;
  limitMs: number;
  where: 'browser' | 'server';
}

interface Running {
  promise: Promise<{ plan: ShipmentPlan; ms: number } | null>;
  cancel(): void;
}

function inWorker(req: ShipmentRequest): Running {
  const worker = new Worker(new URL('./plan.worker.ts', import.meta.url), { type: 'module' });
  let settle: (v: null) => void = () => {};
  const promise = new Promise<{ plan: ShipmentPlan; ms: number } | null>((resolve, reject) => {
    settle = resolve;
    worker.onmessage = (e: MessageEvent<PlanWorkerAnswer>) => {
      worker.terminate();
      if (e.data.ok) resolve({ plan: e.data.plan, ms: e.data.ms });
      else reject(new Error(e.data.message));
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message || 'worker failed'));
    };
  });
  worker.postMessage(req);
  return {
    promise,
    cancel: () => {
      worker.terminate();
      settle(null);
    },
  };
}

function onServer(req: ShipmentRequest): Running {
  let cancelled = false;
  let settle: (v: null) => void = () => {};
  const promise = new Promise<{ plan: ShipmentPlan; ms: number } | null>((resolve, reject) => {
    settle = resolve;
    loadPlanApi.plan(req).then(
      ({ ms, ...plan }) => resolve(cancelled ? null : { plan, ms }),
      (err: unknown) => (cancelled ? resolve(null) : reject(err)),
    );
  });
  return {
    promise,
    cancel: () => {
      // The server finishes on its own within the time limit; the answer is just dropped.
      cancelled = true;
      settle(null);
    },
  };
}

export function usePlanner() {
  const [job, setJob] = useState<PlanJob | null>(null);
  const running = useRef<Running | null>(null);

  const cancel = useCallback(() => {
    running.current?.cancel();
    running.current = null;
    setJob(null);
  }, []);

  /** Resolves to the plan, or null when cancelled; rejects when planning fails. */
  const run = useCallback(async (req: ShipmentRequest, where: 'browser' | 'server') => {
    running.current?.cancel();
    const r = where === 'server' ? onServer(req) : inWorker(req);
    running.current = r;
    setJob({ started: performance.now(), limitMs: req.timeLimitMs ?? 2000, where });
    try {
      return await r.promise;
    } finally {
      if (running.current === r) {
        running.current = null;
        setJob(null);
      }
    }
  }, []);

  useEffect(() => () => running.current?.cancel(), []);
  return { job, run, cancel };
}
