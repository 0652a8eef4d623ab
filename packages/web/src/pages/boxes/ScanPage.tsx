// /scan/box/<token>: what a phone shows after scanning a box label — the box, its state and contents,
// to a logged-in user who may see it (the guard sends others to /login and back), with the one next
// logistics step that user may take on it (receive, deliver…) as one big button, and "raise abnormality".
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, List, Result, Spin, Tag, Typography } from 'antd';
import { useParams } from 'react-router';
import { ApiError } from '../../api/request.ts';
import { useDeclContext } from '../../components/resource/use-dicts.ts';
import { StatusTag } from '../../components/status/status.tsx';
import { logisticsApi } from '../logistics/logistics-api.ts';
import { ScanNextStep } from '../logistics/ScanNextStep.tsx';
import { BOX_DICTS } from './box-resource.tsx';

export default function ScanPage() {
  const ctx = useDeclContext([...BOX_DICTS, 'logistics_status']);
  const { t } = ctx;
  const { token = '' } = useParams();
  const box = useQuery({
    queryKey: ['resource', 'boxPiece', 'scan', token],
    queryFn: () => logisticsApi.byToken(token),
    retry: false,
  });
  return (
    <div className="lg-scan">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('project.boxes.scanTitle')}
      </Typography.Title>
      {box.isLoading && <Spin />}
      {box.isError && (
        <div data-testid="scan-refused">
          <Result
            status="warning"
            title={t('project.boxes.scanNotFound')}
            subTitle={box.error instanceof ApiError ? box.error.message : undefined}
          />
        </div>
      )}
      {box.data && <ScanNextStep box={box.data} ctx={ctx} />}
      {box.data && (
        <Card size="small" title={<span data-testid="scan-box">{box.data.boxNumber}</span>}>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('logistics.scan.status')}>
              <StatusTag dict="logistics_status" value={box.data.logisticsStatus} ctx={ctx} />
            </Descriptions.Item>
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
