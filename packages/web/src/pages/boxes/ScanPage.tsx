// /scan/box/<token>: what a phone shows after scanning a box label — the box, its state and contents,
// to a logged-in user who may see it (the guard sends others to /login and back).
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, List, Result, Spin, Tag, Typography } from 'antd';
import { useParams } from 'react-router';
import { useDeclContext } from '../../components/resource/use-dicts.ts';
import { StatusTag } from '../project/shared/status.tsx';
import { BOX_DICTS } from './box-resource.tsx';
import { boxesApi } from './boxes-api.ts';

export default function ScanPage() {
  const ctx = useDeclContext(BOX_DICTS);
  const { t } = ctx;
  const { token = '' } = useParams();
  const box = useQuery({
    queryKey: ['resource', 'boxPiece', 'scan', token],
    queryFn: () => boxesApi.byToken(token),
    retry: false,
  });
  return (
    <div style={{ maxWidth: 480, margin: '0 auto', padding: 12 }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('project.boxes.scanTitle')}
      </Typography.Title>
      {box.isLoading && <Spin />}
      {box.isError && <Result status="warning" title={t('project.boxes.scanNotFound')} />}
      {box.data && (
        <Card size="small" title={<span data-testid="scan-box">{box.data.boxNumber}</span>}>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('project.boxes.status')}>
              <StatusTag dict="box_status" value={box.data.status} ctx={ctx} />
            </Descriptions.Item>
            <Descriptions.Item label={t('project.boxes.batch')}>{box.data.batchNumber}</Descriptions.Item>
            <Descriptions.Item label={t('project.boxes.supplier')}>{box.data.supplierName}</Descriptions.Item>
            <Descriptions.Item label={t('project.boxes.packageType')}>
              {ctx.dictLabel('package_type', box.data.packageType)}
            </Descriptions.Item>
            <Descriptions.Item label={t('project.boxes.size')}>
              {`${box.data.length}×${box.data.width}×${box.data.height}`}{' '}
              {box.data.outOfGauge && <Tag color="red">{t('project.boxes.outOfGauge')}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t('project.boxes.grossWeight')}>
              {Number(box.data.grossWeight)}
            </Descriptions.Item>
          </Descriptions>
          <List
            size="small"
            header={t('project.boxes.contents')}
            dataSource={box.data.contents}
            renderItem={(c) => (
              <List.Item>
                <span>{c.name}</span>
                <span>{`${Number(c.quantity)} ${c.unit}`}</span>
              </List.Item>
            )}
          />
        </Card>
      )}
    </div>
  );
}
