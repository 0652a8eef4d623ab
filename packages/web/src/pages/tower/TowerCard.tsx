// The control-tower card of each party's home: how many of its batches are late, at risk or on track (a
// click lists them), and the exceptions waiting for the caller's company, oldest first, with the commands the
// row allows.
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, List, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { resourceKey } from '../../api/query-keys.ts';
import { statusColor } from '../../components/status/status.tsx';
import { CommandBar } from '../../components/workflow/CommandBar.tsx';
import { useSession } from '../../stores/session.ts';
import { AssignModal } from './AssignModal.tsx';
import { EXCEPTION_EVENTS, exceptionCommands, runException } from './exception-commands.ts';
import { type ExceptionRow, towerApi } from './tower-api.ts';

const HEALTH = [
  { value: 2, key: 'late' },
  { value: 1, key: 'atRisk' },
  { value: 0, key: 'onTrack' },
] as const;
/** Days to spare, or days late when the projection passes the site's date. */
export const slackText = (t: TFunction, days: number | null) =>
  days === null ? '-' : days < 0 ? t('tower.plan.lateBy', { days: -days }) : t('tower.plan.slack', { days });
export const healthColor = (h: number | null | undefined) =>
  h === null || h === undefined ? undefined : statusColor('plan_health', h);

export function TowerCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tenantId = useSession((s) => s.user?.tenantId);
  const [health, setHealth] = useState<number | null>(null);
  const [assigning, setAssigning] = useState<ExceptionRow | null>(null);
  const summary = useQuery({
    queryKey: resourceKey('exceptions', 'summary'),
    queryFn: () => towerApi.summary(),
  });
  const inbox = useQuery({
    queryKey: resourceKey('exceptions', 'inbox', tenantId),
    queryFn: () => towerApi.inbox(tenantId as number),
    enabled: typeof tenantId === 'number',
  });
  const s = summary.data;
  const shown = s?.batches.filter((b) => health === null || b.health === health) ?? [];

  return (
    <Card title={t('tower.title')} variant="borderless" className="dashboard-card" data-testid="tower-card">
      {summary.isLoading ? (
        <Skeleton active />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {HEALTH.map((h) => (
              <Col span={8} key={h.key}>
                <button
                  type="button"
                  className={`tower-count${health === h.value ? ' tower-count-on' : ''}`}
                  data-testid={`tower-${h.key}`}
                  aria-pressed={health === h.value}
                  onClick={() => setHealth(health === h.value ? null : h.value)}
                >
                  <Statistic
                    title={
                      <Tag color={statusColor('plan_health', h.value)}>{t(`tower.health.${h.key}`)}</Tag>
                    }
                    value={s?.[h.key] ?? 0}
                  />
                </button>
              </Col>
            ))}
          </Row>
          {health !== null && (
            <List
              size="small"
              className="tower-batches"
              data-testid="tower-batches"
              dataSource={shown}
              locale={{ emptyText: t('tower.noBatches') }}
              renderItem={(b) => (
                <List.Item onClick={() => void navigate(`/project/batch?batchId=${b.batchId}`)}>
                  <Space wrap size={4}>
                    <Typography.Link>{b.batchNumber}</Typography.Link>
                    <span>{b.batchName}</span>
                    <Tag color={healthColor(b.health)}>{b.healthLabel}</Tag>
                  </Space>
                  <Typography.Text type="secondary" className="pw-num">
                    {t('tower.deliveryVsSite', {
                      projected: b.projectedDelivery ?? '-',
                      site: b.requiredOnSite ?? '-',
                      slack: slackText(t, b.slackDays),
                    })}
                  </Typography.Text>
                </List.Item>
              )}
            />
          )}
        </>
      )}
      <Typography.Title level={5} className="tower-inbox-title">
        {t('tower.inbox')}
      </Typography.Title>
      {inbox.isLoading ? (
        <Skeleton active />
      ) : inbox.data?.content.length ? (
        <List
          size="small"
          data-testid="tower-inbox"
          dataSource={inbox.data.content}
          renderItem={(e) => (
            <List.Item
              actions={[
                <CommandBar
                  key="commands"
                  entity="exception"
                  actions={e.actions}
                  status={e.status}
                  only={EXCEPTION_EVENTS}
                  size="small"
                  link
                  commands={exceptionCommands(e, setAssigning)}
                  run={(event, reason) => runException(e, event, reason)}
                  refresh={['exceptions']}
                />,
              ]}
            >
              <List.Item.Meta
                title={
                  <Space wrap size={4}>
                    <Tag>{e.kindLabel}</Tag>
                    <Typography.Link onClick={() => void navigate(`/tower/exceptions?id=${e.id}`)}>
                      {e.title}
                    </Typography.Link>
                  </Space>
                }
                description={
                  <Space wrap size={8}>
                    <span>{e.statusLabel}</span>
                    <span>{t('tower.openedAt', { at: e.createTime.slice(0, 10) })}</span>
                    {e.dueDate && <span>{t('tower.due', { at: e.dueDate })}</span>}
                    <Typography.Link onClick={() => void navigate(`/project/batch?batchId=${e.batchId}`)}>
                      {t('tower.openBatch')}
                    </Typography.Link>
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty description={t('tower.inboxEmpty')} />
      )}
      {assigning && <AssignModal row={assigning} onClose={() => setAssigning(null)} />}
    </Card>
  );
}
