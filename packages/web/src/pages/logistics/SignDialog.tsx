// Signing for a batch: first what it would leave behind, from the server (checkSign) — boxes not delivered
// (signing is refused, spec §5), boxes delivered but never received on site and abnormal records still
// open — then, when anything is left, the reason the signer goes on anyway.
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, List, Modal, Skeleton, Tag, Typography } from 'antd';
import type { DeclContext } from '../../components/resource/types.ts';
import { logisticsApi } from './logistics-api.ts';

export function SignDialog(props: {
  batchId: number;
  ctx: DeclContext;
  onClose: () => void;
  /** Signs with the reason given (none when nothing is left behind); resolves whether it went through. */
  onSign: (reason?: string) => Promise<boolean>;
}) {
  const { t } = props.ctx;
  const [form] = Form.useForm<{ reason: string }>();
  const q = useQuery({
    queryKey: ['resource', 'boxPiece', 'signCheck', props.batchId],
    queryFn: () => logisticsApi.signCheck(props.batchId),
    gcTime: 0,
  });
  const check = q.data;
  const blocked = Boolean(check?.notDelivered);
  return (
    <Modal
      open
      title={t('logistics.sign.title')}
      okText={t('logistics.boxes.sign')}
      okButtonProps={{ disabled: !check || blocked, danger: check?.needsReason }}
      onCancel={props.onClose}
      onOk={async () => {
        const v = check?.needsReason ? await form.validateFields().catch(() => null) : { reason: '' };
        if (!v) return;
        if (await props.onSign(v.reason?.trim() || undefined)) props.onClose();
      }}
      destroyOnHidden
      width={560}
    >
      <div data-testid="sign-dialog">
        {!check ? (
          <Skeleton active />
        ) : blocked ? (
          <Alert
            type="error"
            showIcon
            message={t('logistics.sign.notDelivered', { count: check.notDelivered })}
          />
        ) : !check.needsReason ? (
          <Typography.Paragraph>{t('logistics.boxes.signConfirm')}</Typography.Paragraph>
        ) : (
          <>
            <Alert
              type="warning"
              showIcon
              message={t('logistics.sign.leftBehind')}
              style={{ marginBottom: 12 }}
            />
            {check.notReceived.length > 0 && (
              <div data-testid="sign-not-received" className="sign-section">
                <Typography.Text strong>
                  {t('logistics.sign.notReceived', { count: check.notReceived.length })}
                </Typography.Text>
                <div className="sign-tags">
                  {check.notReceived.map((b) => (
                    <Tag key={b.id}>{b.boxNumber}</Tag>
                  ))}
                </div>
              </div>
            )}
            {check.openAbnormal.length > 0 && (
              <div data-testid="sign-open-abnormal" className="sign-section">
                <Typography.Text strong>
                  {t('logistics.sign.openAbnormal', { count: check.openAbnormal.length })}
                </Typography.Text>
                <List
                  size="small"
                  dataSource={check.openAbnormal}
                  renderItem={(a) => (
                    <List.Item>
                      <Tag color="red">{props.ctx.dictLabel('abnormal_type', a.abnormalType)}</Tag>
                      <span className="pw-num">{a.boxNumber}</span>
                      {a.note && <Typography.Text type="secondary"> · {a.note}</Typography.Text>}
                    </List.Item>
                  )}
                />
              </div>
            )}
            <Form form={form} layout="vertical" preserve={false}>
              <Form.Item
                name="reason"
                label={t('logistics.sign.reason')}
                rules={[{ required: true, whitespace: true, message: t('logistics.sign.reasonRequired') }]}
              >
                <Input.TextArea
                  rows={3}
                  maxLength={500}
                  showCount
                  placeholder={t('logistics.sign.reasonHint')}
                />
              </Form.Item>
            </Form>
          </>
        )}
      </div>
    </Modal>
  );
}
