// Leases of long tasks, as two nodes on one database see them: a task whose node renews its lease is never
// ended by another node's sweeps, however many; once its node falls silent, another node ends it as
// interrupted; and a node never ends a task it is itself working on (on PGlite an open transaction can
// hold its heartbeat back past the lease).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Leases } from '../src/db/leases.ts';
import { users } from '../src/db/schema.ts';
import { importTasks } from '../src/db/schema-project.ts';
import { IMPORT_LEASE, importLeases } from '../src/resources/sheet-import.ts';
import { useTestApp } from './helpers.ts';

const t = useTestApp();
const times = { leaseMs: 1000, heartbeatMs: 200 };
let owner: { userId: number; tenantId: number };

beforeAll(async () => {
  const [u] = await t.db.select().from(users).where(eq(users.username, 'supplier'));
  owner = { userId: u.id, tenantId: u.tenantId as number };
});

function nodes() {
  const a = new Leases(t.db, times, { node: 'node-a' });
  const b = new Leases(t.db, times, { node: 'node-b' });
  a.declare(importLeases);
  b.declare(importLeases);
  return { a, b };
}

async function startTask(leases: Leases, key: string) {
  const [task] = await t.db
    .insert(importTasks)
    .values({ taskKey: key, kind: 'supplies', status: 'reading', ...owner, ...leases.stamp() })
    .returning();
  return { id: task.id, release: leases.hold(IMPORT_LEASE, task.id) };
}

const taskRow = async (id: number) =>
  (await t.db.select().from(importTasks).where(eq(importTasks.id, id)))[0];
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('task leases on two nodes', () => {
  it('a live node keeps its task through three leases of the other node’s sweeps; silent, it is ended', async () => {
    const { a, b } = nodes();
    const task = await startTask(a, 'lease-alive-0001');
    const end = Date.now() + 3 * times.leaseMs;
    while (Date.now() < end) {
      await a.heartbeat();
      await b.heartbeat();
      await pause(times.heartbeatMs);
    }
    expect(await taskRow(task.id)).toMatchObject({ status: 'reading', leaseNode: 'node-a', reason: null });
    // Node A stops renewing (its process is gone): node B's sweeps end the task once the lease runs out.
    const deadline = Date.now() + times.leaseMs + 10 * times.heartbeatMs;
    let row = await taskRow(task.id);
    while (row.status === 'reading' && Date.now() < deadline) {
      await pause(times.heartbeatMs);
      await b.heartbeat();
      row = await taskRow(task.id);
    }
    expect(row).toMatchObject({ status: 'failed', reason: 'import.interrupted', leaseUntil: null });
    task.release();
  });

  it('a node never ends the task it works on, even past its lease; any other node does', async () => {
    const { a, b } = nodes();
    const task = await startTask(a, 'lease-held-0001');
    // Its heartbeat was held back (a long transaction on PGlite's one connection): the lease ran out.
    await t.db
      .update(importTasks)
      .set({ leaseUntil: new Date(Date.now() - 5000) })
      .where(eq(importTasks.id, task.id));
    expect((await a.sweep()).import).toEqual([]);
    expect((await taskRow(task.id)).status).toBe('reading');
    // Renewed, the lease is good again for the other node too.
    await a.renew();
    expect((await b.sweep()).import).toEqual([]);
    await t.db
      .update(importTasks)
      .set({ leaseUntil: new Date(Date.now() - 5000) })
      .where(eq(importTasks.id, task.id));
    expect((await b.sweep()).import).toEqual([task.id]);
    expect(await taskRow(task.id)).toMatchObject({ status: 'failed', reason: 'import.interrupted' });
    task.release();
  });

  it('an import that ended is never touched by a sweep, whatever its lease says', async () => {
    const { a, b } = nodes();
    const task = await startTask(a, 'lease-done-0001');
    await t.db
      .update(importTasks)
      .set({ status: 'done', imported: 3, leaseUntil: new Date(Date.now() - 5000) })
      .where(eq(importTasks.id, task.id));
    task.release();
    expect((await b.sweep()).import).toEqual([]);
    expect(await taskRow(task.id)).toMatchObject({ status: 'done', imported: 3, reason: null });
  });
});
