// Declaration lines: built from the batch's confirmed material lists, merged where HS code, name,
// elements, unit, origin, currency (and contract) agree; the element templates of the imported tariff;
// and the checks a declaration passes before it goes to review.
import {
  currencyScale,
  declareHeaderName,
  declareRequiredHeader,
  fromMinor,
  isTariffCode,
  type Lang,
  type MessageCode,
  missingElements,
  parseElementTemplate,
  sumMoney,
  ticketProblem,
  toMinor,
  translate,
  unitPriceOf,
} from '@tradelane/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  assorts,
  declareElements,
  declareLines,
  declPrices,
  projectDeclares,
} from '../../db/schema-customs.ts';
import { badRequest } from '../../http/errors.ts';
import { hsCodeExists } from '../hs/hs-index.ts';
import { tariffLines, tariffLinesUnder } from '../hs/tariff.ts';
import { contractNumbers } from '../project/names.ts';
import { confirmedRowsOfBatch, netWeightsOf } from '../supplies/batch-lists.ts';
import type { Declare } from './access.ts';
import { ticketFigures } from './figures.ts';

export type Line = typeof declareLines.$inferSelect;

/** Element templates (names in order) and tariff names of HS codes, from the imported tariff file. */
/** One HS code's element template and legal units (none for a blank code). */
export async function templateOf(db: Db, code: string | null) {
  return code ? (await templatesOf(db, [code])).get(code) : undefined;
}

export async function templatesOf(db: Db, codes: (string | null)[]) {
  const wanted = [...new Set(codes.filter((c): c is string => Boolean(c)))];
  const rows = await tariffLines(db, wanted);
  return new Map(
    rows.map(({ code, name, elements, unit1, unit2 }) => [
      code,
      { code, name, elements, unit1, unit2, template: parseElementTemplate(elements) },
    ]),
  );
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
  const rows = await tariffLinesUnder(db, code, 2);
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
  const confirmed = await confirmedRowsOfBatch(db, declare.batchId);
  if (!confirmed) throw badRequest('customs.no_confirmed_lists');
  const numbers = await contractNumbers(
    db,
    confirmed.map((s) => s.contractId),
  );
  const rows = confirmed.map((s) => ({
    s,
    contractNumber: s.contractId ? (numbers.get(s.contractId) ?? null) : null,
  }));
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
    /** Net weight of the rows (kg, thousandths), null once a row has none. */
    net: bigint | null;
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
      net: 0n,
      source: [],
    };
    g.quantity += toMinor(Number(quantity).toFixed(3), 3);
    g.net = g.net === null || s.netWeight == null ? null : g.net + toMinor(Number(s.netWeight).toFixed(3), 3);
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
    const net = g.net === null ? null : fromMinor(g.net, 3);
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
        legalQuantity1: legalQuantityOf(tpl?.unit1, { unit: g.unit, quantity, net }),
        legalUnit2: tpl?.unit2 ?? null,
        legalQuantity2: legalQuantityOf(tpl?.unit2, { unit: g.unit, quantity, net }),
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
  await settleHeader(
    db,
    declare.id,
    [...groups.values()].map((g) => g.currency),
  );
  return lineNo;
}

/** Units a tariff and a material list spell differently. */
const UNIT_WORDS: Record<string, string> = {
  m: '米',
  meter: '米',
  metre: '米',
  kg: '千克',
  公斤: '千克',
  pcs: '个',
  pc: '个',
  piece: '个',
  set: '套',
  sets: '套',
};
const unitWord = (u: string) => UNIT_WORDS[u.trim().toLowerCase()] ?? u.trim();

/**
 * A legal quantity the line already says: its own quantity when the legal unit is its unit, its rows' net
 * weight when the legal unit is the kilogram; otherwise the broker gives it (the check before review
 * names what is missing).
 */
export function legalQuantityOf(
  legalUnit: string | null | undefined,
  line: { unit: string; quantity: string; net: string | null },
): string | null {
  if (!legalUnit) return null;
  if (unitWord(legalUnit) === unitWord(line.unit)) return line.quantity;
  if (unitWord(legalUnit) === '千克') return line.net;
  return null;
}

/** The rows' net weight behind a line (kg), or null when a row has none. */
export async function netWeightOfLine(db: Db, source: { id: number }[]): Promise<string | null> {
  if (!source.length) return null;
  const nets = await netWeightsOf(
    db,
    source.map((s) => s.id),
  );
  if (nets.some((net) => net == null)) return null;
  return fromMinor(
    nets.reduce((n, net) => n + toMinor(Number(net).toFixed(3), 3), 0n),
    3,
  );
}

/**
 * After the lines are (re)built the header follows the goods: packages and weights are those of the boxes
 * holding them (when they are packed), and the currency is the lines' when they all share one.
 */
async function settleHeader(db: Db, declareId: number, currencies: (string | null)[]) {
  const { total } = await ticketFigures(db, declareId);
  const one = new Set(currencies.filter((c): c is string => Boolean(c)));
  const [currency] = one;
  await db
    .update(projectDeclares)
    .set({
      ...(total.packages
        ? { packages: total.packages, grossWeight: total.grossWeight, netWeight: total.netWeight }
        : {}),
      ...(one.size === 1 && currency ? { currency } : {}),
    })
    .where(eq(projectDeclares.id, declareId));
}

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

/** One thing a declaration still lacks: a catalogue fragment and its parameters. */
export type Problem = { code: MessageCode; params?: Record<string, unknown> };

/** The currency a line is declared in: its kept declared price's, else its own. */
async function declaredCurrencies(db: Db, lines: { id: number; currency: string | null }[]) {
  const prices = lines.length
    ? await db
        .select({ lineId: declPrices.lineId, currency: declPrices.declaredCurrency })
        .from(declPrices)
        .where(
          inArray(
            declPrices.lineId,
            lines.map((l) => l.id),
          ),
        )
    : [];
  return new Map(lines.map((l) => [l.id, prices.find((p) => p.lineId === l.id)?.currency ?? l.currency]));
}

/**
 * Everything filing needs, every problem at once (so the broker fixes them in one go): the header fields
 * the form requires; each line with a 10-digit code of the customs tariff, the code's declaration
 * elements filled, its legal units and quantities, a price, a quantity within the confirmed one and a
 * ticket; each ticket within the rules, with one currency, a contract and boxes of its own; and the
 * header's packages and weights adding up to its tickets'.
 */
export async function readinessProblems(db: Db, declare: Declare, lang: Lang): Promise<Problem[]> {
  const problems: Problem[] = [];
  const lines = await linesOf(db, declare.id);
  if (!lines.length) return [{ code: 'customs.no_lines' }];
  type Field = (typeof declareRequiredHeader)[number];
  const missing: Field[] = declareRequiredHeader
    .filter((f) => f.key !== 'contractNumber')
    .filter((f) => !String(declare[f.key as keyof Declare] ?? '').trim());
  const tickets = await db
    .select()
    .from(assorts)
    .where(eq(assorts.declareId, declare.id))
    .orderBy(asc(assorts.ticketNo));
  const withoutContract = tickets.filter((t) => !t.contractNumber && !declare.contractNumber);
  if (!tickets.length && !declare.contractNumber)
    missing.push(declareRequiredHeader.find((f) => f.key === 'contractNumber') as Field);
  if (missing.length)
    problems.push({
      code: 'customs.header_missing',
      params: {
        fields: missing
          .map((f) => declareHeaderName(f, lang, declare.direction))
          .join(lang === 'en' ? ', ' : '、'),
      },
    });
  const templates = await templatesOf(
    db,
    lines.map((l) => l.hsCode),
  );
  for (const l of lines) {
    const lineNo = l.lineNo;
    const tpl = templates.get(l.hsCode ?? '');
    if (!l.hsCode) problems.push({ code: 'customs.line_code_missing', params: { lineNo } });
    else if (!isTariffCode(l.hsCode))
      problems.push({ code: 'customs.line_code_short', params: { lineNo, code: l.hsCode } });
    else if (!tpl)
      problems.push({ code: 'customs.line_code_not_in_tariff', params: { lineNo, code: l.hsCode } });
    else if (!tpl.template.length)
      problems.push({ code: 'customs.line_no_template', params: { lineNo, code: l.hsCode } });
    else {
      const names = missingElements(tpl.template, l.values);
      if (names.length)
        problems.push({
          code: 'customs.line_elements',
          params: { lineNo, names: names.join(lang === 'en' ? ', ' : '、') },
        });
    }
    if (tpl)
      for (const [n, unit, legalUnit, quantity] of [
        [1, tpl.unit1, l.legalUnit1, l.legalQuantity1],
        [2, tpl.unit2, l.legalUnit2, l.legalQuantity2],
      ] as const) {
        if (!unit) continue;
        if (legalUnit !== unit)
          problems.push({ code: 'customs.line_legal_unit', params: { lineNo, n, unit } });
        else if (!(Number(quantity) > 0))
          problems.push({ code: 'customs.line_legal_quantity', params: { lineNo, n, unit } });
      }
    if (!(Number(l.unitPrice) > 0) || !(Number(l.totalPrice) > 0))
      problems.push({ code: 'customs.line_price', params: { lineNo } });
    if (toMinor(l.quantity, 3) > toMinor(l.confirmedQuantity, 3))
      problems.push({
        code: 'customs.line_over',
        params: { lineNo, quantity: l.quantity, confirmed: l.confirmedQuantity },
      });
    if (!l.assortId) problems.push({ code: 'customs.line_undivided', params: { lineNo } });
  }
  const currencies = await declaredCurrencies(db, lines);
  const { byTicket, total } = await ticketFigures(db, declare.id);
  for (const t of tickets) {
    const mine = lines.filter((l) => l.assortId === t.id);
    if (!mine.length) continue;
    if (
      ticketProblem(mine.map((l) => ({ id: l.id, tradeMode: l.tradeMode, contractNumber: l.contractNumber })))
    )
      problems.push({ code: 'customs.ticket_rules', params: { ticketNo: t.ticketNo } });
    const own = new Set(mine.map((l) => currencies.get(l.id) ?? ''));
    if (own.size > 1 || own.has(''))
      problems.push({
        code: 'customs.ticket_currencies',
        params: { ticketNo: t.ticketNo, currencies: [...own].map((c) => c || '—').join('/') },
      });
    if (withoutContract.includes(t))
      problems.push({ code: 'customs.ticket_no_contract', params: { ticketNo: t.ticketNo } });
    if (total.packages && !byTicket.get(t.id)?.packages)
      problems.push({ code: 'customs.ticket_no_boxes', params: { ticketNo: t.ticketNo } });
  }
  if (!total.packages) {
    // Nothing packed yet: one ticket may take the header's typed figures; several cannot be told apart.
    if (tickets.length > 1)
      for (const t of tickets)
        problems.push({ code: 'customs.ticket_no_boxes', params: { ticketNo: t.ticketNo } });
    else if (!(Number(declare.packages) > 0) || !(Number(declare.grossWeight) > 0))
      problems.push({ code: 'customs.no_packages' });
  } else {
    const header = declareRequiredTotals(lang);
    for (const [key, label, sum] of [
      ['packages', header.packages, String(total.packages)],
      ['grossWeight', header.grossWeight, total.grossWeight],
      ['netWeight', header.netWeight, total.netWeight],
    ] as const) {
      const typed = declare[key];
      if (typed == null || toMinor(Number(typed).toFixed(3), 3) !== toMinor(Number(sum).toFixed(3), 3))
        problems.push({
          code: 'customs.totals_mismatch',
          params: { field: label, header: typed ?? '—', tickets: sum },
        });
    }
  }
  return problems;
}

const declareRequiredTotals = (lang: Lang) =>
  lang === 'en'
    ? { packages: 'packages', grossWeight: 'gross weight (kg)', netWeight: 'net weight (kg)' }
    : { packages: '件数', grossWeight: '毛重（千克）', netWeight: '净重（千克）' };

/**
 * The guard before review, approval and filing: refuses with every problem named, in the caller's
 * language (`action`: what was tried).
 */
export async function checkReady(
  db: Db,
  declare: Declare,
  lang: Lang,
  action: 'submit' | 'approve' | 'declare' | 'file',
): Promise<undefined> {
  const problems = await readinessProblems(db, declare, lang);
  if (!problems.length) return undefined;
  const sentences = problems.map((p) => translate(p.code, lang, p.params));
  throw badRequest('customs.not_ready', {
    action: translate(`customs.action_${action}`, lang),
    list: sentences.join(lang === 'en' ? '; ' : '；'),
    problems: sentences,
  });
}
