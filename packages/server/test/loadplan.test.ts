import { checkPlan } from '@tradelane/loadplan';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
let supplierTenant = 0;

beforeAll(async () => {
  tok = await loginAll(t.app, ['supplier', 'supplier2', 'shipper']);
  const [u] = await t.db.select().from(users).where(eq(users.username, 'supplier'));
  supplierTenant = u.tenantId as number;
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
    // The worker that answered waits for the next plan, and plans it (starting one took a second or more).
    const { plannersAtRest } = await import('../src/modules/loadplan/routes.ts');
    expect(plannersAtRest()).toBeGreaterThan(0);
    const again = await call(t.app, 'POST', '/api/loadPlan', {
      token: tok.supplier,
      body: { containers: [{ id: '20GP', l: gp20.l, w: gp20.w, h: gp20.h }], boxes, timeLimitMs: 300 },
    });
    expect(again.status).toBe(200);
    expect(again.body.containers[0].placements.length).toBeGreaterThan(0);
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
    await expect(runPlan(request as never, { tenantId: 1, memoryMb: 2 })).rejects.toMatchObject({
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
    // No grace at all: the guard stops the worker as soon as it has started, while it plans.
    await expect(
      runPlan({ ...heavy(100), mode: 'fewest' }, { tenantId: 1, memoryMb: 256, graceMs: -10_000 }),
    ).rejects.toMatchObject({
      status: 413,
      code: 'loadplan.overrun',
    });
    const next = await runPlan(request as never, { tenantId: 1, memoryMb: 256 });
    expect(next.plan.containers.reduce((n, c) => n + c.placements.length, 0)).toBe(4);
  });

  it('refuses a plan with a localized 429 when the caller’s own queue is full, and takes plans again after', async () => {
    const { runPlan, plannerLimits } = await import('../src/modules/loadplan/routes.ts');
    const body = {
      containers: [{ id: '20GP', l: 5896, w: 2350, h: 2393 }],
      boxes: [{ id: 'crate', l: 1200, w: 1000, h: 1100, qty: 4 }],
      timeLimitMs: 300,
    };
    const saved = { ...plannerLimits };
    Object.assign(plannerLimits, { workers: 1, tenantWaiting: 0 });
    try {
      const first = runPlan(body as never, { tenantId: supplierTenant, memoryMb: 256 });
      const busy = await call(t.app, 'POST', '/api/loadPlan', { token: tok.supplier, body, lang: 'en' });
      expect(busy.status).toBe(429);
      expect(busy.body).toMatchObject({
        code: 'loadplan.busy',
        message: 'Your company already has 0 load plans waiting; try again when one of them has finished',
      });
      await first;
    } finally {
      Object.assign(plannerLimits, saved);
    }
    const again = await call(t.app, 'POST', '/api/loadPlan', { token: tok.supplier, body });
    expect(again.status).toBe(200);
  });
});

/** A plan that searches for its whole time limit (its lower bound is never proven). */
const heavy = (timeLimitMs: number) => ({
  containers: [{ id: '20GP', l: 5896, w: 2350, h: 2393, maxPayload: 28_000 }],
  boxes: Array.from({ length: 120 }, (_, i) => ({
    id: `b${i}`,
    l: 300 + (i % 37) * 23,
    w: 250 + (i % 23) * 19,
    h: 200 + (i % 19) * 21,
    qty: 6,
    weight: 20,
  })),
  timeLimitMs,
});
const small = (timeLimitMs: number) => ({
  containers: [{ id: '20GP', l: 5896, w: 2350, h: 2393 }],
  boxes: [{ id: 'crate', l: 1200, w: 1000, h: 1100, qty: 4 }],
  timeLimitMs,
});

describe('the planner is fair per company', () => {
  it('nine plans from one company do not delay another company’s small plan past its own time limit', async () => {
    const flood = Array.from({ length: 9 }, () =>
      call(t.app, 'POST', '/api/loadPlan', { token: tok.supplier2, body: heavy(3000), lang: 'en' }),
    );
    // The other company asks while the nine are running and waiting.
    await new Promise((r) => setTimeout(r, 200));
    const mine = await call(t.app, 'POST', '/api/loadPlan', { token: tok.shipper, body: small(1500) });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.containers[0].placements).toHaveLength(4);
    // It had its turn at once: it did not wait for any of the flood's plans (each plans for 3 s).
    expect(mine.body.waitMs).toBeLessThan(1000);
    const answers = await Promise.all(flood);
    // The flooding company keeps one plan running and its share (4) waiting; the rest are refused at once,
    // in words about its own queue.
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(4);
    for (const r of refused)
      expect(r.body.message).toBe(
        'Your company already has 4 load plans waiting; try again when one of them has finished',
      );
    // Its plans that found no turn within their 3 s are answered at their limit, not kept waiting.
    for (const a of answers.filter((x) => x.status !== 429)) {
      expect([200, 503]).toContain(a.status);
      if (a.status === 503) expect(a.body.code).toBe('loadplan.no_turn');
    }
  });

  it('a waiting plan is answered at its time limit when no turn comes (503), never kept past it', async () => {
    const { plannerLimits } = await import('../src/modules/loadplan/routes.ts');
    const saved = { ...plannerLimits };
    // One worker: the other company's long plan holds it.
    Object.assign(plannerLimits, { workers: 1 });
    try {
      const long = call(t.app, 'POST', '/api/loadPlan', { token: tok.supplier2, body: heavy(3000) });
      await new Promise((r) => setTimeout(r, 200));
      const asked = Date.now();
      const mine = await call(t.app, 'POST', '/api/loadPlan', {
        token: tok.shipper,
        body: small(500),
        lang: 'zh',
      });
      expect(mine.status).toBe(503);
      expect(mine.body).toMatchObject({
        code: 'loadplan.no_turn',
        message: '装箱计算繁忙，未能在您设定的 0.5 秒时限内开始计算，请稍后重试或放宽时限',
      });
      expect(Date.now() - asked).toBeLessThan(2500);
      expect((await long).status).toBe(200);
    } finally {
      Object.assign(plannerLimits, saved);
    }
  });
});
