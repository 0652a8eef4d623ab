// Statements of charges of a batch (menu "papers/reconciliation"): the logistics provider
// draws one up (charge lines, totals per currency computed by the contract's exact arithmetic, the
// same as the server's) and submits it; the shipper confirms it or rejects it with a reason. The list
// is declared in reconciliation-decl.tsx, the dialog is StatementForm.
import { useState } from 'react';
import { downloadBlob } from '../../api/download.ts';
import { useParty } from '../../components/domain/lookups.ts';
import { useRefresh } from '../../components/resource/ResourcePage.tsx';
import { PaperPage, useBatchDecl, usePaperPage } from './PaperPage.tsx';
import { papersApi, type StatementRow } from './papers-api.ts';
import {
  blank,
  exportXlsx,
  type Line,
  mayEdit,
  REC_DICTS,
  REC_PAPER,
  reconciliationResource,
} from './reconciliation-decl.tsx';
import { StatementForm } from './StatementForm.tsx';
import { VouchersDrawer } from './VouchersDrawer.tsx';
import { vouchersApi } from './vouchers-api.ts';

export default function ReconciliationPage() {
  const page = usePaperPage('reconciliation', REC_DICTS);
  const { ctx, t, batchId, busy } = page;
  const provider = useParty() === 'logistics';
  const [editing, setEditing] = useState<StatementRow | 'new' | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const [statementNo, setStatementNo] = useState('');
  const [paying, setPaying] = useState<StatementRow | null>(null);
  const refresh = useRefresh('reconciliation');
  const exportPdf = async (r: StatementRow) =>
    downloadBlob(
      await vouchersApi.statementPdf(r.id),
      `${t('papers.rec.what')}-${r.statementNo ?? r.id}.pdf`,
    );
  const open = (row: StatementRow | 'new') => {
    setEditing(row);
    setStatementNo(row === 'new' ? '' : (row.statementNo ?? ''));
    setLines(
      row === 'new'
        ? [blank()]
        : row.lines.map((l, i) => ({
            key: i,
            chargeType: l.chargeType,
            description: l.description ?? '',
            quantity: l.quantity,
            unitPrice: l.unitPrice,
            currency: l.currency,
            taxRate: l.taxRate,
          })),
    );
  };
  const save = async () => {
    if (batchId === null || !editing) return;
    const body = lines.map(({ key: _key, ...l }) => ({ ...l, description: l.description || null }));
    const ok = await busy(
      () =>
        editing === 'new'
          ? papersApi.createStatement({ batchId, statementNo: statementNo || null, lines: body })
          : papersApi.updateStatement({ id: editing.id, statementNo: statementNo || null, lines: body }),
      'papers.rec.saved',
    );
    if (ok) setEditing(null);
  };

  const decl = useBatchDecl(batchId, { busy, open, t, setPaying, exportPdf }, (batchId, now) =>
    reconciliationResource({
      batchId,
      open: (r) => now().open(r),
      busy: (call, okKey) => now().busy(call, okKey),
      pay: (r) => now().setPaying(r),
      exportPdf: (r) => now().exportPdf(r),
      exportXlsx: (r) => exportXlsx(r, now().t),
    }),
  );

  return (
    <PaperPage<StatementRow>
      paper={REC_PAPER}
      page={page}
      decl={decl}
      onAdd={provider && (() => open('new'))}
    >
      <StatementForm
        editing={editing}
        readOnly={editing !== 'new' && editing !== null && !mayEdit(editing)}
        statementNo={statementNo}
        setStatementNo={setStatementNo}
        lines={lines}
        setLines={setLines}
        ctx={ctx}
        onSave={save}
        onClose={() => setEditing(null)}
        exportPdf={exportPdf}
        exportXlsx={(r) => exportXlsx(r, t)}
      />
      <VouchersDrawer statement={paying} onClose={() => setPaying(null)} onChanged={() => void refresh()} />
    </PaperPage>
  );
}
