// The customs code tables and division by hand: a header's codes must name rows of China
// customs' tables (customsCode/dict, imported all or nothing), and moving lines between tickets keeps the
// rules — at most 50 lines, one trade mode and one contract a ticket — or is refused in zh/en with nothing
// changed; lines also move out of their tickets, and a ticket left empty goes.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assorts, declareLines, projectDeclares } from '../src/db/schema-customs.ts';
import { customsCodeDicts } from '../src/db/schema-customs-dict.ts';
import { projectBatches } from '../src/db/schema-project.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
const batch: Record<string, number> = {};

beforeAll(async () => {
  tok = await loginAll(t.app, ['admin', 'shipper', 'supplier', 'logistics']);
  for (const b of await t.db.select().from(projectBatches))
    if (b.batchNumber.startsWith('JKT2-')) batch[b.batchNumber.slice(-4)] = b.id;
});

const codes = () =>
  t.db.select().from(customsCodeDicts).orderBy(customsCodeDicts.kind, customsCodeDicts.code);
const linesOf = (declareId: number) =>
  t.db.select().from(declareLines).where(eq(declareLines.declareId, declareId)).orderBy(declareLines.lineNo);
const ticketsOf = (declareId: number) =>
  t.db.select().from(assorts).where(eq(assorts.declareId, declareId)).orderBy(assorts.ticketNo);
const snap = async (declareId: number) =>
  JSON.stringify({
    d: await t.db.select().from(projectDeclares).where(eq(projectDeclares.id, declareId)),
    l: await linesOf(declareId),
    t: await ticketsOf(declareId),
  });

describe('the customs code tables', () => {
  it('every party reads them; only the administrator writes and imports them, all rows or none', async () => {
    for (const who of ['shipper', 'logistics', 'supplier']) {
      const res = await call(t.app, 'GET', '/api/customsCode/dict', {
        token: tok[who],
        query: { kind: 'customsOffice', size: 200 },
      });
      expect(res.status, who).toBe(200);
      expect(res.body.content).toContainEqual(
        expect.objectContaining({ code: '2248', nameZh: '洋山港区', nameEn: 'Yangshan Port Customs' }),
      );
    }
    const modes = await call(t.app, 'GET', '/api/customsCode/dict', {
      token: tok.logistics,
      query: { kind: 'tradeMode', blurry: '承包' },
    });
    expect(modes.body.content.map((r: { code: string }) => r.code)).toEqual(['3422']);
    const row = { kind: 'customsOffice', code: '2201', nameZh: '浦江海关', nameEn: 'Pujiang Customs' };
    expect(
      (await call(t.app, 'POST', '/api/customsCode/dict', { token: tok.logistics, body: row })).status,
    ).toBe(403);
    const bad = await call(t.app, 'POST', '/api/customsCode/dict', {
      token: tok.admin,
      body: { ...row, code: '22A1' },
      lang: 'en',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('code');
    expect((await call(t.app, 'POST', '/api/customsCode/dict', { token: tok.admin, body: row })).status).toBe(
      201,
    );
    const dup = await call(t.app, 'POST', '/api/customsCode/dict', { token: tok.admin, body: row });
    expect(dup.status).toBe(409);

    const before = JSON.stringify(await codes());
    const broken = await call(t.app, 'POST', '/api/customsCode/dict/import', {
      token: tok.admin,
      body: { csv: 'kind,code,zh,en\ntradeMode,0200,新方式,New mode\npackageType,7,木桶,Barrel\n' },
      lang: 'en',
    });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('Customs code file, row 3 is invalid: code');
    expect(JSON.stringify(await codes())).toBe(before);
    const byBroker = await call(t.app, 'POST', '/api/customsCode/dict/import', {
      token: tok.logistics,
      body: { csv: 'tradeMode,0200,新方式,New mode' },
    });
    expect(byBroker.status).toBe(403);
    const ok = await call(t.app, 'POST', '/api/customsCode/dict/import', {
      token: tok.admin,
      body: {
        csv: 'kind,code,zh,en\ntradeMode,0200,新方式,New mode\ncustomsOffice,2201,浦江海关,"Pujiang, Shanghai"\n',
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.imported).toBe(2);
    const [pujiang] = await t.db
      .select()
      .from(customsCodeDicts)
      .where(and(eq(customsCodeDicts.kind, 'customsOffice'), eq(customsCodeDicts.code, '2201')));
    expect(pujiang.nameEn).toBe('Pujiang, Shanghai');
  });

  it('a header’s codes must name rows of their tables; a refusal changes nothing', async () => {
    const unknown = await call(t.app, 'POST', '/api/projectDeclare', {
      token: tok.logistics,
      body: { batchId: batch.B002, customsOffice: '2299' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('申报地海关「2299」不在海关关区代码表中');
    expect(await t.db.select().from(projectDeclares).where(eq(projectDeclares.batchId, batch.B002))).toEqual(
      [],
    );
    const res = await call(t.app, 'POST', '/api/projectDeclare', {
      token: tok.logistics,
      body: { batchId: batch.B002, customsOffice: '2248', packageType: '23' },
    });
    expect(res.status).toBe(201);
    const id = res.body.id;
    const before = await snap(id);
    for (const [field, value, en] of [
      ['tradeMode', '1111', 'Trade mode “1111” is not in the customs trade mode table'],
      ['transportMode', 'Q', 'Transport mode “Q” is not in the customs transport mode table'],
      ['packageType', '55', 'Package type “55” is not in the customs package type table'],
      ['portOfExit', '0001', 'Exit customs “0001” is not in the customs customs office table'],
    ]) {
      const put = await call(t.app, 'PUT', '/api/projectDeclare', {
        token: tok.logistics,
        body: { id, [field]: value },
        lang: 'en',
      });
      expect(put.status, field).toBe(400);
      expect(put.body.message).toBe(en);
    }
    for (const body of [{ packageType: 'wooden_case' }, { portOfDestination: 'Jakarta' }]) {
      const shape = await call(t.app, 'PUT', '/api/projectDeclare', {
        token: tok.logistics,
        body: { id, ...body },
      });
      expect(shape.status).toBe(400);
    }
    expect(await snap(id)).toBe(before);
    const good = await call(t.app, 'PUT', '/api/projectDeclare', {
      token: tok.logistics,
      body: { id, tradeMode: '3422', transportMode: '3', portOfExit: '0202', packageType: '92' },
    });
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({
      tradeMode: '3422',
      transportMode: '3',
      portOfExit: '0202',
      packageType: '92',
    });
  });
});

describe('moving lines between tickets by hand', () => {
  let declareId: number;
  const ids: Record<string, number[]> = {};

  it('keeps at most 50 lines and one trade mode and contract a ticket; refusals change nothing', async () => {
    const [d] = await t.db.select().from(projectDeclares).where(eq(projectDeclares.batchId, batch.B002));
    declareId = d.id;
    // 55 general-trade lines of contract A, 3 contracting-export lines of A, 2 general-trade lines of B.
    const kinds = [
      ...Array.from({ length: 55 }, () => ['0110', 'JKT2-A']),
      ...Array.from({ length: 3 }, () => ['3422', 'JKT2-A']),
      ...Array.from({ length: 2 }, () => ['0110', 'JKT2-B']),
    ];
    const rows = await t.db
      .insert(declareLines)
      .values(
        kinds.map(([tradeMode, contractNumber], i) => ({
          tenantId: d.tenantId,
          batchId: d.batchId,
          declareId,
          lineNo: i + 1,
          hsCode: '854449',
          name: `电缆 ${i + 1}`,
          quantity: '10.000',
          confirmedQuantity: '10.000',
          unit: 'm',
          unitPrice: '2.0000',
          totalPrice: '20.00',
          currency: 'USD',
          tradeMode,
          contractNumber,
        })),
      )
      .returning();
    ids.general = rows.slice(0, 55).map((r) => r.id);
    ids.contracting = rows.slice(55, 58).map((r) => r.id);
    ids.contractB = rows.slice(58).map((r) => r.id);
    expect(
      (await call(t.app, 'POST', '/api/assort/auto', { token: tok.logistics, body: { declareId } })).status,
    ).toBe(200);
    const tickets = await ticketsOf(declareId);
    const count = async () => {
      const lines = await linesOf(declareId);
      return (await ticketsOf(declareId)).map((x) => lines.filter((l) => l.assortId === x.id).length);
    };
    expect(await count()).toEqual([50, 5, 3, 2]);
    const [full, small, contracting, otherContract] = tickets;
    const before = await snap(declareId);
    const move = (
      assortId: number | null,
      lineIds: number[],
      lang: 'zh' | 'en' = 'zh',
      token = tok.logistics,
    ) => call(t.app, 'PUT', '/api/assort/moveLines', { token, body: { assortId, lineIds }, lang });

    const over = await move(full.id, [ids.general[52]], 'en');
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('Ticket 1 holds 50 lines: moving 1 more would take it over 50');
    const mode = await move(small.id, [ids.contracting[0]]);
    expect(mode.status).toBe(400);
    expect(mode.body.message).toBe(
      '第 56 项（监管方式 3422，合同 JKT2-A）不能放入第 2 票（监管方式 0110，合同 JKT2-A）：同一票不能有两种监管方式或两个合同',
    );
    const contract = await move(small.id, [ids.contractB[1]], 'en');
    expect(contract.status).toBe(400);
    expect(contract.body.message).toBe(
      'Line 60 (trade mode 0110, contract JKT2-B) cannot go into ticket 2 (trade mode 0110, contract JKT2-A): a ticket never holds two trade modes or two contracts',
    );
    // A refused set changes nothing, even when some of its lines would fit.
    const mixed = await move(small.id, [ids.general[0], ids.contracting[1]]);
    expect(mixed.status).toBe(400);
    for (const who of ['shipper', 'supplier'])
      expect((await move(small.id, [ids.general[0]], 'zh', tok[who])).status).toBeGreaterThanOrEqual(403);
    const [foreign] = await t.db
      .select()
      .from(declareLines)
      .where(eq(declareLines.batchId, batch.B001))
      .limit(1);
    expect((await move(small.id, [foreign.id])).status).toBeGreaterThanOrEqual(400);
    expect(await snap(declareId)).toBe(before);

    // Within the rules: one line of the full ticket joins the small one.
    expect((await move(small.id, [ids.general[0]])).status).toBe(200);
    expect(await count()).toEqual([49, 6, 3, 2]);
    // And back: 49 + 1 fits.
    expect((await move(full.id, [ids.general[0]])).status).toBe(200);
    expect(await count()).toEqual([50, 5, 3, 2]);
    expect(contracting.tradeMode).toBe('3422');

    // Out of their ticket: the contract-B lines are undivided again, and their emptied ticket goes.
    const out = await move(null, ids.contractB);
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ tickets: 3, undivided: 2 });
    expect((await ticketsOf(declareId)).map((x) => x.id)).not.toContain(otherContract.id);
    // Into a new ticket of their own (dropped on "new ticket").
    const own = await call(t.app, 'POST', '/api/assort', {
      token: tok.logistics,
      body: { declareId, lineIds: ids.contractB },
    });
    expect(own.status).toBe(201);
    expect(await count()).toEqual([50, 5, 3, 2]);
  });
});
