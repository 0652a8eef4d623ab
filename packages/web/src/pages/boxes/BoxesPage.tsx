// Boxes of a batch (menu "boxes/index"). The supplier packs confirmed rows into boxes, prints labels,
// exports and submits its packing list; the shipper sees every supplier's boxes with totals and returns
// a packing list with a reason; the logistics provider sees the submitted boxes.
import {
  DownloadOutlined,
  InboxOutlined,
  PrinterOutlined,
  RollbackOutlined,
  SendOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BoxStatus, type DocLang, type LabelFormat } from '@tradelane/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Dropdown,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useCan } from '../../access/permissions.ts';
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
import { PackModal } from './PackModal.tsx';
import '../../components/domain/project.css';

const SSCC_PREFIX_KEY = 'tradelane.ssccPrefix';

interface SupplierTotal {
  supplierTenantId: number;
  supplierName: string | null;
  boxes: number;
  gross: number;
  volume: number;
  outOfGauge: number;
  submitted: number;
}

function totalsOf(boxes: BoxRow[]): SupplierTotal[] {
  const by = new Map<number, SupplierTotal>();
  for (const b of boxes) {
    const s = by.get(b.supplierTenantId) ?? {
      supplierTenantId: b.supplierTenantId,
      supplierName: b.supplierName,
      boxes: 0,
      gross: 0,
      volume: 0,
      outOfGauge: 0,
      submitted: 0,
    };
    s.boxes++;
    s.gross += Number(b.grossWeight);
    s.volume += Number(b.volume);
    s.outOfGauge += b.outOfGauge ? 1 : 0;
    s.submitted += b.status === BoxStatus.submitted ? 1 : 0;
    by.set(b.supplierTenantId, s);
  }
  return [...by.values()];
}

const r3 = (n: number) => Math.round(n * 1000) / 1000;

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
  const [format, setFormat] = useState<LabelFormat>('thermal');
  const [docLang, setDocLang] = useState<DocLang>(ctx.lang === 'en' ? 'en' : 'zh');
  // GS1 SSCCs on the labels: the company prefix is remembered in this browser.
  const [sscc, setSscc] = useState(false);
  const [ssccPrefix, setSsccPrefix] = useState(() => localStorage.getItem(SSCC_PREFIX_KEY) ?? '');
  const ssccReady = /^\d{6,12}$/.test(ssccPrefix);
  const ssccFits = format !== 'a4-8';
  const config = useAppConfig();
  const packer = party === 'supplier' && can({ permission: ['boxPiece:edit'] });

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
    const withSscc = sscc && ssccFits && ssccReady;
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
  const returned = boxes.find((b) => b.status === BoxStatus.returned && b.reason);

  return (
    <div className="pw-page">
      <Card size="small" className="pw-card">
        <div className="pw-bar">
          <BatchPicker pick={pick} />
          <Space wrap>
            <Select<LabelFormat>
              value={format}
              onChange={setFormat}
              style={{ width: 200 }}
              aria-label={t('project.boxes.labelFormat')}
              options={[
                { value: 'thermal', label: t('project.boxes.thermal') },
                { value: 'a4-4', label: t('project.boxes.a44') },
                { value: 'a4-8', label: t('project.boxes.a48') },
              ]}
            />
            <Select<DocLang>
              value={docLang}
              onChange={setDocLang}
              style={{ width: 120 }}
              aria-label={t('project.boxes.docLang')}
              options={[
                { value: 'zh', label: t('project.boxes.langZh') },
                { value: 'en', label: t('project.boxes.langEn') },
                { value: 'bilingual', label: t('project.boxes.langBilingual') },
              ]}
            />
            <Checkbox
              checked={sscc && ssccFits}
              disabled={!ssccFits}
              onChange={(e) => setSscc(e.target.checked)}
              data-testid="labels-sscc"
            >
              {t('project.boxes.sscc')}
            </Checkbox>
            {sscc && ssccFits && (
              <Input
                value={ssccPrefix}
                onChange={(e) => setSsccPrefix(e.target.value.replace(/\D/g, '').slice(0, 12))}
                status={ssccPrefix && !ssccReady ? 'error' : undefined}
                placeholder={t('project.boxes.ssccPrefix')}
                aria-label={t('project.boxes.ssccPrefix')}
                style={{ width: 190 }}
                inputMode="numeric"
                data-testid="labels-sscc-prefix"
              />
            )}
          </Space>
        </div>
        {config && !config.scanLinks && (
          <Alert
            type="warning"
            showIcon
            data-testid="labels-no-scan-links"
            message={t('project.boxes.noScanLinks')}
          />
        )}
        {returned && party === 'supplier' && (
          <Typography.Text type="danger" data-testid="returned-reason">
            {t('project.boxes.returnedBecause', { reason: returned.reason })}
          </Typography.Text>
        )}
        {party !== 'supplier' && totals.length > 0 && (
          <Table<SupplierTotal>
            size="small"
            rowKey="supplierTenantId"
            pagination={false}
            title={() => t('project.boxes.totals')}
            dataSource={totals}
            columns={[
              { title: t('project.boxes.supplier'), dataIndex: 'supplierName' },
              { title: t('project.boxes.boxes'), dataIndex: 'boxes', width: 90 },
              { title: t('project.boxes.grossWeight'), width: 130, render: (_, s) => r3(s.gross) },
              { title: t('project.boxes.volume'), width: 120, render: (_, s) => r3(s.volume) },
              {
                title: t('project.boxes.outOfGauge'),
                width: 100,
                render: (_, s) => (s.outOfGauge ? <Tag color="red">{s.outOfGauge}</Tag> : 0),
              },
              {
                title: t('project.boxes.submittedCount'),
                width: 120,
                render: (_, s) => `${s.submitted}/${s.boxes}`,
              },
              ...(party === 'shipper' && can({ permission: ['boxPiece:back'] })
                ? [
                    {
                      title: '',
                      width: 150,
                      render: (_: unknown, s: SupplierTotal) =>
                        s.submitted > 0 && (
                          <Button
                            size="small"
                            danger
                            icon={<RollbackOutlined />}
                            onClick={() => setReturning(s)}
                          >
                            {t('project.boxes.back')}
                          </Button>
                        ),
                    },
                  ]
                : []),
            ]}
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
            <>
              {packer && (
                <Button icon={<InboxOutlined />} onClick={() => setPacking(true)}>
                  {t('project.boxes.pack')}
                </Button>
              )}
              {packer && can({ permission: ['boxPiece:import'] }) && (
                <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                  {t('project.boxes.import')}
                </Button>
              )}
              <Button
                icon={<PrinterOutlined />}
                disabled={!boxes.length}
                onClick={() => void labels().catch(() => undefined)}
              >
                {selected.length
                  ? t('project.boxes.labelsSelected', { count: selected.length })
                  : t('project.boxes.labels')}
              </Button>
              <Dropdown
                disabled={!boxes.length}
                menu={{
                  items: [
                    { key: 'pdf', label: t('project.boxes.exportPdf') },
                    { key: 'xlsx', label: t('project.boxes.exportXlsx') },
                  ],
                  onClick: ({ key }) => void packingList(key as 'pdf' | 'xlsx').catch(() => undefined),
                }}
              >
                <Button icon={<DownloadOutlined />}>{t('admin.common.export')}</Button>
              </Dropdown>
              {canSubmit && (
                <Popconfirm
                  title={t('project.boxes.submitConfirm')}
                  onConfirm={() => busy(() => boxesApi.submit(batchId), t('project.boxes.submitted'))}
                >
                  <Button type="primary" icon={<SendOutlined />}>
                    {t('project.boxes.submit')}
                  </Button>
                </Popconfirm>
              )}
            </>
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
      <Modal
        open={Boolean(returning)}
        title={t('project.boxes.backTitle', { supplier: returning?.supplierName ?? '' })}
        okButtonProps={{ disabled: !reason.trim(), danger: true }}
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
      >
        <Input.TextArea
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={t('project.boxes.backReason')}
          aria-label={t('project.boxes.backReason')}
        />
      </Modal>
    </div>
  );
}
