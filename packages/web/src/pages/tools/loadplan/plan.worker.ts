// Runs the load planner off the main thread; the page terminates the worker to cancel.
import { planShipment, type ShipmentPlan, type ShipmentRequest } from '@tradelane/loadplan';

export type PlanWorkerAnswer = { ok: true; plan: ShipmentPlan; ms: number } | { ok: false; message: string };

self.onmessage = (e: MessageEvent<ShipmentRequest>) => {
  const started = performance.now();
  let answer: PlanWorkerAnswer;
  try {
    const plan = planShipment(e.data);
    answer = { ok: true, plan, ms: Math.round(performance.now() - started) };
  } catch (err) {
    answer = { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  self.postMessage(answer);
};
