// The customs families as declarations on the engine. Every write goes through the write
// contract: the caller must be the declaration's broker, and the declaration must be a draft (a returned
// one is reopened by the kernel's `edit` command); review steps are commands (commands.ts), never edits.

import {
  assortCreate,
  assortUpdate,
  boxPackageToCustoms,
  clearanceUpdate,
  currencyScale,
  DeclareStatus,
  declareDirectionLabels,
  declaredPriceOf,
  declareElementsCreate,
  declareElementsUpdate,
  declareLineUpdate,
  declPriceCreate,
  declPriceUpdate,
  examineCreate,
  examineUpdate,
  exchangeRateCreate,
  lineAmount,
  moneyIn,
  portCustomsOffice,
  projectDeclareCreate,
  projectDeclareUpdate,
  ticketProblem,
  toMinor,
} from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  assorts,
  customsClearances,
  declareElements,
  declareLines,
  declPrices,
  examines,
  exchangeRates,
  projectDeclares,
} from '../../db/schema-customs.ts';
import { AppError, badRequest, langOf } from '../../http/errors.ts';
import {
  type Ctx,
  decorated,
  defineResource,
  getVisible,
  type Row,
  type RowOf,
} from '../../resources/engine.ts';
import { refuseDuplicate } from '../../resources/unique.ts';
import { recordChange } from '../../workflow/events.ts';
import { boxTotals } from '../boxes/batch-boxes.ts';
import { visibleBatch } from '../project/access.ts';
import { projectBatchResource } from '../project/batch-resources.ts';
import { projectById } from '../project/batches.ts';
import { tenantNames } from '../project/names.ts';
import { declareFor, declareScope, isBroker, partiesListScope, partiesScope, readOnly } from './access.ts';
import { checkCodes } from './codes.ts';
import { checkElementNames, settleTickets, touchDeclare } from './commands.ts';
import {
  decorateClearances,
  decorateDeclares,
  decorateLines,
  decorateTickets,
  lineFields,
} from './decorate.ts';
import {
  buildLines,
  clearLines,
  knownHsCode,
  legalQuantityOf,
  netWeightOfLine,
  templateOf,
  templatesOf,
} from './lines.ts';

const LIST = 'customs:list';
const EDIT = 'customs:edit';

/** Child rows: the caller is the broker of their declaration. */
const brokerOfDeclare = async (ctx: Ctx, row: { declareId: number }) => {
  const declare = await declareFor(ctx, row.declareId).catch(() => null);
  return Boolean(declare && isBroker(ctx, declare));
};

/** Every declaration the rows hang on, locked and made ready for a change (touchDeclare). */
async function touchDeclaresOf(ctx: Ctx, rows: { declareId: number }[]) {
  for (const declareId of new Set(rows.map((r) => r.declareId))) await touchDeclare(ctx, declareId);
}

/** An update hook of a child row: its declaration made ready for the change. */
const touchOnUpdate = async (ctx: Ctx, existing: { declareId: number }, data: Row) => {
  await touchDeclare(ctx, existing.declareId);
  return data;
};

export const projectDeclareResource = defineResource({
  family: families.projectDeclare,
  table: projectDeclares,
  create: projectDeclareCreate,
  update: projectDeclareUpdate,
  filters: { id: 'equal', batchId: 'equal', projectId: 'equal', status: 'in', direction: 'equal' },
  defaultSort: ['createTime,desc'],
  permissions: { list: LIST, create: EDIT, update: EDIT, delete: EDIT },
  scope: declareScope,
  serverOwned: ['tenantId', 'projectId', 'brokerTenantId', 'status', 'reason', 'submitTime', 'approveTime'],
  references: { batchId: { to: () => projectBatchResource } },
  canWrite: (ctx, row) => isBroker(ctx, row),
  hooks: {
    // A broker (logistics) opens a declaration: the family's declared party.
    beforeCreate: async (ctx, data) => {
      await checkCodes(ctx, data);
      // The batch is one the caller sees (checked as a reference): for a logistics tenant, one it serves.
      const b = await visibleBatch(ctx, data.batchId);
      const project = await projectById(ctx.db, b.projectId);
      const batch = { b, country: project?.country ?? null };
      const [dup] = await ctx.db
        .select({ id: projectDeclares.id })
        .from(projectDeclares)
        .where(and(eq(projectDeclares.batchId, batch.b.id), eq(projectDeclares.direction, data.direction)));
      if (dup)
        throw badRequest('customs.exists', {
          direction: declareDirectionLabels[data.direction][langOf(ctx.request)],
        });
      const boxes = await boxTotals(ctx.db, batch.b.id);
      return {
        ...data,
        tenantId: batch.b.tenantId,
        projectId: batch.b.projectId,
        brokerTenantId: ctx.auth.tenantId,
        status: DeclareStatus.draft,
        destinationCountry: data.destinationCountry ?? batch.country ?? null,
        tradingCountry: data.tradingCountry ?? batch.country ?? null,
        portOfDestination: data.portOfDestination ?? batch.b.portOfDischarge ?? null,
        // The exit office of the port of loading, the customs code of the boxes' commonest package.
        portOfExit: data.portOfExit ?? portCustomsOffice[batch.b.portOfLoading ?? ''] ?? null,
        packages: data.packages ?? (boxes?.packages || null),
        packageType: data.packageType ?? boxPackageToCustoms[boxes?.packageType ?? ''] ?? null,
        grossWeight: data.grossWeight ?? boxes?.gross ?? null,
        netWeight: data.netWeight ?? boxes?.net ?? null,
      };
    },
    afterCreate: async (ctx, row) => {
      await recordChange(ctx.db, ctx.auth, {
        tenantId: row.tenantId,
        projectId: row.projectId,
        batchId: row.batchId,
        partyTenantId: row.brokerTenantId,
        entity: 'projectDeclare',
        entityId: row.id,
        action: 'create',
        to: DeclareStatus.draft,
      });
      // The lines follow from the confirmed material lists straight away (when there are any).
      try {
        await buildLines(ctx.db, row as never, ctx.auth.username);
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'customs.no_confirmed_lists')) throw err;
      }
    },
    beforeUpdate: async (ctx, existing, data) => {
      await touchDeclare(ctx, existing.id);
      await checkCodes(ctx, data);
      return data;
    },
    beforeDelete: async (ctx, rows) => {
      for (const r of rows) {
        await touchDeclare(ctx, r.id);
        await clearLines(ctx.db, r.id);
        await ctx.db.delete(examines).where(eq(examines.declareId, r.id));
      }
    },
    decorate: decorateDeclares,
  },
});

export const declareLineResource = defineResource({
  family: families.declareLine,
  table: declareLines,
  create: z.object({}),
  update: declareLineUpdate,
  actions: ['list', 'update', 'delete'],
  filters: {
    id: 'equal',
    declareId: 'equal',
    assortId: 'equal',
    hsCode: 'equal',
    name: 'like',
    undivided: {
      op: 'custom',
      build: (v) => (v[0] === 'true' ? sql`${declareLines.assortId} is null` : undefined),
    },
    blurry: { op: 'blurry', columns: ['name', 'hsCode', 'elements'] },
  },
  textIndex: ['name', 'hsCode', 'elements'],
  large: true,
  // A line number orders one declaration's lines; across a company's lines it is no order an index serves.
  sortable: ['declareId', 'hsCode', 'id'],
  sortableWhenNarrowed: { filters: ['declareId'], fields: ['lineNo'] },
  defaultSort: ['declareId,asc', 'lineNo,asc'],
  permissions: { list: LIST, update: EDIT, delete: EDIT },
  scope: partiesListScope(declareLines),
  computed: lineFields,
  canWrite: brokerOfDeclare,
  hooks: {
    beforeUpdate: async (ctx, existing, data) => {
      await touchDeclare(ctx, existing.declareId);
      await checkCodes(ctx, data, { tradeMode: 'tradeMode' });
      const lineNo = existing.lineNo;
      if (data.hsCode !== undefined && !(await knownHsCode(ctx.db, data.hsCode)))
        throw badRequest('customs.hs_unknown', { lineNo });
      const quantity = data.quantity ?? existing.quantity;
      const unitPrice = data.unitPrice ?? existing.unitPrice;
      if (toMinor(quantity, 3) > toMinor(existing.confirmedQuantity, 3))
        throw badRequest('customs.over_confirmed', {
          lineNo,
          quantity,
          confirmed: existing.confirmedQuantity,
        });
      if (data.unitPrice !== undefined && !(Number(unitPrice) > 0))
        throw badRequest('customs.price_missing', { lineNo });
      const out: Row = { ...data };
      if (unitPrice != null)
        out.totalPrice = lineAmount(quantity, unitPrice, currencyScale(existing.currency ?? 'USD'));
      // The legal quantities follow what the line says (its quantity in the same unit, its rows' net
      // weight in kilograms) unless the broker gives them.
      const said = async () => ({
        unit: existing.unit,
        quantity: String(quantity),
        net: await netWeightOfLine(ctx.db, (existing.source as { id: number }[]) ?? []),
      });
      if (data.quantity !== undefined)
        for (const [unitKey, quantityKey] of [
          ['legalUnit1', 'legalQuantity1'],
          ['legalUnit2', 'legalQuantity2'],
        ] as const)
          if (data[quantityKey] === undefined && existing[unitKey] === existing.unit)
            out[quantityKey] = data.quantity;
      if (data.hsCode !== undefined && data.hsCode !== existing.hsCode) {
        const tpl = await templateOf(ctx.db, data.hsCode);
        const legalUnit1 = data.legalUnit1 ?? tpl?.unit1 ?? null;
        const legalUnit2 = data.legalUnit2 ?? tpl?.unit2 ?? null;
        out.legalUnit1 = legalUnit1;
        out.legalUnit2 = legalUnit2;
        const line = await said();
        if (data.legalQuantity1 === undefined) out.legalQuantity1 = legalQuantityOf(legalUnit1, line);
        if (data.legalQuantity2 === undefined) out.legalQuantity2 = legalQuantityOf(legalUnit2, line);
        await ctx.db
          .update(declareElements)
          .set({ hsCode: data.hsCode })
          .where(eq(declareElements.lineId, existing.id));
      }
      return out;
    },
    // A changed trade mode must still fit its ticket; a changed total carries into the kept price.
    afterUpdate: async (ctx, row) => {
      await settleTickets(ctx, row.declareId);
      await repriceLine(ctx, row);
    },
    beforeDelete: async (ctx, rows) => {
      const lineIds = rows.map((r) => r.id);
      await touchDeclaresOf(ctx, rows);
      await ctx.db.delete(declareElements).where(inArray(declareElements.lineId, lineIds));
      await ctx.db.delete(declPrices).where(inArray(declPrices.lineId, lineIds));
      await ctx.db.update(declareLines).set({ assortId: null }).where(inArray(declareLines.id, lineIds));
      for (const declareId of new Set(rows.map((r) => r.declareId))) await settleTickets(ctx, declareId);
    },
    decorate: decorateLines,
  },
});

/** The line a child row names, with its declaration made ready for a change. */
async function lineForChange(ctx: Ctx, lineId: number) {
  const line = await getVisible(declareLineResource, ctx, lineId);
  await touchDeclare(ctx, line.declareId);
  return line;
}

export const declareElementsResource = defineResource({
  family: families.declareElements,
  table: declareElements,
  create: declareElementsCreate,
  update: declareElementsUpdate,
  filters: { id: 'equal', declareId: 'equal', lineId: 'equal', hsCode: 'equal' },
  defaultSort: ['declareId,asc', 'lineId,asc'],
  permissions: { list: LIST, create: EDIT, update: EDIT, delete: EDIT },
  scope: partiesScope(declareElements),
  serverOwned: ['tenantId', 'batchId', 'declareId', 'hsCode'],
  references: { lineId: { to: () => declareLineResource } },
  canWrite: brokerOfDeclare,
  hooks: {
    beforeCreate: async (ctx, data) => {
      const line = await lineForChange(ctx, data.lineId);
      await refuseDuplicate(ctx.db, declareElements.id, eq(declareElements.lineId, line.id), 'lineId');
      const tpl = await templateOf(ctx.db, line.hsCode);
      checkElementNames(tpl?.template, data.values);
      return {
        ...data,
        tenantId: line.tenantId,
        batchId: line.batchId,
        declareId: line.declareId,
        hsCode: line.hsCode,
      };
    },
    beforeUpdate: async (ctx, existing, data) => {
      await touchDeclare(ctx, existing.declareId);
      const tpl = await templateOf(ctx.db, existing.hsCode);
      if (data.values) checkElementNames(tpl?.template, data.values);
      return data;
    },
    beforeDelete: touchDeclaresOf,
    decorate: async (ctx, rows) => {
      const templates = await templatesOf(
        ctx.db,
        rows.map((r) => r.hsCode),
      );
      return rows.map((r) =>
        decorated(r, { template: (r.hsCode && templates.get(r.hsCode)?.template) || [] }),
      );
    },
  },
});

/** The kept inputs of a declared price and its result (spec §9); the rate from the table unless the same currency. */
async function priceOf(
  ctx: Ctx,
  line: RowOf<typeof declareLines>,
  input: { premiumRate: string; declaredCurrency: string; rateMonth?: string },
) {
  const purchaseCurrency = line.currency ?? 'USD';
  if (!(Number(line.totalPrice) > 0)) throw badRequest('customs.price_missing', { lineNo: line.lineNo });
  const rateMonth = input.rateMonth ?? new Date().toISOString().slice(0, 7);
  let conversionFactor = '1';
  if (purchaseCurrency !== input.declaredCurrency) {
    const [rate] = await ctx.db
      .select({ rate: exchangeRates.rate })
      .from(exchangeRates)
      .where(
        and(
          eq(exchangeRates.currency, purchaseCurrency),
          eq(exchangeRates.baseCurrency, input.declaredCurrency),
          eq(exchangeRates.month, rateMonth),
        ),
      );
    if (!rate)
      throw badRequest('customs.no_rate', {
        month: rateMonth,
        currency: purchaseCurrency,
        base: input.declaredCurrency,
      });
    conversionFactor = rate.rate;
  }
  const totalPurchasePrice = String(line.totalPrice);
  return {
    totalPurchasePrice,
    purchaseCurrency,
    premiumRate: input.premiumRate,
    rateMonth,
    conversionFactor,
    declaredCurrency: input.declaredCurrency,
    declaredPrice: declaredPriceOf({
      totalPurchasePrice,
      purchaseCurrency,
      premiumRate: input.premiumRate,
      conversionFactor,
      declaredCurrency: input.declaredCurrency,
    }),
  };
}

/**
 * A line's kept declared price follows the line's total when the broker corrects its quantity or unit
 * price: the kept premium and rate stay (a later rate change never rewrites a kept price).
 */
async function repriceLine(ctx: Ctx, line: RowOf<typeof declareLines>) {
  const [kept] = await ctx.db.select().from(declPrices).where(eq(declPrices.lineId, line.id));
  if (!kept || line.totalPrice == null) return;
  const totalPurchasePrice = moneyIn(line.totalPrice, kept.purchaseCurrency);
  if (toMinor(totalPurchasePrice, 3) === toMinor(kept.totalPurchasePrice, 3)) return;
  await ctx.db
    .update(declPrices)
    .set({
      totalPurchasePrice,
      declaredPrice: declaredPriceOf({ ...kept, totalPurchasePrice }),
      updateTime: new Date(),
      updateBy: ctx.auth.username,
    })
    .where(eq(declPrices.id, kept.id));
}

export const declPriceResource = defineResource({
  family: families.declPrice,
  table: declPrices,
  create: declPriceCreate,
  update: declPriceUpdate,
  filters: { id: 'equal', declareId: 'equal', lineId: 'equal', declaredCurrency: 'equal' },
  defaultSort: ['declareId,asc', 'lineId,asc'],
  permissions: { list: LIST, create: EDIT, update: EDIT, delete: EDIT },
  scope: partiesScope(declPrices),
  serverOwned: [
    'tenantId',
    'batchId',
    'declareId',
    'totalPurchasePrice',
    'purchaseCurrency',
    'conversionFactor',
    'declaredPrice',
  ],
  references: { lineId: { to: () => declareLineResource } },
  canWrite: brokerOfDeclare,
  hooks: {
    beforeCreate: async (ctx, data) => {
      const line = await lineForChange(ctx, data.lineId);
      await refuseDuplicate(ctx.db, declPrices.id, eq(declPrices.lineId, line.id), 'lineId');
      return {
        ...data,
        tenantId: line.tenantId,
        batchId: line.batchId,
        declareId: line.declareId,
        ...(await priceOf(ctx, line, data as never)),
      };
    },
    // An update recomputes from the line's total and the table's rate now; nothing else rewrites a kept price.
    beforeUpdate: async (ctx, existing, data) => {
      const line = await lineForChange(ctx, existing.lineId);
      return {
        ...data,
        ...(await priceOf(ctx, line, {
          premiumRate: data.premiumRate ?? existing.premiumRate,
          declaredCurrency: data.declaredCurrency ?? existing.declaredCurrency,
          rateMonth: data.rateMonth ?? existing.rateMonth,
        })),
      };
    },
    beforeDelete: touchDeclaresOf,
  },
});

/** The administrator's exchange-rate table: every logged-in user reads it; only the platform writes it. */
export const exchangeRateResource = defineResource({
  family: families.exchangeRate,
  table: exchangeRates,
  create: exchangeRateCreate,
  filters: { id: 'equal', currency: 'equal', baseCurrency: 'equal', month: 'equal' },
  defaultSort: ['month,desc', 'currency,asc'],
  permissions: { create: 'exchangeRate:edit', update: 'exchangeRate:edit', delete: 'exchangeRate:edit' },
  scope: 'platform',
});

export const assortResource = defineResource({
  family: families.assort,
  table: assorts,
  create: assortCreate,
  update: assortUpdate,
  filters: { id: 'equal', declareId: 'equal', status: 'in', batchId: 'equal' },
  defaultSort: ['declareId,asc', 'ticketNo,asc'],
  permissions: { list: LIST, create: EDIT, update: EDIT, delete: EDIT },
  scope: partiesScope(assorts),
  serverOwned: [
    'tenantId',
    'batchId',
    'ticketNo',
    'tradeMode',
    'contractNumber',
    'status',
    'entryNumber',
    'declaredTime',
  ],
  references: { declareId: { to: () => projectDeclareResource } },
  canWrite: brokerOfDeclare,
  hooks: {
    beforeCreate: async (ctx, data) => {
      const declare = await touchDeclare(ctx, data.declareId);
      const lineIds = [...new Set(data.lineIds)];
      const lines = lineIds.length
        ? await ctx.db
            .select({
              id: declareLines.id,
              tradeMode: declareLines.tradeMode,
              contractNumber: declareLines.contractNumber,
            })
            .from(declareLines)
            .where(and(inArray(declareLines.id, lineIds), eq(declareLines.declareId, declare.id)))
        : [];
      if (lines.length !== lineIds.length) throw badRequest('customs.line_elsewhere');
      const problem = ticketProblem(lines);
      if (problem) throw badRequest(problem);
      const [{ n }] = await ctx.db
        .select({ n: sql<number>`coalesce(max(${assorts.ticketNo}), 0)::int` })
        .from(assorts)
        .where(eq(assorts.declareId, declare.id));
      return {
        ...data,
        tenantId: declare.tenantId,
        batchId: declare.batchId,
        ticketNo: Number(n) + 1,
        tradeMode: lines[0]?.tradeMode ?? declare.tradeMode,
        contractNumber: lines[0]?.contractNumber ?? null,
      };
    },
    afterCreate: async (ctx, row, data) => {
      const lineIds = data.lineIds;
      if (!lineIds.length) return;
      await ctx.db.update(declareLines).set({ assortId: row.id }).where(inArray(declareLines.id, lineIds));
      await settleTickets(ctx, row.declareId);
    },
    beforeUpdate: touchOnUpdate,
    // Deleting a ticket puts its lines back (undivided).
    beforeDelete: async (ctx, rows) => {
      await touchDeclaresOf(ctx, rows);
      await ctx.db
        .update(declareLines)
        .set({ assortId: null })
        .where(
          inArray(
            declareLines.assortId,
            rows.map((r) => r.id),
          ),
        );
    },
    decorate: decorateTickets,
  },
});

/** Remarks on a declaration are kept, changed and withdrawn until it is archived. */
async function notArchived(ctx: Ctx, declareId: number) {
  const declare = await declareFor(ctx, declareId);
  if (declare.status === DeclareStatus.archived) throw readOnly(ctx, declare.status);
  return declare;
}

export const examineResource = defineResource({
  family: families.examine,
  table: examines,
  create: examineCreate,
  update: examineUpdate,
  filters: { id: 'equal', declareId: 'equal', action: 'equal', batchId: 'equal' },
  defaultSort: ['declareId,asc', 'createTime,desc'],
  permissions: {
    list: LIST,
    create: [EDIT, 'customs:approve'],
    update: [EDIT, 'customs:approve'],
    delete: [EDIT, 'customs:approve'],
  },
  scope: partiesScope(examines),
  serverOwned: ['tenantId', 'batchId', 'action', 'authorTenantId'],
  references: { declareId: { to: () => projectDeclareResource }, lineId: { to: () => declareLineResource } },
  // Review steps are kept as they were; a remark is its author's to change.
  canWrite: (ctx, row) => row.action === 'remark' && row.authorTenantId === ctx.auth.tenantId,
  hooks: {
    beforeCreate: async (ctx, data) => {
      const declare = await notArchived(ctx, data.declareId);
      if (data.lineId) {
        const line = await getVisible(declareLineResource, ctx, data.lineId);
        if (line.declareId !== declare.id) throw badRequest('customs.line_elsewhere');
      }
      return {
        ...data,
        tenantId: declare.tenantId,
        batchId: declare.batchId,
        action: 'remark',
        authorTenantId: ctx.auth.tenantId,
      };
    },
    beforeUpdate: async (ctx, existing, data) => {
      await notArchived(ctx, existing.declareId);
      return data;
    },
    beforeDelete: async (ctx, rows) => {
      for (const declareId of new Set(rows.map((r) => r.declareId))) await notArchived(ctx, declareId);
    },
    decorate: async (ctx, rows) => {
      const names = await tenantNames(
        ctx.db,
        rows.map((r) => r.authorTenantId),
      );
      return rows.map((r) => decorated(r, { authorName: names.get(r.authorTenantId)?.name ?? null }));
    },
  },
});

/** customsClearanceLive: clearance at destination; steps by command, corrections by the broker (recorded). */
export const customsClearanceResource = defineResource({
  family: families.customsClearanceLive,
  table: customsClearances,
  create: z.object({}),
  update: clearanceUpdate,
  actions: ['list', 'update'],
  filters: { id: 'equal', batchId: 'equal', projectId: 'equal', status: 'in' },
  defaultSort: ['updateTime,desc'],
  permissions: { list: LIST, update: EDIT },
  scope: partiesScope(customsClearances),
  canWrite: isBroker,
  hooks: {
    afterUpdate: async (ctx, row, data) => {
      await recordChange(ctx.db, ctx.auth, {
        tenantId: row.tenantId,
        projectId: row.projectId,
        batchId: row.batchId,
        partyTenantId: row.brokerTenantId,
        entity: 'customsClearance',
        entityId: row.id,
        action: 'correct',
        detail: Object.fromEntries(
          Object.entries(data).filter(([k]) => !['updateTime', 'updateBy'].includes(k)),
        ),
      });
    },
    decorate: decorateClearances,
  },
});

export const customsResources = [
  projectDeclareResource,
  declareLineResource,
  declareElementsResource,
  declPriceResource,
  exchangeRateResource,
  assortResource,
  examineResource,
  customsClearanceResource,
];
