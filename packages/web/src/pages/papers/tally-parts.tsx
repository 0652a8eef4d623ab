// The tally's pieces: a box's controls (result, counted quantity, note, save) and its status, laid out
// as cards below 768 px (warehouse staff use phones) or as a table's columns above.
import { TallyStatus } from '@tradelane/contract';
import { Button, Card, Checkbox, Input, Select, Space, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { StatusTag } from '../../components/status/status.tsx';
import type { TallyRow } from './lading-api.ts';

/** The results a box may be tallied with. */
export const RESULTS = [TallyStatus.matching, TallyStatus.short, TallyStatus.over, TallyStatus.damaged];
/** A box's tally being entered, before it is saved. */
export type Draft = { status: number; talliedQuantity: string; note: string };

type T = (key: string, params?: Record<string, unknown>) => string;

export interface TallyControls {
  resultSelect: (r: TallyRow) => ReactNode;
  qtyInput: (r: TallyRow) => ReactNode;
  noteInput: (r: TallyRow) => ReactNode;
  saveButton: (r: TallyRow) => ReactNode;
  tag: (r: TallyRow) => ReactNode;
}

/** A box's controls, enabled while the server offers the caller an action on it. */
export function tallyControls(d: {
  t: T;
  label: (status: number) => string;
  draftOf: (r: TallyRow) => Draft;
  patch: (r: TallyRow, p: Partial<Draft>) => void;
  dirty: (r: TallyRow) => boolean;
  saveRow: (r: TallyRow) => unknown;
}): TallyControls {
  const { t, label, draftOf, patch, dirty, saveRow } = d;
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
  return { resultSelect, qtyInput, noteInput, saveButton, tag };
}

interface Selection {
  mayTally: boolean;
  selected: number[];
  setSelected: (f: number[] | ((s: number[]) => number[])) => void;
}

export function TallyCards(props: Selection & { list: TallyRow[]; c: TallyControls; t: T }) {
  const { list, mayTally, selected, setSelected, c, t } = props;
  const { tag, resultSelect, qtyInput, noteInput, saveButton } = c;
  return (
    <div className="tally-cards">
      {list.map((r) => (
        <Card key={r.id} size="small" className="tally-card" data-box={r.boxNumber}>
          <div className="tally-card-head">
            {mayTally && (
              <Checkbox
                checked={selected.includes(r.id)}
                onChange={(e) =>
                  setSelected((s) => (e.target.checked ? [...s, r.id] : s.filter((x) => x !== r.id)))
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
  );
}

export function TallyTable(
  props: Selection & { list: TallyRow[]; loading: boolean; c: TallyControls; t: T },
) {
  const { list, mayTally, selected, setSelected, c, t } = props;
  const { tag, resultSelect, qtyInput, noteInput, saveButton } = c;
  return (
    <Table<TallyRow>
      size="small"
      rowKey="id"
      loading={props.loading}
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
  );
}

/** Several boxes tallied at once: the selection (select-all on cards), a result and its button. */
export function TallyBulkBar(props: {
  narrow: boolean;
  list: TallyRow[];
  selected: number[];
  setSelected: (ids: number[]) => void;
  bulk: number;
  setBulk: (status: number) => void;
  label: (status: number) => string;
  onApply: () => void;
  t: T;
}) {
  const { narrow, list, selected, setSelected, bulk, setBulk, label, t } = props;
  return (
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
      <Button disabled={!selected.length} onClick={props.onApply}>
        {t('lading.tally.bulkApply')}
      </Button>
    </Space>
  );
}
