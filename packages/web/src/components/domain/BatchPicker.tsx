// The batch a screen is about (boxes, tracking, papers): from ?batchId=, else the newest batch at the
// screen's step (where its work waits), else the newest one with a hint; changeable.
import { useQuery } from '@tanstack/react-query';
import { BatchStatus } from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { Alert, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../api/client.ts';
import { roleTypeOf, useSession } from '../../stores/session.ts';

/** Batch statuses at which a screen has work (the contract's BatchStatus values). */
export type BatchStage = readonly number[];
/** Boxes are made once material lists are confirmed, and followed until the batch is delivered. */
export const BOXES_STAGE: BatchStage = [
  BatchStatus.materialsConfirmed,
  BatchStatus.packing,
  BatchStatus.shipping,
  BatchStatus.delivered,
];
/** Tracking, shipping papers and settlement follow boxes handed over. */
export const SHIPPING_STAGE: BatchStage = [BatchStatus.packing, BatchStatus.shipping, BatchStatus.delivered];

export function useBatchPick(stage?: BatchStage) {
  const [params] = useSearchParams();
  const [pick, setPick] = useState<number | null>(null);
  const query = useQuery({
    queryKey: ['resource', 'projectBatch', 'pick'],
    queryFn: () => call(families.projectBatch.list, { page: 0, size: 500 }),
  });
  const batches = query.data?.content ?? [];
  const atWork = stage ? batches.filter((b) => stage.includes(b.status)) : batches;
  const batchId = pick ?? (Number(params.get('batchId')) || atWork[0]?.id || batches[0]?.id || null);
  /** Why the screen may look empty: no batch at all, or none at this screen's step yet. */
  const hint: 'none' | 'notYet' | null = !query.isSuccess
    ? null
    : !batches.length
      ? 'none'
      : stage && !atWork.length && !params.get('batchId')
        ? 'notYet'
        : null;
  return { batchId, batches, setPick, hint };
}

/** A batch as pickers name it: its English name in English (its number alone when it has none). */
export const batchLabel = (
  b: { batchNumber: string; name?: string | null; enName?: string | null },
  en: boolean,
) => [b.batchNumber, en ? b.enName : b.name].filter(Boolean).join(' · ');

export function BatchPicker({ pick }: { pick: ReturnType<typeof useBatchPick> }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  // Shippers (also on trial, and their staff) make batches; partners are given them.
  const shipper = useSession((s) => [0, 4, 5].includes(roleTypeOf(s.user)));
  return (
    <Space wrap>
      <Typography.Text>{t('project.batch.what')}</Typography.Text>
      <Select
        style={{ width: 320, maxWidth: '100%' }}
        value={pick.batchId ?? undefined}
        placeholder={t('project.supplies.pickBatch')}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(v: number) => pick.setPick(v)}
        options={pick.batches.map((b) => ({
          value: b.id,
          label: batchLabel(b, en),
        }))}
        aria-label={t('project.batch.what')}
      />
      {pick.hint === 'none' && (
        <Alert
          type="info"
          showIcon
          data-testid="batch-hint"
          message={shipper ? t('project.batch.pickNoneShipper') : t('project.batch.pickNonePartner')}
          action={shipper ? <Link to="/project/batch">{t('project.batch.pickGoProjects')}</Link> : undefined}
        />
      )}
      {pick.hint === 'notYet' && (
        <Alert type="info" showIcon data-testid="batch-hint" message={t('project.batch.pickNotYet')} />
      )}
    </Space>
  );
}
