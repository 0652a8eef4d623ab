// "What is waiting for whom": the workbench's pending actions, one line per party.
import { ClockCircleOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import type { DeclContext } from '../../../components/resource/types.ts';
import type { BatchPartnerRow, WaitingItem } from '../project-api.ts';

export function WaitingList(props: {
  waiting: WaitingItem[];
  partners: BatchPartnerRow[];
  ctx: DeclContext;
  shipperName?: string;
  compact?: boolean;
}) {
  const { t } = props.ctx;
  if (!props.waiting.length)
    return <Typography.Text type="secondary">{t('project.wb.nothingWaiting')}</Typography.Text>;
  const nameOf = (w: WaitingItem) =>
    w.party === 'shipper'
      ? (props.shipperName ?? t('project.party.shipper'))
      : (props.partners.find((p) => p.partnerTenantId === w.tenantId)?.partnerName ??
        t(`project.party.${w.party}`));
  return (
    <Space direction="vertical" size={props.compact ? 0 : 4}>
      {props.waiting.map((w) => (
        <Typography.Text key={`${w.tenantId}-${w.action}-${w.listId ?? ''}`} className="pw-waiting">
          <ClockCircleOutlined /> {nameOf(w)}: {t(`project.action.${w.action}`, { defaultValue: w.action })}
        </Typography.Text>
      ))}
    </Space>
  );
}
