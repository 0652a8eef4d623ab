// A container's stored load plan in 3D, with its loading sheet.
import { FilePdfOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../../api/download.ts';
import { resourceKey } from '../../../api/query-keys.ts';
import { PlanFigures } from './PlanFigures.tsx';
import { planApi } from './plan-api.ts';

export function ContainerPlanView({ containerId }: { containerId: number }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: resourceKey('container', 'plan', containerId),
    queryFn: () => planApi.stored(containerId),
  });
  if (q.isLoading) return <Spin />;
  const stored = q.data;
  if (!stored) return <Empty description={t('logistics.plan.noPlan')} />;
  // A container stuffed by hand has no 3D view, but its loading sheet still lists its boxes.
  const sheet = (
    <Button
      icon={<FilePdfOutlined />}
      disabled={!stored.boxCount}
      onClick={async () =>
        downloadBlob(await planApi.loadingSheet(containerId), `loading-sheet-${stored.containerNumber}.pdf`)
      }
    >
      {t('logistics.plan.sheet')}
    </Button>
  );
  if (!stored.planned)
    return <Empty description={t('logistics.plan.noPlan')}>{stored.boxCount > 0 && sheet}</Empty>;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text strong>
          {stored.containerNumber} · {stored.typeCode}
        </Typography.Text>
        {sheet}
      </Space>
      <PlanFigures
        plan={stored.plan}
        boxes={stored.boxes}
        boxNumbers={stored.items.map((i) => i.boxNumber)}
      />
    </Space>
  );
}
