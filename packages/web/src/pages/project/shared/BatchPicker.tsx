// The batch a screen is about (boxes, papers): from ?batchId=, else the first visible batch; changeable.
import { useQuery } from '@tanstack/react-query';
import { Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { projectApi } from '../project-api.ts';

export function useBatchPick() {
  const [params] = useSearchParams();
  const [pick, setPick] = useState<number | null>(null);
  const batches = useQuery({
    queryKey: ['resource', 'projectBatch', 'pick'],
    queryFn: () => projectApi.batches({ page: 0, size: 500 }),
  }).data?.content;
  const batchId = pick ?? (Number(params.get('batchId')) || batches?.[0]?.id || null);
  return { batchId, batches: batches ?? [], setPick };
}

export function BatchPicker({ pick }: { pick: ReturnType<typeof useBatchPick> }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Typography.Text>{t('project.batch.what')}</Typography.Text>
      <Select
        style={{ width: 320 }}
        value={pick.batchId ?? undefined}
        placeholder={t('project.supplies.pickBatch')}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(v: number) => pick.setPick(v)}
        options={pick.batches.map((b) => ({ value: b.id, label: `${b.batchNumber} · ${b.name ?? ''}` }))}
        aria-label={t('project.batch.what')}
      />
    </Space>
  );
}
