import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BoxStatus } from '@tradelane/contract';
import { boxesOps } from '@tradelane/contract/api/boxes';
import { Alert, App, Card, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useCan, useMayCall } from '../../access/permissions.ts';
import { downloadBlob } from '../../api/download.ts';
import { refreshResources } from '../../api/query-keys.ts';
import { BatchPicker, BOXES_STAGE, useBatchPick } from '../../components/domain/BatchPicker.tsx';
import { useParty } from '../../components/domain/lookups.ts';
import { ResourcePage } from '../../components/resource/ResourcePage.tsx';
import { useDeclContext } from '../../components/resource/use-dicts.ts';
import { useAppConfig } from '../../shell/use-config.ts';
import { ImportDialog } from '../supplies/ImportDialog.tsx';
import { BoxDrawer } from './BoxDrawer.tsx';
import { BOX_DICTS, type BoxValues, boxResource } from './box-resource.tsx';
import { type BoxRow, boxesApi } from './boxes-api.ts';
import {
  BoxesToolbar,
  type PrintOptions,
  PrintOptionsBar,
  ReturnDialog,
  type SupplierTotal,
  SupplierTotals,
  ssccFits,
  ssccReady,
  totalsOf,
} from './boxes-parts.tsx';
import { PackModal } from './PackModal.tsx';
import '../../components/domain/project.css';

const SSCC_PREFIX_KEY = 'tradelane.ssccPrefix';

export default function BoxesPage() {
  const ctx = useDeclContext(BOX_DICTS);
  const { t } = ctx;
  const { message } = App.useApp();
  const qc = useQueryClient();
  const party = useParty();
  const can = useCan();
  const pick = useBatchPick(BOXES_STAGE);
  const { batchId } = pick;
  const [selected, setSelected] = useState<number[]>([]);
  const [detail, setDetail] = useState<BoxRow | null>(null);
  const [packing, setPacking] = useState(false);
  const [importing, setImporting] = useState(false);
  const [returning, setReturning] = useState<SupplierTotal | null>(null);
  const [reason, setReason] = useState('');
  // GS1 SSCCs on the labels: the company prefix is remembered in this browser.
  const [print, setPrint] = useState<PrintOptions>(() => ({
    format: 'thermal',
    docLang: ctx.lang === 'en' ? 'en' : 'zh',
    sscc: false,
    ssccPrefix: localStorage.getItem(SSCC_PREFIX_KEY) ?? '',
  }));
  const { format, docLang, ssccPrefix } = print;
  const config = useAppConfig();
  const mayCall = useMayCall();
  const packer = mayCall(boxesOps.pack);

  const all = useQuery({
    queryKey: ['resource', 'boxPiece', 'batch', batchId],
    queryFn: () => boxesApi.byBatch(batchId ?? 0),
    enabled: batchId !== null,
  });
  const boxes = all.data ?? [];
  const totals = totalsOf(boxes);
  const refresh = () => refreshResources(qc, ['boxPiece']);
  const decl = useMemo(
    () => (batchId === null ? null : boxResource({ batchId, packer, onDetail: setDetail })),
    [batchId, packer],
  );
  const busy = async (f: () => Promise<unknown>, ok?: string) => {
    try {
      await f();
      if (ok) message.success(ok);
      await refresh();
    } catch {
      /* shown by the request client */
    }
  };
  const labels = async () => {
    if (batchId === null) return;
    const withSscc = print.sscc && ssccFits(print) && ssccReady(print);
    if (withSscc) localStorage.setItem(SSCC_PREFIX_KEY, ssccPrefix);
    const blob = await boxesApi.labels({
      ...(selected.length ? { ids: selected } : { batchId }),
      format,
      lang: docLang,
      ...(withSscc ? { ssccPrefix } : {}),
    });
    if (withSscc) await refresh();
    downloadBlob(blob, `labels-${format}.pdf`);
  };
  const packingList = async (kind: 'pdf' | 'xlsx') => {
    if (batchId === null) return;
    downloadBlob(
      await boxesApi.packingList({ batchId, format: kind, lang: docLang }),
      `packing-list.${kind}`,
    );
  };
  // The hand-over is offered when some box's own actions (the server's, from its machine) include it.
  const canSubmit =
    packer && can({ permission: ['boxPiece:submit'] }) && boxes.some((b) => b.actions.includes('submit'));
  // The reason is for the side that may hand the list over again (the server's `submit` on the box).
  const returned = boxes.find((b) => b.status === BoxStatus.returned && b.reason);

  return (
    <div className="pw-page">
      <Card size="small" className="pw-card">
        <div className="pw-bar">
          <BatchPicker pick={pick} />
          <PrintOptionsBar value={print} onChange={(p) => setPrint((o) => ({ ...o, ...p }))} t={t} />
        </div>
        {config && !config.scanLinks && (
          <Alert
            type="warning"
            showIcon
            data-testid="labels-no-scan-links"
            message={t('project.boxes.noScanLinks')}
          />
        )}
        {returned?.actions.includes('submit') && (
          <Typography.Text type="danger" data-testid="returned-reason">
            {t('project.boxes.returnedBecause', { reason: returned.reason })}
          </Typography.Text>
        )}
        {party !== 'supplier' && totals.length > 0 && (
          <SupplierTotals
            totals={totals}
            mayReturn={can({ permission: ['boxPiece:back'] })}
            onReturn={setReturning}
            t={t}
          />
        )}
      </Card>
      {decl && batchId !== null && (
        <ResourcePage<BoxRow, BoxValues>
          decl={decl}
          titleKey="project.boxes.what"
          dicts={BOX_DICTS}
          compact
          onSelect={setSelected}
          toolbar={
            <BoxesToolbar
              packer={packer}
              mayImport={mayCall(boxesOps.import)}
              hasBoxes={boxes.length > 0}
              selected={selected.length}
              canSubmit={canSubmit}
              onPack={() => setPacking(true)}
              onImport={() => setImporting(true)}
              onLabels={() => void labels().catch(() => undefined)}
              onExport={(kind) => void packingList(kind).catch(() => undefined)}
              onSubmit={() => busy(() => boxesApi.submit(batchId), t('project.boxes.submitted'))}
              t={t}
            />
          }
        />
      )}
      {batchId !== null && (
        <PackModal
          batchId={batchId}
          boxes={boxes}
          open={packing}
          onClose={() => setPacking(false)}
          onDone={() => void refresh()}
        />
      )}
      {batchId !== null && (
        <ImportDialog
          batchId={batchId}
          open={importing}
          onClose={() => setImporting(false)}
          onDone={refresh}
          kind={{
            upload: (taskId, mode, file) => boxesApi.importFile(batchId, taskId, mode, file),
            template: boxesApi.template,
            templateName: t('project.boxes.templateName'),
            modes: false,
            title: t('project.boxes.import'),
            taskKind: 'boxPiece',
          }}
        />
      )}
      <BoxDrawer box={detail} ctx={ctx} onClose={() => setDetail(null)} />
      <ReturnDialog
        returning={returning}
        reason={reason}
        setReason={setReason}
        onCancel={() => setReturning(null)}
        onOk={() =>
          returning &&
          batchId !== null &&
          busy(
            () => boxesApi.back(batchId, returning.supplierTenantId, reason.trim()),
            t('project.boxes.returned'),
          ).then(() => {
            setReturning(null);
            setReason('');
          })
        }
        t={t}
      />
    </div>
  );
}
