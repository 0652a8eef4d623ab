// A form input whose label and rules both follow from one field of a contract body, so a form states each
// input once: its name, its catalogue label, its control.
import type { Lang } from '@tradelane/contract';
import { Form, type FormItemProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldRules, type Shape } from './schema-rules.ts';

type Props<S extends Shape> = Omit<FormItemProps, 'name' | 'label'> & {
  /** The contract body's fields. */
  shape: S;
  name: keyof S & string;
  /** The label's catalogue key; the rules' messages name the field by it too. */
  labelKey: string;
};

/** `Form.Item` labelled by `labelKey`, with the contract field's rules first and any given after them. */
export function ContractField<S extends Shape>({
  shape,
  name,
  labelKey,
  rules = [],
  children,
  ...item
}: Props<S>) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const label = t(labelKey);
  return (
    <Form.Item
      {...item}
      name={name}
      label={label}
      rules={[...fieldRules(shape[name] as z.ZodType, label, lang), ...rules]}
    >
      {children}
    </Form.Item>
  );
}
