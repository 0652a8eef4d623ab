// The logistics provider's statement of charges for a batch (spec §7 `reconciliation`):
// a declaration on the engine (lines as decimal strings, totals per currency computed in
// minor units on read), submit / confirm / reject on the kernel, and the statement as an Excel sheet.

import {
  chargeTypes,
  formatMinor,
  type Lang,
  lineAmounts,
  type ReconciliationLine,
  ReconciliationStatus,
  reconciliationCreate,
  reconciliationMachine,
  reconciliationStatusLabels,
  reconciliationUpdate,
  totalsByCurrency,
} from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { papersOps } from '@tradelane/contract/api/papers';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { hasPermission } from '../../access/service.ts';
import { tenantZone } from '../../access/tenant-zone.ts';
import { reconciliations } from '../../db/schema-papers.ts';
import { AppError, forbidden, langOf } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import * as cell from '../../lib/workbook.ts';
import { addTypedRow, timeHeader } from '../../lib/workbook.ts';
import { type Ctx, ctxOf, defineResource, getVisible, type Row, type RowOf } from '../../resources/engine.ts';
import { sendAttachment, XLSX_TYPE } from '../../resources/sheet-import.ts';
import { actionsFor, defineCommand } from '../../workflow/kernel.ts';
import { tenantNames } from '../project/names.ts';
import { isLogistics, ownEditable, reconciliationScope } from './access.ts';
import { newPaper, type PaperNotices, paperCommand, shipperReview, teller, withParties } from './paper.ts';
import { statementPdf } from './statement-pdf.ts';
import { paymentsOf } from './vouchers.ts';

const link = (batchId: unknown) => `/papers/reconciliation?batchId=${batchId}`;

/** Each line with its amounts, and the totals per currency — all from the decimal strings, exactly. */
function withAmounts(lines: ReconciliationLine[], lang: Lang) {
  return lines.map((l) => {
    const a = lineAmounts(l);
    return {
      ...l,
      chargeTypeLabel: chargeTypes.find((c) => c.code === l.chargeType)?.[lang] ?? l.chargeType,
      net: formatMinor(a.net, l.currency),
      tax: formatMinor(a.tax, l.currency),
      gross: formatMinor(a.gross, l.currency),
      grossMinor: a.gross.toString(),
    };
  });
}

async function decorateStatements(ctx: Ctx, rows: RowOf<typeof reconciliations>[]) {
  const lang = langOf(ctx.request);
  const payments = await paymentsOf(
    ctx.db,
    rows.map((r) => ({ id: r.id, lines: r.lines ?? [] })),
  );
  return (await withParties(ctx, rows)).map((r) => {
    const lines = r.lines ?? [];
    return {
      ...r,
      lines: withAmounts(lines, lang),
      totals: totalsByCurrency(lines),
      // Paid (confirmed vouchers) and outstanding per currency.
      payments: payments.get(r.id) ?? [],
      actions: actionsFor(ctx, reconciliationMachine, r),
    };
  });
}

export const reconciliationResource = defineResource({
  family: families.reconciliation,
  table: reconciliations,
  create: reconciliationCreate,
  update: reconciliationUpdate,
  filters: {
    id: 'equal',
    batchId: 'equal',
    projectId: 'equal',
    status: 'in',
    partyTenantId: 'equal',
    createTime: 'between',
    blurry: { op: 'blurry', columns: ['statementNo', 'remark'] },
  },
  defaultSort: ['batchId,desc', 'id,desc'],
  permissions: {
    list: 'reconciliation:list',
    create: 'reconciliation:add',
    update: 'reconciliation:edit',
    delete: 'reconciliation:del',
  },
  scope: reconciliationScope,
  serverOwned: ['tenantId', 'projectId', 'partyTenantId', 'status', 'reason', 'submitTime', 'confirmTime'],
  canWrite: ownEditable(reconciliationMachine),
  hooks: {
    beforeCreate: async (ctx, data) => {
      // Only a logistics provider of the batch draws up a statement for it.
      if (!isLogistics(ctx)) throw new AppError(403, 'papers.logistics_only');
      return newPaper(ctx, data, ReconciliationStatus.draft);
    },
    decorate: decorateStatements,
  },
});

const notices: PaperNotices = {
  link,
  params: (row) => ({ no: typeof row.statementNo === 'string' ? row.statementNo : `#${row.id}` }),
};

const statementCommand = paperCommand({
  machine: reconciliationMachine,
  labels: reconciliationStatusLabels,
  table: reconciliations,
  entity: 'reconciliation',
  scope: (ctx) => reconciliationScope(ctx),
  decorate: decorateStatements,
});

const tell = teller(notices);

export const submitStatement = defineCommand({
  ...statementCommand,
  name: 'reconciliation.submit',
  operation: papersOps.submitStatement,
  event: 'submit',
  who: { own: (ctx, row) => row.partyTenantId === ctx.auth.tenantId },
  guards: {
    hasLines: ({ row }) => (((row.lines as unknown[]) ?? []).length ? undefined : 'papers.no_lines'),
  },
  set: () => ({ submitTime: new Date() }),
  notify: tell('tenantId', 'notice.reconciliation_submitted'),
});

const review = shipperReview({
  name: 'reconciliation',
  confirm: papersOps.confirmStatement,
  reject: papersOps.rejectStatement,
  reasonRequired: 'papers.reason_required',
  tell,
  confirmed: 'notice.reconciliation_confirmed',
  rejected: 'notice.reconciliation_rejected',
});

export const confirmStatement = defineCommand({ ...statementCommand, ...review.confirm });
export const rejectStatement = defineCommand({ ...statementCommand, ...review.reject });

export const reconciliationCommands = [submitStatement, confirmStatement, rejectStatement];

const sheetText = {
  zh: {
    title: '对账单',
    batch: '批次',
    provider: '物流服务商',
    status: '状态',
    no: '对账单号',
    head: ['费用类型', '说明', '数量', '单价', '币种', '税率 %', '不含税金额', '税额', '含税金额'],
    totals: '合计',
    submitted: '提交时间',
    confirmed: '确认时间',
  },
  en: {
    title: 'Statement of charges',
    batch: 'Batch',
    provider: 'Logistics provider',
    status: 'Status',
    no: 'Statement no.',
    head: ['Charge', 'Description', 'Quantity', 'Unit price', 'Currency', 'Tax %', 'Net', 'Tax', 'Gross'],
    totals: 'Total',
    submitted: 'Submitted',
    confirmed: 'Confirmed',
  },
} as const;

export async function reconciliationRoutes(app: FastifyInstance) {
  // One statement as an Excel sheet (or with `format=pdf` a PDF, which also shows what is paid): its
  // lines and the totals per currency, in the reader's language.
  mount(app, papersOps.exportStatement, async (request, reply) => {
    const ctx = ctxOf(app, request);
    if (!hasPermission(ctx.auth, 'reconciliation:list')) throw forbidden();
    const { id, format } = request.query;
    const [row] = (await decorateStatements(ctx, [
      await getVisible(reconciliationResource, ctx, id),
    ])) as (Row & Awaited<ReturnType<typeof decorateStatements>>[number])[];
    const lang = langOf(request);
    const t = sheetText[lang];
    const zone = await tenantZone(ctx.db, ctx.auth.tenantId);
    if (format === 'pdf') {
      const names = await tenantNames(ctx.db, [row.tenantId, row.partyTenantId]);
      // An English statement names both companies in English where they have an English name.
      const nameOf = (id: number) => {
        const n = names.get(id);
        return n ? (lang === 'en' ? (n.enName ?? n.name) : n.name) : null;
      };
      const doc = statementPdf(
        {
          ...row,
          shipperName: nameOf(row.tenantId),
          partyName: nameOf(row.partyTenantId) ?? row.partyName,
          statusLabel: reconciliationStatusLabels[row.status]?.[lang] ?? String(row.status),
        },
        lang,
        zone,
      );
      const name = `${t.title}-${row.batchNumber ?? row.batchId}-${row.id}.pdf`;
      return sendAttachment(reply, 'application/pdf', name, doc);
    }
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet(t.title);
    sheet.addRow([t.title]).font = { bold: true, size: 14 };
    sheet.addRow([t.no, row.statementNo ?? `#${row.id}`]);
    sheet.addRow([t.batch, row.batchNumber]);
    sheet.addRow([t.provider, row.partyName]);
    sheet.addRow([t.status, reconciliationStatusLabels[row.status]?.[lang]]);
    addTypedRow(sheet, [timeHeader(t.submitted, zone, lang), cell.time(row.submitTime, zone)]);
    addTypedRow(sheet, [timeHeader(t.confirmed, zone, lang), cell.time(row.confirmTime, zone)]);
    sheet.addRow([]);
    sheet.addRow([...t.head]).font = { bold: true };
    // Figures are numbers (Excel sums them), each amount with its currency's decimals.
    for (const l of row.lines)
      addTypedRow(sheet, [
        l.chargeTypeLabel,
        l.description ?? '',
        cell.decimal(l.quantity),
        cell.unitPrice(l.unitPrice, l.currency),
        l.currency,
        cell.decimal(l.taxRate),
        cell.money(l.net, l.currency),
        cell.money(l.tax, l.currency),
        cell.money(l.gross, l.currency),
      ]);
    sheet.addRow([]);
    for (const total of row.totals)
      addTypedRow(sheet, [
        t.totals,
        '',
        '',
        '',
        total.currency,
        '',
        cell.money(total.net, total.currency),
        cell.money(total.tax, total.currency),
        cell.money(total.gross, total.currency),
      ]).font = { bold: true };
    sheet.columns.forEach((c, i) => {
      c.width = [22, 28, 10, 12, 8, 8, 14, 12, 14][i] ?? 12;
    });
    const name = `${t.title}-${row.batchNumber ?? row.batchId}-${row.id}.xlsx`;
    return sendAttachment(reply, XLSX_TYPE, name, Buffer.from(await book.xlsx.writeBuffer()));
  });
}
