// In-transit events in the reader's language (labels from the server): a batch's as a table, one line
// per command; a box's as a timeline in a drawer.

import { useQuery } from '@tanstack/react-query';
import { formatTime } from '@tradelane/contract';
import { Drawer, Empty, Spin, Table, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeclContext } from '../../components/resource/types.ts';
import { timelineWhat } from '../../components/workflow/timeline-text.ts';
import { type LogisticsBox, logisticsApi, type TransitEvent } from './logistics-api.ts';

/**
 * What happened, in the reader's language: the server labels the logistics steps; other records of the
 * batch (material lists, papers, customs, batch status) are worded like the batch workbench's timeline.
 */
export function whatOf(e: TransitEvent, ctx: DeclContext): string {
  const { t } = ctx;
  const labelled = e.actionLabel !== e.action;
  // Other records of the batch (lists, papers, customs): worded by the workflow catalogue.
  if (!labelled && e.entity !== 'boxPiece') return timelineWhat(e, ctx);
  const action = labelled ? e.actionLabel : t(`project.boxes.action_${e.action}`, { defaultValue: e.action });
  const state = (label: string | null, raw: string | null) =>
    e.entity === 'projectBatch' && raw != null ? ctx.dictLabel('batch_status', raw) : (label ?? raw ?? '-');
  const from = state(e.fromLabel, e.fromStatus);
  const to = state(e.toLabel, e.toStatus);
  if (e.fromStatus == null && e.toStatus == null) return action;
  return ctx.lang === 'zh' ? `${action}（${from} → ${to}）` : `${action} (${from} → ${to})`;
}

export function BatchTimeline({ batchId, ctx }: { batchId: number; ctx: DeclContext }) {
  const { t, i18n } = useTranslation();
  const q = useQuery({
    queryKey: ['resource', 'boxPiece', 'batchIntransitLive', batchId, i18n.language],
    queryFn: () => logisticsApi.batchTimeline(batchId),
  });
  return (
    <Table<TransitEvent>
      size="small"
      rowKey="id"
      loading={q.isFetching}
      dataSource={q.data ?? []}
      pagination={{ pageSize: 50, hideOnSinglePage: true }}
      scroll={{ x: 960 }}
      locale={{ emptyText: <Empty description={t('logistics.timeline.empty')} /> }}
      columns={[
        {
          key: 'time',
          title: t('logistics.timeline.time'),
          width: 170,
          render: (_, e) => formatTime(e.time),
        },
        {
          key: 'who',
          title: t('logistics.timeline.who'),
          width: 220,
          render: (_, e) => (
            <span>
              {e.byName}
              {e.byTenantName && (
                <Typography.Text type="secondary" className="pw-sub">
                  {` · ${e.byTenantName}`}
                </Typography.Text>
              )}
            </span>
          ),
        },
        {
          key: 'what',
          title: t('logistics.timeline.what'),
          render: (_, e) => <span data-action={e.action}>{whatOf(e, ctx)}</span>,
        },
        { key: 'count', title: t('logistics.timeline.count'), width: 80, render: (_, e) => e.count ?? 1 },
        { key: 'place', title: t('logistics.timeline.place'), width: 140, render: (_, e) => e.place ?? '' },
        {
          key: 'note',
          title: t('logistics.timeline.note'),
          width: 220,
          ellipsis: true,
          render: (_, e) => e.note ?? '',
        },
      ]}
    />
  );
}

export function BoxTimelineDrawer(props: {
  box: LogisticsBox | null;
  ctx: DeclContext;
  onClose: () => void;
}) {
  const { box, ctx, onClose } = props;
  const { t, i18n } = useTranslation();
  const q = useQuery({
    queryKey: ['resource', 'boxPiece', 'boxPieceIntransitLive', box?.id, i18n.language],
    queryFn: () => logisticsApi.boxTimeline(box?.id ?? 0),
    enabled: Boolean(box),
  });
  return (
    <Drawer
      open={Boolean(box)}
      onClose={onClose}
      size={440}
      title={t('logistics.boxes.timelineOf', { boxNumber: box?.boxNumber ?? '' })}
    >
      {q.isLoading && <Spin className="pw-spin" />}
      {q.data && !q.data.length && <Empty description={t('logistics.timeline.empty')} />}
      {q.data && q.data.length > 0 && (
        <Timeline
          items={q.data.map((e) => ({
            key: e.id,
            color: /^undo|offLoad|backSupplier/.test(e.action)
              ? 'red'
              : e.action === 'sign'
                ? 'green'
                : 'blue',
            content: (
              <div data-action={e.action}>
                <div>{whatOf(e, ctx)}</div>
                {(e.place || e.note) && (
                  <div className="pw-sub">{[e.place, e.note].filter(Boolean).join(' · ')}</div>
                )}
                <Typography.Text type="secondary" className="pw-sub">
                  {formatTime(e.time)} · {e.byName}
                  {e.byTenantName ? ` · ${e.byTenantName}` : ''}
                </Typography.Text>
              </div>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
