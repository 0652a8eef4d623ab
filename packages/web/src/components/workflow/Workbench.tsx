// The workbench frame: a header (what, its name, its status tags, refresh), its facts, the counts by
// state ("Draft 2 · Submitted 1"), then the page's own panels. `WaitingFor` lists what waits for whom.
import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Space, Spin, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './workflow.css';

export interface WorkbenchFact {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

export interface StateCount {
  key: string | number;
  label: string;
  count: number;
  color?: string;
}

/** Counts of rows by a state, in the states' order, leaving out states no row is in. */
export function countBy<R>(
  rows: readonly R[],
  stateOf: (r: R) => number | null | undefined,
  labelOf: (state: number) => string,
  colorOf?: (state: number) => string,
): StateCount[] {
  const counts = new Map<number, number>();
  for (const r of rows) {
    const s = stateOf(r);
    if (s !== null && s !== undefined) counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([state, count]) => ({ key: state, label: labelOf(state), count, color: colorOf?.(state) }));
}

export function Workbench(props: {
  /** What kind of workbench ("Batch workbench"). */
  title: ReactNode;
  /** Which one (the batch number). */
  name?: ReactNode;
  tags?: ReactNode;
  onRefresh?: () => unknown;
  extra?: ReactNode;
  facts?: readonly WorkbenchFact[];
  /** Counts by state, each group with its own caption ("Partners", "Batches"). */
  counts?: readonly { key: string; caption: ReactNode; items: readonly StateCount[] }[];
  loading?: boolean;
  children?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  const groups = (props.counts ?? []).filter((g) => g.items.length);
  return (
    <Card
      size="small"
      className={`pw-card wf-workbench ${props.className ?? ''}`}
      title={
        <Space wrap size={[8, 0]}>
          <span>{props.title}</span>
          {props.name !== undefined && <Typography.Text strong>{props.name}</Typography.Text>}
          {props.tags}
        </Space>
      }
      extra={
        <Space size={8}>
          {props.extra}
          {props.onRefresh && (
            <Button size="small" onClick={() => void props.onRefresh?.()}>
              {t('workflow.workbench.refresh')}
            </Button>
          )}
        </Space>
      }
    >
      {props.loading ? (
        <Spin className="pw-spin" />
      ) : (
        <>
          {props.facts?.length ? (
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, md: 2, xl: 4 }}
              className="pw-desc"
              items={props.facts.map((f) => ({ key: f.key, label: f.label, children: f.value }))}
            />
          ) : null}
          {groups.length > 0 && (
            <section className="wf-counts" aria-label={t('workflow.workbench.counts')}>
              {groups.map((g) => (
                <div key={g.key} className="wf-count-group" data-group={g.key}>
                  <Typography.Text type="secondary">{g.caption}</Typography.Text>
                  {g.items.map((c) => (
                    <Tag key={c.key} color={c.color} data-state={c.key}>
                      {c.label} <b>{c.count}</b>
                    </Tag>
                  ))}
                </div>
              ))}
            </section>
          )}
          {props.children}
        </>
      )}
    </Card>
  );
}

export interface WaitingEntry {
  key: string;
  /** Who the step waits for (a company or a side). */
  who: string;
  /** What it waits for ("confirm the material list"). */
  what: string;
}

/** What waits for whom, one line per party and step. */
export function WaitingFor(props: { items: readonly WaitingEntry[]; compact?: boolean }) {
  const { t } = useTranslation();
  if (!props.items.length)
    return <Typography.Text type="secondary">{t('workflow.workbench.nothingWaiting')}</Typography.Text>;
  return (
    <Space direction="vertical" size={props.compact ? 0 : 4} className="wf-waiting">
      {props.items.map((w) => (
        <Typography.Text key={w.key} className="pw-waiting">
          <ClockCircleOutlined /> {`${w.who}: ${w.what}`}
        </Typography.Text>
      ))}
    </Space>
  );
}
