// creditCarddInformation (spec §7: GET with page 0 and size 100000, POST, PUT): a company's bank
// account (SWIFT/BIC checked) and its credit rating and limit. The company keeps its bank details;
// only the platform's finance side sets the rating and the limit. One row per company.

import { creditInfoCreate, currencyScale, FinancingStatus, fromMinor, toMinor } from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { creditInfos, financingApplications } from '../../db/schema-finance.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { type Ctx, defineResource, type Row, type RowOf, sameValue } from '../../resources/engine.ts';
import { tenantNames } from '../project/names.ts';
import { holdsFinanceRole, isFinanceSide, ownOrFinance } from './access.ts';

/** Loans that use the limit: applied, under review, approved or disbursed (not rejected, not repaid). */
export const OUTSTANDING = [
  FinancingStatus.applied,
  FinancingStatus.underReview,
  FinancingStatus.approved,
  FinancingStatus.disbursed,
];

/** What a company has outstanding in a currency, exact (numeric summed by the database, as text). */
export async function outstanding(db: Ctx['db'], tenantIds: number[], currency?: string) {
  if (!tenantIds.length) return new Map<string, string>();
  const rows = await db
    .select({
      tenantId: financingApplications.tenantId,
      currency: financingApplications.currency,
      total: sql<string>`sum(${financingApplications.amount})::text`,
    })
    .from(financingApplications)
    .where(
      and(
        inArray(financingApplications.tenantId, tenantIds),
        inArray(financingApplications.status, OUTSTANDING),
        currency ? eq(financingApplications.currency, currency) : undefined,
      ),
    )
    .groupBy(financingApplications.tenantId, financingApplications.currency);
  return new Map(
    rows.map((r) => [
      `${r.tenantId}:${r.currency}`,
      fromMinor(
        toMinor(r.total, 3) / 10n ** BigInt(3 - currencyScale(r.currency)),
        currencyScale(r.currency),
      ),
    ]),
  );
}

const FINANCE_FIELDS = ['creditRating', 'creditLimit'] as const;

/** The rating and the limit change only by the finance side on the platform's company. */
async function checkFinanceFields(ctx: Ctx, data: Row, existing?: Row) {
  const changed = FINANCE_FIELDS.filter(
    (f) => data[f] !== undefined && !sameValue(data[f], existing?.[f] ?? null),
  );
  if (changed.length && !(await isFinanceSide(ctx))) throw new AppError(403, 'finance.finance_only');
}

async function decorate(ctx: Ctx, rows: RowOf<typeof creditInfos>[]) {
  const names = await tenantNames(
    ctx.db,
    rows.map((r) => r.tenantId),
  );
  const used = await outstanding(
    ctx.db,
    rows.map((r) => r.tenantId),
  );
  return rows.map((r) => ({
    ...r,
    tenantName: names.get(r.tenantId)?.name ?? null,
    outstanding: used.get(`${r.tenantId}:${r.currency}`) ?? fromMinor(0n, currencyScale(String(r.currency))),
  }));
}

export const creditInfoResource = defineResource({
  family: families.creditCarddInformation,
  table: creditInfos,
  create: creditInfoCreate,
  filters: { id: 'equal', tenantId: 'equal' },
  defaultSort: ['id,asc'],
  permissions: { list: 'creditInfo:list', create: 'creditInfo:edit', update: 'creditInfo:edit' },
  actions: ['list', 'create', 'update'],
  scope: (ctx) => ownOrFinance(ctx, creditInfos.tenantId),
  // The platform's finance side sets these (checked again against the company in the hooks).
  writable: {
    creditRating: (ctx) => holdsFinanceRole(ctx.auth),
    creditLimit: (ctx) => holdsFinanceRole(ctx.auth),
  },
  hooks: {
    beforeCreate: async (ctx, data) => {
      await checkFinanceFields(ctx, data);
      const tenantId = data.tenantId ?? ctx.auth.tenantId;
      const [exists] = await ctx.db
        .select({ id: creditInfos.id })
        .from(creditInfos)
        .where(eq(creditInfos.tenantId, tenantId));
      if (exists) throw badRequest('finance.info_exists');
      return { ...data, tenantId };
    },
    beforeUpdate: async (ctx, existing, data) => {
      await checkFinanceFields(ctx, data, existing);
      return data;
    },
    decorate,
  },
});
