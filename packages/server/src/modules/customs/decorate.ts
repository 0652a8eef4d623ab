// What a declaration, a line or a ticket shows besides its columns: names, counts, totals, the machine's
// actions the caller may take now, the element template and what is missing.
import {
  clearanceMachine,
  currencyScale,
  declareMachine,
  missingElements,
  moneyIn,
  parseElementTemplate,
  sumMoney,
  ticketMachine,
} from '@tradelane/contract';
import { inArray, type SQL, sql } from 'drizzle-orm';
import {
  assorts,
  type customsClearances,
  declareElements,
  declareLines,
  declPrices,
  type projectDeclares,
} from '../../db/schema-customs.ts';
import { langOf } from '../../http/errors.ts';
import { type Ctx, decorated, outer, type Row, type RowOf, withComputed } from '../../resources/engine.ts';
import { readTimeline } from '../../workflow/events.ts';
import { actionsFor } from '../../workflow/kernel.ts';
import { tariffLineField } from '../hs/tariff.ts';
import { suppliersOfBatch } from '../project/batches.ts';
import { batchNumbers, tenantNames } from '../project/names.ts';
import { rememberedCodeOf } from '../supplies/material-codes.ts';

/** The distinct ids a column of the rows names (none for a blank). */
const ids = (values: (number | null)[]) => [...new Set(values.filter((v): v is number => Boolean(v)))];

export async function decorateDeclares(ctx: Ctx, rows: RowOf<typeof projectDeclares>[]): Promise<Row[]> {
  const batches = await batchNumbers(ctx.db, ids(rows.map((r) => r.batchId)));
  const brokers = await tenantNames(ctx.db, ids(rows.map((r) => r.brokerTenantId)));
  const declareIds = ids(rows.map((r) => r.id));
  const counts = declareIds.length
    ? await ctx.db
        .select({
          declareId: declareLines.declareId,
          lines: sql<number>`count(*)::int`,
          undivided: sql<number>`count(*) filter (where ${declareLines.assortId} is null)::int`,
        })
        .from(declareLines)
        .where(inArray(declareLines.declareId, declareIds))
        .groupBy(declareLines.declareId)
    : [];
  const tickets = declareIds.length
    ? await ctx.db
        .select({ declareId: assorts.declareId, n: sql<number>`count(*)::int` })
        .from(assorts)
        .where(inArray(assorts.declareId, declareIds))
        .groupBy(assorts.declareId)
    : [];
  return rows.map((r) => {
    const c = counts.find((x) => x.declareId === r.id);
    return decorated(r, {
      batchNumber: batches.get(r.batchId) ?? null,
      brokerName: (r.brokerTenantId === null ? undefined : brokers.get(r.brokerTenantId))?.name ?? null,
      lines: Number(c?.lines ?? 0),
      undivided: Number(c?.undivided ?? 0),
      tickets: Number(tickets.find((x) => x.declareId === r.id)?.n ?? 0),
      actions: actionsFor(ctx, declareMachine, r),
    });
  });
}

/**
 * What a line's list row reads besides its own columns, computed in the page's own statement (one probe
 * each per row of the page): its element values, its kept declared price, its code's tariff line and, for
 * a line without a code, the code suggested from earlier classifications — the company's newest line of
 * that name, else a material code the batch's own suppliers remember for it (another company's
 * classification of the same name is not ours to show).
 */
let lineFieldsOnce: Record<string, SQL> | undefined;
export function lineFields(ctx: Ctx): Record<string, SQL> {
  const [line, hs, name, batch] = [
    outer(declareLines.id),
    outer(declareLines.hsCode),
    outer(declareLines.name),
    outer(declareLines.batchId),
  ];
  // The fields that are the same for every caller are built once, so their text is compiled once.
  lineFieldsOnce ??= {
    elementsOf: sql`(select json_build_object('id', e.id, 'values', e."values") from ${declareElements} e
      where e.line_id = ${line} limit 1)`,
    priceOf: sql`(select json_build_object('price', p.declared_price::text, 'currency', p.declared_currency)
      from ${declPrices} p where p.line_id = ${line} limit 1)`,
    tariffOf: tariffLineField(hs),
  };
  return {
    ...lineFieldsOnce,
    suggestedHsCode: sql<string | null>`case when coalesce(${hs}, '') = '' then coalesce(
      (select dl.hs_code from ${declareLines} dl where dl.tenant_id = ${ctx.auth.tenantId} and dl.name = ${name}
        and dl.hs_code is not null order by dl.update_time desc limit 1),
      (${rememberedCodeOf(suppliersOfBatch(batch), name)})) end`,
  };
}

type LineFields = {
  elementsOf: { id: number; values: Record<string, string> } | null;
  priceOf: { price: string; currency: string } | null;
  tariffOf: { name: string; elements: string | null } | null;
  suggestedHsCode: string | null;
};

/** Lines with their element template, values, what is missing, declared price and a suggested HS code. */
export async function decorateLines(ctx: Ctx, rows: RowOf<typeof declareLines>[]): Promise<Row[]> {
  const full = await withComputed(ctx, declareLines.id, lineFields(ctx), rows);
  // A template parsed once per code of the page.
  const templates = new Map<string, string[]>();
  const templateOf = (t: LineFields['tariffOf']) => {
    if (!t?.elements) return [];
    const known = templates.get(t.elements);
    if (known) return known;
    const parsed = parseElementTemplate(t.elements);
    templates.set(t.elements, parsed);
    return parsed;
  };
  return full.map((row) => {
    const r = row as typeof row & LineFields;
    const { elementsOf: v, priceOf: price, tariffOf: tariff } = r;
    const template = templateOf(tariff);
    return decorated(
      r,
      {
        elementsId: v?.id ?? null,
        elementValues: v?.values ?? {},
        elementTemplate: template,
        tariffName: tariff?.name ?? null,
        missingElements: missingElements(template, v?.values),
        declaredPrice: price ? moneyIn(price.price, price.currency) : null,
        declaredCurrency: price?.currency ?? null,
        suggestedHsCode: r.hsCode ? null : (r.suggestedHsCode ?? null),
      },
      ['elementsOf', 'priceOf', 'tariffOf'],
    );
  });
}

/** Tickets with their line count, totals per currency and the caller's actions. */
export async function decorateTickets(ctx: Ctx, rows: RowOf<typeof assorts>[]): Promise<Row[]> {
  const ticketIds = ids(rows.map((r) => r.id));
  const lines = ticketIds.length
    ? await ctx.db
        .select({
          assortId: declareLines.assortId,
          totalPrice: declareLines.totalPrice,
          currency: declareLines.currency,
        })
        .from(declareLines)
        .where(inArray(declareLines.assortId, ticketIds))
    : [];
  return rows.map((r) => {
    const mine = lines.filter((l) => l.assortId === r.id);
    const byCurrency = new Map<string, string[]>();
    for (const l of mine)
      byCurrency.set(l.currency ?? '', [...(byCurrency.get(l.currency ?? '') ?? []), l.totalPrice ?? '0']);
    return decorated(r, {
      lines: mine.length,
      totals: [...byCurrency].map(([currency, v]) => ({
        currency,
        amount: sumMoney(v, currencyScale(currency)),
      })),
      actions: actionsFor(ctx, ticketMachine, r),
    });
  });
}

/** Clearance at destination with its batch, the caller's steps and its timeline (the list and the step command). */
export async function decorateClearances(ctx: Ctx, rows: RowOf<typeof customsClearances>[]): Promise<Row[]> {
  const batches = await batchNumbers(
    ctx.db,
    rows.map((r) => r.batchId),
  );
  const out: Row[] = [];
  for (const r of rows)
    out.push({
      ...r,
      batchNumber: batches.get(r.batchId) ?? null,
      actions: actionsFor(ctx, clearanceMachine, r),
      timeline: await readTimeline(
        ctx.db,
        { entity: 'customsClearance', entityId: r.id },
        {
          tenantId: ctx.auth.tenantId,
          owner: ctx.auth.isPlatformAdmin || r.tenantId === ctx.auth.tenantId,
          lang: langOf(ctx.request),
        },
        50,
      ),
    });
  return out;
}
