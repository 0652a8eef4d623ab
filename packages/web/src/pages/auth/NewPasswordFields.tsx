import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordRules } from './password-rules.ts';

/**
 * A new password and its confirmation, as every form that sets a password asks them: the spec's
 * strength rule on the first, the same value on the second.
 */
export function NewPasswordFields({
  name,
  label,
  confirmLabel,
}: {
  name: string;
  label: string;
  confirmLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name={name} label={label} rules={passwordRules(t)}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={confirmLabel}
        dependencies={[name]}
        rules={[
          { required: true, message: t('validate.passwordRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue(name)
                ? Promise.resolve()
                : Promise.reject(new Error(t('validate.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
