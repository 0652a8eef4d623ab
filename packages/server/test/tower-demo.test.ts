// The control tower's demo: the demo projects' batches are planned with a baseline from the day of
// seeding, so that one is late, one at risk and the rest on track whenever it is installed; each party has an
// open exception waiting; the home card's counts answer the same, per party.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, users } from '../src/db/schema.ts';
import { projectBatches } from '../src/db/schema-project.ts';
import { batchMilestones, batchPlans } from '../src/db/schema-tower.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
const tenantOf: Record<string, number> = {};
const userOf: Record<string, number> = {};
beforeAll(async () => {
  tok = await loginAll(t.app, ['shipper', 'supplier', 'supplier2', 'logistics']);
  for (const u of await t.db.select().from(users)) userOf[u.username] = u.id;
  for (const u of await t.db.select().from(users)) tenantOf[u.username] = u.tenantId as number;
});

const summary = (as: string, lang: 'zh' | 'en' = 'en') =>
  call(t.app, 'GET', '/api/tower/summary', { token: tok[as], lang });

describe('the control tower demo', () => {
  it('plans every demo batch with a baseline: one late, one at risk, the rest on track', async () => {
    const batches = await t.db.select({ id: projectBatches.id }).from(projectBatches);
    const plans = await t.db.select().from(batchPlans);
    expect(plans).toHaveLength(batches.length);
    expect(plans.every((p) => p.baselineAt && p.requiredOnSite && p.health !== null)).toBe(true);
    const baselined = await t.db.select().from(batchMilestones).where(eq(batchMilestones.code, 'delivered'));
    expect(baselined.every((m) => m.baseline && m.planned === m.baseline)).toBe(true);
    const r = await summary('shipper');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ late: 1, atRisk: 1, onTrack: batches.length - 2 });
    expect(r.body.batches.slice(0, 2)).toMatchObject([
      { batchNumber: 'JKT2-B007', health: 2, healthLabel: 'Late', slackDays: -9 },
      { batchNumber: 'CTG4-B002', health: 1, healthLabel: 'At risk', slackDays: 3 },
    ]);
    expect((await summary('shipper', 'zh')).body.batches[0].healthLabel).toBe('延误');
  });

  it('answers each party for the batches it works on only', async () => {
    const shipper = (await summary('shipper')).body;
    for (const as of ['supplier', 'supplier2', 'logistics']) {
      const r = await summary(as);
      expect(r.status).toBe(200);
      const n = r.body.late + r.body.atRisk + r.body.onTrack;
      expect(n).toBe(r.body.batches.length);
      expect(n).toBeLessThanOrEqual(shipper.batches.length);
    }
    // The logistics provider carries the late lot.
    expect((await summary('logistics')).body.late).toBe(1);
    const bad = await call(t.app, 'GET', '/api/tower/summary', {
      token: tok.shipper,
      query: { projectId: 'x' },
    });
    expect(bad.status).toBe(400);
    expect((await call(t.app, 'GET', '/api/tower/summary', {})).status).toBe(401);
  });

  it('has an open exception waiting for each party', async () => {
    for (const as of ['shipper', 'supplier', 'logistics']) {
      const r = await call(t.app, 'GET', '/api/exceptions', {
        token: tok[as],
        lang: 'en',
        query: { open: 'true', ownerTenantId: tenantOf[as] },
      });
      expect(r.status).toBe(200);
      expect(r.body.content.length, as).toBeGreaterThan(0);
    }
    // The one raised for the supplier went the way a user's does: opened by the shipper, then assigned.
    const [raised] = (
      await call(t.app, 'GET', '/api/exceptions', {
        token: tok.supplier,
        query: { open: 'true', kind: 'manual', ownerTenantId: tenantOf.supplier },
      })
    ).body.content;
    expect(raised).toMatchObject({ status: 1, source: 'user', openedByTenantId: tenantOf.shipper });
    const history = await call(t.app, 'GET', '/api/changeRecord/timeline', {
      token: tok.supplier,
      query: { entity: 'exception', entityId: raised.id },
    });
    expect(
      history.body.content.map((e: { action: string; by: string }) => [e.action, e.by]).reverse(),
    ).toEqual([
      ['open', 'shipper'],
      ['assign', 'shipper'],
    ]);
  });

  it('inbox rows name their batch, project and owner; the logistics provider is led to its oldest one', async () => {
    const r = await call(t.app, 'GET', '/api/exceptions', {
      token: tok.logistics,
      lang: 'en',
      query: { open: 'true', ownerTenantId: tenantOf.logistics },
    });
    const oldest = r.body.content[0];
    expect(oldest).toMatchObject({ ownerParty: 'logistics', actions: ['resolve'] });
    expect(oldest.batchNumber).toMatch(/^[A-Z0-9]+-B\d+$/);
    expect(oldest.projectName).toBeTruthy();
    expect(oldest.ownerName).toBeTruthy();
    // The home page's to-do opens the oldest exception waiting in the inbox (the notices lead there too).
    const home = await call(t.app, 'GET', '/api/auxiliary/getHomePageData', { token: tok.logistics });
    expect(home.body.todos).toContainEqual({
      key: 'actOnExceptions',
      count: r.body.totalElements,
      path: `/tower/exceptions?id=${oldest.id}`,
    });
    // Every side that sees exceptions has the inbox in its menu, a company's administrator the webhooks,
    // every side that reads plans the on-time-in-full page, and the sides that plan legs (shipper, logistics
    // provider) the lane defaults.
    for (const as of ['shipper', 'supplier', 'logistics']) {
      const built = await call(t.app, 'GET', '/api/menus/build', { token: tok[as], lang: 'en' });
      const tower = built.body.find((m: { path: string }) => m.path === '/tower');
      expect(
        tower?.children.map((c: { path: string }) => c.path),
        as,
      ).toEqual(['exceptions', 'webhooks', 'otif', ...(as === 'supplier' ? [] : ['lanes'])]);
    }
    // The demo's lanes have default legs to fill plans from: the shipper's three, its provider's one.
    const lanes = async (as: string) =>
      (await call(t.app, 'GET', '/api/laneDefaults', { token: tok[as] })).body.content.map(
        (l: { portOfLoading: string; portOfDischarge: string }) => `${l.portOfLoading}-${l.portOfDischarge}`,
      );
    expect(await lanes('shipper')).toEqual(['CNNGB-IDJKT', 'CNSHA-BDCGP', 'CNSHA-IDJKT']);
    expect(await lanes('logistics')).toEqual(['CNSHA-BDCGP']);
  });

  it('the shipper closes an exception and reopens a resolution it does not accept, with a reason', async () => {
    const mine = await call(t.app, 'GET', '/api/exceptions', {
      token: tok.shipper,
      lang: 'en',
      query: { open: 'true', ownerTenantId: tenantOf.logistics },
    });
    const [a, b] = mine.body.content;
    expect(a.actions).toEqual(expect.arrayContaining(['assign', 'resolve', 'close']));
    // The owner may resolve, not close; nobody reopens an open one.
    const refused = await call(t.app, 'POST', '/api/exceptions/close', {
      token: tok.logistics,
      body: { id: a.id },
    });
    expect(refused.status).toBe(403);
    const closed = await call(t.app, 'POST', '/api/exceptions/close', {
      token: tok.shipper,
      lang: 'en',
      body: { id: a.id, note: 'Handled by phone' },
    });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 3, resolution: 'Handled by phone' });
    const resolved = await call(t.app, 'POST', '/api/exceptions/resolve', {
      token: tok.logistics,
      body: { id: b.id, resolution: 'Rebooked on the next sailing' },
    });
    expect(resolved.status).toBe(200);
    const noReason = await call(t.app, 'POST', '/api/exceptions/reopen', {
      token: tok.shipper,
      lang: 'en',
      body: { id: b.id },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('Say why it is reopened');
    const byOwner = await call(t.app, 'POST', '/api/exceptions/reopen', {
      token: tok.logistics,
      body: { id: b.id, reason: 'no' },
    });
    expect(byOwner.status).toBe(403);
    const reopened = await call(t.app, 'POST', '/api/exceptions/reopen', {
      token: tok.shipper,
      body: { id: b.id, reason: 'The new sailing is still too late' },
    });
    expect(reopened.status).toBe(200);
    const [row] = (await call(t.app, 'GET', '/api/exceptions', { token: tok.logistics, query: { id: b.id } }))
      .body.content;
    expect(row).toMatchObject({ status: 1, resolvedAt: null, actions: ['resolve'] });
    // The owner reads the exception's history: its resolution and the shipper's reopening.
    const history = await call(t.app, 'GET', '/api/changeRecord/timeline', {
      token: tok.logistics,
      query: { entity: 'exception', entityId: b.id },
    });
    expect(history.body.content.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['resolve', 'reopen']),
    );
    const told = await t.db.select().from(messages).where(eq(messages.userId, userOf.logistics));
    expect(
      told.filter((m) => m.link === `/tower/exceptions?id=${b.id}`).map((m) => m.enTitle),
    ).toContainEqual(expect.stringContaining('Your resolution was not accepted'));
  });

  it("answers a project's timeline: one bar per batch the caller works on, planned, baseline and projected", async () => {
    const [late] = await t.db
      .select()
      .from(projectBatches)
      .where(eq(projectBatches.batchNumber, 'JKT2-B007'));
    const timeline = (as: string, projectId: unknown = late.projectId) =>
      call(t.app, 'GET', '/api/tower/timeline', {
        token: tok[as],
        lang: 'en',
        query: { projectId: String(projectId) },
      });
    const r = await timeline('shipper');
    expect(r.status).toBe(200);
    const all = await t.db.select().from(projectBatches).where(eq(projectBatches.projectId, late.projectId));
    expect(r.body.batches).toHaveLength(all.length);
    const bar = r.body.batches.find((b: { batchNumber: string }) => b.batchNumber === 'JKT2-B007');
    expect(bar).toMatchObject({ health: 2, healthLabel: 'Late' });
    expect(bar.projectedDelivery > bar.requiredOnSite).toBe(true);
    const delivered = bar.milestones.find((m: { code: string }) => m.code === 'delivered');
    expect(delivered.planned && delivered.baseline && delivered.projected).toBeTruthy();
    expect(bar.milestones.map((m: { code: string }) => m.code)).toHaveLength(8);
    // A partner sees only the batches it works on; a bad project is a 400.
    const supplier2 = await timeline('supplier2');
    expect(supplier2.status).toBe(200);
    expect(supplier2.body.batches.length).toBeLessThan(all.length);
    expect((await timeline('shipper', 'x')).status).toBe(400);
  });
});
