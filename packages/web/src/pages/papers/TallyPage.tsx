// The warehouse tally of a batch (menu "papers/tallySheet"): synchronised from the packing list,
// each box tallied by the logistics provider (matching, short, over, damaged; counted quantity and a
// note), several at once in bulk. Sorted by status then box number as the server's viewTallySheet
// answers. Warehouse staff use phones: below 768 px each box is a card with its controls stacked
// (the box's controls, the cards and the table's columns are in tally-parts.tsx).
import { SyncOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { TallyStatus, tallyStatusLabels } from '@tradelane/contract';
import { Alert, App, Button, Card, Empty, Grid, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../access/permissions.ts';
import { BatchPicker, SHIPPING_STAGE, useBatchPick } from '../../components/domain/BatchPicker.tsx';
import '../../components/domain/project.css';
import { ladingApi, type TallyRow } from './lading-api.ts';
import { type Draft, RESULTS, TallyBulkBar, TallyCards, TallyTable, tallyControls } from './tally-parts.tsx';
import './tally.css';

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

  const c = tallyControls({ t, label, draftOf, patch, dirty, saveRow });
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
            <TallyBulkBar
              narrow={narrow}
              list={list}
              selected={selected}
              setSelected={setSelected}
              bulk={bulk}
              setBulk={setBulk}
              label={label}
              onApply={() => void applyBulk()}
              t={t}
            />
          )}
          {narrow ? (
            list.length ? (
              <TallyCards
                list={list}
                mayTally={mayTally}
                selected={selected}
                setSelected={setSelected}
                c={c}
                t={t}
              />
            ) : (
              <Empty description={t('lading.tally.empty')} />
            )
          ) : (
            <TallyTable
              list={list}
              loading={rows.isFetching}
              mayTally={mayTally}
              selected={selected}
              setSelected={setSelected}
              c={c}
              t={t}
            />
          )}
        </Space>
      </Card>
    </div>
  );
}
