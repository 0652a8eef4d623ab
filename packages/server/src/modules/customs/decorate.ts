// What a declaration, a line or a ticket shows besides its columns: names, counts, totals, the machine's
// actions the caller may take now, the element template and what is missing.
import {
  clearanceMachine,
  currencyScale,
  declareMachine,
  missingElements,
  moneyIn,
  sumMoney,
  ticketMachine,
} from '@tradelane/contract';
import { and, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import {
  assorts,
  type customsClearances,
  declareElements,
  declareLines,
  declPrices,
  type projectDeclares,
} from '../../db/schema-customs.ts';
import { langOf } from '../../http/errors.ts';
import type { Ctx, Row, RowOf } from '../../resources/engine.ts';
import { readTimeline } from '../../workflow/events.ts';
import { actionsFor } from '../../workflow/kernel.ts';
import { suppliersOf } from '../project/batches.ts';
import { batchNumbers, tenantNames } from '../project/names.ts';
import { rememberedCode } from '../supplies/material-codes.ts';
import { templatesOf } from './lines.ts';

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
    return {
      ...r,
      batchNumber: batches.get(r.batchId) ?? null,
      brokerName: (r.brokerTenantId === null ? undefined : brokers.get(r.brokerTenantId))?.name ?? null,
      lines: Number(c?.lines ?? 0),
      undivided: Number(c?.undivided ?? 0),
      tickets: Number(tickets.find((x) => x.declareId === r.id)?.n ?? 0),
      actions: actionsFor(ctx, declareMachine, r),
    };
  });
}

/**
 * For each name, the code of the newest row `latest(name)` finds: one index probe per name
 * (declare_line_hs_by_name_idx, material_code_name_idx) instead of sorting every classified row.
 */
async function latestByName(
  db: Ctx['db'],
  names: string[],
  latest: (name: SQL) => { getSQL(): SQL },
): Promise<{ name: string; hsCode: string | null }[]> {
  if (!names.length) return [];
  const name = sql<string>`n.name`;
  return db.select({ name, hsCode: sql<string | null>`(${latest(name)})` }).from(
    sql`unnest(array[${sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    )}]::text[]) as n(name)`,
  );
}

/** Lines with their element template, values, what is missing, declared price and a suggested HS code. */
export async function decorateLines(ctx: Ctx, rows: RowOf<typeof declareLines>[]): Promise<Row[]> {
  const lineIds = ids(rows.map((r) => r.id));
  const templates = await templatesOf(
    ctx.db,
    rows.map((r) => r.hsCode),
  );
  const values = lineIds.length
    ? await ctx.db
        .select({ id: declareElements.id, lineId: declareElements.lineId, values: declareElements.values })
        .from(declareElements)
        .where(inArray(declareElements.lineId, lineIds))
    : [];
  const prices = lineIds.length
    ? await ctx.db.select().from(declPrices).where(inArray(declPrices.lineId, lineIds))
    : [];
  // The suggestion from earlier classifications: a remembered material code or an earlier line by name.
  const missing = [...new Set(rows.filter((r) => !r.hsCode).map((r) => r.name))];
  // Material codes are each supplier's own: only the codes of the suppliers on these lines' batches
  // speak for them (another company's classification of the same name is not ours to show).
  const suppliers = missing.length ? await suppliersOf(ctx.db, [...new Set(rows.map((r) => r.batchId))]) : [];
  const earlier = await latestByName(ctx.db, missing, (name) =>
    ctx.db
      .select({ hs: declareLines.hsCode })
      .from(declareLines)
      .where(
        and(
          eq(declareLines.tenantId, ctx.auth.tenantId),
          eq(declareLines.name, name),
          isNotNull(declareLines.hsCode),
        ),
      )
      .orderBy(desc(declareLines.updateTime))
      .limit(1),
  );
  const remembered = suppliers.length
    ? await latestByName(ctx.db, missing, (name) => rememberedCode(ctx.db, suppliers, name))
    : [];
  return rows.map((r) => {
    const tpl = templates.get(r.hsCode ?? '');
    const v = values.find((x) => x.lineId === r.id);
    const price = prices.find((p) => p.lineId === r.id);
    return {
      ...r,
      elementsId: v?.id ?? null,
      elementValues: v?.values ?? {},
      elementTemplate: tpl?.template ?? [],
      tariffName: tpl?.name ?? null,
      missingElements: missingElements(tpl?.template ?? [], v?.values),
      declaredPrice: price ? moneyIn(price.declaredPrice, price.declaredCurrency) : null,
      declaredCurrency: price?.declaredCurrency ?? null,
      suggestedHsCode: r.hsCode
        ? null
        : (earlier.find((e) => e.name === r.name)?.hsCode ??
          remembered.find((e) => e.name === r.name)?.hsCode ??
          null),
    };
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
    return {
      ...r,
      lines: mine.length,
      totals: [...byCurrency].map(([currency, v]) => ({
        currency,
        amount: sumMoney(v, currencyScale(currency)),
      })),
      actions: actionsFor(ctx, ticketMachine, r),
    };
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
