import { checkPlan } from '@tradelane/loadplan';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;

beforeAll(async () => {
  tok = await loginAll(t.app, ['supplier']);
});

describe('POST /api/loadPlan', () => {
  it('plans crates into a 20GP and returns a plan that passes the checker', async () => {
    const types = await call(t.app, 'GET', '/api/loadPlan/containerTypes', { token: tok.supplier });
    const gp20 = types.body.find((c: { id: string }) => c.id === '20GP');
    expect(gp20).toMatchObject({ l: 5896, w: 2350, h: 2393 });
    const boxes = [
      { id: 'switchgear', l: 1200, w: 1000, h: 1100, qty: 10, weight: 800 },
      {
        id: 'cable drum',
        l: 1000,
        w: 1000,
        h: 800,
        qty: 8,
        weight: 600,
        vertical: [false, false, true] as [boolean, boolean, boolean],
      },
    ];
    const res = await call(t.app, 'POST', '/api/loadPlan', {
      token: tok.supplier,
      body: {
        containers: [{ id: '20GP', l: gp20.l, w: gp20.w, h: gp20.h, maxPayload: gp20.maxPayload }],
        boxes,
        timeLimitMs: 500,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.containers.length).toBeGreaterThanOrEqual(1);
    let placed = 0;
    for (const c of res.body.containers) {
      expect(checkPlan(c.container, boxes, c.placements).violations).toEqual([]);
      placed += c.placements.length;
      expect(c.volumeUtilisation).toBeGreaterThan(0);
    }
    expect(placed + res.body.leftover.reduce((a: number, b: number) => a + b, 0)).toBe(18);
  });

  it('refuses nonsense input with a localized message and needs a session', async () => {
    const bad = await call(t.app, 'POST', '/api/loadPlan', {
      token: tok.supplier,
      body: { containers: [], boxes: [] },
      lang: 'en',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('containers');
    const anon = await call(t.app, 'POST', '/api/loadPlan', { body: { containers: [], boxes: [] } });
    expect(anon.status).toBe(401);
  });
});

describe('the planning worker', () => {
  it('is refused with a clear 413 when the plan outgrows the worker heap cap, and the API lives on', async () => {
    const { runPlan } = await import('../src/modules/loadplan/routes.ts');
    const boxes = Array.from({ length: 400 }, (_, i) => ({
      id: `b${i}`,
      l: 300 + (i % 37) * 13,
      w: 250 + (i % 23) * 11,
      h: 200 + (i % 19) * 17,
      qty: 5,
      weight: 20,
    }));
    const request = {
      containers: [{ id: '40HQ', l: 12032, w: 2352, h: 2698, maxPayload: 26_000 }],
      boxes,
      timeLimitMs: 3000,
    };
    await expect(runPlan(request as never, 2)).rejects.toMatchObject({
      status: 413,
      code: 'loadplan.too_large',
    });
    const health = await call(t.app, 'GET', '/api/health');
    expect(health.status).toBe(200);
  });

  it('a worker stopped past its time limit is a clear 413, and the next plan runs', async () => {
    const { runPlan } = await import('../src/modules/loadplan/routes.ts');
    const request = {
      containers: [{ id: '20GP', l: 5896, w: 2350, h: 2393 }],
      boxes: [{ id: 'crate', l: 1200, w: 1000, h: 1100, qty: 4 }],
      timeLimitMs: 100,
    };
    // No overrun allowed: the guard stops the worker before it has even started planning.
    await expect(runPlan(request as never, 256, -100)).rejects.toMatchObject({
      status: 413,
      code: 'loadplan.overrun',
    });
    const next = await runPlan(request as never, 256);
    expect(next.plan.containers.reduce((n, c) => n + c.placements.length, 0)).toBe(4);
  });

  it('refuses a plan with a localized 429 when the queue is full, and takes plans again after', async () => {
    const { runPlan, plannerLimits } = await import('../src/modules/loadplan/routes.ts');
    const body = {
      containers: [{ id: '20GP', l: 5896, w: 2350, h: 2393 }],
      boxes: [{ id: 'crate', l: 1200, w: 1000, h: 1100, qty: 4 }],
      timeLimitMs: 300,
    };
    const saved = plannerLimits.maxWaiting;
    plannerLimits.maxWaiting = 0;
    try {
      const first = runPlan(body as never, 256);
      const busy = await call(t.app, 'POST', '/api/loadPlan', { token: tok.supplier, body, lang: 'en' });
      expect(busy.status).toBe(429);
      expect(busy.body).toMatchObject({
        code: 'loadplan.busy',
        message: 'The load planner is busy with 0 plans waiting; try again shortly',
      });
      await first;
    } finally {
      plannerLimits.maxWaiting = saved;
    }
    const again = await call(t.app, 'POST', '/api/loadPlan', { token: tok.supplier, body });
    expect(again.status).toBe(200);
  });
});
