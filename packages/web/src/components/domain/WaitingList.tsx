// "What is waiting for whom": the workbench's pending actions, one line per party.
import type { batchPartnerAnswer, waitingAnswer } from '@tradelane/contract/answers/project';
import type { z } from 'zod';
import type { DeclContext } from '../resource/types.ts';
import { WaitingFor } from '../workflow/Workbench.tsx';

type BatchPartnerRow = z.infer<typeof batchPartnerAnswer>;
type WaitingItem = z.infer<typeof waitingAnswer>;

export function WaitingList(props: {
  waiting: WaitingItem[];
  partners: BatchPartnerRow[];
  ctx: DeclContext;
  shipperName?: string;
  compact?: boolean;
}) {
  const { t } = props.ctx;
  const nameOf = (w: WaitingItem) =>
    w.party === 'shipper'
      ? (props.shipperName ?? t('project.party.shipper'))
      : (props.partners.find((p) => p.partnerTenantId === w.tenantId)?.partnerName ??
        t(`project.party.${w.party}`));
  return (
    <WaitingFor
      compact={props.compact}
      items={props.waiting.map((w) => ({
        key: `${w.tenantId}-${w.action}-${w.listId ?? ''}`,
        who: nameOf(w),
        what: t(`project.action.${w.action}`, { defaultValue: w.action }),
      }))}
    />
  );
}
