// Payment vouchers (spec §7 `voucherProcess`): the shipper uploads the bank's proof of paying
// a confirmed statement of charges — amount (decimal string, kept in minor units), currency, payment
// date, bank reference, files. A declaration on the engine (list, create = submit, correct, delete) and
// confirm / reject / submit-again on the kernel; the statement shows paid and outstanding per currency.

import {
  amountMinor,
  editable,
  formatMinor,
  minorUnitOf,
  type PaymentSummary,
  paymentSummary,
  type ReconciliationLine,
  ReconciliationStatus,
  totalsByCurrency,
  VoucherStatus,
  voucherCreate,
  voucherMachine,
  voucherStatusLabels,
  voucherUpdate,
} from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { papersOps } from '@tradelane/contract/api/papers';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hasPermission } from '../../access/service.ts';
import type { Db } from '../../db/client.ts';
import { reconciliations } from '../../db/schema-papers.ts';
import { paymentVouchers } from '../../db/schema-voucher.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { type Ctx, ctxOf, defineResource, getVisible, type RowOf } from '../../resources/engine.ts';
import { recordChange } from '../../workflow/events.ts';
import { actionsFor, type CommandCtx, defineCommand, type Move } from '../../workflow/kernel.ts';
import { type Notice, notify } from '../../workflow/notify.ts';
import { fileResource, sendStored } from '../files/routes.ts';
import { fileRow, fileSummaries, fileUrl } from '../files/service.ts';
import { batchNumbers } from '../project/names.ts';
import { reconciliationScope } from './access.ts';
import { paperCommand, paperScope, shipperOwns, withParties, withReason } from './paper.ts';

type Who = Pick<Ctx, 'db' | 'auth'>;

/** A voucher is seen by the statement's two sides: the batch's shipper and the provider paid. */
export const voucherScope = paperScope(paymentVouchers);

/** File ids held by vouchers the caller sees: the provider downloads the shipper's bank slips. */
export const voucherFileIds = (who: Who) =>
  who.db
    .select({ id: sql<number>`unnest(${paymentVouchers.fileIds})`.as('id') })
    .from(paymentVouchers)
    .where(voucherScope(who));

/** Vouchers of statements (currency, minor units, status): what paid / outstanding are summed from. */
async function vouchersOf(db: Db, statementIds: number[], except?: number) {
  if (!statementIds.length) return [];
  return db
    .select({
      reconciliationId: paymentVouchers.reconciliationId,
      currency: paymentVouchers.currency,
      amountMinor: paymentVouchers.amountMinor,
      status: paymentVouchers.status,
    })
    .from(paymentVouchers)
    .where(
      and(
        inArray(paymentVouchers.reconciliationId, statementIds),
        except ? ne(paymentVouchers.id, except) : undefined,
      ),
    );
}

/** Paid and outstanding per currency of each statement (by id), from its lines and its vouchers. */
export async function paymentsOf(
  db: Db,
  statements: { id: number; lines: ReconciliationLine[] }[],
): Promise<Map<number, PaymentSummary[]>> {
  const vouchers = await vouchersOf(
    db,
    statements.map((s) => s.id),
  );
  return new Map(
    statements.map((s) => [
      s.id,
      paymentSummary(
        totalsByCurrency(s.lines ?? []),
        vouchers.filter((v) => v.reconciliationId === s.id),
      ),
    ]),
  );
}

/**
 * The statement a voucher pays, locked (vouchers of one statement are checked one at a time), and what
 * is left to pay in a currency once the confirmed vouchers and the other submitted ones are counted.
 */
async function statementFor(db: Db, statementId: number, currency: string, except?: number) {
  const [statement] = await db
    .select()
    .from(reconciliations)
    .where(eq(reconciliations.id, statementId))
    .for('update');
  if (!statement) throw notFound();
  const [summary] = paymentSummary(
    totalsByCurrency(statement.lines).filter((t) => t.currency === currency),
    await vouchersOf(db, [statementId], except),
  );
  if (!summary) throw new AppError(400, 'voucher.currency_not_on_statement', { currency });
  const open = BigInt(summary.outstandingMinor) - BigInt(summary.pendingMinor);
  return { statement, summary, open };
}

/** The amount in minor units, or the catalogue error that says why not. */
function minorOf(amount: string, currency: string): bigint {
  const m = amountMinor(amount, currency);
  if (m.ok) return m.minor;
  if (m.code === 'validation.amount_digits')
    throw new AppError(400, 'voucher.amount_digits', { currency, digits: minorUnitOf(currency) });
  throw new AppError(400, 'validation', { field: 'amount', reason: '' });
}

function overOutstanding(currency: string, open: bigint) {
  return new AppError(400, 'voucher.over_outstanding', {
    currency,
    outstanding: formatMinor(open < 0n ? 0n : open, currency),
  });
}

async function decorateVouchers(ctx: Ctx, rows: RowOf<typeof paymentVouchers>[]) {
  const fileIds = [...new Set(rows.flatMap((r) => r.fileIds ?? []))];
  const held = await fileSummaries(ctx.db, fileIds);
  const statementIds = [...new Set(rows.map((r) => r.reconciliationId))];
  const statements = statementIds.length
    ? await ctx.db
        .select({ id: reconciliations.id, statementNo: reconciliations.statementNo })
        .from(reconciliations)
        .where(inArray(reconciliations.id, statementIds))
    : [];
  return (await withParties(ctx, rows)).map((r) => ({
    ...r,
    amount: formatMinor(String(r.amountMinor), r.currency),
    statementNo: statements.find((s) => s.id === r.reconciliationId)?.statementNo ?? null,
    // The shipper is the one who uploads: `mine` says whether the caller is that shipper.
    mine: r.tenantId === ctx.auth.tenantId,
    files: (r.fileIds ?? []).flatMap((id) => {
      const f = held.find((h) => h.id === id);
      return f
        ? [{ ...f, url: fileUrl(f), viewUrl: `${papersOps.viewVoucher.path}?id=${r.id}&fileId=${f.id}` }]
        : [];
    }),
    actions: actionsFor(ctx, voucherMachine, r),
  }));
}

const link = (batchId: unknown) => `/papers/reconciliation?batchId=${batchId}`;

/** A notice to one side of a voucher naming its batch, statement, amount (and the reason given). */
async function tell(
  db: Db,
  row: RowOf<typeof paymentVouchers>,
  to: 'tenantId' | 'partyTenantId',
  title: Notice['title'],
  reason?: string,
): Promise<Notice[]> {
  const [statement] = await db
    .select({ no: reconciliations.statementNo })
    .from(reconciliations)
    .where(eq(reconciliations.id, row.reconciliationId));
  return [
    {
      to: { tenants: [row[to]] },
      title,
      params: {
        batch: (await batchNumbers(db, [row.batchId])).get(row.batchId),
        no: statement?.no ?? `#${row.reconciliationId}`,
        currency: row.currency,
        amount: formatMinor(String(row.amountMinor), row.currency),
        bankReference: row.bankReference,
        ...(reason ? { reason } : {}),
      },
      link: link(row.batchId),
      type: 'business',
    },
  ];
}

export const voucherResource = defineResource({
  family: families.voucherProcess,
  table: paymentVouchers,
  create: voucherCreate,
  update: voucherUpdate,
  filters: {
    id: 'equal',
    reconciliationId: 'equal',
    batchId: 'equal',
    status: 'in',
    currency: 'equal',
    paymentDate: 'between',
    createTime: 'between',
    blurry: { op: 'blurry', columns: ['bankReference', 'remark'] },
  },
  defaultSort: ['id,desc'],
  permissions: {
    list: 'voucherProcess:list',
    create: 'voucherProcess:add',
    update: 'voucherProcess:edit',
    delete: 'voucherProcess:del',
  },
  scope: voucherScope,
  serverOwned: [
    'tenantId',
    'projectId',
    'batchId',
    'partyTenantId',
    'amountMinor',
    'status',
    'reason',
    'submitTime',
    'confirmTime',
  ],
  // Only files the caller uploaded itself can be attached.
  references: { fileIds: { to: () => fileResource } },
  // The shipper that paid corrects (or withdraws) a voucher once the provider has rejected it.
  canWrite: (ctx, row) => {
    if (ctx.auth.isPlatformAdmin) return true;
    if (row.tenantId !== ctx.auth.tenantId) return false;
    if (!editable(voucherMachine, Number(row.status))) throw new AppError(403, 'papers.read_only');
    return true;
  },
  hooks: {
    beforeCreate: async (ctx, data) => {
      // The statement must be one the caller sees, its own (the shipper's), and confirmed.
      const [visible] = await ctx.db
        .select({ id: reconciliations.id })
        .from(reconciliations)
        .where(and(eq(reconciliations.id, data.reconciliationId), reconciliationScope(ctx)));
      if (!visible) throw notFound();
      const currency = data.currency;
      const minor = minorOf(data.amount, currency);
      const { statement, open } = await statementFor(ctx.db, visible.id, currency);
      if (statement.tenantId !== ctx.auth.tenantId && !ctx.auth.isPlatformAdmin)
        throw new AppError(403, 'voucher.shipper_only');
      if (statement.status !== ReconciliationStatus.confirmed)
        throw new AppError(400, 'voucher.statement_not_confirmed');
      if (minor > open) throw overOutstanding(currency, open);
      return {
        ...data,
        amountMinor: minor.toString(),
        tenantId: statement.tenantId,
        projectId: statement.projectId,
        batchId: statement.batchId,
        partyTenantId: statement.partyTenantId,
        status: VoucherStatus.submitted,
        submitTime: new Date(),
      };
    },
    // Creating a voucher submits it: recorded on the timeline, and the provider is told.
    afterCreate: async (ctx, row) => {
      await recordChange(ctx.db, ctx.auth, {
        tenantId: row.tenantId,
        projectId: row.projectId,
        batchId: row.batchId,
        partyTenantId: row.partyTenantId,
        entity: 'voucherProcess',
        entityId: row.id,
        action: 'submit',
        from: null,
        to: VoucherStatus.submitted,
        note: null,
      });
      await notify(
        ctx.db,
        await tell(ctx.db, row, 'partyTenantId', 'notice.voucher_submitted'),
        ctx.auth.username,
      );
    },
    beforeUpdate: async (ctx, existing, data) => {
      const currency = data.currency ?? existing.currency;
      const amount = data.amount ?? formatMinor(String(existing.amountMinor), existing.currency);
      const minor = minorOf(amount, currency);
      // The currency must be on the statement (the amount is checked again when it is submitted).
      await statementFor(ctx.db, existing.reconciliationId, currency, existing.id);
      return { ...data, amountMinor: minor.toString() };
    },
    decorate: decorateVouchers,
  },
});

const voucherCommand = paperCommand({
  machine: voucherMachine,
  labels: voucherStatusLabels,
  table: paymentVouchers,
  entity: 'voucherProcess',
  scope: (ctx) => voucherScope(ctx),
  decorate: decorateVouchers,
});

/**
 * Confirming or submitting again never takes the vouchers of a currency past the statement's total:
 * a confirmation counts the confirmed ones (the other submitted ones may still be rejected); a new
 * submission also counts those waiting.
 */
const withinTotal = async ({ ctx, row, event }: Move<unknown, RowOf<typeof paymentVouchers>>) => {
  const currency = row.currency;
  const { summary, open } = await statementFor(ctx.db, row.reconciliationId, currency, row.id);
  const left = event === 'confirm' ? BigInt(summary.outstandingMinor) : open;
  return BigInt(String(row.amountMinor)) > left ? overOutstanding(currency, left) : undefined;
};

const providerOwns = (ctx: CommandCtx, row: RowOf<typeof paymentVouchers>) =>
  row.partyTenantId === ctx.auth.tenantId;

export const confirmVoucher = defineCommand({
  ...voucherCommand,
  name: 'voucherProcess.confirm',
  operation: papersOps.confirmVoucher,
  event: 'confirm',
  who: { own: providerOwns },
  guards: { withinTotal },
  set: () => ({ confirmTime: new Date(), reason: null }),
  notify: ({ ctx, updated }) => tell(ctx.db, updated, 'tenantId', 'notice.voucher_confirmed'),
});

export const rejectVoucher = defineCommand({
  ...voucherCommand,
  name: 'voucherProcess.reject',
  operation: papersOps.rejectVoucher,
  event: 'reject',
  who: { own: providerOwns },
  ...withReason('voucher.reason_required'),
  set: (move) => ({ reason: move.input.reason }),
  notify: ({ ctx, updated, input }) =>
    tell(ctx.db, updated, 'tenantId', 'notice.voucher_rejected', input.reason),
});

export const submitVoucher = defineCommand({
  ...voucherCommand,
  name: 'voucherProcess.submit',
  operation: papersOps.submitVoucher,
  event: 'submit',
  who: { own: shipperOwns },
  guards: { withinTotal },
  set: () => ({ submitTime: new Date(), reason: null }),
  notify: ({ ctx, updated }) => tell(ctx.db, updated, 'partyTenantId', 'notice.voucher_submitted'),
});

export const voucherCommands = [confirmVoucher, rejectVoucher, submitVoucher];

export async function voucherRoutes(app: FastifyInstance) {
  // A voucher's file in the browser (PDF and plain images inline) or as a download (`download`).
  mount(app, papersOps.viewVoucher, async (request, reply) => {
    const ctx = ctxOf(app, request);
    if (!hasPermission(ctx.auth, 'voucherProcess:list')) throw forbidden();
    const q = request.query;
    const voucher = await getVisible(voucherResource, ctx, q.id);
    const ids = voucher.fileIds ?? [];
    const fileId = q.fileId ?? ids[0];
    if (!fileId || !ids.includes(fileId)) throw new AppError(404, 'voucher.file_not_in_voucher');
    const file = await fileRow(ctx.db, fileId);
    if (!file) throw new AppError(404, 'voucher.file_not_in_voucher');
    return sendStored(app, reply, file, q.download !== undefined);
  });
}
