// A box's detail: its marks, what it holds and its timeline (events with who, when and note).

import { useQuery } from '@tanstack/react-query';
import { formatTime } from '@tradelane/contract';
import { Descriptions, Drawer, Table, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeclContext } from '../../components/resource/types.ts';
import { StatusTag } from '../../components/status/status.tsx';
import { type BoxRow, boxesApi } from './boxes-api.ts';

export function BoxDrawer({
  box,
  ctx,
  onClose,
}: {
  box: BoxRow | null;
  ctx: DeclContext;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const timeline = useQuery({
    queryKey: ['resource', 'boxPiece', 'timeline', box?.id],
    queryFn: () => boxesApi.timeline(box?.id ?? 0),
    enabled: Boolean(box),
  });
  return (
    <Drawer open={Boolean(box)} onClose={onClose} width={640} title={box?.boxNumber}>
      {box && (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('project.boxes.status')}>
              <StatusTag dict="box_status" value={box.status} ctx={ctx} />
            </Descriptions.Item>
            <Descriptions.Item label={t('project.boxes.supplier')}>{box.supplierName}</Descriptions.Item>
            <Descriptions.Item label={t('project.boxes.packageType')}>
              {ctx.dictLabel('package_type', box.packageType)}
            </Descriptions.Item>
            <Descriptions.Item label={t('project.boxes.size')}>
              {`${box.length}×${box.width}×${box.height}`}{' '}
              {box.outOfGauge && <Tag color="red">{t('project.boxes.outOfGauge')}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t('project.boxes.grossWeight')}>
              {Number(box.grossWeight)}
            </Descriptions.Item>
            <Descriptions.Item label={t('project.boxes.netWeight')}>
              {Number(box.netWeight)}
            </Descriptions.Item>
            <Descriptions.Item label={t('project.boxes.volume')}>{Number(box.volume)}</Descriptions.Item>
            <Descriptions.Item label={t('project.boxes.sscc')}>
              <span data-testid="box-sscc">{box.sscc ?? '-'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('project.boxes.remark')}>{box.remark ?? '-'}</Descriptions.Item>
            {box.reason && (
              <Descriptions.Item label={t('project.boxes.reason')} span={2}>
                <Typography.Text type="danger">{box.reason}</Typography.Text>
              </Descriptions.Item>
            )}
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('project.boxes.contents')}
          </Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={box.contents}
            columns={[
              { title: '#', dataIndex: 'lineNo', width: 50 },
              { title: t('project.boxes.material'), dataIndex: 'name' },
              { title: 'HS', dataIndex: 'hsCode', width: 100 },
              {
                title: t('project.boxes.quantity'),
                width: 110,
                render: (_, c) => `${Number(c.quantity)} ${c.unit}`,
              },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('project.boxes.timeline')}
          </Typography.Title>
          <Timeline
            items={(timeline.data?.content ?? []).map((e) => ({
              key: e.id,
              children: (
                <div>
                  <div>
                    {t(`project.boxes.action_${e.action}`, { defaultValue: e.action })} · {e.byName}
                    {e.byTenantName ? `（${e.byTenantName}）` : ''}
                  </div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatTime(new Date(e.time))}
                    {e.note ? ` · ${e.note}` : ''}
                  </Typography.Text>
                </div>
              ),
            }))}
          />
        </>
      )}
    </Drawer>
  );
}
