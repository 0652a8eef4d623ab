// The declared filters as one inline search form; values are held by the page while its tab lives.
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { labelKeyOf } from './labels.ts';
import { coerceValue } from './query.ts';
import type { DeclContext, FilterDecl } from './types.ts';

interface Props {
  /** The family whose field labels name the filters. */
  family?: string;
  filters: FilterDecl[];
  ctx: DeclContext;
  values: Record<string, unknown>;
  onSearch: (values: Record<string, unknown>) => void;
}

function control(f: FilterDecl, ctx: DeclContext, onEnter: () => void, family?: string) {
  const placeholder = ctx.t(labelKeyOf(family, f.name, f.labelKey));
  const width = f.width ?? 180;
  switch (f.type) {
    case 'dateRange':
      return (
        <DatePicker.RangePicker
          style={{ width: f.width ?? 240 }}
          placeholder={[ctx.t('admin.common.from'), ctx.t('admin.common.to')]}
        />
      );
    case 'bool':
      return (
        <Select
          allowClear
          style={{ width }}
          placeholder={placeholder}
          options={[
            { value: true, label: ctx.t('admin.common.enabled') },
            { value: false, label: ctx.t('admin.common.disabled') },
          ]}
        />
      );
    case 'select':
    case 'dict': {
      const raw = f.options ? f.options(ctx) : f.dict ? ctx.dict(f.dict) : [];
      const options = raw.map((o) => ({
        value: (f.valueType ? coerceValue(o.value, f.valueType) : o.value) as string | number,
        label: o.label,
      }));
      return (
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width }}
          placeholder={placeholder}
          options={options}
        />
      );
    }
    default:
      return <Input allowClear style={{ width }} placeholder={placeholder} onPressEnter={onEnter} />;
  }
}

export function SearchBar({ family, filters, ctx, values, onSearch }: Props) {
  const [form] = Form.useForm();
  useEffect(() => {
    form.setFieldsValue(values);
  }, [form, values]);
  if (!filters.length) return null;
  const search = () => onSearch(form.getFieldsValue() as Record<string, unknown>);
  return (
    <Form form={form} layout="inline" className="rp-search" onFinish={search}>
      {filters.map((f) => (
        <Form.Item key={f.name} name={f.name}>
          {control(f, ctx, search, family)}
        </Form.Item>
      ))}
      <Form.Item>
        <Button type="primary" icon={<SearchOutlined />} htmlType="submit">
          {ctx.t('admin.common.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            form.resetFields();
            onSearch({});
          }}
        >
          {ctx.t('admin.common.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
