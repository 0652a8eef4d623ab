// The project timeline's bars: each plan of a batch spans its first to its last dated milestone, and what
// happened or is projected is coloured by the batch's health (a late batch red).
import type { TowerTimeline } from '@tradelane/contract';
import { describe, expect, it } from 'vitest';
import type { DeclContext } from '../../components/resource/types.ts';
import { span, timelineOption } from './ProjectTimeline.tsx';

const m = (code: string, planned: string | null, actual: string | null, projected: string | null) => ({
  code: code as TowerTimeline['batches'][number]['milestones'][number]['code'],
  planned,
  baseline: planned,
  actual,
  projected,
});
const late: TowerTimeline['batches'][number] = {
  batchId: 7,
  batchNumber: 'JKT2-B007',
  batchName: null,
  health: 2,
  healthLabel: 'Late',
  requiredOnSite: '2026-12-26',
  projectedDelivery: '2027-01-04',
  slackDays: -9,
  milestones: [
    m('exWorks', '2026-10-01', '2026-10-03', null),
    m('shipped', '2026-11-07', null, '2026-11-20'),
    m('delivered', '2026-12-20', null, '2027-01-04'),
    m('received', null, null, null),
  ],
};
const ctx = { t: (k: string) => k, lang: 'en' } as unknown as DeclContext;

describe('project timeline', () => {
  it('spans a plan from its first to its last dated milestone', () => {
    expect(span(late.milestones, (x) => x.planned)).toEqual(['2026-10-01', '2026-12-20']);
    expect(span(late.milestones, (x) => x.actual ?? x.projected)).toEqual(['2026-10-03', '2027-01-04']);
    expect(span([m('exWorks', null, null, null)], (x) => x.planned)).toBeNull();
  });

  it('draws a late batch red past its required-on-site mark', () => {
    const option = timelineOption({ projectId: 1, batches: [late] }, ctx, '2026-11-27') as {
      series: { name: string; data: { value: unknown[]; itemStyle?: { color: string } }[] }[];
    };
    const current = option.series.find((s) => s.name === 'tower.timeline.current');
    expect(current?.data).toEqual([
      { value: [0, '2026-10-03', '2027-01-04', 2], itemStyle: { color: '#f5222d' }, batch: 'JKT2-B007' },
    ]);
    const site = option.series.find((s) => s.name === 'tower.timeline.requiredOnSite');
    expect(site?.data).toEqual([{ value: [0, '2026-12-26'] }]);
  });
});
