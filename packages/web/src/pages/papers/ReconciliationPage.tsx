// Statements of charges of a batch (menu "papers/reconciliation"): the logistics provider
// draws one up (charge lines, totals per currency computed by the contract's exact arithmetic, the
// same as the server's) and submits it; the shipper confirms it or rejects it with a reason.
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import {
  editable,
  type ReconciliationLine,
  ReconciliationStatus,
  reconciliationLine,
  reconciliationMachine,
  totalsByCurrency,
} from '@tradelane/contract';
import { Button, Input, Modal, Select, Space, Table, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { downloadBlob } from '../../api/download.ts';
import { useParty } from '../../components/domain/lookups.ts';
import { useRefresh } from '../../components/resource/ResourcePage.tsx';
import type { ResourceDecl } from '../../components/resource/types.ts';
import { StatusTag } from '../../components/status/status.tsx';
import { PaperPage, paperCommands, usePaperPage } from './PaperPage.tsx';
import { Payments } from './Payments.tsx';
import { papersApi, type StatementRow } from './papers-api.ts';
import { VouchersDrawer } from './VouchersDrawer.tsx';
import { vouchersApi } from './vouchers-api.ts';

const DICTS = ['charge_type', 'reconciliation_status'];
type Line = ReconciliationLine & { key: number };
const blank = (): Line => ({
  key: Date.now() + Math.random(),
  chargeType: 'ocean_freight',
  description: '',
  quantity: '1',
  unitPrice: '',
  currency: 'USD',
  taxRate: '0',
});

function Totals({ totals }: { totals: StatementRow['totals'] }) {
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

export default function ReconciliationPage() {
  const page = usePaperPage('reconciliation', DICTS);
  const { ctx, t, can, batchId, busy } = page;
  const party = useParty();
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
  const checked = lines.map((l) => reconciliationLine.safeParse(l));
  const valid = checked.every((c) => c.success);
  const preview = valid ? totalsByCurrency(checked.map((c) => c.data as ReconciliationLine)) : [];
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
  const patch = (key: number, p: Partial<Line>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...p } : l)));
  const provider = party === 'logistics';

  // The declaration is made once per batch; its actions call the latest handlers.
  const act = { busy, open, t, setPaying, exportPdf };
  const latest = useRef(act);
  latest.current = act;
  const decl = useMemo(
    (): ResourceDecl<StatementRow> | null =>
      batchId === null
        ? null
        : {
            name: 'reconciliation',
            defaultSort: 'id,desc',
            pageSize: 20,
            exportable: false,
            fixedParams: { batchId },
            filters: [
              { name: 'blurry', labelKey: 'admin.common.keyword', type: 'text', width: 180 },
              {
                name: 'status',
                type: 'dict',
                dict: 'reconciliation_status',
                width: 170,
              },
            ],
            columns: [
              {
                key: 'statementNo',
                width: 150,
                render: (r) => r.statementNo ?? `#${r.id}`,
              },
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
              {
                key: 'reason',
                width: 160,
                render: (r) =>
                  r.reason ? <Typography.Text type="danger">{r.reason}</Typography.Text> : null,
              },
              {
                key: 'status',
                width: 120,
                render: (r, c) => <StatusTag dict="reconciliation_status" value={r.status} ctx={c} />,
              },
            ],
            permissions: {},
            rowActions: [
              {
                key: 'edit',
                labelKey: (r) =>
                  provider && editable(reconciliationMachine, r.status)
                    ? 'papers.rec.edit'
                    : 'papers.rec.view',
                run: (r) => latest.current.open(r),
              },
              {
                key: 'delete',
                labelKey: 'admin.common.delete',
                danger: true,
                need: { permission: ['reconciliation:del'] },
                visible: (r) => r.mine && editable(reconciliationMachine, r.status),
                confirmKey: 'admin.common.deleteConfirm',
                run: (r) =>
                  latest.current.busy(() => papersApi.remove('reconciliation', r.id), 'admin.common.deleted'),
              },
              {
                key: 'payments',
                labelKey: 'vouchers.open',
                need: { permission: ['voucherProcess:list'] },
                visible: (r) => r.status === ReconciliationStatus.confirmed,
                run: (r) => latest.current.setPaying(r),
              },
              {
                key: 'exportPdf',
                labelKey: 'vouchers.exportPdf',
                more: true,
                run: (r) => latest.current.exportPdf(r),
              },
              {
                key: 'export',
                labelKey: 'papers.rec.export',
                more: true,
                run: async (r) =>
                  downloadBlob(
                    await papersApi.exportStatement(r.id),
                    `${latest.current.t('papers.rec.what')}-${r.statementNo ?? r.id}.xlsx`,
                  ),
              },
            ],
            rowCommands: {
              entity: 'reconciliation',
              only: ['submit', 'confirm', 'reject'],
              run: (r, event, reason) =>
                papersApi.statementCommand(event as 'submit' | 'confirm' | 'reject', r.id, reason),
              commands: (r) =>
                paperCommands(
                  'papers.rec',
                  { submit: 'submitted', confirm: 'confirmed', reject: 'rejected' },
                  { no: r.statementNo ?? r.id },
                ),
            },
          },
    [batchId, provider],
  );
  const readOnly =
    editing !== 'new' && editing !== null && !(provider && editable(reconciliationMachine, editing.status));

  return (
    <PaperPage<StatementRow>
      page={page}
      decl={decl}
      titleKey="papers.rec.what"
      dicts={DICTS}
      toolbar={
        provider &&
        can({ permission: ['reconciliation:add'] }) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
            {t('papers.rec.add')}
          </Button>
        )
      }
    >
      <Modal
        open={editing !== null}
        width={1100}
        title={editing === 'new' ? t('papers.rec.add') : t('papers.rec.what')}
        okText={t('papers.rec.save')}
        okButtonProps={{ disabled: readOnly || !valid, style: readOnly ? { display: 'none' } : undefined }}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space>
            <Typography.Text>{t('papers.rec.statementNo')}</Typography.Text>
            <Input
              style={{ width: 240 }}
              value={statementNo}
              maxLength={64}
              disabled={readOnly}
              onChange={(e) => setStatementNo(e.target.value)}
              aria-label={t('papers.rec.statementNo')}
            />
          </Space>
          {editing !== null && editing !== 'new' && editing.reason && (
            <Typography.Text type="danger">
              {t('papers.rec.rejectedBecause', { reason: editing.reason })}
            </Typography.Text>
          )}
          <Table<Line>
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={lines}
            columns={[
              {
                title: t('papers.rec.chargeType'),
                width: 190,
                render: (_, l) => (
                  <Select
                    style={{ width: 180 }}
                    value={l.chargeType}
                    disabled={readOnly}
                    options={ctx.dict('charge_type')}
                    onChange={(v: string) => patch(l.key, { chargeType: v })}
                    aria-label={t('papers.rec.chargeType')}
                  />
                ),
              },
              {
                title: t('papers.rec.description'),
                render: (_, l) => (
                  <Input
                    value={l.description ?? ''}
                    disabled={readOnly}
                    maxLength={200}
                    onChange={(e) => patch(l.key, { description: e.target.value })}
                  />
                ),
              },
              ...(['quantity', 'unitPrice', 'currency', 'taxRate'] as const).map((k) => ({
                title: t(`papers.rec.${k}`),
                width: k === 'currency' ? 90 : 120,
                render: (_: unknown, l: Line) => {
                  const bad = !reconciliationLine.shape[k].safeParse(l[k]).success;
                  return (
                    <Input
                      value={l[k]}
                      disabled={readOnly}
                      status={bad ? 'error' : undefined}
                      inputMode={k === 'currency' ? 'text' : 'decimal'}
                      onChange={(e) => patch(l.key, { [k]: e.target.value })}
                      aria-label={t(`papers.rec.${k}`)}
                    />
                  );
                },
              })),
              {
                title: t('papers.rec.gross'),
                width: 130,
                align: 'right' as const,
                render: (_, l) => {
                  const c = reconciliationLine.safeParse(l);
                  return c.success ? (
                    <span className="pw-num">{totalsByCurrency([c.data])[0]?.gross}</span>
                  ) : (
                    '-'
                  );
                },
              },
              ...(readOnly
                ? []
                : [
                    {
                      title: '',
                      width: 60,
                      render: (_: unknown, l: Line) => (
                        <Button
                          size="small"
                          type="link"
                          danger
                          onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                        >
                          {t('papers.rec.removeLine')}
                        </Button>
                      ),
                    },
                  ]),
            ]}
          />
          {!readOnly && (
            <Button icon={<PlusOutlined />} onClick={() => setLines((ls) => [...ls, blank()])}>
              {t('papers.rec.addLine')}
            </Button>
          )}
          <Space>
            <Typography.Text strong>{t('papers.rec.totals')}</Typography.Text>
            {valid ? (
              <Totals totals={preview} />
            ) : (
              <Typography.Text type="danger">{t('papers.rec.fixLines')}</Typography.Text>
            )}
          </Space>
          {editing !== null && editing !== 'new' && (
            <Button
              icon={<DownloadOutlined />}
              onClick={async () =>
                downloadBlob(
                  await papersApi.exportStatement(editing.id),
                  `${t('papers.rec.what')}-${editing.statementNo ?? editing.id}.xlsx`,
                )
              }
            >
              {t('papers.rec.export')}
            </Button>
          )}
          {editing !== null && editing !== 'new' && (
            <Button icon={<DownloadOutlined />} onClick={() => void exportPdf(editing)}>
              {t('vouchers.exportPdf')}
            </Button>
          )}
        </Space>
      </Modal>
      <VouchersDrawer statement={paying} onClose={() => setPaying(null)} onChanged={() => void refresh()} />
    </PaperPage>
  );
}
