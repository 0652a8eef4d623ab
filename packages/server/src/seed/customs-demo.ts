// Demo customs data: the first batch's export declaration archived with two declared tickets,
// and its import declaration at destination waiting for the shipper's review. Also the
// tariff lines of the demo's HS codes with their element templates, and this year's exchange rates.
import { DeclareStatus } from '@tradelane/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import {
  assorts,
  declareElements,
  declareLines,
  exchangeRates,
  projectDeclares,
} from '../db/schema-customs.ts';
import { customsCodes, projectBatches, projectContracts } from '../db/schema-project.ts';
import { approveDeclare, archiveDeclare, declareTicket, submitDeclare } from '../modules/customs/commands.ts';
import { buildLines } from '../modules/customs/lines.ts';
import { callerOf } from '../workflow/in-process.ts';
import { seedCommand } from './commands.ts';

const TEMPLATE = '0:品牌类型;1:出口享惠情况;2:品名;3:用途;4:品牌;5:型号';
// The demo's own tariff lines (8544 is left to the HS tests, which import it themselves).
const tariff: [string, string, string, string | null][] = [
  ['8504230090', '其他额定容量超过10000千伏安的液体介质变压器', '台', '千伏安'],
  ['8504220000', '额定容量超过650千伏安但不超过10000千伏安的液体介质变压器', '台', '千伏安'],
  ['8537209000', '其他电压超过1000伏的电力控制或分配装置', '台', '千克'],
  ['8537109090', '其他电压不超过1000伏的电力控制或分配装置', '台', '千克'],
  ['8504900000', '品目85.04所列货品的零件', '千克', null],
  ['8535900090', '其他电压超过1000伏的电路开关、保护或连接用电气装置', '千克', null],
];

const by = { createBy: 'system', updateBy: 'system' };
/** Rated power of one demo transformer by its tariff line (kVA): 180 MVA main, 20 MVA station service. */
const KVA: Record<string, number> = { '8504230090': 180_000, '8504220000': 20_000 };

export async function seedCustomsDemo(db: Db) {
  await db
    .insert(customsCodes)
    .values(
      tariff.map(([code, name, unit1, unit2]) => ({
        code,
        hs6: code.slice(0, 6),
        name,
        unit1,
        unit2,
        elements: TEMPLATE,
        ...by,
      })),
    )
    .onConflictDoNothing();
  const month = new Date().toISOString().slice(0, 7);
  await db
    .insert(exchangeRates)
    .values([
      { currency: 'CNY', baseCurrency: 'USD', month, rate: '7.100000', ...by },
      { currency: 'EUR', baseCurrency: 'USD', month, rate: '0.920000', ...by },
      { currency: 'CNY', baseCurrency: 'EUR', month, rate: '7.720000', ...by },
    ])
    .onConflictDoNothing();

  const people = await db
    .select({ username: users.username, tenantId: users.tenantId })
    .from(users)
    .where(inArray(users.username, ['shipper', 'supplier', 'logistics']));
  const u = Object.fromEntries(people.map((p) => [p.username, p.tenantId]));
  if (!u.shipper || !u.supplier || !u.logistics) return;
  const [b1] = await db.select().from(projectBatches).where(eq(projectBatches.batchNumber, 'JKT2-B001'));
  if (!b1) return;
  const [c1] = await db
    .select()
    .from(projectContracts)
    .where(eq(projectContracts.contractNumber, 'JKT2-SE-2026-001'));

  const declare = async (batch: typeof b1, direction: 'export' | 'import') => {
    const [d] = await db
      .insert(projectDeclares)
      .values({
        tenantId: batch.tenantId,
        projectId: batch.projectId,
        batchId: batch.id,
        brokerTenantId: u.logistics,
        direction,
        status: DeclareStatus.draft,
        customsOffice: '2248',
        portOfExit: '2248',
        tradeMode: '0110',
        transportMode: '2',
        vesselName: 'COSCO SHIPPING ARIES',
        voyageNo: '026S',
        blNumber: `COSU62${batch.id}000${direction === 'export' ? 1 : 2}`,
        contractNumber: c1?.contractNumber ?? null,
        tradingCountry: 'ID',
        destinationCountry: 'ID',
        portOfDestination: 'IDJKT',
        incoterm: 'FOB',
        currency: 'USD',
        packages: 12,
        packageType: '23',
        grossWeight: '420860.000',
        netWeight: '392600.000',
        ...by,
      })
      .returning();
    await buildLines(db, d, 'logistics');
    // The broker fills the elements the material list does not say.
    const lines = await db
      .select()
      .from(declareLines)
      .where(eq(declareLines.declareId, d.id))
      .orderBy(asc(declareLines.lineNo));
    for (const l of lines) {
      const [el] = await db.select().from(declareElements).where(eq(declareElements.lineId, l.id));
      await db
        .update(declareElements)
        .set({ values: { ...el.values, 品牌类型: '境内自主品牌', 出口享惠情况: '不享惠', 用途: '电站用' } })
        .where(eq(declareElements.id, el.id));
      // And the legal quantities the line cannot say itself: sets counted as units, transformers'
      // rated power in kVA.
      const kva = KVA[l.hsCode ?? ''];
      const legal = (unit: string | null, given: string | null) =>
        given ??
        (unit === '台' ? l.quantity : unit === '千伏安' && kva ? String(kva * Number(l.quantity)) : null);
      const legalQuantity1 = legal(l.legalUnit1, l.legalQuantity1);
      const legalQuantity2 = legal(l.legalUnit2, l.legalQuantity2);
      await db.update(declareLines).set({ legalQuantity1, legalQuantity2 }).where(eq(declareLines.id, l.id));
      Object.assign(l, { legalQuantity1, legalQuantity2 });
    }
    return { d, lines };
  };

  const as = { shipper: await callerOf(db, 'shipper'), logistics: await callerOf(db, 'logistics') };
  /** The tickets as the broker divided them (engine rows of a draft), lines by ticket. */
  const divide = async (d: { id: number }, tickets: { id: number; contractNumber: string | null }[][]) => {
    const ids: number[] = [];
    for (const [i, half] of tickets.entries()) {
      const [t] = await db
        .insert(assorts)
        .values({
          tenantId: b1.tenantId,
          batchId: b1.id,
          declareId: d.id,
          ticketNo: i + 1,
          tradeMode: '0110',
          contractNumber: half[0]?.contractNumber ?? null,
          ...by,
        })
        .returning();
      await db
        .update(declareLines)
        .set({ assortId: t.id })
        .where(
          inArray(
            declareLines.id,
            half.map((l) => l.id),
          ),
        );
      ids.push(t.id);
    }
    return ids;
  };

  // Batch 1: archived, in two tickets (transformers; switchgear and the rest), both declared — each step the
  // server's own command as the broker or the shipper would click it (each keeps its review record).
  const archived = await declare(b1, 'export');
  const tickets = await divide(archived.d, [archived.lines.slice(0, 2), archived.lines.slice(2)]);
  await seedCommand(db, submitDeclare, as.logistics, { id: archived.d.id });
  await seedCommand(db, approveDeclare, as.shipper, { id: archived.d.id });
  for (const [i, id] of tickets.entries())
    await seedCommand(db, declareTicket, as.logistics, { id, entryNumber: `22482026000012345${i}` });
  await seedCommand(db, archiveDeclare, as.logistics, { id: archived.d.id });

  // The same batch's import declaration at destination: one ticket, waiting for the shipper's review.
  const waiting = await declare(b1, 'import');
  await divide(waiting.d, [waiting.lines]);
  await seedCommand(db, submitDeclare, as.logistics, { id: waiting.d.id });
}
