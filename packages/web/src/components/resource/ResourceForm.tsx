// The create / edit drawer (or modal) of a declaration: validation from the declared fields.
import { dateRangeOk, translate } from '@tradelane/contract';
import { Button, Col, Drawer, Form, type FormRule, Row as GridRow, Modal, Space } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/request.ts';
import { validValues } from '../../utils/form.ts';
import { FieldControl } from './FieldControl.tsx';
import { labelKeyOf } from './labels.ts';
import { labelled, maxLengthOf, type Shape, schemaRule } from './schema-rules.ts';
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

/** The declared field with its text limit from the contract when it declares none. */
export function withLimit<V>(f: FieldDecl<V>, shape: Shape | undefined): FieldDecl<V> {
  const text = !f.type || f.type === 'text' || f.type === 'textarea';
  return text && f.max === undefined ? { ...f, max: maxLengthOf(shape?.[f.name]) } : f;
}

/** A declared field's rules: its required and own rules, then the contract schema's checks (or its range). */
export function rulesOf<V>(f: FieldDecl<V>, ctx: DeclContext, shape: Shape | undefined): FormRule[] {
  const label = ctx.t(f.labelKey ?? f.name);
  const rules: FormRule[] = [...(f.rules?.(ctx.t) ?? [])];
  if (f.required)
    rules.unshift({ required: true, message: ctx.t('admin.common.required', { field: label }) });
  const schema = shape?.[f.name];
  if (schema) rules.push(schemaRule(schema, label, ctx.lang));
  else if (f.type === 'number' && (f.min !== undefined || f.max !== undefined)) {
    rules.push({
      validator: async (_, v: unknown) => {
        if (typeof v !== 'number') return;
        if (f.min !== undefined && v < f.min)
          throw new Error(
            labelled(label, translate('validation.too_small', ctx.lang, { min: f.min }), ctx.lang),
          );
        if (f.max !== undefined && v > f.max)
          throw new Error(
            labelled(label, translate('validation.too_big', ctx.lang, { max: f.max }), ctx.lang),
          );
      },
    });
  }
  const before = f.notBefore;
  if (before) {
    rules.push(({ getFieldValue }) => ({
      validator: async (_, v: unknown) => {
        if (!dateRangeOk(getFieldValue(before) as string | null, v as string | null))
          throw new Error(labelled(label, translate('validation.end_before_start', ctx.lang), ctx.lang));
      },
    }));
  }
  return rules;
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
  const shape = decl.form?.schema?.shape;

  // Filled in when the form opens (or opens on another row) — not when a hidden tab shows again, when
  // effects re-run: what was typed stays.
  const filledFor = useRef<{ row?: T } | null>(null);
  // Before paint: nothing typed into a just-opened form can be reset by its filling.
  useLayoutEffect(() => {
    if (!state.open) {
      filledFor.current = null;
      return;
    }
    if (filledFor.current && filledFor.current.row === state.row) return;
    filledFor.current = { row: state.row };
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
    } catch (err) {
      // The request client showed the message; the server's field gets it under its own label too.
      if (!(err instanceof ApiError)) return;
      const about = err.body as { field?: string; reason?: string } | undefined;
      const field = fields.find((f) => f.name === about?.field);
      if (!field) return;
      const label = ctx.t(field.labelKey ?? field.name);
      const text = err.code?.startsWith('unique.')
        ? ctx.t('request.fieldTaken', { label })
        : labelled(label, about?.reason ?? err.message, ctx.lang);
      form.setFields([{ name: field.name, errors: [text] }]);
    } finally {
      setSaving(false);
    }
  };

  const fields = (decl.form?.fields ?? [])
    .map((f) => ({ ...f, labelKey: labelKeyOf(decl.name, f.name, f.labelKey) }))
    .filter(
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
              rules={rulesOf(f, ctx, shape)}
              dependencies={f.notBefore ? [f.notBefore] : undefined}
              valuePropName={f.type === 'switch' ? 'checked' : 'value'}
              extra={
                editing && f.editExtraKey ? ctx.t(f.editExtraKey) : f.extraKey ? ctx.t(f.extraKey) : undefined
              }
            >
              <FieldControl field={withLimit(f, shape)} ctx={ctx} />
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
