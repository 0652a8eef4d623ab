// Runs one load plan off the server's event loop (CPU-bound for up to the request's time limit).
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { planShipment, checkPlan } = await import('@tradelane/loadplan');
const { request, deadline } = workerData;
// Started (on a loaded machine that takes a second or more): the parent's guard counts from here.
parentPort.postMessage({ ready: true });
try {
  // The plan's time limit counts from the request: the engine gets what is left of it (a little at least).
  const plan = planShipment({ ...request, timeLimitMs: Math.max(50, deadline - Date.now()) });
  // Every plan is checked against the hard rules before anyone sees it.
  const problems = plan.containers.flatMap((c, i) =>
    checkPlan(c.container, request.boxes, c.placements).violations.map((v) => ({ container: i, ...v })),
  );
  parentPort.postMessage({ plan, problems });
} catch (err) {
  parentPort.postMessage({ error: String(err?.stack ?? err) });
}
