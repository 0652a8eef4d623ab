// A small form in a modal for one row action (reject with a reason, extend by N days, add a user…).
import { Col, Form, Row as GridRow, Modal } from 'antd';
import { useSubmit } from '../../api/use-submit.ts';
import { validValues } from '../../utils/form.ts';
import { FieldControl } from './FieldControl.tsx';
import { labelKeyOf } from './labels.ts';
import { rulesOf, withLimit } from './ResourceForm.tsx';
import type { Shape } from './schema-rules.ts';
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
  /** The contract's body: the fields are checked by it (required, limits, formats) as in a resource form. */
  schema?: { shape: Shape };
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
  schema,
}: Props<V>) {
  const fields = declared.map((f) => ({ ...f, labelKey: labelKeyOf(family, f.name, f.labelKey) }));
  const ctx: DeclContext = useDeclContext([]);
  const [form] = Form.useForm();
  // One submit path: once at a time, the toast, then the dialog closes (the caller refreshes its list).
  const { run, busy } = useSubmit(onSubmit, { success: successKey, onDone: onClose });
  const submit = async () => {
    const values = await validValues<V>(form);
    if (values) await run(values);
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
                rules={rulesOf(f, ctx, schema?.shape)}
                valuePropName={f.type === 'switch' ? 'checked' : 'value'}
              >
                <FieldControl field={withLimit(f, schema?.shape)} ctx={ctx} />
              </Form.Item>
            </Col>
          ))}
        </GridRow>
      </Form>
    </Modal>
  );
}
