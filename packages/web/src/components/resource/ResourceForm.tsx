// The create / edit drawer (or modal) of a declaration: validation from the declared fields.
import { Button, Col, Drawer, Form, Row as GridRow, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { validValues } from '../../utils/form.ts';
import { FieldControl } from './FieldControl.tsx';
import type { DeclContext, FieldDecl, ResourceDecl, Row } from './types.ts';

export interface FormState<T> {
  open: boolean;
  row?: T;
}

interface Props<T extends Row, V> {
  decl: ResourceDecl<T, V>;
  ctx: DeclContext;
  state: FormState<T>;
  titleKey: string;
  onClose: () => void;
  onSubmit: (values: V, row: T | undefined) => Promise<unknown>;
}

function rulesOf<V>(f: FieldDecl<V>, ctx: DeclContext) {
  const rules = f.rules?.(ctx.t) ?? [];
  return f.required
    ? [{ required: true, message: ctx.t('admin.common.required', { field: ctx.t(f.labelKey) }) }, ...rules]
    : rules;
}

export function initialValues<T extends Row, V>(decl: ResourceDecl<T, V>, row: T | undefined): Partial<V> {
  if (row) return decl.form?.toValues ? decl.form.toValues(row) : (row as unknown as Partial<V>);
  const out: Record<string, unknown> = {};
  for (const f of decl.form?.fields ?? []) if (f.initial !== undefined) out[f.name] = f.initial;
  return out as Partial<V>;
}

export function ResourceForm<T extends Row, V>({
  decl,
  ctx,
  state,
  titleKey,
  onClose,
  onSubmit,
}: Props<T, V>) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const values = Form.useWatch([], form) as Partial<V> | undefined;
  const editing = Boolean(state.row);

  useEffect(() => {
    if (!state.open) return;
    form.resetFields();
    form.setFieldsValue(initialValues(decl, state.row));
  }, [state.open, state.row, decl, form]);

  const submit = async () => {
    const v = await validValues<V>(form);
    if (!v) return;
    setSaving(true);
    try {
      await onSubmit(v, state.row);
      onClose();
    } catch {
      /* the request client already showed the error */
    } finally {
      setSaving(false);
    }
  };

  const fields = (decl.form?.fields ?? []).filter(
    (f) => !(f.createOnly && editing) && (!f.when || f.when(values ?? initialValues(decl, state.row))),
  );
  const body = (
    <Form form={form} layout="vertical" requiredMark preserve={false} onFinish={() => void submit()}>
      <GridRow gutter={16}>
        {fields.map((f) => (
          <Col key={f.name} span={f.half ? 12 : 24}>
            <Form.Item
              name={f.name}
              label={ctx.t(f.labelKey)}
              rules={rulesOf(f, ctx)}
              valuePropName={f.type === 'switch' ? 'checked' : 'value'}
              extra={
                editing && f.editExtraKey ? ctx.t(f.editExtraKey) : f.extraKey ? ctx.t(f.extraKey) : undefined
              }
            >
              <FieldControl field={f} ctx={ctx} />
            </Form.Item>
          </Col>
        ))}
      </GridRow>
      <button type="submit" hidden aria-hidden />
    </Form>
  );
  const title = ctx.t(editing ? 'admin.common.editTitle' : 'admin.common.addTitle', {
    what: ctx.t(titleKey),
  });
  const footer = (
    <Space>
      <Button onClick={onClose}>{ctx.t('common.cancel')}</Button>
      <Button type="primary" loading={saving} onClick={() => void submit()}>
        {ctx.t('common.confirm')}
      </Button>
    </Space>
  );
  if ((decl.form?.mode ?? 'drawer') === 'modal') {
    return (
      <Modal
        open={state.open}
        title={title}
        onCancel={onClose}
        footer={footer}
        width={decl.form?.width ?? 560}
        destroyOnHidden
      >
        {body}
      </Modal>
    );
  }
  return (
    <Drawer
      open={state.open}
      title={title}
      onClose={onClose}
      size={decl.form?.width ?? 520}
      extra={footer}
      destroyOnHidden
    >
      {body}
    </Drawer>
  );
}
