import { describe, expect, it } from 'vitest';
import { FairQueue, QueueFull, TurnTimeout } from './fair-queue.ts';

const limits = { workers: 2, tenantWorkers: 1, tenantWaiting: 3, totalWaiting: 5 };

describe('FairQueue', () => {
  it('keeps a worker for other tenants: one tenant’s burst waits in its own share', async () => {
    const q = new FairQueue(() => limits);
    const a1 = await q.acquire(1);
    // Tenant 1 holds its share (one worker); its next turns wait although a worker is free.
    const a2 = q.acquire(1);
    const a3 = q.acquire(1);
    const a4 = q.acquire(1);
    expect(q.stats(1)).toMatchObject({ running: 1, waiting: 3, tenantRunning: 1, tenantWaiting: 3 });
    // Tenant 2 finds the free worker at once.
    const b1 = await q.acquire(2);
    expect(q.stats()).toMatchObject({ running: 2, waiting: 3 });
    // Tenant 1's share of the queue is full: refused, about its own queue.
    await expect(q.acquire(1)).rejects.toEqual(new QueueFull('tenant', 3));
    a1();
    (await a2)();
    (await a3)();
    (await a4)();
    b1();
    expect(q.stats()).toEqual({ running: 0, waiting: 0, tenantRunning: 0, tenantWaiting: 0 });
  });

  it('gives a freed worker to the tenant served longest ago, not to the one that queued most', async () => {
    const q = new FairQueue(() => ({ ...limits, workers: 1 }));
    const served: string[] = [];
    const held: (() => void)[] = [];
    const take = (tenant: number, name: string) =>
      q.acquire(tenant).then((release) => {
        served.push(name);
        held.push(release);
      });
    await take(1, 'a1');
    const all = [take(1, 'a2'), take(1, 'a3'), take(2, 'b1'), take(3, 'c1'), take(2, 'b2')];
    // Each turn ends when the next is given: the worker passes from one to the next.
    for (let i = 0; i < 6; i++) {
      while (held.length <= i) await new Promise((r) => setImmediate(r));
      held[i]?.();
    }
    await Promise.all(all);
    expect(served).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it('a turn that does not come by the deadline is given up, and the queue forgets it', async () => {
    const q = new FairQueue(() => ({ ...limits, workers: 1 }));
    const held = await q.acquire(1);
    await expect(q.acquire(2, Date.now() + 30)).rejects.toBeInstanceOf(TurnTimeout);
    expect(q.stats()).toMatchObject({ running: 1, waiting: 0 });
    held();
    const next = await q.acquire(2);
    next();
  });

  it('the node’s queue has a bound of its own', async () => {
    const q = new FairQueue(() => ({ ...limits, workers: 1, totalWaiting: 2 }));
    const held = await q.acquire(1);
    const w = [q.acquire(2), q.acquire(3)];
    await expect(q.acquire(4)).rejects.toEqual(new QueueFull('node', 2));
    held();
    for (const p of w) (await p)();
  });
});
