// A small form in a modal for one row action (reject with a reason, extend by N days, add a user…).
import { App, Col, Form, Row as GridRow, Modal } from 'antd';
import { useState } from 'react';
import { validValues } from '../../utils/form.ts';
import { FieldControl } from './FieldControl.tsx';
import { labelKeyOf } from './labels.ts';
import type { DeclContext, FieldDecl } from './types.ts';
import { useDeclContext } from './use-dicts.ts';

interface Props<V> {
  open: boolean;
  title: string;
  fields: FieldDecl<V>[];
  onClose: () => void;
  onSubmit: (values: V) => Promise<unknown>;
  width?: number;
  successKey?: string;
  /** The family whose field labels name the fields without their own label. */
  family?: string;
}

export function ActionModal<V>({
  open,
  title,
  fields: declared,
  onClose,
  onSubmit,
  width,
  successKey,
  family,
}: Props<V>) {
  const fields = declared.map((f) => ({ ...f, labelKey: labelKeyOf(family, f.name, f.labelKey) }));
  const ctx: DeclContext = useDeclContext([]);
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const values = await validValues<V>(form);
    if (!values) return;
    setBusy(true);
    try {
      await onSubmit(values);
      void message.success(ctx.t(successKey ?? 'common.operationSuccess'));
      onClose();
    } catch {
      /* shown by the request client */
    } finally {
      setBusy(false);
    }
  };
  const initial = Object.fromEntries(
    fields.filter((f) => f.initial !== undefined).map((f) => [f.name, f.initial]),
  );
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      destroyOnHidden
      width={width ?? 460}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={initial}>
        <GridRow gutter={16}>
          {fields.map((f) => (
            <Col key={f.name} span={f.half ? 12 : 24}>
              <Form.Item
                name={f.name}
                label={ctx.t(f.labelKey)}
                rules={[
                  ...(f.required
                    ? [
                        {
                          required: true,
                          message: ctx.t('admin.common.required', { field: ctx.t(f.labelKey) }),
                        },
                      ]
                    : []),
                  ...(f.rules?.(ctx.t) ?? []),
                ]}
                valuePropName={f.type === 'switch' ? 'checked' : 'value'}
              >
                <FieldControl field={f} ctx={ctx} />
              </Form.Item>
            </Col>
          ))}
        </GridRow>
      </Form>
    </Modal>
  );
}
