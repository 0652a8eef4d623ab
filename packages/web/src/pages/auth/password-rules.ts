import { isPasswordLengthOk, isStrongPassword } from '@tradelane/contract';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** Spec §5: 8-16 with 3 of 4 classes and no Chinese; the labels' 6-16 holds as well. */
export function passwordRules(t: TFunction): Rule[] {
  return [
    { required: true, message: t('validate.passwordRequired') },
    {
      validator: (_, value: string | undefined) =>
        !value || (isStrongPassword(value) && isPasswordLengthOk(value))
          ? Promise.resolve()
          : Promise.reject(new Error(t('validate.passwordStrength'))),
    },
  ];
}
