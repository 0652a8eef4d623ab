// A timeline of change records: what happened (family, event, status move) in the user's language, the
// note, and who (person and company), when and where. Reads what the server's timeline readers answer
// (the batch workbench's `timeline`, GET /api/changeRecord/timeline for one entity).
import { useQuery } from '@tanstack/react-query';
import { formatTime } from '@tradelane/contract';
import { platformOps } from '@tradelane/contract/api/platform';
import { Timeline as AntTimeline, Empty, Spin, Typography } from 'antd';
import { call } from '../../api/client.ts';
import type { DeclContext } from '../resource/types.ts';
import { type TimelineEntry, timelineColor, timelineWhat } from './timeline-text.ts';

export function WorkflowTimeline(props: {
  events: readonly TimelineEntry[] | undefined;
  ctx: DeclContext;
  /** The family of every event when the reader leaves `entity` out (one entity's timeline). */
  entity?: string;
  loading?: boolean;
}) {
  const { ctx } = props;
  if (props.loading) return <Spin className="pw-spin" />;
  if (!props.events?.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ctx.t('workflow.timeline.empty')} />;
  return (
    <AntTimeline
      className="wf-timeline"
      items={props.events.map((e, i) => ({
        key: e.id ?? `${e.time}-${i}`,
        color: timelineColor(e.action),
        content: (
          <div data-action={e.action}>
            <div>{timelineWhat(e, ctx, e.entity ?? props.entity)}</div>
            {e.note && <div className="wf-note">{e.note}</div>}
            <Typography.Text type="secondary" className="pw-sub">
              {[formatTime(e.time), e.byName ?? e.by, e.byTenantName, e.place].filter(Boolean).join(' · ')}
            </Typography.Text>
          </div>
        ),
      }))}
    />
  );
}

/** One entity's timeline from the event store (GET /api/changeRecord/timeline). */
export function EntityTimeline(props: { entity: string; entityId: number; ctx: DeclContext }) {
  const q = useQuery({
    queryKey: ['resource', props.entity, 'timeline', props.entityId],
    queryFn: () => call(platformOps.timeline, { entity: props.entity, entityId: props.entityId }),
  });
  return (
    <WorkflowTimeline events={q.data?.content} ctx={props.ctx} entity={props.entity} loading={q.isLoading} />
  );
}
