// Project workbench: the project's batches with each party's progress and what waits for whom.
import { useQuery } from '@tanstack/react-query';
import { Empty, Progress, Space, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useCan } from '../../access/permissions.ts';
import { formatAmount } from '../../components/domain/dicts.ts';
import { WaitingList } from '../../components/domain/WaitingList.tsx';
import type { DeclContext } from '../../components/resource/types.ts';
import { dictCounts, StatusTag } from '../../components/status/status.tsx';
import { Workbench } from '../../components/workflow/Workbench.tsx';
import { pick } from '../../i18n/index.ts';
import { useSession } from '../../stores/session.ts';
import { ProjectTimeline } from '../tower/ProjectTimeline.tsx';
import { type ProjectWorkbench as ProjectWorkbenchData, projectApi } from './project-api.ts';

type BatchItem = ProjectWorkbenchData['batches'][number];

export function ProjectWorkbench({ projectId, ctx }: { projectId: number; ctx: DeclContext }) {
  const navigate = useNavigate();
  const can = useCan();
  const me = useSession((s) => s.user);
  const q = useQuery({
    queryKey: ['resource', 'project', 'workbench', projectId],
    queryFn: () => projectApi.projectWorkbench(projectId),
  });
  const { t } = ctx;
  if (q.isLoading) return <Spin className="pw-spin" />;
  if (!q.data) return null;
  const { project, batches } = q.data;
  const columns = [
    {
      key: 'batch',
      title: t('project.batch.number'),
      width: 140,
      render: (_: unknown, b: BatchItem) => (
        <Space direction="vertical" size={0}>
          <Typography.Link onClick={() => navigate(`/project/batch?batchId=${b.id}`)}>
            {b.batchNumber}
          </Typography.Link>
          <Typography.Text type="secondary" className="pw-sub">
            {b.name ?? ''}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'status',
      title: t('project.batch.status'),
      width: 150,
      render: (_: unknown, b: BatchItem) => <StatusTag dict="batch_status" value={b.status} ctx={ctx} />,
    },
    {
      key: 'ship',
      title: t('project.batch.plannedShipDate'),
      width: 100,
      render: (_: unknown, b: BatchItem) => <span className="pw-nowrap">{b.plannedShipDate ?? '-'}</span>,
    },
    {
      key: 'progress',
      title: t('project.wb.listsConfirmed'),
      width: 110,
      render: (_: unknown, b: BatchItem) => {
        const { suppliers, listsConfirmed, listsSubmitted } = b.progress;
        return (
          <Tooltip
            title={t('project.wb.progressTip', {
              submitted: listsSubmitted,
              confirmed: listsConfirmed,
              suppliers,
            })}
          >
            <Progress
              size="small"
              percent={suppliers ? Math.round((100 * listsConfirmed) / suppliers) : 0}
              success={{ percent: suppliers ? Math.round((100 * listsConfirmed) / suppliers) : 0 }}
              format={() => `${listsConfirmed}/${suppliers}`}
            />
          </Tooltip>
        );
      },
    },
    {
      key: 'parties',
      title: t('project.wb.parties'),
      width: 270,
      render: (_: unknown, b: BatchItem) => (
        <Space wrap size={[4, 4]}>
          {b.partners.map((p) => {
            const list = b.materialLists.find((l) => l.supplierTenantId === p.partnerTenantId);
            return (
              <Tag key={p.id} variant="outlined">
                {p.partnerName} ·{' '}
                {list
                  ? ctx.dictLabel('supplies_status', list.status)
                  : ctx.dictLabel('bp_status', p.bpStatus)}
                {list ? ` · ${t('project.wb.rows', { count: list.rows })}` : ''}
              </Tag>
            );
          })}
        </Space>
      ),
    },
    {
      key: 'amount',
      title: t('project.wb.amount'),
      width: 140,
      render: (_: unknown, b: BatchItem) =>
        b.materialLists
          .flatMap((l) => l.amounts ?? [])
          .map((a) => <div key={a.currency}>{formatAmount(a.amount, a.currency)}</div>),
    },
    {
      key: 'waiting',
      title: t('project.wb.waiting'),
      width: 250,
      render: (_: unknown, b: BatchItem) => (
        <WaitingList waiting={b.waiting} ctx={ctx} partners={b.partners} compact />
      ),
    },
  ];
  return (
    <Workbench
      title={t('project.workbench')}
      name={pick(ctx.lang, project.name, project.enName)}
      tags={<StatusTag dict="project_status" value={project.status} ctx={ctx} />}
      onRefresh={() => q.refetch()}
      facts={[
        { key: 'code', label: t('project.code'), value: project.code },
        { key: 'site', label: t('project.site'), value: project.site ?? '-' },
        {
          key: 'period',
          label: t('project.period'),
          value: `${project.startDate ?? '…'} ~ ${project.endDate ?? '…'}`,
        },
        { key: 'batches', label: t('project.wb.batchCount'), value: batches.length },
      ]}
      counts={[
        {
          key: 'batches',
          caption: t('project.batch.status'),
          items: dictCounts(batches, (b) => b.status, 'batch_status', ctx),
        },
      ]}
    >
      <Table<BatchItem>
        rowKey="id"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={batches}
        tableLayout="fixed"
        scroll={{ x: 1160 }}
        locale={{ emptyText: <Empty description={t('project.wb.noBatches')} /> }}
      />
      {can({ permission: ['plan:list'] }) && (
        <ProjectTimeline
          projectId={projectId}
          ctx={ctx}
          canPlan={can({ permission: ['plan:edit'] }) && project.tenantId === me?.tenantId}
        />
      )}
    </Workbench>
  );
}
