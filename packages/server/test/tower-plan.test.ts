// The control tower's plan and projection: the shipper plans a batch's milestones, saves a
// baseline and a required-on-site date; every batch command re-projects the batch in its own transaction
// (the milestone reached is the event's, the rest move with it); the scheduled re-projection moves the
// batches whose planned date passed with no event, at risk then late; the batch's partners read the plan,
// others do not see it, and only the shipper edits it.
import { iso6346CheckDigit, LogisticsStatus, milestoneCodes, planAnswer } from '@tradelane/contract';
import { and, eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, users } from '../src/db/schema.ts';
import { boxPieces } from '../src/db/schema-boxes.ts';
import { jobs } from '../src/db/schema-jobs.ts';
import { projectBatches } from '../src/db/schema-project.ts';
import { batchMilestones, batchPlans, towerExceptions } from '../src/db/schema-tower.ts';
import { reprojectOverdue } from '../src/modules/tower/index.ts';
import { addDays, dayOf, projectBatch } from '../src/modules/tower/projection.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
let batchId: number;
let otherBatch: number;
let box: number;
let vehicle: number;
let container: number;
const tenantOf: Record<string, number> = {};
const userOf: Record<string, number> = {};
const today = dayOf(new Date());
const d = (n: number) => addDays(today, n);
const plan = {
  exWorks: d(-20),
  packed: d(0),
  loaded: d(0),
  shipped: d(4),
  arrived: d(34),
  cleared: d(37),
  delivered: d(40),
  received: d(41),
};
const putBody = {
  requiredOnSite: d(50),
  marginDays: 7,
  milestones: Object.entries(plan).map(([code, planned]) => ({ code, planned })),
};

const get = async (as = 'shipper', lang: 'zh' | 'en' = 'en') =>
  call(t.app, 'GET', '/api/projectBatch/plan', { token: tok[as], query: { batchId }, lang });
const ms = (body: { milestones: { code: string }[] }, code: string) =>
  body.milestones.find((m) => m.code === code) as Record<string, unknown>;

beforeAll(async () => {
  tok = await loginAll(t.app, ['shipper', 'supplier', 'supplier2', 'logistics']);
  // This file walks one batch from an empty tower: the demo's plans, their lane history and exceptions go.
  await t.db.delete(towerExceptions);
  await t.db.delete(batchMilestones);
  await t.db.delete(batchPlans);
  for (const u of await t.db.select().from(users)) {
    tenantOf[u.username] = u.tenantId as number;
    userOf[u.username] = u.id;
  }
  // The demo lot not loaded yet (supplier2's, served by the logistics provider): one box walks, the others
  // went back to the supplier, so that they neither move with it nor hold it up.
  const [b] = await t.db.select().from(projectBatches).where(eq(projectBatches.batchNumber, 'CTG4-B006'));
  batchId = b!.id;
  const [other] = await t.db
    .select()
    .from(projectBatches)
    .where(and(eq(projectBatches.tenantId, b!.tenantId), ne(projectBatches.id, batchId)));
  otherBatch = other!.id;
  const boxes = await t.db.select().from(boxPieces).where(eq(boxPieces.batchId, batchId));
  box = boxes[0]!.id;
  await t.db
    .update(boxPieces)
    .set({ logisticsStatus: LogisticsStatus.backToSupplier })
    .where(and(eq(boxPieces.batchId, batchId), ne(boxPieces.id, box)));
  const v = await call(t.app, 'POST', '/api/accessoryInfo', {
    token: tok.supplier2,
    body: { batchId, plateNumber: '苏B·6K218' },
  });
  expect(v.status).toBe(201);
  vehicle = v.body.id;
  const c = await call(t.app, 'POST', '/api/container', {
    token: tok.logistics,
    body: { batchId, containerNumber: `CSNU765432${iso6346CheckDigit('CSNU765432')}`, typeCode: '40HQ' },
  });
  expect(c.status).toBe(201);
  container = c.body.id;
});

describe('a batch plan', () => {
  it('answers the milestones in the machine’s order with the actuals of what happened; parties read, others do not', async () => {
    const r = await get('shipper', 'zh');
    expect(r.status).toBe(200);
    // The answer is the contract's strict shape (the web's row type).
    planAnswer.parse(r.body);
    expect(r.body.milestones.map((m: { code: string }) => m.code)).toEqual(milestoneCodes);
    expect(ms(r.body, 'shipped')).toMatchObject({
      label: '装船离港 (ETD)',
      planned: null,
      owner: 'logistics',
    });
    expect(r.body).toMatchObject({ canEdit: true, health: null, requiredOnSite: null, lane: 'CNSHA-BDCGP' });
    const partner = await get('supplier2');
    expect(partner.status).toBe(200);
    expect(partner.body.canEdit).toBe(false);
    expect((await get('logistics')).status).toBe(200);
    // A supplier with no part in the batch does not learn it exists.
    expect((await get('supplier')).status).toBe(404);
  });

  it('is edited by the shipper only, in order; a refused plan changes nothing', async () => {
    for (const as of ['supplier2', 'logistics']) {
      const r = await call(t.app, 'PUT', '/api/projectBatch/plan', {
        token: tok[as],
        body: { batchId, ...putBody },
      });
      expect(r.status).toBe(403);
    }
    const wrong = await call(t.app, 'PUT', '/api/projectBatch/plan', {
      token: tok.shipper,
      lang: 'en',
      body: {
        batchId,
        milestones: [
          { code: 'arrived', planned: d(3) },
          { code: 'shipped', planned: d(4) },
        ],
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(
      'Planned dates out of order: "Arrived (ETA)" cannot be before "Shipped (ETD)"',
    );
    const badDay = await call(t.app, 'PUT', '/api/projectBatch/plan', {
      token: tok.shipper,
      body: { batchId, requiredOnSite: '2026-02-30' },
    });
    expect(badDay.status).toBe(400);
    expect(await t.db.select().from(batchPlans).where(eq(batchPlans.batchId, batchId))).toEqual([]);
    const noPlan = await call(t.app, 'POST', '/api/projectBatch/plan/baseline', {
      token: tok.shipper,
      lang: 'en',
      body: { batchId: otherBatch },
    });
    expect(noPlan.status).toBe(400);
    expect(noPlan.body.message).toBe('There are no planned dates yet: nothing to save as a baseline');
  });

  it('projects the remaining milestones from the plan and says the batch is on track', async () => {
    const r = await call(t.app, 'PUT', '/api/projectBatch/plan', {
      token: tok.shipper,
      lang: 'en',
      body: { batchId, ...putBody },
    });
    expect(r.status).toBe(200);
    // Materials confirmed and the packing list handed over: both reached, dated by their events.
    planAnswer.parse(r.body);
    expect(ms(r.body, 'exWorks')).toMatchObject({ basis: 'actual', planned: d(-20) });
    expect(ms(r.body, 'packed').basis).toBe('actual');
    expect(ms(r.body, 'loaded')).toMatchObject({ actual: null, projected: today, basis: 'plan' });
    expect(ms(r.body, 'shipped')).toMatchObject({ projected: d(4), basis: 'plan', dcsa: 'TRANSPORT:DEPA' });
    expect(ms(r.body, 'delivered').projected).toBe(d(40));
    expect(r.body).toMatchObject({
      requiredOnSite: d(50),
      projectedDelivery: d(40),
      slackDays: 10,
      health: 0,
      healthLabel: 'On track',
      next: 'loaded',
    });
  });

  it('keeps a saved baseline while the plan changes', async () => {
    const refused = await call(t.app, 'POST', '/api/projectBatch/plan/baseline', {
      token: tok.supplier2,
      body: { batchId },
    });
    expect(refused.status).toBe(403);
    const b = await call(t.app, 'POST', '/api/projectBatch/plan/baseline', {
      token: tok.shipper,
      body: { batchId },
    });
    expect(b.status).toBe(200);
    expect(b.body.baselineRequiredOnSite).toBe(d(50));
    expect(ms(b.body, 'shipped')).toMatchObject({ planned: d(4), baseline: d(4) });
    const moved = await call(t.app, 'PUT', '/api/projectBatch/plan', {
      token: tok.shipper,
      body: { batchId, requiredOnSite: d(52), milestones: [{ code: 'shipped', planned: d(5) }] },
    });
    expect(moved.status).toBe(200);
    expect(ms(moved.body, 'shipped')).toMatchObject({ planned: d(5), baseline: d(4), projected: d(5) });
    expect(moved.body).toMatchObject({ requiredOnSite: d(52), baselineRequiredOnSite: d(50) });
    // Back to the plan the rest of the walk expects.
    await call(t.app, 'PUT', '/api/projectBatch/plan', { token: tok.shipper, body: { batchId, ...putBody } });
  });

  it('re-projects in the transaction of every batch command: the event dates the milestone', async () => {
    const load = await call(t.app, 'POST', '/api/accessoryInfoBoxPiece', {
      token: tok.supplier2,
      body: { accessoryInfoId: vehicle, boxPieceIds: [box] },
    });
    expect(load.status).toBe(201);
    const r = await get();
    expect(ms(r.body, 'loaded')).toMatchObject({ actual: today, basis: 'actual', slipDays: 0 });
    expect(r.body.next).toBe('shipped');
    // A refused command moves nothing, the projection included.
    const before = await t.db.select().from(batchMilestones).where(eq(batchMilestones.batchId, batchId));
    const refused = await call(t.app, 'POST', '/api/container/onBoard', {
      token: tok.logistics,
      body: { boxPieceIds: [box], vessel: 'XIN NING BO', voyage: '130W' },
    });
    expect(refused.status).toBe(400);
    expect(await t.db.select().from(batchMilestones).where(eq(batchMilestones.batchId, batchId))).toEqual(
      before,
    );
  });

  it('the scheduled re-projection moves a batch whose ETD passed with no event: at risk, then late', async () => {
    // Six days on, the batch has not sailed (planned four days on): it sails today at the earliest.
    expect(await reprojectOverdue(t.app, d(6))).toMatchObject({ count: 1 });
    let r = await get();
    expect(ms(r.body, 'shipped')).toMatchObject({ projected: d(6), slipDays: 2 });
    expect(r.body).toMatchObject({ projectedDelivery: d(42), slackDays: 8, health: 0 });
    expect(await reprojectOverdue(t.app, d(10))).toMatchObject({ count: 1 });
    r = await get();
    expect(r.body).toMatchObject({
      projectedDelivery: d(46),
      slackDays: 4,
      health: 1,
      healthLabel: 'At risk',
    });
    expect(await reprojectOverdue(t.app, d(20))).toMatchObject({ count: 1 });
    r = await get('supplier2', 'zh');
    expect(r.body).toMatchObject({ projectedDelivery: d(56), slackDays: -6, health: 2, healthLabel: '延误' });
  });

  it('the product opened exceptions for whose move it is, told them, and each side sees its own', async () => {
    const all = await t.db.select().from(towerExceptions).where(eq(towerExceptions.batchId, batchId));
    const byKind = (k: string) => all.filter((e) => e.kind === k);
    // At risk at day 10, then late at day 20: the at-risk one closed as escalated; the ETD overdue since day 6.
    expect(byKind('atRisk').map((e) => e.status)).toEqual([3]);
    expect(byKind('late').map((e) => [e.status, e.ownerTenantId, e.ownerParty])).toEqual([
      [0, tenantOf.logistics, 'logistics'],
    ]);
    expect(byKind('overdue').map((e) => [e.milestone, e.ownerParty, e.status])).toEqual([
      ['shipped', 'logistics', 0],
    ]);
    const told = await t.db.select().from(messages).where(eq(messages.userId, userOf.logistics));
    expect(told.map((m) => m.enTitle)).toContain(
      `Batch CTG4-B006 is projected to arrive on ${d(56)}, after its required-on-site date ${d(50)} (6 days late)`,
    );
    const inbox = async (as: string, query: Record<string, string | number> = {}) =>
      call(t.app, 'GET', '/api/exceptions', { token: tok[as], lang: 'en', query: { batchId, ...query } });
    const mine = await inbox('logistics', { open: 'true' });
    expect(mine.status).toBe(200);
    expect(mine.body.content.map((e: { kind: string }) => e.kind).sort()).toEqual(['late', 'overdue']);
    expect(mine.body.content.find((e: { kind: string }) => e.kind === 'overdue')).toMatchObject({
      title: `Batch CTG4-B006: "Shipped (ETD)" was planned for ${d(4)} and has not happened`,
      kindLabel: 'Milestone overdue',
      statusLabel: 'Open',
    });
    expect((await inbox('supplier2', { kind: 'late' })).body.content).toHaveLength(1);
    expect((await inbox('supplier')).body.content).toEqual([]);
    expect((await inbox('shipper', { open: 'maybe' })).status).toBe(400);
  });

  it('a user raises one for a party of the batch; the shipper assigns; the owner resolves with what was done', async () => {
    const raise = (as: string, body: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/exceptions', { token: tok[as], lang: 'en', body: { batchId, ...body } });
    expect((await raise('supplier', { title: 'x' })).status).toBe(404);
    const stranger = await raise('supplier2', { title: '叉车未到', ownerTenantId: tenantOf.supplier });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe("The owner must be the batch's shipper or one of its partners");
    const raised = await raise('supplier2', {
      title: '叉车未到',
      ownerTenantId: tenantOf.logistics,
      dueDate: d(2),
    });
    expect(raised.status).toBe(201);
    const id = raised.body.id;
    expect(raised.body).toMatchObject({ status: 0, ownerParty: 'logistics', source: 'user' });
    const assign = (as: string, owner: number) =>
      call(t.app, 'POST', '/api/exceptions/assign', { token: tok[as], body: { id, ownerTenantId: owner } });
    expect((await assign('logistics', tenantOf.supplier2)).status).toBe(403);
    const assigned = await assign('shipper', tenantOf.supplier2);
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({
      status: 1,
      ownerTenantId: tenantOf.supplier2,
      ownerParty: 'supplier',
    });
    const told = await t.db.select().from(messages).where(eq(messages.userId, userOf.supplier2));
    expect(told.map((m) => m.enTitle)).toContain('An exception was assigned to you: 叉车未到');
    const resolve = (as: string, resolution?: string) =>
      call(t.app, 'POST', '/api/exceptions/resolve', {
        token: tok[as],
        lang: 'en',
        body: { id, resolution },
      });
    const empty = await resolve('supplier2');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Write the resolution');
    expect((await resolve('supplier', 'x')).status).toBe(404);
    const done = await resolve('supplier2', '改用吊车');
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 2, resolution: '改用吊车', resolvedBy: 'supplier2' });
    expect((await resolve('supplier2', 'again')).status).toBe(400);
  });

  it('the job runs from the scheduler’s table and answers in the catalogue’s words', async () => {
    const [job] = await t.db.select().from(jobs).where(eq(jobs.handler, 'towerReproject'));
    const run = await call(t.app, 'POST', `/api/jobs/exec/${job!.id}`, {
      token: (await loginAll(t.app, ['admin'])).admin,
    });
    expect(run.body.ok).toBe(true);
    expect(JSON.parse(run.body.result).code).toBe('jobs.result_reprojected');
  });

  it('a command moving the batch on projects from its actual again', async () => {
    for (const [path, body, as] of [
      ['/api/boxPiece/ship', { batchId }, 'supplier2'],
      ['/api/boxPiece/transit', { ids: [box], place: '上海' }, 'logistics'],
      ['/api/containerBoxPiece', { containerId: container, boxPieceIds: [box] }, 'logistics'],
      ['/api/container/onBoard', { boxPieceIds: [box], vessel: 'XIN NING BO', voyage: '130W' }, 'logistics'],
    ] as const) {
      const r = await call(t.app, 'POST', path, { token: tok[as], body });
      expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
    }
    const r = await get();
    expect(ms(r.body, 'shipped')).toMatchObject({ actual: today, basis: 'actual' });
    expect(ms(r.body, 'arrived')).toMatchObject({ projected: d(30), basis: 'plan' });
    expect(r.body).toMatchObject({ projectedDelivery: d(36), slackDays: 14, health: 0, next: 'arrived' });
    // Back on track and sailed: the product closes its late and overdue exceptions, saying why.
    const closed = await call(t.app, 'GET', '/api/exceptions', {
      token: tok.logistics,
      lang: 'en',
      query: { batchId, kind: ['late', 'overdue'] },
    });
    expect(
      closed.body.content.map((e: { status: number; resolution: string }) => [e.status, e.resolution]),
    ).toEqual([
      [3, 'The milestone has been reached: closed by the system'],
      [3, 'The batch is back on track: closed by the system'],
    ]);
    // Each close is the machine's, with its record in the exception's history: by the product, why in words.
    const [late] = closed.body.content.filter((e: { kind: string }) => e.kind === 'late');
    const history = await call(t.app, 'GET', '/api/changeRecord/timeline', {
      token: tok.logistics,
      lang: 'en',
      query: { entity: 'exception', entityId: late.id },
    });
    expect(
      history.body.content.map(
        (e: { action: string; fromStatus: string; toStatus: string; by: string; note: string }) => [
          e.action,
          e.fromStatus,
          e.toStatus,
          e.by,
          e.note,
        ],
      ),
    ).toEqual([['close', '0', '3', 'system', 'The batch is back on track: closed by the system']]);
  });
});

describe('the projection', () => {
  it('takes the lane’s observed median of a leg once there is history, and says so', () => {
    const p = projectBatch({
      milestones: milestoneCodes.map((code, i) => ({
        code,
        planned: addDays('2026-01-01', i * 5),
        actual: i < 3 ? addDays('2026-01-01', i * 5) : null,
      })),
      today: '2026-01-11',
      laneMedians: { arrived: 40 },
      requiredOnSite: '2026-03-01',
      marginDays: 7,
    });
    expect(p.milestones.map((m) => [m.code, m.projected, m.basis])).toEqual([
      ['exWorks', '2026-01-01', 'actual'],
      ['packed', '2026-01-06', 'actual'],
      ['loaded', '2026-01-11', 'actual'],
      ['shipped', '2026-01-16', 'plan'],
      ['arrived', '2026-02-25', 'history'],
      ['cleared', '2026-03-02', 'plan'],
      ['delivered', '2026-03-07', 'plan'],
      ['received', '2026-03-12', 'plan'],
    ]);
    expect(p).toMatchObject({ projectedDelivery: '2026-03-07', slackDays: -6, health: 2, next: 'shipped' });
  });
});
