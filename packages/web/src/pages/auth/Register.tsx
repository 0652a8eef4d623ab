import { isEmail, isMobile, trimStrings } from '@tradelane/contract';
import { Button, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/endpoints.ts';
import { useAppConfig } from '../../shell/use-config.ts';
import { useSession } from '../../stores/session.ts';
import { AuthFrame } from './AuthFrame.tsx';
import { CaptchaImage, useCaptcha } from './Captcha.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';

interface RegisterForm {
  roleType: 0 | 1 | 2;
  username: string;
  corporateName: string;
  phone: string;
  email: string;
  password: string;
  confirm: string;
  code: string;
}

export default function Register() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const config = useAppConfig();
  const [form] = Form.useForm<RegisterForm>();
  const [loading, setLoading] = useState(false);

  const onFinish = async (values: RegisterForm) => {
    const v = trimStrings(values);
    setLoading(true);
    try {
      const answer = await api.regAndLogin({
        username: v.username,
        phone: v.phone,
        email: v.email,
        password: v.password,
        corporateName: v.corporateName,
        roleType: v.roleType,
        code: v.code ?? '',
        uuid: captcha.uuid,
      });
      useSession.getState().login(answer, false, null);
      void navigate('/', { replace: true });
    } catch {
      form.setFieldValue('code', '');
      captcha.refresh();
      setLoading(false);
    }
  };

  return (
    <AuthFrame title={t('register.title')}>
      <Form<RegisterForm> form={form} layout="vertical" onFinish={onFinish} initialValues={{ roleType: 0 }}>
        <Form.Item name="roleType" label={t('register.roleType')}>
          <Radio.Group optionType="button" buttonStyle="solid">
            <Radio value={0}>{t('register.shipper')}</Radio>
            <Radio value={1}>{t('register.supplier')}</Radio>
            <Radio value={2}>{t('register.logistics')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="corporateName"
          label={t('register.corporateName')}
          rules={[{ required: true, whitespace: true, message: t('validate.corporateNameRequired') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="username"
          label={t('login.username')}
          rules={[{ required: true, whitespace: true, message: t('validate.usernameRequired') }]}
        >
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('login.phone')}
          rules={[
            { required: true, message: t('validate.phoneRequired') },
            {
              validator: (_, value: string | undefined) =>
                isMobile((value ?? '').trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('validate.mobileWrong'))),
            },
          ]}
        >
          <Input autoComplete="tel" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('register.email')}
          rules={[
            { required: true, message: t('validate.mailboxRequired') },
            {
              validator: (_, value: string | undefined) =>
                !value || isEmail(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('validate.emailFormat'))),
            },
          ]}
        >
          <Input autoComplete="email" />
        </Form.Item>
        <NewPasswordFields
          name="password"
          label={t('login.password')}
          confirmLabel={t('register.confirmPassword')}
        />
        {config?.captcha !== false && (
          <Form.Item label={t('login.code')} required>
            <div className="captcha-row">
              <Form.Item
                name="code"
                noStyle
                rules={[{ required: true, message: t('validate.codeRequired') }]}
              >
                <Input autoComplete="off" />
              </Form.Item>
              <CaptchaImage img={captcha.img} onRefresh={captcha.refresh} />
            </div>
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block size="large" loading={loading}>
          {t('register.submit')}
        </Button>
      </Form>
      <div className="auth-links auth-links-center">
        <Link to="/login">{t('register.haveAccount')}</Link>
      </div>
    </AuthFrame>
  );
}
