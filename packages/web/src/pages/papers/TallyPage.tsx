// The warehouse tally of a batch (menu "papers/tallySheet"): synchronised from the packing list,
// each box tallied by the logistics provider (matching, short, over, damaged; counted quantity and a
// note), several at once in bulk. Sorted by status then box number as the server's viewTallySheet
// answers. Warehouse staff use phones: below 768 px each box is a card with its controls stacked.
import { SyncOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { TallyStatus, tallyStatusLabels } from '@tradelane/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Empty,
  Grid,
  Input,
  Segmented,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../access/permissions.ts';
import { BatchPicker, SHIPPING_STAGE, useBatchPick } from '../../components/domain/BatchPicker.tsx';
import { StatusTag } from '../../components/status/status.tsx';
import '../../components/domain/project.css';
import { ladingApi, type TallyRow } from './lading-api.ts';
import './tally.css';

const RESULTS = [TallyStatus.matching, TallyStatus.short, TallyStatus.over, TallyStatus.damaged];
type Draft = { status: number; talliedQuantity: string; note: string };

export default function TallyPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const can = useCan();
  const narrow = !Grid.useBreakpoint().md;
  const pick = useBatchPick(SHIPPING_STAGE);
  const batchId = pick.batchId;
  const [filter, setFilter] = useState<number | 'all'>('all');
  const [selected, setSelected] = useState<number[]>([]);
  const [bulk, setBulk] = useState<number>(TallyStatus.matching);
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const key = ['resource', 'viewTallySheet', batchId, filter];
  const rows = useQuery({
    queryKey: key,
    queryFn: () => ladingApi.tally(batchId as number, filter === 'all' ? undefined : filter),
    enabled: batchId !== null,
  });
  const all = useQuery({
    queryKey: ['resource', 'viewTallySheet', batchId, 'all'],
    queryFn: () => ladingApi.tally(batchId as number),
    enabled: batchId !== null,
  });
  const list = rows.data?.content ?? [];
  const everything = all.data?.content ?? [];
  const mayTally = list.some((r) => r.actions.length > 0);
  const label = (s: number) => tallyStatusLabels[s]?.[lang] ?? String(s);

  const draftOf = (r: TallyRow): Draft =>
    drafts[r.id] ?? {
      status: r.status,
      talliedQuantity: r.talliedQuantity ?? '',
      note: r.note ?? '',
    };
  const patch = (r: TallyRow, p: Partial<Draft>) =>
    setDrafts((d) => ({ ...d, [r.id]: { ...draftOf(r), ...p } }));
  const dirty = (r: TallyRow) => Boolean(drafts[r.id]) && draftOf(r).status !== TallyStatus.pending;

  const saveRow = async (r: TallyRow) => {
    const d = draftOf(r);
    try {
      await ladingApi.tallyBox({
        id: r.id,
        status: d.status,
        talliedQuantity: d.talliedQuantity.trim() || null,
        note: d.note.trim() || null,
      });
      message.success(t('lading.tally.saved', { boxNumber: r.boxNumber }));
      setDrafts(({ [r.id]: _, ...rest }) => rest);
    } catch {
      // The request layer shows the server's message.
    }
  };
  const sync = async () => {
    if (batchId === null) return;
    try {
      const res = await ladingApi.sync(batchId);
      message.success(t('lading.tally.synced', { added: res.added, total: res.totalElements }));
    } catch {
      // shown by the request layer
    }
  };
  const applyBulk = async () => {
    try {
      const res = await ladingApi.tallyMany(selected, bulk);
      message.success(t('lading.tally.bulkDone', { count: res.totalElements }));
      setSelected([]);
    } catch {
      // shown by the request layer
    }
  };

  const resultSelect = (r: TallyRow) => (
    <Select
      className="tally-result"
      value={draftOf(r).status === TallyStatus.pending ? undefined : draftOf(r).status}
      placeholder={label(TallyStatus.pending)}
      disabled={!r.actions.length}
      onChange={(v: number) => patch(r, { status: v })}
      options={RESULTS.map((s) => ({ value: s, label: label(s) }))}
      aria-label={`${t('lading.tally.result')} ${r.boxNumber}`}
    />
  );
  const qtyInput = (r: TallyRow) => (
    <Input
      className="tally-qty"
      inputMode="decimal"
      value={draftOf(r).talliedQuantity}
      placeholder={t('lading.tally.qtyPlaceholder')}
      disabled={!r.actions.length}
      onChange={(e) => patch(r, { talliedQuantity: e.target.value })}
      aria-label={`${t('lading.tally.tallied')} ${r.boxNumber}`}
    />
  );
  const noteInput = (r: TallyRow) => (
    <Input
      value={draftOf(r).note}
      maxLength={500}
      placeholder={t('lading.tally.notePlaceholder')}
      disabled={!r.actions.length}
      onChange={(e) => patch(r, { note: e.target.value })}
      aria-label={`${t('lading.tally.note')} ${r.boxNumber}`}
    />
  );
  const saveButton = (r: TallyRow) =>
    r.actions.length > 0 && (
      <Button type="primary" size="small" disabled={!dirty(r)} onClick={() => void saveRow(r)}>
        {t('lading.tally.save')}
      </Button>
    );
  const tag = (r: TallyRow) => <StatusTag dict="tally_status" value={r.status} label={label(r.status)} />;

  const counts = {
    total: everything.length,
    pending: everything.filter((r) => r.status === TallyStatus.pending).length,
    mismatch: everything.filter((r) => r.status >= TallyStatus.short).length,
  };

  return (
    <div className="pw-page tally-page">
      <Card size="small" className="pw-card">
        <Space wrap className="tally-bar">
          <BatchPicker pick={pick} />
          {can({ permission: ['tallySheet:sync'] }) && (
            <Button icon={<SyncOutlined />} onClick={() => void sync()} disabled={batchId === null}>
              {t('lading.tally.sync')}
            </Button>
          )}
        </Space>
      </Card>
      <Card size="small" className="pw-card" title={t('lading.tally.what')}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('lading.tally.counts', counts)}</Typography.Text>
          <div className="tally-filter">
            <Segmented<string>
              value={String(filter)}
              onChange={(v) => setFilter(v === 'all' ? 'all' : Number(v))}
              options={[
                { value: 'all', label: t('lading.tally.all') },
                ...[TallyStatus.pending, ...RESULTS].map((s) => ({ value: String(s), label: label(s) })),
              ]}
            />
          </div>
          {mayTally && <Alert type="info" showIcon message={t('lading.tally.mismatchHint')} />}
          {mayTally && (
            <Space wrap className="tally-bulk">
              {narrow && (
                <Checkbox
                  checked={selected.length > 0 && selected.length === list.length}
                  indeterminate={selected.length > 0 && selected.length < list.length}
                  onChange={(e) => setSelected(e.target.checked ? list.map((r) => r.id) : [])}
                >
                  {t('lading.tally.selectAll')}
                </Checkbox>
              )}
              <Typography.Text>{t('lading.tally.bulkTitle', { count: selected.length })}</Typography.Text>
              <Select
                style={{ width: 120 }}
                value={bulk}
                onChange={setBulk}
                options={RESULTS.map((s) => ({ value: s, label: label(s) }))}
                aria-label={t('lading.tally.bulkApply')}
              />
              <Button disabled={!selected.length} onClick={() => void applyBulk()}>
                {t('lading.tally.bulkApply')}
              </Button>
            </Space>
          )}
          {narrow ? (
            list.length ? (
              <div className="tally-cards">
                {list.map((r) => (
                  <Card key={r.id} size="small" className="tally-card" data-box={r.boxNumber}>
                    <div className="tally-card-head">
                      {mayTally && (
                        <Checkbox
                          checked={selected.includes(r.id)}
                          onChange={(e) =>
                            setSelected((s) =>
                              e.target.checked ? [...s, r.id] : s.filter((x) => x !== r.id),
                            )
                          }
                          aria-label={r.boxNumber}
                        />
                      )}
                      <Typography.Text strong>{r.boxNumber}</Typography.Text>
                      {tag(r)}
                    </div>
                    <Typography.Text type="secondary" className="tally-card-meta">
                      {t('lading.tally.expected')}: {r.expectedQuantity}
                      {r.supplierName ? ` · ${r.supplierName}` : ''}
                    </Typography.Text>
                    <div className="tally-card-row">
                      {resultSelect(r)}
                      {qtyInput(r)}
                    </div>
                    <div className="tally-card-row">
                      {noteInput(r)}
                      {saveButton(r)}
                    </div>
                  </Card>
                ))}
              </div>
            ) : (
              <Empty description={t('lading.tally.empty')} />
            )
          ) : (
            <Table<TallyRow>
              size="small"
              rowKey="id"
              loading={rows.isFetching}
              dataSource={list}
              pagination={{ pageSize: 50, hideOnSinglePage: true }}
              locale={{ emptyText: t('lading.tally.empty') }}
              rowSelection={
                mayTally
                  ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
                  : undefined
              }
              scroll={{ x: 1000 }}
              columns={[
                { title: t('lading.tally.boxNumber'), dataIndex: 'boxNumber', width: 150 },
                { title: t('lading.tally.supplier'), dataIndex: 'supplierName', width: 160, ellipsis: true },
                {
                  title: t('lading.tally.expected'),
                  dataIndex: 'expectedQuantity',
                  width: 100,
                  align: 'right',
                },
                {
                  title: t('lading.tally.result'),
                  width: 140,
                  render: (_, r) => (r.actions.length ? resultSelect(r) : tag(r)),
                },
                {
                  title: t('lading.tally.tallied'),
                  width: 110,
                  render: (_, r) => (r.actions.length ? qtyInput(r) : r.talliedQuantity),
                },
                {
                  title: t('lading.tally.note'),
                  render: (_, r) => (r.actions.length ? noteInput(r) : r.note),
                },
                {
                  title: t('lading.tally.tallyBy'),
                  width: 150,
                  render: (_, r) =>
                    r.tallyBy ? (
                      <Typography.Text type="secondary">
                        {r.tallyBy} {r.tallyTime ? new Date(r.tallyTime).toLocaleString() : ''}
                      </Typography.Text>
                    ) : null,
                },
                { title: '', width: 80, render: (_, r) => saveButton(r) },
              ]}
            />
          )}
        </Space>
      </Card>
    </div>
  );
}
