// A project's timeline (on the project workbench): one row per batch with three bars — the baseline, the
// plan, and what happened or is projected (coloured by the batch's health) — from ex works to received on
// site, the batch's required-on-site date marked on its row and today as a line. Drawn with the product's
// chart library (ECharts, loaded lazily) as SVG. The project's shipper imports its batches' plans from Excel.
import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TowerTimeline } from '@tradelane/contract';
import { Button, Card, Empty, Skeleton } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { refreshResources, resourceKey } from '../../api/query-keys.ts';
import type { DeclContext } from '../../components/resource/types.ts';
import { statusHex } from '../../components/status/status.tsx';
import { EChart } from '../monitor/statistics/EChart.tsx';
import { suppliesApi } from '../project/project-api.ts';
import { ImportDialog } from '../supplies/ImportDialog.tsx';
import { towerApi } from './tower-api.ts';
import './tower.css';

type Bar = TowerTimeline['batches'][number];
type Milestone = Bar['milestones'][number];

/** The span of one plan of a batch: its first and last dated milestone (null when it has none). */
export function span(ms: Milestone[], date: (m: Milestone) => string | null): [string, string] | null {
  const dates = ms.map(date).filter((d): d is string => Boolean(d));
  return dates.length ? [dates[0], dates[dates.length - 1]] : null;
}

const SLOTS = ['baseline', 'planned', 'current'] as const;
const COLOR = { baseline: '#bfbfbf', planned: '#1677ff', site: '#cf1322' };
const HEALTH_KEY: Record<number, string> = { 0: 'onTrack', 1: 'atRisk', 2: 'late' };
const ROW = 46;

interface Api {
  value: (i: number) => number | string;
  coord: (v: [number | string, number | string]) => [number, number];
  size: (v: [number, number]) => [number, number];
}

export function timelineOption(data: TowerTimeline, ctx: DeclContext, today: string): EChartsCoreOption {
  const { t } = ctx;
  const batches = data.batches;
  const name = {
    baseline: t('tower.timeline.baseline'),
    planned: t('tower.timeline.planned'),
    current: t('tower.timeline.current'),
    site: t('tower.timeline.requiredOnSite'),
  };
  const bars = (slot: (typeof SLOTS)[number]) =>
    batches.flatMap((b, i) => {
      const s = span(b.milestones, (m) =>
        slot === 'baseline' ? m.baseline : slot === 'planned' ? m.planned : (m.actual ?? m.projected),
      );
      if (!s) return [];
      const color = slot === 'current' ? statusHex('plan_health', b.health ?? 0) : COLOR[slot as 'baseline'];
      return [{ value: [i, s[0], s[1], SLOTS.indexOf(slot)], itemStyle: { color }, batch: b.batchNumber }];
    });
  // Three thin bars stacked in the batch's band: baseline, plan, actual or projected.
  const renderBar = (_: unknown, api: Api) => {
    const cat = api.value(0);
    const from = api.coord([api.value(1), cat]);
    const to = api.coord([api.value(2), cat]);
    const band = api.size([0, 1])[1];
    const h = band * 0.2;
    const y = from[1] - band * 0.33 + Number(api.value(3)) * (h + band * 0.03);
    return {
      type: 'rect',
      shape: { x: from[0], y, width: Math.max(to[0] - from[0], 3), height: h, r: 2 },
      style: { fill: (api as unknown as { visual: (k: string) => string }).visual('color') },
    };
  };
  const renderSite = (_: unknown, api: Api) => {
    const cat = api.value(0);
    const at = api.coord([api.value(1), cat]);
    const band = api.size([0, 1])[1];
    return {
      type: 'group',
      children: [
        {
          type: 'line',
          shape: { x1: at[0], y1: at[1] - band * 0.42, x2: at[0], y2: at[1] + band * 0.42 },
          style: { stroke: COLOR.site, lineWidth: 2 },
        },
        {
          type: 'polygon',
          shape: {
            points: [
              [at[0], at[1] - band * 0.48],
              [at[0] + 5, at[1] - band * 0.4],
              [at[0], at[1] - band * 0.32],
              [at[0] - 5, at[1] - band * 0.4],
            ],
          },
          style: { fill: COLOR.site },
        },
      ],
    };
  };
  const tip = (p: { seriesIndex: number; value: (string | number)[] }) => {
    const b = batches[Number(p.value[0])];
    const head = `<b>${b.batchNumber}</b> ${b.batchName ?? ''}${b.healthLabel ? ` · ${b.healthLabel}` : ''}`;
    if (p.seriesIndex === 3) return `${head}<br/>${t('tower.timeline.tipSite', { at: p.value[1] })}`;
    const key = (['tipBaseline', 'tipPlanned', 'tipCurrent'] as const)[p.seriesIndex];
    return `${head}<br/>${t(`tower.timeline.${key}`, { from: p.value[1], to: p.value[2] })}`;
  };
  const encode = { x: [1, 2], y: 0 };
  return {
    animation: false,
    grid: { left: 8, right: 24, top: 40, bottom: 28, containLabel: true },
    legend: {
      top: 0,
      data: [
        { name: name.baseline, itemStyle: { color: COLOR.baseline } },
        { name: name.planned, itemStyle: { color: COLOR.planned } },
        { name: name.current, itemStyle: { color: statusHex('plan_health', 0) } },
        { name: name.site, itemStyle: { color: COLOR.site } },
      ],
    },
    tooltip: { trigger: 'item', formatter: tip },
    xAxis: { type: 'time', splitLine: { show: true, lineStyle: { color: '#f0f0f0' } } },
    yAxis: {
      type: 'category',
      inverse: true,
      data: batches.map((b) => b.batchNumber),
      axisTick: { show: false },
      axisLabel: {
        formatter: (v: string, i: number) => {
          const h = batches[i]?.health;
          return h === null || h === undefined ? v : `{${HEALTH_KEY[h]}|${v}}`;
        },
        rich: {
          late: { color: statusHex('plan_health', 2), fontWeight: 'bold' },
          atRisk: { color: '#d46b08', fontWeight: 'bold' },
          onTrack: { color: '#595959' },
        },
      },
    },
    series: [
      ...SLOTS.map((slot, i) => ({
        type: 'custom',
        name: name[slot],
        renderItem: renderBar,
        encode,
        itemStyle: { color: slot === 'current' ? statusHex('plan_health', 0) : COLOR[slot] },
        data: bars(slot),
        ...(i === 0
          ? {
              markLine: {
                symbol: 'none',
                silent: true,
                lineStyle: { type: 'dashed', color: '#8c8c8c' },
                // The y axis runs top-down (inverse): its start is the top, clear of the month labels.
                label: { formatter: t('tower.timeline.today'), position: 'start' },
                data: [{ xAxis: today }],
              },
            }
          : {}),
      })),
      {
        type: 'custom',
        name: name.site,
        renderItem: renderSite,
        encode: { x: 1, y: 0 },
        itemStyle: { color: COLOR.site },
        data: batches.flatMap((b, i) => (b.requiredOnSite ? [{ value: [i, b.requiredOnSite] }] : [])),
        z: 5,
      },
    ],
  };
}

/** The plans of a project's batches from Excel (the shipper): the template lists its batches. */
function ImportPlans({ projectId, ctx }: { projectId: number; ctx: DeclContext }) {
  const [open, setOpen] = useState(false);
  const qc = useQueryClient();
  return (
    <>
      <Button size="small" icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {ctx.t('tower.timeline.importPlans')}
      </Button>
      {open && (
        <ImportDialog
          open
          onClose={() => setOpen(false)}
          onDone={() => refreshResources(qc, ['projectBatch', 'exceptions'])}
          kind={{
            upload: (taskId, _mode, file) => towerApi.importPlans(projectId, taskId, file),
            latest: () => suppliesApi.latestImport(undefined, 'plan'),
            template: () => towerApi.planTemplate(projectId),
            templateName: ctx.t('tower.timeline.templateName'),
            modes: false,
            title: ctx.t('tower.timeline.importTitle'),
            taskKind: 'plan',
          }}
        />
      )}
    </>
  );
}

export function ProjectTimeline({
  projectId,
  ctx,
  canPlan,
}: {
  projectId: number;
  ctx: DeclContext;
  /** The caller plans this project's batches (its shipper): it may import their plans. */
  canPlan?: boolean;
}) {
  const q = useQuery({
    queryKey: resourceKey('projectBatch', 'timeline', projectId, ctx.lang),
    queryFn: () => towerApi.timeline(projectId),
  });
  // Only batches with a plan have bars to draw.
  const planned = useMemo(
    () => q.data?.batches.filter((b) => b.milestones.some((m) => m.planned || m.baseline)) ?? [],
    [q.data],
  );
  const option = useMemo(
    () =>
      q.data
        ? timelineOption({ ...q.data, batches: planned }, ctx, new Date().toISOString().slice(0, 10))
        : null,
    [q.data, planned, ctx],
  );
  return (
    <Card
      size="small"
      variant="borderless"
      className="pw-card tower-timeline"
      title={ctx.t('tower.timeline.title')}
      extra={canPlan ? <ImportPlans projectId={projectId} ctx={ctx} /> : undefined}
      data-testid="project-timeline"
    >
      {q.isLoading ? (
        <Skeleton active />
      ) : !planned.length || !option ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ctx.t('tower.timeline.empty')} />
      ) : (
        <EChart
          option={option}
          renderer="svg"
          height={planned.length * ROW + 80}
          testId="project-timeline-chart"
        />
      )}
    </Card>
  );
}
