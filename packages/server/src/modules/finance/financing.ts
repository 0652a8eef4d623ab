// Financing applications: a company applies against what it is owed — its confirmed
// statement of charges (reconciliation) or its confirmed commercial invoice — for at most what is left
// of that paper's total in the currency (minor units, BigInt); the platform's finance side reviews,
// approves or rejects (with a reason), disburses (the due date follows from the term) and records the
// repayment. Every move is a kernel command: one transaction, change record, outbox notice.

import {
  currencyScale,
  dueDateOf,
  FINANCE_REVIEW,
  type FinancingEvent,
  FinancingStatus,
  financingApply,
  financingBasisTypes,
  financingMachine,
  financingStatusLabels,
  fromMinor,
  type Lang,
  type MessageCode,
  moneyMinor,
  toMinor,
  totalsByCurrency,
} from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { financeOps, financingSteps } from '@tradelane/contract/api/finance';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { roles, tenants, users, usersRoles } from '../../db/schema.ts';
import { creditInfos, financingApplications } from '../../db/schema-finance.ts';
import { AppError, badRequest, langOf } from '../../http/errors.ts';
import { isoDate } from '../../lib/time.ts';
import { type Ctx, defineResource, type Row, type RowOf } from '../../resources/engine.ts';
import {
  actionsFor,
  type CommandBody,
  type CommandCtx,
  defineCommand,
  type Move,
} from '../../workflow/kernel.ts';
import type { Notice } from '../../workflow/notify.ts';
import { lockOwnInvoice, lockOwnReconciliation, paperNumbers } from '../papers/basis.ts';
import { batchNumbers, tenantNames } from '../project/names.ts';
import { confirmedTotals } from '../supplies/totals.ts';
import { financeParty, isFinanceSide, ownOrFinance } from './access.ts';
import { OUTSTANDING, outstanding } from './credit.ts';

const AMOUNT_SCALE = 3;
const basisLabel = (type: string, lang: Lang) =>
  financingBasisTypes.find((b) => b.code === type)?.[lang] ?? type;
const link = '/finance/financing';

/** Minor units at one scale brought to another (exact when the value has no more digits than `to`). */
const rescale = (v: bigint, from: number, to: number) =>
  to >= from ? v * 10n ** BigInt(to - from) : v / 10n ** BigInt(from - to);
/** A stored decimal (numeric text at `scale`) in a currency's minor units. */
const storedMinor = (amount: string, scale: number, currency: string) =>
  rescale(toMinor(amount, scale), scale, currencyScale(currency));
/** An amount as stored (numeric(19,3) text) in the currency's own digits. */
export const shownAmount = (amount: string, currency: string) =>
  fromMinor(storedMinor(amount, AMOUNT_SCALE, currency), currencyScale(currency));

async function decorateApplications(ctx: Ctx | CommandCtx, rows: RowOf<typeof financingApplications>[]) {
  const lang = langOf(ctx.request);
  const names = await tenantNames(
    ctx.db,
    rows.flatMap((r) => [r.tenantId, r.debtorTenantId]),
  );
  const batches = await batchNumbers(
    ctx.db,
    rows.map((r) => r.batchId),
  );
  const recIds = rows.filter((r) => r.basisType === 'reconciliation').map((r) => r.basisId);
  const docIds = rows.filter((r) => r.basisType === 'invoice').map((r) => r.basisId);
  const { recNos, docNos } = await paperNumbers(ctx.db, recIds, docIds);
  return rows.map((r) => {
    const no =
      (r.basisType === 'reconciliation' ? recNos : docNos).find((x) => x.id === r.basisId)?.no ??
      `#${r.basisId}`;
    return {
      ...r,
      amount: shownAmount(String(r.amount), String(r.currency)),
      tenantName: names.get(r.tenantId)?.name ?? null,
      debtorName: names.get(r.debtorTenantId)?.name ?? null,
      batchNumber: batches.get(r.batchId) ?? null,
      basisLabel: basisLabel(String(r.basisType), lang),
      basisNo: no,
      statusLabel: financingStatusLabels[r.status]?.[lang] ?? String(r.status),
      mine: r.tenantId === ctx.auth.tenantId,
      actions: actionsFor(ctx, financingMachine, r),
    };
  });
}

export const financingResource = defineResource({
  family: families.financing,
  table: financingApplications,
  create: financingApply,
  filters: {
    id: 'equal',
    status: 'in',
    basisType: 'equal',
    tenantId: 'equal',
    blurry: { op: 'blurry', columns: ['applicationNo', 'remark'] },
  },
  defaultSort: ['id,desc'],
  permissions: { list: ['financing:list', FINANCE_REVIEW] },
  actions: ['list'],
  scope: (ctx) => ownOrFinance(ctx, financingApplications.tenantId),
  hooks: { decorate: (ctx, rows) => decorateApplications(ctx, rows) },
});

/** The basis paper the caller drew up, locked (two applications on one paper queue up), and its totals. */
async function lockBasis(ctx: CommandCtx, type: 'reconciliation' | 'invoice', id: number) {
  const lang = langOf(ctx.request);
  if (type === 'reconciliation') {
    const rec = await lockOwnReconciliation(ctx.db, id, ctx.auth.tenantId);
    if (!rec) throw new AppError(404, 'finance.basis_not_found');
    const totals = totalsByCurrency(rec.lines ?? []).map((t) => ({
      currency: t.currency,
      total: BigInt(t.grossMinor),
    }));
    return {
      row: rec,
      confirmed: rec.status === 2,
      batchId: rec.batchId,
      debtor: rec.tenantId,
      totals,
      lang,
    };
  }
  const doc = await lockOwnInvoice(ctx.db, id, ctx.auth.tenantId);
  if (!doc) throw new AppError(404, 'finance.basis_not_found');
  // An invoice is worth what the company supplied on the batch: its confirmed material rows, by currency.
  const sums = await confirmedTotals(ctx.db, doc.batchId, ctx.auth.tenantId);
  const totals = sums
    .filter((s) => s.currency && s.total)
    .map((s) => {
      // total_price has 2 decimals; a 0- or 3-digit currency is brought to its own minor units.
      return { currency: String(s.currency), total: storedMinor(s.total, 2, String(s.currency)) };
    });
  return { row: doc, confirmed: doc.status === 2, batchId: doc.batchId, debtor: doc.tenantId, totals, lang };
}

/** The finance side's users: they hear of a new application. */
async function financeUsers(db: CommandCtx['db']): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(usersRoles, eq(usersRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, usersRoles.roleId))
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(
      and(eq(roles.code, 'finance'), isNull(roles.tenantId), eq(tenants.end, 9), eq(users.enabled, true)),
    );
  return [...new Set(rows.map((r) => r.id))];
}

async function insertApplication(ctx: CommandCtx, input: (typeof financingApply)['_output']): Promise<Row> {
  const basis = await lockBasis(ctx, input.basisType, input.basisId);
  const what = basisLabel(input.basisType, basis.lang);
  if (!basis.confirmed) throw badRequest('finance.basis_not_confirmed', { basis: what });
  const [info] = await ctx.db.select().from(creditInfos).where(eq(creditInfos.tenantId, ctx.auth.tenantId));
  if (!info) throw badRequest('finance.no_bank_info');
  const currency = input.currency;
  const scale = currencyScale(currency);
  const amount = moneyMinor(input.amount, currency);
  if (amount === null) throw badRequest('finance.amount_scale', { currency, digits: scale });
  if (amount <= 0n) throw badRequest('finance.amount_zero');
  const total = basis.totals.find((t) => t.currency === currency)?.total;
  if (total === undefined) throw badRequest('finance.currency_not_in_basis', { basis: what, currency });
  const [prior] = await ctx.db
    .select({ used: sql<string | null>`sum(${financingApplications.amount})::text` })
    .from(financingApplications)
    .where(
      and(
        eq(financingApplications.basisType, input.basisType),
        eq(financingApplications.basisId, input.basisId),
        eq(financingApplications.currency, currency),
        ne(financingApplications.status, FinancingStatus.rejected),
      ),
    );
  const used = prior?.used ? storedMinor(prior.used, AMOUNT_SCALE, currency) : 0n;
  if (amount + used > total)
    throw badRequest('finance.over_basis', {
      basis: what,
      currency,
      total: fromMinor(total, scale),
      used: fromMinor(used, scale),
      left: fromMinor(total - used > 0n ? total - used : 0n, scale),
    });
  // The credit limit holds in its own currency: what is outstanding there plus this amount.
  if (info.creditLimit !== null && info.currency === currency) {
    const out = (await outstanding(ctx.db, [ctx.auth.tenantId], currency)).get(
      `${ctx.auth.tenantId}:${currency}`,
    );
    const outMinor = out ? toMinor(out, scale) : 0n;
    if (outMinor + amount > storedMinor(info.creditLimit, 2, currency))
      throw badRequest('finance.over_limit', {
        currency,
        limit: info.creditLimit,
        used: fromMinor(outMinor, scale),
      });
  }
  const [{ n }] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(financingApplications)
    .where(
      and(
        eq(financingApplications.basisType, input.basisType),
        eq(financingApplications.basisId, input.basisId),
      ),
    );
  const [row] = await ctx.db
    .insert(financingApplications)
    .values({
      tenantId: ctx.auth.tenantId,
      applicationNo: `FA-${input.basisType === 'reconciliation' ? 'R' : 'I'}${input.basisId}-${Number(n) + 1}`,
      basisType: input.basisType,
      basisId: input.basisId,
      batchId: basis.batchId,
      debtorTenantId: basis.debtor,
      amount: fromMinor(rescale(amount, scale, AMOUNT_SCALE), AMOUNT_SCALE),
      currency,
      termDays: input.termDays,
      status: FinancingStatus.applied,
      remark: input.remark ?? null,
      createBy: ctx.auth.username,
      updateBy: ctx.auth.username,
    })
    .returning();
  return row as Row;
}

const noticeParams = (row: Row) => ({
  no: row.applicationNo,
  amount: shownAmount(String(row.amount), String(row.currency)),
  currency: row.currency,
});

/** The applicant hears of every move; a rejection names the reason, a disbursement the due date. */
function tellApplicant(title: MessageCode) {
  return (move: Move<unknown, RowOf<typeof financingApplications>>): Notice[] => {
    const row = move.updated;
    const label = financingStatusLabels[move.to];
    return [
      {
        to: { tenants: [row.tenantId] },
        title,
        params: {
          ...noticeParams(row),
          statusZh: label?.zh,
          statusEn: label?.en,
          dueDate: row.dueDate,
          reason: (move.input as { reason?: string }).reason,
        },
        link,
        type: 'business',
      },
    ];
  };
}

const financingCommand = {
  machine: financingMachine,
  labels: financingStatusLabels,
  table: financingApplications,
  statusColumn: 'status',
  entity: 'financing',
  tags: ['financing'],
  scope: (ctx: CommandCtx) => ownOrFinance(ctx as Ctx, financingApplications.tenantId),
  record: (row: RowOf<typeof financingApplications>) => ({
    tenantId: row.tenantId,
    batchId: row.batchId,
    projectId: null,
  }),
  answer: (ctx: CommandCtx, rows: RowOf<typeof financingApplications>[]) => decorateApplications(ctx, rows),
};

/** The finance role counts only on the platform's own company. */
const platformFinance = async ({ ctx }: Move<unknown>) =>
  (await isFinanceSide(ctx as Ctx)) ? undefined : new AppError(403, 'finance.platform_only');

const financeWho = { party: financeParty };

export const applyFinancing = defineCommand({
  ...financingCommand,
  name: 'financing.apply',
  operation: financeOps.apply,
  event: 'apply',
  who: { party: financeParty },
  target: async () => null,
  create: {
    who: ['shipper', 'supplier', 'logistics'],
    event: 'apply',
    insert: (ctx, input) => insertApplication(ctx, input),
  },
  notify: async (move) => {
    const [company] = [...(await tenantNames(move.ctx.db, [move.row.tenantId])).values()];
    return [
      {
        to: { users: await financeUsers(move.ctx.db) },
        title: 'notice.financing_applied',
        params: { ...noticeParams(move.row), company: company?.name },
        link: '/finance/review',
        type: 'business',
      },
    ];
  },
});

const move = (
  name: string,
  event: FinancingEvent,
  title: MessageCode,
  extra: Partial<CommandBody<{ id: number; reason?: string }, typeof financingApplications>> = {},
) =>
  defineCommand<{ id: number; reason?: string }, typeof financingApplications>({
    ...financingCommand,
    name,
    operation: financingSteps[event],
    event,
    who: financeWho,
    target: async (_ctx, input) => input.id,
    guards: { always: platformFinance as never, ...(extra.guards ?? {}) },
    notify: tellApplicant(title),
    ...extra,
  });

export const reviewFinancing = move('financing.review', 'review', 'notice.financing_moved');
export const approveFinancing = move('financing.approve', 'approve', 'notice.financing_moved');
export const rejectFinancing = move('financing.reject', 'reject', 'notice.financing_rejected', {
  guards: {
    always: platformFinance as never,
    reason: ({ input }) => (input.reason?.trim() ? undefined : 'finance.reason_required'),
  },
  note: (input) => input.reason,
  set: (m) => ({ reason: m.input.reason }),
});
export const disburseFinancing = move('financing.disburse', 'disburse', 'notice.financing_disbursed', {
  set: (m) => {
    const today = isoDate(new Date());
    return { disbursedOn: today, dueDate: dueDateOf(today, Number(m.row.termDays)) };
  },
});
export const repayFinancing = move('financing.repay', 'repay', 'notice.financing_moved', {
  set: () => ({ repaidOn: isoDate(new Date()) }),
});

export const financingCommands = [
  applyFinancing,
  reviewFinancing,
  approveFinancing,
  rejectFinancing,
  disburseFinancing,
  repayFinancing,
];

export { OUTSTANDING };
