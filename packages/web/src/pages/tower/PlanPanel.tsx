// A batch's plan on its workbench: each milestone's planned date (the shipper edits it), baseline, actual,
// projected date and what the projection rests on; the required-on-site date and the batch's health; the
// shipper saves the plan and its baseline, or fills the dates after the first one from the lane's defaults.

import { useQuery } from '@tanstack/react-query';
import type { MilestoneCode } from '@tradelane/contract';
import { Button, DatePicker, Empty, Space, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceKey } from '../../api/query-keys.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { healthColor, slackText } from './TowerCard.tsx';
import { type Plan, towerApi } from './tower-api.ts';

type Row = Plan['milestones'][number];
const day = (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null);

export function PlanPanel({ batchId }: { batchId: number }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: resourceKey('projectBatch', 'plan', batchId),
    queryFn: () => towerApi.plan(batchId),
  });
  // The shipper's edits, by milestone, until saved.
  const [edits, setEdits] = useState<Partial<Record<MilestoneCode, string | null>>>({});
  const [site, setSite] = useState<string | null | undefined>(undefined);
  const save = useSubmit(
    () =>
      towerApi.savePlan({
        batchId,
        ...(site !== undefined ? { requiredOnSite: site } : {}),
        milestones: Object.entries(edits).map(([code, planned]) => ({
          code: code as MilestoneCode,
          planned,
        })),
      }),
    {
      success: 'tower.plan.saved',
      refresh: ['projectBatch', 'exceptions'],
      onDone: () => {
        setEdits({});
        setSite(undefined);
      },
    },
  );
  const fromLane = useSubmit(() => towerApi.fromLane(batchId), {
    success: (p) => t('tower.plan.filled', { lane: p.lane ?? '' }),
    refresh: ['projectBatch', 'exceptions'],
  });
  const baseline = useSubmit(() => towerApi.baseline(batchId), {
    success: 'tower.plan.baselineSaved',
    refresh: ['projectBatch'],
  });
  if (q.isLoading) return <Spin />;
  const p = q.data;
  if (!p) return <Empty />;
  const dirty = site !== undefined || Object.keys(edits).length > 0;
  const plannedOf = (m: Row) => (m.code in edits ? (edits[m.code] ?? null) : m.planned);
  const siteDate = site !== undefined ? site : p.requiredOnSite;

  const columns = [
    { key: 'label', title: t('tower.plan.milestone'), dataIndex: 'label' },
    {
      key: 'planned',
      title: t('tower.plan.planned'),
      width: 150,
      render: (_: unknown, m: Row) =>
        p.canEdit ? (
          <DatePicker
            size="small"
            aria-label={`${t('tower.plan.planned')} ${m.label}`}
            value={plannedOf(m) ? dayjs(plannedOf(m)) : null}
            onChange={(d) => setEdits((e) => ({ ...e, [m.code]: day(d) }))}
          />
        ) : (
          (m.planned ?? '-')
        ),
    },
    { key: 'baseline', title: t('tower.plan.baseline'), render: (_: unknown, m: Row) => m.baseline ?? '-' },
    { key: 'actual', title: t('tower.plan.actual'), render: (_: unknown, m: Row) => m.actual ?? '-' },
    {
      key: 'projected',
      title: t('tower.plan.projected'),
      render: (_: unknown, m: Row) => (m.actual ? '-' : (m.projected ?? '-')),
    },
    {
      key: 'basis',
      title: t('tower.plan.basis'),
      render: (_: unknown, m: Row) => t(`tower.plan.basisOf.${m.basis}`),
    },
    {
      key: 'slip',
      title: t('tower.plan.slip'),
      render: (_: unknown, m: Row) =>
        m.slipDays === null ? (
          '-'
        ) : (
          <Typography.Text type={m.slipDays > 0 ? 'danger' : undefined}>
            {m.slipDays > 0 ? `+${m.slipDays}` : m.slipDays}
          </Typography.Text>
        ),
    },
  ];

  return (
    <div className="tower-plan" data-testid="plan-panel">
      <div className="pw-bar">
        <Typography.Text strong className="pw-grow">
          {t('tower.plan.title')}
        </Typography.Text>
        <Tag color={healthColor(p.health)} data-testid="plan-health">
          {p.healthLabel ?? t('tower.plan.noHealth')}
        </Tag>
      </div>
      <Space wrap size={16} className="tower-plan-facts">
        <span>
          {t('tower.plan.requiredOnSite')}:{' '}
          {p.canEdit ? (
            <DatePicker
              size="small"
              aria-label={t('tower.plan.requiredOnSite')}
              value={siteDate ? dayjs(siteDate) : null}
              onChange={(d) => setSite(day(d))}
            />
          ) : (
            <Typography.Text strong>{p.requiredOnSite ?? '-'}</Typography.Text>
          )}
        </span>
        <span>
          {t('tower.plan.projectedDelivery')}:{' '}
          <Typography.Text strong>{p.projectedDelivery ?? '-'}</Typography.Text>
          {p.slackDays !== null && (
            <Typography.Text type={p.slackDays < 0 ? 'danger' : 'secondary'}>
              {' '}
              ({slackText(t, p.slackDays)})
            </Typography.Text>
          )}
        </span>
        <Typography.Text type="secondary">
          {p.baselineAt
            ? t('tower.plan.baselineAt', { at: dayjs(p.baselineAt).format('YYYY-MM-DD HH:mm') })
            : t('tower.plan.noBaseline')}
        </Typography.Text>
        {p.canEdit && (
          <Space>
            <Button
              size="small"
              type="primary"
              disabled={!dirty}
              loading={save.busy}
              onClick={() => save.run()}
            >
              {t('tower.plan.save')}
            </Button>
            <Tooltip title={t('tower.plan.fromLaneHint')}>
              <Button size="small" disabled={dirty} loading={fromLane.busy} onClick={() => fromLane.run()}>
                {t('tower.plan.fromLane')}
              </Button>
            </Tooltip>
            <Button size="small" disabled={dirty} loading={baseline.busy} onClick={() => baseline.run()}>
              {t('tower.plan.saveBaseline')}
            </Button>
          </Space>
        )}
      </Space>
      <Table<Row>
        rowKey="code"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={p.milestones}
        scroll={{ x: 760 }}
        rowClassName={(m) => (m.code === p.next ? 'tower-next' : '')}
      />
    </div>
  );
}
