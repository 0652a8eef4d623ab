// The control tower's demo (DESIGN §9): the demo projects' batches are planned with a baseline from the day of
// seeding, so that one is late, one at risk and the rest on track whenever it is installed; each party has an
// open exception waiting; the home card's counts answer the same, per party.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { projectBatches } from '../src/db/schema-project.ts';
import { batchMilestones, batchPlans } from '../src/db/schema-tower.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
const tenantOf: Record<string, number> = {};
beforeAll(async () => {
  tok = await loginAll(t.app, ['shipper', 'supplier', 'supplier2', 'logistics']);
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
  });
});
