// Batch workbench: plan, partners and how far each has got, material lists per supplier, what waits for
// whom, and the timeline of change records.

import { DeleteOutlined, FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BatchPartnerStatus } from '@tradelane/contract';
import { Button, Empty, Popconfirm, Space, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCan } from '../../../access/permissions.ts';
import { refreshResources } from '../../../api/query-keys.ts';
import { useSubmit } from '../../../api/use-submit.ts';
import { formatAmount } from '../../../components/domain/dicts.ts';
import { useParty } from '../../../components/domain/lookups.ts';
import { WaitingList } from '../../../components/domain/WaitingList.tsx';
import type { DeclContext } from '../../../components/resource/types.ts';
import { dictCounts, StatusTag } from '../../../components/status/status.tsx';
import { CommandBar } from '../../../components/workflow/CommandBar.tsx';
import { WorkflowTimeline } from '../../../components/workflow/Timeline.tsx';
import { Workbench } from '../../../components/workflow/Workbench.tsx';
import { pick } from '../../../i18n/index.ts';
import { BatchLogistics } from '../../logistics/CountStrip.tsx';
import { RouteMap } from '../../logistics/RouteMap.tsx';
import { WeatherAlert } from '../../tools/weather/WeatherAlert.tsx';
import { PlanPanel } from '../../tower/PlanPanel.tsx';
import { type BatchPartnerRow, projectApi } from '../project-api.ts';
import { AddPartnerModal } from './AddPartnerModal.tsx';

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
  const navigate = useNavigate();
  const qc = useQueryClient();
  const party = useParty();
  const can = useCan();
  const [adding, setAdding] = useState(false);
  const key = ['resource', 'projectBatch', 'workbench', batchId];
  const q = useQuery({ queryKey: key, queryFn: () => projectApi.batchWorkbench(batchId) });
  // A refusal is said by the request client; the success toast and the refresh only follow a removal.
  const removePartner = useSubmit((id: number) => projectApi.removeBatchPartner([id]), {
    refresh: ['projectBatch', 'materialList'],
  });
  if (q.isLoading) return <Spin className="pw-spin" />;
  if (!q.data) return null;
  const b = q.data;
  const refresh = () => refreshResources(qc, ['projectBatch', 'materialList']);
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
            {!l.rows && (
              <Typography.Text type="secondary" data-testid="empty-list">
                {t('project.wb.emptyList')}
              </Typography.Text>
            )}
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
                onConfirm={() => removePartner.run(p.id)}
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
    ...(party === 'logistics' &&
    b.partners.some((p) => p.partnerEnd === 2 && p.bpStatus === BatchPartnerStatus.notStarted)
      ? [
          {
            key: 'start',
            title: t('admin.common.actions'),
            width: 110,
            render: (_: unknown, p: BatchPartnerRow) =>
              p.partnerEnd === 2 && p.bpStatus === BatchPartnerStatus.notStarted ? (
                <CommandBar
                  entity="batchPartner"
                  actions={['start']}
                  status={p.bpStatus}
                  size="small"
                  refresh={['projectBatch', 'materialList']}
                  commands={{
                    start: {
                      labelKey: 'project.action.start',
                      confirmKey: false,
                      doneKey: 'common.operationSuccess',
                      primary: false,
                    },
                  }}
                  run={(event) => projectApi.partnerStatus(p.id, event)}
                />
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <Workbench
      title={t('project.batch.workbench')}
      name={b.batchNumber}
      tags={
        <>
          <StatusTag dict="batch_status" value={b.status} ctx={ctx} />
          <StatusTag dict="logistics_status" value={b.logisticsStatus} ctx={ctx} />
        </>
      }
      onRefresh={() => q.refetch()}
      facts={[
        { key: 'project', label: t('project.what'), value: pick(ctx.lang, b.project.name, b.project.enName) },
        { key: 'name', label: t('project.batch.name'), value: b.name ?? '-' },
        { key: 'ship', label: t('project.batch.plannedShipDate'), value: b.plannedShipDate ?? '-' },
        {
          key: 'route',
          label: t('project.batch.route'),
          value: `${b.portOfLoading ?? '?'} ${b.portOfLoadingName ?? ''} → ${b.portOfDischarge ?? '?'} ${b.portOfDischargeName ?? ''}`,
        },
        { key: 'site', label: t('project.batch.destinationSite'), value: b.destinationSite ?? '-' },
      ]}
      counts={[
        {
          key: 'partners',
          caption: t('project.wb.partners'),
          items: dictCounts(b.partners, (p) => p.bpStatus, 'bp_status', ctx),
        },
        {
          key: 'lists',
          caption: t('project.supplies.list'),
          items: dictCounts(b.materialLists, (l) => l.status, 'supplies_status', ctx),
        },
      ]}
    >
      <BatchLogistics batchId={b.id} projectId={b.projectId} />
      <WeatherAlert batchId={b.id} />
      <RouteMap pol={b.portOfLoading} pod={b.portOfDischarge} status={b.logisticsStatus} />
      {can({ permission: ['plan:list'] }) && <PlanPanel batchId={b.id} />}
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
          <WorkflowTimeline events={b.timeline} ctx={ctx} />
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
    </Workbench>
  );
}
