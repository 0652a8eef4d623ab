// One exception opened from the inbox (or from a notice or to-do by `?id=N`): what it is, whose move it is
// and by when, what was done, its commands (the server's `actions` for the caller) and its history.
import { useQuery } from '@tanstack/react-query';
import { formatTime } from '@tradelane/contract';
import { Descriptions, Drawer, Empty, Grid, Skeleton, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { resourceKey } from '../../api/query-keys.ts';
import { useDeclContext } from '../../components/resource/use-dicts.ts';
import { StatusTag } from '../../components/status/status.tsx';
import { CommandBar } from '../../components/workflow/CommandBar.tsx';
import { EntityTimeline } from '../../components/workflow/Timeline.tsx';
import { ExceptionComments } from './ExceptionComments.tsx';
import { EXCEPTION_EVENTS, exceptionCommands, isPastDue, runException } from './exception-commands.ts';
import { type ExceptionRow, towerApi } from './tower-api.ts';

export function ExceptionDrawer(props: {
  id: number;
  onClose: () => void;
  onAssign: (row: ExceptionRow) => void;
}) {
  const ctx = useDeclContext([]);
  const { t } = ctx;
  const navigate = useNavigate();
  const phone = Boolean(Grid.useBreakpoint().xs);
  const q = useQuery({
    queryKey: resourceKey('exceptions', 'one', props.id, ctx.lang),
    queryFn: () => towerApi.exception(props.id),
  });
  const e = q.data;
  const label = (f: string) => t(`resources.exceptions.fields.${f}`);
  return (
    <Drawer
      open
      width={phone ? '100%' : 640}
      title={t('tower.exceptionTitle', { id: props.id })}
      onClose={props.onClose}
      destroyOnHidden
      data-testid="exception-drawer"
    >
      {q.isLoading ? (
        <Skeleton active />
      ) : !e ? (
        <Empty description={t('tower.exceptionMissing')} />
      ) : (
        <>
          <Typography.Title level={5} className="tower-drawer-title">
            {e.title}
          </Typography.Title>
          <div className="tower-drawer-commands">
            <CommandBar
              entity="exception"
              actions={e.actions}
              status={e.status}
              only={EXCEPTION_EVENTS}
              commands={exceptionCommands(e, props.onAssign)}
              run={(event, reason) => runException(e, event, reason)}
              refresh={['exceptions']}
            />
          </div>
          <Descriptions column={phone ? 1 : 2} size="small" bordered>
            <Descriptions.Item label={label('status')}>
              <StatusTag dict="exception_status" value={e.status} label={e.statusLabel} />
            </Descriptions.Item>
            <Descriptions.Item label={label('kindLabel')}>
              <Tag>{e.kindLabel}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={label('projectName')}>{e.projectName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={label('batchNumber')}>
              <Typography.Link onClick={() => void navigate(`/project/batch?batchId=${e.batchId}`)}>
                {e.batchNumber ?? e.batchId}
              </Typography.Link>
            </Descriptions.Item>
            <Descriptions.Item label={label('ownerName')}>
              {e.ownerName ?? '-'}
              {e.ownerParty ? ` · ${t(`tower.party.${e.ownerParty}`)}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={label('dueDate')}>
              {e.dueDate ? (
                <Typography.Text type={isPastDue(e) ? 'danger' : undefined}>{e.dueDate}</Typography.Text>
              ) : (
                '-'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={label('createTime')}>{formatTime(e.createTime)}</Descriptions.Item>
            <Descriptions.Item label={label('source')}>
              {t(e.source === 'product' ? 'tower.byProduct' : 'tower.byUser')}
            </Descriptions.Item>
            {e.description && (
              <Descriptions.Item label={label('description')} span={phone ? 1 : 2}>
                {e.description}
              </Descriptions.Item>
            )}
            {e.resolution && (
              <Descriptions.Item label={label('resolution')} span={phone ? 1 : 2}>
                {e.resolution}
                {e.resolvedAt && (
                  <Typography.Text type="secondary">
                    {' '}
                    ({[e.resolvedBy, formatTime(e.resolvedAt)].filter(Boolean).join(' · ')})
                  </Typography.Text>
                )}
              </Descriptions.Item>
            )}
          </Descriptions>
          <ExceptionComments exception={e} />
          <Typography.Title level={5} className="tower-drawer-history">
            {t('tower.history')}
          </Typography.Title>
          <EntityTimeline entity="exception" entityId={e.id} ctx={ctx} />
        </>
      )}
    </Drawer>
  );
}
