// One change record → a sentence in the current language ("Material list: Draft → Submitted — note").
import type { DeclContext } from '../../../components/resource/types.ts';
import type { TimelineEvent } from '../project-api.ts';

const STATUS_DICT: Record<string, string> = {
  materialList: 'supplies_status',
  batchPartner: 'bp_status',
  batch: 'batch_status',
  projectBatch: 'batch_status',
  partnership: 'partnership_status',
};

export function timelineText(e: TimelineEvent, ctx: DeclContext): string {
  const entity = ctx.t(`project.entity.${e.entity}`, { defaultValue: e.entity });
  const action = ctx.t(`project.action.${e.action}`, { defaultValue: e.action });
  const dict = STATUS_DICT[e.entity];
  const label = (v: string | null | undefined) =>
    dict && v !== null && v !== undefined ? ctx.dictLabel(dict, v) : (v ?? '');
  const move =
    e.fromStatus != null && e.toStatus != null && e.fromStatus !== e.toStatus
      ? ` (${label(e.fromStatus)} → ${label(e.toStatus)})`
      : '';
  return `${entity} · ${action}${move}${e.note ? ` — ${e.note}` : ''}`;
}
