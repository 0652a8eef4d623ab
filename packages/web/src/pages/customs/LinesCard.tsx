// The declaration's goods lines: an editing grid (HS code with the earlier classification, countries,
// elements, the declared price), each line's dialogs, and building the lines from confirmed lists.
import { groupThousands } from '@tradelane/contract';
import { Button, Card, Grid, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customsApi, type LineRow } from './customs-api.ts';
import { ElementsModal, HsCell, PriceModal } from './LineDialogs.tsx';
import { LineEditModal } from './LineEditModal.tsx';
import { CountryPicker } from './Pickers.tsx';
import type { DeclarationParts } from './types.ts';

export function LinesCard(parts: DeclarationParts) {
  const { declare, lines, tickets, editable, selected, setSelected, run } = parts;
  const { t } = useTranslation();
  const [elementsOf, setElementsOf] = useState<LineRow | null>(null);
  const [priceOf, setPriceOf] = useState<LineRow | null>(null);
  const [editOf, setEditOf] = useState<LineRow | null>(null);
  const ticketNo = (assortId: number | null) => tickets.find((x) => x.id === assortId)?.ticketNo;
  // On a phone, columns pinned at both edges would leave a sliver of the grid to scroll: none is pinned.
  const pinned = Grid.useBreakpoint().md !== false;
  const left = pinned ? ('left' as const) : undefined;

  const lineColumns = [
    // A declaration's lines are an editing grid wider than a laptop: the item and its code stay in view.
    { title: t('customs.col.lineNo'), dataIndex: 'lineNo', width: 56, fixed: left },
    {
      title: t('customs.col.hsCode'),
      width: 190,
      fixed: left,
      render: (_: unknown, r: LineRow) => <HsCell line={r} editable={editable} onSave={run} />,
    },
    {
      title: t('customs.col.name'),
      dataIndex: 'name',
      width: 220,
      render: (v: string, r: LineRow) => (
        <div>
          <div>{v}</div>
          {r.tariffName ? (
            <Typography.Text type="secondary" className="pw-sub">
              {r.tariffName}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    {
      title: t('customs.col.quantity'),
      width: 150,
      render: (_: unknown, r: LineRow) => (
        <span>
          {Number(r.quantity)} {r.unit}
          <Typography.Text type="secondary" className="pw-sub">
            {' '}
            / {t('customs.col.confirmed')} {Number(r.confirmedQuantity)}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: t('customs.col.total'),
      width: 150,
      align: 'right' as const,
      render: (_: unknown, r: LineRow) => `${groupThousands(r.totalPrice ?? '')} ${r.currency ?? ''}`,
    },
    ...(['originCountry', 'destinationCountry'] as const).map((field) => ({
      title: t(`customs.col.${field}`),
      width: 170,
      render: (_: unknown, r: LineRow) =>
        editable ? (
          <CountryPicker
            size="small"
            style={{ width: 156 }}
            aria-label={t(`customs.col.${field}`)}
            data-testid={`${field}-${r.lineNo}`}
            value={r[field] ?? undefined}
            onChange={(v?: string) => run(() => customsApi.updateLine({ id: r.id, [field]: v ?? null }))}
          />
        ) : (
          (r[field] ?? '—')
        ),
    })),
    {
      title: t('customs.col.tradeMode'),
      dataIndex: 'tradeMode',
      width: 90,
      render: (v: string) => <Tag>{v}</Tag>,
    },
    {
      title: t('customs.col.elements'),
      width: 120,
      render: (_: unknown, r: LineRow) => (
        <Button size="small" type="link" onClick={() => setElementsOf(r)}>
          {!r.elementTemplate.length ? (
            <Tag>{t('customs.noTemplate')}</Tag>
          ) : r.missingElements.length ? (
            <Tag color="warning">{t('customs.elementsMissing', { n: r.missingElements.length })}</Tag>
          ) : (
            <Tag color="success">{t('customs.elementsOk')}</Tag>
          )}
        </Button>
      ),
    },
    {
      title: t('customs.col.declared'),
      width: 150,
      render: (_: unknown, r: LineRow) => (
        <Button size="small" type="link" onClick={() => setPriceOf(r)}>
          {r.declaredPrice ? `${r.declaredPrice} ${r.declaredCurrency}` : t('customs.price')}
        </Button>
      ),
    },
    {
      title: t('customs.col.ticket'),
      width: 70,
      render: (_: unknown, r: LineRow) => (r.assortId ? <Tag color="blue">{ticketNo(r.assortId)}</Tag> : '—'),
    },
    ...(editable
      ? [
          {
            title: t('customs.lineEdit.action'),
            width: 80,
            fixed: pinned ? ('right' as const) : undefined,
            render: (_: unknown, r: LineRow) => (
              <Button
                size="small"
                type="link"
                aria-label={t('customs.lineEdit.title', { lineNo: r.lineNo })}
                onClick={() => setEditOf(r)}
              >
                {t('customs.lineEdit.action')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Card
        size="small"
        className="pw-card"
        title={t('customs.lines')}
        extra={
          editable ? (
            <Button onClick={() => run(() => customsApi.build(declare.id))}>{t('customs.build')}</Button>
          ) : null
        }
      >
        <Table<LineRow>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={lines}
          columns={lineColumns}
          scroll={{ x: 1720 }}
          rowSelection={
            editable ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) } : undefined
          }
          data-testid="lines-grid"
        />
      </Card>
      {elementsOf ? (
        <ElementsModal line={elementsOf} editable={editable} onClose={() => setElementsOf(null)} run={run} />
      ) : null}
      {editOf ? <LineEditModal line={editOf} onClose={() => setEditOf(null)} run={run} /> : null}
      {priceOf ? (
        <PriceModal line={priceOf} editable={editable} onClose={() => setPriceOf(null)} run={run} />
      ) : null}
    </>
  );
}
