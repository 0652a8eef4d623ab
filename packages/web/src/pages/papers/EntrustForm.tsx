// One shipping instruction in a dialog: where it was pre-filled from, why it was returned, the cargo the
// server counts from the handed-over boxes, the provider (when the batch has several) and the declared
// fields (entrust-decl.tsx). Read-only unless its author may still edit it.
import { EntrustStatus } from '@tradelane/contract';
import { deliveryEntrustCreate } from '@tradelane/contract/entrust';
import {
  Alert,
  Col,
  Descriptions,
  Form,
  type FormInstance,
  Modal,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import { fieldRules, requiredText } from '../../components/resource/schema-rules.ts';
import type { DeclContext } from '../../components/resource/types.ts';
import type { EntrustFields, EntrustRow } from './entrust-api.ts';
import { type Cargo, type FieldScope, FORM } from './entrust-decl.tsx';

export type EntrustValues = EntrustFields & { partyTenantId?: number | null };
export interface Editing {
  row: EntrustRow | null;
  cargo: Cargo | null;
}

export function EntrustForm(props: {
  editing: Editing | null;
  form: FormInstance<EntrustValues>;
  readOnly: boolean;
  /** The instruction the new one was pre-filled from. */
  from: string | null;
  providers: { id: number; name: string }[];
  vesselName: string | null;
  setVesselName: (name: string | null) => void;
  ctx: DeclContext;
  onSave: () => unknown;
  onClose: () => void;
}) {
  const { editing, ctx } = props;
  const { t } = ctx;
  const row = editing?.row;
  const scope: FieldScope = {
    row,
    lang: ctx.lang,
    t,
    vesselName: props.vesselName,
    setVesselName: props.setVesselName,
  };
  // The contract lets the provider be left out when the batch has one; with several the shipper picks one.
  const required = [{ required: true, message: requiredText(t('entrust.provider'), ctx.lang) }];
  return (
    <Modal
      open={editing !== null}
      width={960}
      title={row ? `${t('entrust.what')} ${row.entrustNo}` : t('entrust.add')}
      okText={t('entrust.save')}
      okButtonProps={{ style: props.readOnly ? { display: 'none' } : undefined }}
      onOk={() => void props.onSave()}
      onCancel={props.onClose}
      forceRender
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {props.from && <Alert type="info" showIcon message={t('entrust.prefilled', { no: props.from })} />}
        {row?.reason && row.status === EntrustStatus.draft && (
          <Alert type="warning" showIcon message={t('entrust.returnedBecause', { reason: row.reason })} />
        )}
        {editing?.cargo && (
          <Descriptions size="small" bordered column={3}>
            <Descriptions.Item label={t('entrust.packages')}>{editing.cargo.packages}</Descriptions.Item>
            <Descriptions.Item label={t('entrust.grossWeight')}>
              {editing.cargo.grossWeight.toLocaleString()}
            </Descriptions.Item>
            <Descriptions.Item label={t('entrust.volume')}>
              {editing.cargo.volume.toLocaleString()}
            </Descriptions.Item>
          </Descriptions>
        )}
        <Typography.Text type="secondary">{t('entrust.cargoHint')}</Typography.Text>
        <Form form={props.form} layout="vertical" disabled={props.readOnly} requiredMark>
          {!row && props.providers.length > 1 && (
            <Form.Item name="partyTenantId" label={t('entrust.provider')} rules={required}>
              <Select options={props.providers.map((p) => ({ value: p.id, label: p.name }))} />
            </Form.Item>
          )}
          <Row gutter={16}>
            {FORM.map((f) => {
              const label = t(`entrust.${f.label ?? f.name}`);
              return (
                <Col key={f.name} xs={f.xs ?? 24} md={f.md}>
                  <Form.Item
                    name={f.name}
                    label={label}
                    rules={
                      f.checked === false
                        ? undefined
                        : fieldRules(deliveryEntrustCreate.shape[f.name], label, ctx.lang)
                    }
                  >
                    {f.control(scope)}
                  </Form.Item>
                </Col>
              );
            })}
          </Row>
        </Form>
      </Space>
    </Modal>
  );
}
