// Runs load plans off the server's event loop (CPU-bound for up to each request's time limit), one after
// another: routes.ts keeps a worker that answered for the next plan, since starting one (the thread, the
// loader, the engine) takes a second or more of a plan's time on a loaded machine.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { planShipment, checkPlan } = await import('@tradelane/loadplan');

function plan({ request, deadline }) {
  try {
    // The plan's time limit counts from the request: the engine gets what is left of it (a little at least).
    const planned = planShipment({ ...request, timeLimitMs: Math.max(50, deadline - Date.now()) });
    // Every plan is checked against the hard rules before anyone sees it.
    const problems = planned.containers.flatMap((c, i) =>
      checkPlan(c.container, request.boxes, c.placements).violations.map((v) => ({ container: i, ...v })),
    );
    parentPort.postMessage({ plan: planned, problems });
  } catch (err) {
    parentPort.postMessage({ error: String(err?.stack ?? err) });
  }
}

// Started (on a loaded machine that takes a second or more): the parent's guard counts from here.
parentPort.postMessage({ ready: true });
parentPort.on('message', plan);
