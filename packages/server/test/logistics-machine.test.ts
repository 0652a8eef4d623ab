// The box logistics machine through the API: (a) every command and every undo walked,
// each undo exactly one step back and only with a reason; (b) every command tried from every state the
// machine does not allow it in — refused with state.not_allowed naming the state in the caller's language
// (the batch-level ship and sign with the spec's refusals), nothing changed; (c) every command tried by
// every demo party — the right refusal (403 not yours / no permission, 404 for a batch the caller does not
// serve), nothing changed. A box's starting state is set directly in the database.
import {
  BoxStatus,
  iso6346CheckDigit,
  type LogisticsEvent,
  LogisticsStatus,
  logisticsLabels,
  logisticsMachine,
} from '@tradelane/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeRecords } from '../src/db/schema.ts';
import { boxPieces } from '../src/db/schema-boxes.ts';
import { containerBoxes, containers, vehicleBoxes, vehicles } from '../src/db/schema-logistics.ts';
import { projectBatches } from '../src/db/schema-project.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
const S = LogisticsStatus;
const USERS = ['shipper', 'site', 'supplier', 'supplier2', 'logistics', 'trial', 'admin'] as const;
type User = (typeof USERS)[number];
type Lang = 'zh' | 'en';
let tok: Record<string, string>;
let batchId: number;
let box: number;
let container: number;
const vehicleOf: Partial<Record<User, number>> = {};
const reason = '复核后撤销';

/** A command as a user calls it on the test box, and the machine event it fires. */
interface Cmd {
  name: string;
  event: LogisticsEvent;
  /** ship and sign name a batch, not boxes: their refusals are the spec's counts, not a state. */
  batchLevel?: boolean;
  path: string;
  body: (as: User) => Record<string, unknown>;
}
const cmds: Cmd[] = [
  {
    name: 'load',
    event: 'load',
    path: '/api/accessoryInfoBoxPiece',
    // A party loads onto its own vehicle; one without any tries the supplier's.
    body: (as) => ({ accessoryInfoId: vehicleOf[as] ?? vehicleOf.supplier2, boxPieceIds: [box] }),
  },
  {
    name: 'offLoad',
    event: 'offLoad',
    path: '/api/boxPiece/offLoad',
    body: () => ({ batchId, boxPieceId: box, reason }),
  },
  {
    name: 'undoLoading',
    event: 'offLoad',
    path: '/api/accessoryInfo/undoLoading',
    body: () => ({ boxPieceIds: [box], reason }),
  },
  { name: 'ship', event: 'ship', batchLevel: true, path: '/api/boxPiece/ship', body: () => ({ batchId }) },
  {
    name: 'transit',
    event: 'transit',
    path: '/api/boxPiece/transit',
    body: () => ({ ids: [box], place: '上海' }),
  },
  {
    name: 'stuff',
    event: 'stuff',
    path: '/api/containerBoxPiece',
    body: () => ({ containerId: container, boxPieceIds: [box] }),
  },
  {
    name: 'undoPacking',
    event: 'undoPacking',
    path: '/api/container/undoPacking',
    body: () => ({ boxPieceIds: [box], reason }),
  },
  {
    name: 'onBoard',
    event: 'onBoard',
    path: '/api/container/onBoard',
    body: () => ({ boxPieceIds: [box], vessel: 'XIN NING BO', voyage: '130W' }),
  },
  {
    name: 'discharge',
    event: 'discharge',
    path: '/api/container/discharge',
    body: () => ({ boxPieceIds: [box], port: 'BDCGP' }),
  },
  { name: 'unpack', event: 'unpack', path: '/api/container/unpack', body: () => ({ boxPieceIds: [box] }) },
  { name: 'deliver', event: 'deliver', path: '/api/boxPiece/deliver', body: () => ({ ids: [box] }) },
  {
    name: 'undoDelivery',
    event: 'undoDelivery',
    path: '/api/boxPiece/undoDelivery',
    body: () => ({ ids: [box], reason }),
  },
  { name: 'receive', event: 'receive', path: '/api/boxPiece/receive', body: () => ({ ids: [box] }) },
  {
    name: 'undoReceive',
    event: 'undoReceive',
    path: '/api/boxPiece/undoReceive',
    body: () => ({ ids: [box], reason }),
  },
  {
    name: 'backSupplier',
    event: 'backSupplier',
    path: '/api/boxPiece/backSupplier',
    body: () => ({ ids: [box], reason }),
  },
  {
    name: 'sign',
    event: 'sign',
    batchLevel: true,
    path: '/api/projectBatch/sign',
    body: () => ({ batchId, reason }),
  },
];
const cmd = (name: string) => cmds.find((c) => c.name === name) as Cmd;
/** The party of the machine each command is given by in (a) and (b). */
const doer = (c: Cmd): User => {
  const who = logisticsMachine.find((m) => m.event === c.event)?.who ?? [];
  return who.includes('supplier') ? 'supplier2' : who.includes('logistics') ? 'logistics' : 'site';
};

const run = (c: Cmd, as: User, lang: Lang = 'zh', body = c.body(as)) =>
  call(t.app, 'POST', c.path, { token: tok[as], body, lang });

const boxRow = async () => (await t.db.select().from(boxPieces).where(eq(boxPieces.id, box)))[0]!;

/** The box in a state, on the vehicle and in the container that state implies. */
async function put(state: number, outOfGauge = false) {
  await t.db.delete(vehicleBoxes).where(eq(vehicleBoxes.boxId, box));
  await t.db.delete(containerBoxes).where(eq(containerBoxes.boxId, box));
  await t.db.update(boxPieces).set({ logisticsStatus: state, outOfGauge }).where(eq(boxPieces.id, box));
  const on = { tenantId: (await boxRow()).tenantId, batchId, boxId: box };
  if (state >= S.loaded)
    await t.db.insert(vehicleBoxes).values({ ...on, accessoryInfoId: vehicleOf.supplier2 as number });
  if (state >= S.boxed && !outOfGauge)
    await t.db.insert(containerBoxes).values({ ...on, containerId: container });
}

/** Everything a refused command could have touched. */
async function snapshot() {
  const [events] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(changeRecords)
    .where(eq(changeRecords.batchId, batchId));
  return JSON.stringify({
    box: await boxRow(),
    events,
    onVehicle: await t.db.select().from(vehicleBoxes).where(eq(vehicleBoxes.batchId, batchId)),
    inContainer: await t.db.select().from(containerBoxes).where(eq(containerBoxes.batchId, batchId)),
    batch: await t.db.select().from(projectBatches).where(eq(projectBatches.id, batchId)),
    containers: await t.db.select().from(containers).where(eq(containers.batchId, batchId)),
  });
}

beforeAll(async () => {
  tok = await loginAll(t.app, [...USERS]);
  // The demo lot not loaded yet: supplier2's, served by the logistics provider. One box walks; the
  // others go back to a draft packing list, so that they neither move with it nor hold it up.
  const [b] = await t.db.select().from(projectBatches).where(eq(projectBatches.batchNumber, 'CTG4-B006'));
  batchId = b!.id;
  const boxes = await t.db
    .select()
    .from(boxPieces)
    .where(eq(boxPieces.batchId, batchId))
    .orderBy(asc(boxPieces.seq));
  box = boxes[0]!.id;
  await t.db
    .update(boxPieces)
    .set({ status: BoxStatus.draft })
    .where(and(eq(boxPieces.batchId, batchId), ne(boxPieces.id, box)));
  for (const who of ['supplier2', 'logistics'] as const) {
    const v = await call(t.app, 'POST', '/api/accessoryInfo', {
      token: tok[who],
      body: { batchId, plateNumber: who === 'logistics' ? '沪B·L6620' : '苏B·6K218' },
    });
    expect(v.status).toBe(201);
    vehicleOf[who] = v.body.id;
  }
  const c = await call(t.app, 'POST', '/api/container', {
    token: tok.logistics,
    body: { batchId, containerNumber: `CSNU654321${iso6346CheckDigit('CSNU654321')}`, typeCode: '40HQ' },
  });
  expect(c.status).toBe(201);
  container = c.body.id;
  expect((await t.db.select().from(vehicles).where(eq(vehicles.batchId, batchId))).length).toBe(2);
});

describe('(a) every command and every undo', () => {
  const done = new Set<string>();

  /** Runs a command that the machine allows, and checks the box moved as the machine says. */
  async function move(c: Cmd, body?: Record<string, unknown>) {
    const from = (await boxRow()).logisticsStatus;
    const as = doer(c);
    const res = await run(c, as, 'zh', body);
    expect([c.name, res.status]).toEqual([c.name, c.name === 'load' || c.name === 'stuff' ? 201 : 200]);
    const m = logisticsMachine.find((x) => x.from === from && x.event === c.event);
    expect(m, `${c.name} from ${from}`).toBeDefined();
    expect([c.name, (await boxRow()).logisticsStatus]).toEqual([c.name, m?.to]);
    const [last] = await t.db
      .select()
      .from(changeRecords)
      .where(and(eq(changeRecords.entity, 'boxPiece'), eq(changeRecords.entityId, box)))
      .orderBy(sql`${changeRecords.id} desc`)
      .limit(1);
    expect(last).toMatchObject({ action: c.event, fromStatus: String(from), toStatus: String(m?.to) });
    done.add(`${from}:${c.event}`);
  }

  /** An undo: refused without a reason (nothing changes), then exactly one step back. */
  async function undo(c: Cmd, body?: Record<string, unknown>, stepBack = true) {
    const before = await snapshot();
    const from = (await boxRow()).logisticsStatus;
    const bare = { ...(body ?? c.body(doer(c))), reason: ' ' };
    const refused = await run(c, doer(c), 'en', bare);
    expect([c.name, refused.status]).toEqual([c.name, 400]);
    expect(refused.body.message).toContain('Give a reason');
    expect(await snapshot()).toBe(before);
    await move(c, body);
    if (!stepBack) return;
    const forward = logisticsMachine.find((x) => x.to === from && x.from === (m(from, c.event)?.to ?? -1));
    expect(forward, `${c.name} undoes a step into ${from}`).toBeDefined();
  }
  const m = (from: number, event: string) =>
    logisticsMachine.find((x) => x.from === from && x.event === event);

  it('walks a box from not loaded to signed, undoing every step that has an undo', async () => {
    await put(S.notLoaded);
    await move(cmd('load'));
    await undo(cmd('offLoad'));
    await move(cmd('load'));
    await undo(cmd('undoLoading'));
    await move(cmd('load'));
    await undo(cmd('undoLoading'), { id: vehicleOf.supplier2, reason });
    await move(cmd('load'));
    await move(cmd('ship'));
    await move(cmd('transit'));
    await move(cmd('stuff'));
    await undo(cmd('undoPacking'));
    await move(cmd('stuff'));
    await undo(cmd('undoPacking'), { id: container, reason });
    await move(cmd('stuff'));
    await move(cmd('onBoard'), {
      ids: [container],
      vessel: 'XIN NING BO',
      voyage: '130W',
      seals: [{ containerId: container, sealNumber: 'CN7700001' }],
    });
    await move(cmd('discharge'), { ids: [container], port: 'BDCGP' });
    await move(cmd('unpack'), { ids: [container] });
    await move(cmd('deliver'));
    await undo(cmd('undoDelivery'));
    await move(cmd('deliver'));
    await move(cmd('receive'));
    await undo(cmd('undoReceive'));
    await move(cmd('receive'));
    await move(cmd('sign'));
    expect((await boxRow()).logisticsStatus).toBe(S.signed);
    const [batch] = await t.db.select().from(projectBatches).where(eq(projectBatches.id, batchId));
    expect(batch).toMatchObject({ logisticsStatus: S.signed });
  });

  it('signs from delivered, sends back from delivered and from received, and carries break bulk on board', async () => {
    await put(S.delivered);
    await move(cmd('sign'));
    // Back to the supplier is no undo (it leaves the machine's line), but it too needs a reason.
    await put(S.delivered);
    await undo(cmd('backSupplier'), undefined, false);
    await put(S.received);
    await undo(cmd('backSupplier'), undefined, false);
    await put(S.inTransit, true);
    await move(cmd('onBoard'));
    await put(S.inTransit);
  });

  it('has walked every transition of the machine', () => {
    const all = logisticsMachine.map((x) => `${x.from}:${x.event}`);
    expect(all.filter((k) => !done.has(k))).toEqual([]);
  });
});

describe('(b) every command from every state it is not allowed in', () => {
  const states = Object.values(S);
  for (const c of cmds) {
    const allowed = logisticsMachine.filter((x) => x.event === c.event).map((x) => x.from as number);
    for (const state of states.filter((s) => !allowed.includes(s))) {
      it(`${c.name} from ${logisticsLabels[state]?.en}`, async () => {
        await put(state);
        for (const lang of ['zh', 'en'] as const) {
          const before = await snapshot();
          const res = await run(c, doer(c), lang);
          expect(res.status).toBe(400);
          if (!c.batchLevel) {
            expect(res.body.code).toBe('state.not_allowed');
            expect(res.body.message).toContain(logisticsLabels[state]?.[lang]);
          } else if (c.name === 'ship') {
            expect(res.body.code).toBe(state < S.loaded ? 'boxes.not_loaded' : 'logistics.nothing_to_ship');
            if (state < S.loaded && lang === 'zh')
              expect(res.body.message).toBe('还有 1 件箱件未装车，不能发运');
          } else {
            const done = state === S.signed || state === S.backToSupplier;
            expect(res.body.code).toBe(done ? 'logistics.nothing_to_sign' : 'logistics.not_delivered');
            if (!done && lang === 'zh') expect(res.body.message).toBe('还有 1 件箱件未送达，不能签收');
          }
          expect(await snapshot()).toBe(before);
        }
      });
    }
  }
});

describe('(c) every command by every demo party', () => {
  // Per command, in the order of USERS: 'ok'; 'perm' (403, no such function); 'party' (403, not that
  // party's step, or not its vehicle); 404 (a batch the caller does not serve).
  type Expect = 'ok' | 'perm' | 'party' | 404;
  const moving: Expect[] = ['perm', 'perm', 404, 'ok', 'ok', 'perm', 'party'];
  const provider: Expect[] = ['perm', 'perm', 'perm', 'perm', 'ok', 'perm', 'party'];
  const delivery: Expect[] = ['ok', 'ok', 'perm', 'perm', 'ok', 404, 'party'];
  const receipt: Expect[] = ['ok', 'ok', 'perm', 'perm', 'perm', 404, 'party'];
  const matrix: Record<string, Expect[]> = {
    load: moving,
    offLoad: moving,
    undoLoading: moving,
    ship: moving,
    transit: moving,
    stuff: provider,
    undoPacking: provider,
    onBoard: provider,
    discharge: provider,
    unpack: provider,
    deliver: delivery,
    undoDelivery: delivery,
    receive: receipt,
    undoReceive: receipt,
    backSupplier: receipt,
    sign: receipt,
  };

  it('covers every command', () => {
    expect(Object.keys(matrix).sort()).toEqual(cmds.map((c) => c.name).sort());
  });

  for (const c of cmds) {
    const from = logisticsMachine.find((x) => x.event === c.event && !x.guard?.startsWith('break'))
      ?.from as number;
    USERS.forEach((who, i) => {
      const expected = matrix[c.name]?.[i];
      it(`${c.name} as ${who}: ${expected}`, async () => {
        await put(from);
        const before = await snapshot();
        const res = await run(c, who, 'en');
        if (expected === 'ok') {
          expect([res.status, res.body.message]).toEqual([
            c.name === 'load' || c.name === 'stuff' ? 201 : 200,
            undefined,
          ]);
          expect((await boxRow()).logisticsStatus).not.toBe(from);
          return;
        }
        const status = expected === 404 ? 404 : 403;
        expect([res.status, res.body.code]).toEqual([
          status,
          expected === 'party' ? 'state.wrong_party' : expected === 'perm' ? 'forbidden' : 'not_found',
        ]);
        expect(await snapshot()).toBe(before);
      });
    });
  }
});
