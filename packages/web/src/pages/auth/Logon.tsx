import { SafetyOutlined } from '@ant-design/icons';
import { isEmail, isMobile, trimStrings } from '@tradelane/contract';
import { App, Button, Form, Input, Segmented } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/endpoints.ts';
import { useAppConfig } from '../../shell/use-config.ts';
import { AuthFrame } from './AuthFrame.tsx';
import { CaptchaImage, useCaptcha } from './Captcha.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';

interface ResetForm {
  account: string;
  /** The captcha's answer: a reset code is sent only past the same captcha as login. */
  captcha?: string;
  code: string;
  password: string;
  confirm: string;
}

/** Password reset by a code sent to the mobile number or email. */
export default function Logon() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetForm>();
  const [by, setBy] = useState<'phone' | 'email'>('phone');
  const [countdown, setCountdown] = useState(0);
  const [loading, setLoading] = useState(false);
  const config = useAppConfig();
  const captcha = useCaptcha();
  const showCaptcha = config?.captcha !== false;

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const accountRule = {
    validator: (_: unknown, value: string | undefined) => {
      const v = (value ?? '').trim();
      if (!v)
        return Promise.reject(
          new Error(t(by === 'phone' ? 'validate.phoneRequired' : 'validate.mailboxRequired')),
        );
      const ok = by === 'phone' ? isMobile(v) : isEmail(v);
      return ok
        ? Promise.resolve()
        : Promise.reject(new Error(t(by === 'phone' ? 'validate.mobileWrong' : 'validate.emailFormat')));
    },
  };

  const sendCode = async () => {
    const fields = await form.validateFields(showCaptcha ? ['account', 'captcha'] : ['account']).then(
      (v) => ({ account: v.account.trim(), captcha: (v.captcha ?? '').trim() }),
      () => null,
    );
    if (!fields) return;
    try {
      const target = by === 'phone' ? { phone: fields.account } : { email: fields.account };
      await api.resetSendCode({ ...target, code: fields.captcha, uuid: captcha.uuid });
      void message.success(t('logon.codeSent'));
      setCountdown(60);
    } catch {
      /* shown by the request client */
    } finally {
      // A captcha is single use, answered or not.
      form.setFieldValue('captcha', '');
      captcha.refresh();
    }
  };

  const onFinish = async (values: ResetForm) => {
    const v = trimStrings(values);
    setLoading(true);
    try {
      await api.resetPass({ [by]: v.account, code: v.code, password: v.password });
      void message.success(t('logon.success'));
      void navigate('/login');
    } catch {
      setLoading(false);
    }
  };

  return (
    <AuthFrame title={t('logon.title')}>
      <Segmented
        block
        value={by}
        onChange={(v) => setBy(v as 'phone' | 'email')}
        options={[
          { value: 'phone', label: t('logon.byPhone') },
          { value: 'email', label: t('logon.byEmail') },
        ]}
        style={{ marginBottom: 16 }}
      />
      <Form<ResetForm> form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item
          name="account"
          label={t(by === 'phone' ? 'login.phone' : 'register.email')}
          required
          rules={[accountRule]}
        >
          <Input />
        </Form.Item>
        {showCaptcha && (
          <Form.Item label={t('logon.captcha')} required>
            <div className="captcha-row">
              <Form.Item
                name="captcha"
                noStyle
                rules={[{ required: true, message: t('validate.codeRequired') }]}
              >
                <Input prefix={<SafetyOutlined />} autoComplete="off" />
              </Form.Item>
              <CaptchaImage img={captcha.img} onRefresh={captcha.refresh} />
            </div>
          </Form.Item>
        )}
        <Form.Item label={t('login.code')} required>
          <div className="captcha-row">
            <Form.Item name="code" noStyle rules={[{ required: true, message: t('validate.codeRequired') }]}>
              <Input autoComplete="one-time-code" />
            </Form.Item>
            <Button onClick={sendCode} disabled={countdown > 0}>
              {countdown > 0 ? t('logon.resend', { s: countdown }) : t('logon.sendCode')}
            </Button>
          </div>
        </Form.Item>
        <NewPasswordFields
          name="password"
          label={t('logon.newPassword')}
          confirmLabel={t('register.confirmPassword')}
        />
        <Button type="primary" htmlType="submit" block size="large" loading={loading}>
          {t('logon.submit')}
        </Button>
      </Form>
      <div className="auth-links auth-links-center">
        <Link to="/login">{t('logon.toLogin')}</Link>
      </div>
    </AuthFrame>
  );
}
