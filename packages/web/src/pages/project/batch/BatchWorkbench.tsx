// Batch workbench: plan, partners and how far each has got, material lists per supplier, what waits for
// whom, and the timeline of change records.

import { DeleteOutlined, FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatTime } from '@tradelane/contract';
import {
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Popconfirm,
  Space,
  Spin,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { DeclContext } from '../../../components/resource/types.ts';
import { pick } from '../../../i18n/index.ts';
import { BatchLogistics } from '../../logistics/CountStrip.tsx';
import { RouteMap } from '../../logistics/RouteMap.tsx';
import { WeatherAlert } from '../../tools/weather/WeatherAlert.tsx';
import { type BatchPartnerRow, projectApi } from '../project-api.ts';
import { useParty } from '../shared/lookups.ts';
import { formatAmount, StatusTag } from '../shared/status.tsx';
import { WaitingList } from '../shared/WaitingList.tsx';
import { AddPartnerModal } from './AddPartnerModal.tsx';
import { timelineText } from './timeline-text.ts';

export function BatchWorkbench({
  batchId,
  ctx,
  canEdit,
}: {
  batchId: number;
  ctx: DeclContext;
  canEdit: boolean;
}) {
  const { t } = ctx;
  const { message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const party = useParty();
  const [adding, setAdding] = useState(false);
  const key = ['resource', 'projectBatch', 'workbench', batchId];
  const q = useQuery({ queryKey: key, queryFn: () => projectApi.batchWorkbench(batchId) });
  if (q.isLoading) return <Spin className="pw-spin" />;
  if (!q.data) return null;
  const b = q.data;
  const refresh = () => qc.invalidateQueries({ queryKey: ['resource'] });
  const shipperSide = party === 'shipper' && canEdit;
  const listOf = (p: BatchPartnerRow) =>
    b.materialLists.find((l) => l.supplierTenantId === p.partnerTenantId);

  const partnerColumns = [
    {
      key: 'name',
      title: t('project.partner.company'),
      render: (_: unknown, p: BatchPartnerRow) => <Typography.Text strong>{p.partnerName}</Typography.Text>,
    },
    {
      key: 'end',
      title: t('project.partner.end'),
      width: 110,
      render: (_: unknown, p: BatchPartnerRow) => <Tag>{t(`project.end.e${p.partnerEnd}`)}</Tag>,
    },
    {
      key: 'bp',
      title: t('project.partner.progress'),
      width: 110,
      render: (_: unknown, p: BatchPartnerRow) => <StatusTag dict="bp_status" value={p.bpStatus} ctx={ctx} />,
    },
    {
      key: 'list',
      title: t('project.supplies.list'),
      width: 230,
      render: (_: unknown, p: BatchPartnerRow) => {
        const l = listOf(p);
        if (!l) return <Typography.Text type="secondary">-</Typography.Text>;
        return (
          <Space size={4} wrap>
            <StatusTag dict="supplies_status" value={l.status} ctx={ctx} />
            <span>{t('project.wb.rows', { count: l.rows })}</span>
            {(l.amounts ?? []).map((a) => (
              <span key={a.currency} className="pw-num">
                {formatAmount(a.amount, a.currency)}
              </span>
            ))}
            <Button
              size="small"
              type="link"
              icon={<FileTextOutlined />}
              onClick={() => navigate(`/supplies/index?batchId=${b.id}&listId=${l.id}`)}
            >
              {t('project.supplies.open')}
            </Button>
          </Space>
        );
      },
    },
    ...(shipperSide
      ? [
          {
            key: 'actions',
            title: t('admin.common.actions'),
            width: 80,
            render: (_: unknown, p: BatchPartnerRow) => (
              <Popconfirm
                title={t('project.wb.removePartnerConfirm', { name: p.partnerName })}
                onConfirm={async () => {
                  await projectApi.removeBatchPartner([p.id]).catch(() => undefined);
                  await refresh();
                }}
              >
                <Button
                  size="small"
                  type="link"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('admin.common.delete')}
                />
              </Popconfirm>
            ),
          },
        ]
      : []),
    ...(party === 'logistics' && b.partners.some((p) => p.partnerEnd === 2 && p.bpStatus === 0)
      ? [
          {
            key: 'start',
            title: t('admin.common.actions'),
            width: 110,
            render: (_: unknown, p: BatchPartnerRow) =>
              p.partnerEnd === 2 && p.bpStatus === 0 ? (
                <Button
                  size="small"
                  onClick={async () => {
                    // The request layer shows a refusal; success is said only when it succeeded.
                    const ok = await projectApi.partnerStatus(p.id, 'start').then(
                      () => true,
                      () => false,
                    );
                    if (ok) void message.success(t('common.operationSuccess'));
                    await refresh();
                  }}
                >
                  {t('project.action.start')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <Card
      size="small"
      className="pw-card"
      title={
        <Space>
          <span>{t('project.batch.workbench')}</span>
          <Typography.Text strong>{b.batchNumber}</Typography.Text>
          <StatusTag dict="batch_status" value={b.status} ctx={ctx} />
          <StatusTag dict="logistics_status" value={b.logisticsStatus} ctx={ctx} />
        </Space>
      }
      extra={
        <Button size="small" onClick={() => void q.refetch()}>
          {t('admin.common.refresh')}
        </Button>
      }
    >
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} className="pw-desc">
        <Descriptions.Item label={t('project.what')}>
          {pick(ctx.lang, b.project.name, b.project.enName)}
        </Descriptions.Item>
        <Descriptions.Item label={t('project.batch.name')}>{b.name ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('project.batch.plannedShipDate')}>
          {b.plannedShipDate ?? '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('project.batch.route')}>
          {`${b.portOfLoading ?? '?'} ${b.portOfLoadingName ?? ''} → ${b.portOfDischarge ?? '?'} ${b.portOfDischargeName ?? ''}`}
        </Descriptions.Item>
        <Descriptions.Item label={t('project.batch.destinationSite')}>
          {b.destinationSite ?? '-'}
        </Descriptions.Item>
      </Descriptions>
      <BatchLogistics batchId={b.id} projectId={b.projectId} />
      <WeatherAlert batchId={b.id} />
      <RouteMap pol={b.portOfLoading} pod={b.portOfDischarge} status={b.logisticsStatus} />
      <div className="pw-grid">
        <div>
          <div className="pw-bar">
            <Typography.Text strong className="pw-grow">
              {t('project.wb.partners')}
            </Typography.Text>
            {shipperSide && (
              <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                {t('project.wb.addPartner')}
              </Button>
            )}
          </div>
          <Table<BatchPartnerRow>
            rowKey="id"
            size="small"
            pagination={false}
            columns={partnerColumns}
            dataSource={b.partners}
            scroll={{ x: 640 }}
            locale={{ emptyText: <Empty description={t('project.wb.noPartners')} /> }}
          />
          <div className="pw-bar" style={{ marginTop: 12 }}>
            <Typography.Text strong>{t('project.wb.waiting')}</Typography.Text>
          </div>
          <WaitingList waiting={b.waiting} partners={b.partners} ctx={ctx} />
        </div>
        <div>
          <div className="pw-bar">
            <Typography.Text strong>{t('project.wb.timeline')}</Typography.Text>
          </div>
          {b.timeline.length ? (
            <Timeline
              items={b.timeline.map((e, i) => ({
                key: `${e.time}-${i}`,
                color:
                  e.action === 'confirm' || e.action === 'accept'
                    ? 'green'
                    : e.action === 'back' || e.action === 'decline'
                      ? 'red'
                      : 'blue',
                content: (
                  <div>
                    <div>{timelineText(e, ctx)}</div>
                    <Typography.Text type="secondary" className="pw-sub">
                      {formatTime(e.time)} · {e.byName ?? e.by}
                      {e.byTenantName ? ` · ${e.byTenantName}` : ''}
                    </Typography.Text>
                  </div>
                ),
              }))}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('project.wb.noEvents')} />
          )}
        </div>
      </div>
      {adding && (
        <AddPartnerModal
          batchId={b.id}
          projectId={b.projectId}
          existing={b.partners}
          onClose={() => setAdding(false)}
          onDone={refresh}
        />
      )}
    </Card>
  );
}
