// Declaration lines: built from the batch's confirmed material lists, merged where HS code, name,
// elements, unit, origin, currency (and contract) agree; the element templates of the imported tariff;
// and the checks a declaration passes before it goes to review.
import {
  currencyScale,
  fromMinor,
  MaterialListStatus,
  type MessageCode,
  missingElements,
  parseElementTemplate,
  sumMoney,
  ticketProblem,
  toMinor,
  unitPriceOf,
} from '@tradelane/contract';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assorts, declareElements, declareLines, declPrices } from '../../db/schema-customs.ts';
import { customsCodes, materialLists, projectContracts, supplies } from '../../db/schema-project.ts';
import { badRequest } from '../../http/errors.ts';
import { hsCodeExists } from '../hs/hs-index.ts';
import type { Declare } from './access.ts';

export type Line = typeof declareLines.$inferSelect;

/** Element templates (names in order) and tariff names of HS codes, from the imported tariff file. */
export async function templatesOf(db: Db, codes: (string | null)[]) {
  const wanted = [...new Set(codes.filter((c): c is string => Boolean(c)))];
  const rows = wanted.length
    ? await db
        .select({
          code: customsCodes.code,
          name: customsCodes.name,
          elements: customsCodes.elements,
          unit1: customsCodes.unit1,
          unit2: customsCodes.unit2,
        })
        .from(customsCodes)
        .where(inArray(customsCodes.code, wanted))
    : [];
  return new Map(rows.map((r) => [r.code, { ...r, template: parseElementTemplate(r.elements) }]));
}

/** A code the tariff or HS 2022 knows. */
export async function knownHsCode(db: Db, code: string | null | undefined): Promise<boolean> {
  if (!code) return false;
  if (hsCodeExists(code)) return true;
  return (await templatesOf(db, [code])).size > 0;
}

/** The 10-digit tariff line of a shorter code, when the imported tariff has exactly one. */
async function tenDigits(db: Db, code: string | null): Promise<string | null> {
  if (!code || code.length >= 10) return code;
  const rows = await db
    .select({ code: customsCodes.code })
    .from(customsCodes)
    .where(like(customsCodes.code, `${code}%`))
    .limit(2);
  return rows.length === 1 ? rows[0].code : code;
}

/** Deletes a declaration's lines and everything hanging on them (tickets too). */
export async function clearLines(db: Db, declareId: number) {
  await db.delete(declareElements).where(eq(declareElements.declareId, declareId));
  await db.delete(declPrices).where(eq(declPrices.declareId, declareId));
  await db.delete(declareLines).where(eq(declareLines.declareId, declareId));
  await db.delete(assorts).where(eq(assorts.declareId, declareId));
}

/**
 * (Re)builds the lines of a declaration from the batch's confirmed material lists. Rows merge when
 * HS code, name, elements (spec and brand), unit, origin, currency and contract agree; quantities and
 * totals add up exactly; the unit price is the total over the quantity. Element values the rows already
 * say (品名, 品牌, 型号) are filled in.
 */
export async function buildLines(db: Db, declare: Declare, by: string): Promise<number> {
  const lists = await db
    .select({ id: materialLists.id })
    .from(materialLists)
    .where(
      and(eq(materialLists.batchId, declare.batchId), eq(materialLists.status, MaterialListStatus.confirmed)),
    );
  if (!lists.length) throw badRequest('customs.no_confirmed_lists');
  const rows = await db
    .select({ s: supplies, contractNumber: projectContracts.contractNumber })
    .from(supplies)
    .leftJoin(projectContracts, eq(projectContracts.id, supplies.contractId))
    .where(
      inArray(
        supplies.listId,
        lists.map((l) => l.id),
      ),
    )
    .orderBy(asc(supplies.listId), asc(supplies.lineNo));
  await clearLines(db, declare.id);
  type Group = {
    hsCode: string | null;
    name: string;
    elements: string | null;
    brand: string | null;
    spec: string | null;
    unit: string;
    origin: string | null;
    currency: string | null;
    contractNumber: string | null;
    quantity: bigint;
    totals: string[];
    source: { id: number; quantity: string }[];
  };
  const groups = new Map<string, Group>();
  for (const { s, contractNumber } of rows) {
    const hsCode = await tenDigits(db, s.hsCode);
    const elements = [s.brand, s.spec].filter(Boolean).join(' ') || null;
    const key = JSON.stringify([
      hsCode,
      s.name,
      elements,
      s.unit,
      s.originCountry,
      s.currency,
      contractNumber,
    ]);
    const quantity = String(s.quantity);
    const g = groups.get(key) ?? {
      hsCode,
      name: s.name,
      elements,
      brand: s.brand,
      spec: s.spec,
      unit: s.unit,
      origin: s.originCountry,
      currency: s.currency,
      contractNumber,
      quantity: 0n,
      totals: [],
      source: [],
    };
    g.quantity += toMinor(Number(quantity).toFixed(3), 3);
    g.totals.push(
      s.totalPrice == null ? '0' : Number(s.totalPrice).toFixed(currencyScale(s.currency ?? 'USD')),
    );
    g.source.push({ id: s.id, quantity });
    groups.set(key, g);
  }
  const templates = await templatesOf(
    db,
    [...groups.values()].map((g) => g.hsCode),
  );
  let lineNo = 0;
  for (const g of groups.values()) {
    lineNo += 1;
    const scale = currencyScale(g.currency ?? 'USD');
    const total = sumMoney(g.totals, scale);
    const quantity = fromMinor(g.quantity, 3);
    const unitPrice = unitPriceOf(total, quantity, scale);
    const tpl = templates.get(g.hsCode ?? '');
    const [line] = await db
      .insert(declareLines)
      .values({
        tenantId: declare.tenantId,
        batchId: declare.batchId,
        declareId: declare.id,
        lineNo,
        hsCode: g.hsCode,
        name: g.name,
        elements: g.elements,
        quantity,
        confirmedQuantity: quantity,
        unit: g.unit,
        legalUnit1: tpl?.unit1 ?? null,
        legalUnit2: tpl?.unit2 ?? null,
        unitPrice,
        totalPrice: total,
        currency: g.currency,
        originCountry: g.origin,
        destinationCountry: declare.destinationCountry,
        tradeMode: declare.tradeMode,
        contractNumber: g.contractNumber,
        source: g.source,
        createBy: by,
        updateBy: by,
      })
      .returning();
    const values: Record<string, string> = {};
    for (const name of tpl?.template ?? []) {
      if (name === '品名') values[name] = g.name;
      if (name === '品牌' && g.brand) values[name] = g.brand;
      if (name === '型号' && g.spec) values[name] = g.spec;
    }
    await db.insert(declareElements).values({
      tenantId: declare.tenantId,
      batchId: declare.batchId,
      declareId: declare.id,
      lineId: line.id,
      hsCode: g.hsCode,
      values,
      createBy: by,
      updateBy: by,
    });
  }
  return lineNo;
}

const fail = (code: MessageCode, params: Record<string, unknown> = {}) => badRequest(code, params);

/** The declaration's lines and their element values, in line order. */
export async function linesOf(db: Db, declareId: number) {
  const lines = await db
    .select()
    .from(declareLines)
    .where(eq(declareLines.declareId, declareId))
    .orderBy(asc(declareLines.lineNo));
  const values = lines.length
    ? await db
        .select({ lineId: declareElements.lineId, values: declareElements.values })
        .from(declareElements)
        .where(eq(declareElements.declareId, declareId))
    : [];
  return lines.map((l) => ({ ...l, values: values.find((v) => v.lineId === l.id)?.values ?? {} }));
}

/**
 * What review needs (the guard `ready`): lines; each with a known HS code, a positive price, a quantity
 * within the confirmed quantity, its required elements filled, and a place in a ticket; tickets within
 * the rules. Throws the first problem, naming the line.
 */
export async function checkReady(db: Db, declareId: number): Promise<undefined> {
  const lines = await linesOf(db, declareId);
  if (!lines.length) throw fail('customs.no_lines');
  const templates = await templatesOf(
    db,
    lines.map((l) => l.hsCode),
  );
  for (const l of lines) {
    if (!(await knownHsCode(db, l.hsCode))) throw fail('customs.hs_unknown', { lineNo: l.lineNo });
    if (!(Number(l.unitPrice) > 0) || !(Number(l.totalPrice) > 0))
      throw fail('customs.price_missing', { lineNo: l.lineNo });
    if (toMinor(l.quantity, 3) > toMinor(l.confirmedQuantity, 3))
      throw fail('customs.over_confirmed', {
        lineNo: l.lineNo,
        quantity: l.quantity,
        confirmed: l.confirmedQuantity,
      });
    const missing = missingElements(templates.get(l.hsCode ?? '')?.template ?? [], l.values);
    if (missing.length)
      throw fail('customs.elements_missing', { lineNo: l.lineNo, names: missing.join('、') });
    if (!l.assortId) throw fail('customs.not_divided', { lineNo: l.lineNo });
  }
  const byTicket = new Map<number, typeof lines>();
  for (const l of lines)
    byTicket.set(l.assortId as number, [...(byTicket.get(l.assortId as number) ?? []), l]);
  for (const ticket of byTicket.values()) {
    const problem = ticketProblem(
      ticket.map((l) => ({ id: l.id, tradeMode: l.tradeMode, contractNumber: l.contractNumber })),
    );
    if (problem) throw fail(problem);
  }
  return undefined;
}
