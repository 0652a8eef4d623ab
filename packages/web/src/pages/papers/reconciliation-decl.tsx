// The statement of charges family as the page declares it: a blank charge line, how totals show, and
// the list (filters, columns, row actions and commands).
import {
  editable,
  type ReconciliationLine,
  ReconciliationStatus,
  reconciliationMachine,
} from '@tradelane/contract';
import { Space } from 'antd';
import { downloadBlob } from '../../api/download.ts';
import type { ResourceDecl } from '../../components/resource/types.ts';
import { type PaperDecl, paperCommands } from './PaperPage.tsx';
import { Payments } from './Payments.tsx';
import { deleteAction, editOrView, paperList, reasonColumn, statusColumn } from './paper-columns.tsx';
import { papersApi, type StatementRow } from './papers-api.ts';

export const REC_DICTS = ['charge_type', 'reconciliation_status'];
/** The page: its title and "add" (the logistics provider draws one up). */
export const REC_PAPER: PaperDecl = {
  titleKey: 'papers.rec.what',
  dicts: REC_DICTS,
  add: { permission: 'reconciliation:add', labelKey: 'papers.rec.add' },
};
export type Line = ReconciliationLine & { key: number };
export const blank = (): Line => ({
  key: Date.now() + Math.random(),
  chargeType: 'ocean_freight',
  description: '',
  quantity: '1',
  unitPrice: '',
  currency: 'USD',
  taxRate: '0',
});

export function Totals({ totals }: { totals: StatementRow['totals'] }) {
  return (
    <Space size={12} wrap>
      {totals.map((x) => (
        <span key={x.currency} className="pw-num" data-currency={x.currency}>
          {x.currency} {x.gross}
        </span>
      ))}
    </Space>
  );
}

/** A statement may be edited (and deleted) by its author while the machine lets it be edited. */
export const mayEdit = (r: StatementRow) => r.mine && editable(reconciliationMachine, r.status);

/** The statement's spreadsheet, named after it. */
export const exportXlsx = async (r: StatementRow, t: (key: string) => string) =>
  downloadBlob(
    await papersApi.exportStatement(r.id),
    `${t('papers.rec.what')}-${r.statementNo ?? r.id}.xlsx`,
  );

/** The list of a batch's statements; the row actions reach the page through `d`. */
export function reconciliationResource(d: {
  batchId: number;
  open: (r: StatementRow) => void;
  busy: (call: () => Promise<unknown>, okKey: string) => unknown;
  pay: (r: StatementRow) => void;
  exportPdf: (r: StatementRow) => unknown;
  exportXlsx: (r: StatementRow) => unknown;
}): ResourceDecl<StatementRow> {
  return {
    name: 'reconciliation',
    ...paperList<StatementRow>(d.batchId, { status: 'reconciliation_status', emptyKey: 'papers.rec.empty' }),
    columns: [
      { key: 'statementNo', width: 150, render: (r) => r.statementNo ?? `#${r.id}` },
      { key: 'partyName', width: 170, kind: 'ellipsis' },
      { key: 'lines', width: 90, render: (r) => r.lines.length },
      {
        key: 'totals',
        width: 290,
        // A confirmed statement also says what is paid and outstanding (payment vouchers).
        render: (r) => (
          <Space direction="vertical" size={2}>
            <Totals totals={r.totals} />
            {r.status === ReconciliationStatus.confirmed && <Payments payments={r.payments} />}
          </Space>
        ),
      },
      reasonColumn({ width: 160 }),
      statusColumn('reconciliation_status', 120),
    ],
    rowActions: [
      editOrView(mayEdit, { edit: 'papers.rec.edit', view: 'papers.rec.view' }, (r) => d.open(r)),
      deleteAction('reconciliation:del', mayEdit, (r) =>
        d.busy(() => papersApi.remove('reconciliation', r.id), 'admin.common.deleted'),
      ),
      {
        key: 'payments',
        labelKey: 'vouchers.open',
        need: { permission: ['voucherProcess:list'] },
        visible: (r) => r.status === ReconciliationStatus.confirmed,
        run: (r) => d.pay(r),
      },
      { key: 'exportPdf', labelKey: 'vouchers.exportPdf', more: true, run: (r) => d.exportPdf(r) },
      { key: 'export', labelKey: 'papers.rec.export', more: true, run: (r) => d.exportXlsx(r) },
    ],
    rowCommands: {
      entity: 'reconciliation',
      only: ['submit', 'confirm', 'reject'],
      run: (r, event, reason) => papersApi.statementCommand(event, r.id, reason),
      commands: (r) =>
        paperCommands(
          'papers.rec',
          { submit: 'submitted', confirm: 'confirmed', reject: 'rejected' },
          { no: r.statementNo ?? r.id },
        ),
    },
  };
}
