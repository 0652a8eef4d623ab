// One declared form field → its antd control.
import { Input, InputNumber, Radio, Select, Switch, TreeSelect } from 'antd';
import type { ReactNode } from 'react';
import { coerceValue } from './query.ts';
import type { DeclContext, FieldDecl, Option } from './types.ts';

export function fieldOptions<V>(field: FieldDecl<V>, ctx: DeclContext): Option[] {
  const raw = field.options ? field.options(ctx) : field.dict ? ctx.dict(field.dict) : [];
  return field.valueType ? raw.map((o) => ({ ...o, value: coerceValue(o.value, field.valueType) })) : raw;
}

/** Antd passes value/onChange through Form.Item to the returned control. */
/** Form.Item injects value/onChange (and id) into its child: they are passed on to the control. */
export function FieldControl<V>({
  field,
  ctx,
  ...rest
}: {
  field: FieldDecl<V>;
  ctx: DeclContext;
  [prop: string]: unknown;
}): ReactNode {
  const placeholder = ctx.t(field.labelKey ?? field.name);
  switch (field.type ?? 'text') {
    case 'textarea':
      return <Input.TextArea {...rest} rows={3} maxLength={field.max} showCount={Boolean(field.max)} />;
    case 'password':
      return <Input.Password {...rest} autoComplete="new-password" placeholder={placeholder} />;
    case 'number':
      // No min/max here: InputNumber would silently clamp what was typed (−5 → 0); the rules refuse it.
      return <InputNumber {...rest} style={{ width: '100%' }} />;
    case 'switch':
      return <Switch {...rest} />;
    case 'select':
    case 'multiSelect':
      return (
        <Select
          {...rest}
          mode={field.type === 'multiSelect' ? 'multiple' : undefined}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={fieldOptions(field, ctx).map((o) => ({
            value: o.value as string | number,
            label: o.label,
          }))}
          placeholder={placeholder}
        />
      );
    case 'radio':
      return (
        <Radio.Group
          {...rest}
          optionType="button"
          buttonStyle="solid"
          options={fieldOptions(field, ctx).map((o) => ({ value: o.value, label: o.label }))}
        />
      );
    case 'treeSelect':
      return (
        <TreeSelect
          {...rest}
          allowClear
          treeDefaultExpandAll
          multiple={field.multiple}
          treeCheckable={field.multiple}
          treeData={field.treeData?.(ctx) ?? []}
          placeholder={placeholder}
          showSearch
          treeNodeFilterProp="title"
        />
      );
    case 'custom':
      return field.render?.(ctx, rest) ?? null;
    default:
      return (
        <Input
          allowClear
          {...rest}
          maxLength={field.max}
          showCount={Boolean(field.max)}
          placeholder={placeholder}
        />
      );
  }
}
