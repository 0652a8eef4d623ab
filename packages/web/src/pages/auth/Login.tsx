import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { isMobile, trimStrings } from '@tradelane/contract';
import { Button, Checkbox, Form, type FormInstance, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/endpoints.ts';
import { ApiError } from '../../api/request.ts';
import type { LoginAnswer } from '../../api/types.ts';
import { LOGOUT_REASON_KEY, REMEMBER_ME_DAYS } from '../../config.ts';
import { safeRedirect } from '../../router/guard.ts';
import { useAppConfig } from '../../shell/use-config.ts';
import { useSession } from '../../stores/session.ts';
import { getCookie, removeCookie, setCookie } from '../../utils/cookie.ts';
import { AuthFrame } from './AuthFrame.tsx';
import { CaptchaImage, useCaptcha } from './Captcha.tsx';

const USERNAME_COOKIE = 'username';

interface AccountForm {
  username: string;
  password: string;
  code: string;
  rememberMe: boolean;
}
interface MobileForm {
  phone: string;
  password: string;
  code: string;
  rememberMe: boolean;
}

/** Why the last session ended; kept until the next login so a re-mount still shows it. */
function logoutReason(): string | null {
  return sessionStorage.getItem(LOGOUT_REASON_KEY);
}

export default function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const config = useAppConfig();
  const captcha = useCaptcha();
  const [reason] = useState(logoutReason);
  const [loading, setLoading] = useState(false);
  const [tab, setTab] = useState<'account' | 'mobile'>('account');
  const [accountForm] = Form.useForm<AccountForm>();
  const [mobileForm] = Form.useForm<MobileForm>();
  // Captchas may be off, but an account guessed at from many addresses asks for one all the same.
  const [captchaDemanded, setCaptchaDemanded] = useState(false);
  const showCaptcha = config?.captcha !== false || captchaDemanded;
  const onRefused = (err: unknown) => {
    if (err instanceof ApiError && err.code === 'auth.captcha_required') setCaptchaDemanded(true);
  };

  const finish = (answer: LoginAnswer, rememberMe: boolean, username?: string) => {
    if (rememberMe && username) setCookie(USERNAME_COOKIE, username, REMEMBER_ME_DAYS);
    else removeCookie(USERNAME_COOKIE);
    sessionStorage.removeItem(LOGOUT_REASON_KEY);
    const redirect = safeRedirect(params.get('redirect'));
    useSession.getState().login(answer, rememberMe, redirect);
    void navigate(redirect ?? '/', { replace: true });
  };

  /** One login attempt: signed in, or refused with the captcha renewed and its field cleared. */
  const attempt = async (
    form: FormInstance<AccountForm> | FormInstance<MobileForm>,
    send: () => Promise<LoginAnswer>,
    rememberMe: boolean,
    username?: string,
  ) => {
    setLoading(true);
    try {
      finish(await send(), rememberMe, username);
    } catch (err) {
      onRefused(err);
      form.setFieldValue('code', '');
      captcha.refresh();
      setLoading(false);
    }
  };

  const onAccount = (values: AccountForm) => {
    const v = trimStrings(values);
    const rememberMe = Boolean(v.rememberMe);
    return attempt(
      accountForm,
      () =>
        api.login({
          username: v.username,
          password: v.password,
          code: v.code ?? '',
          uuid: captcha.uuid,
          rememberMe,
        }),
      rememberMe,
      v.username,
    );
  };

  const onMobile = (values: MobileForm) => {
    const v = trimStrings(values);
    const rememberMe = Boolean(v.rememberMe);
    return attempt(
      mobileForm,
      () =>
        api.loginByMobile({
          phone: v.phone,
          password: v.password,
          code: v.code ?? '',
          uuid: captcha.uuid,
          rememberMe,
        }),
      rememberMe,
    );
  };

  // Both login paths ask for the captcha (and share one count of failures per account on the server).
  const captchaRow = showCaptcha && (
    <Form.Item>
      <div className="captcha-row">
        <Form.Item name="code" noStyle rules={[{ required: true, message: t('validate.codeRequired') }]}>
          <Input prefix={<SafetyOutlined />} placeholder={t('login.code')} autoComplete="off" />
        </Form.Item>
        <CaptchaImage img={captcha.img} onRefresh={captcha.refresh} />
      </div>
    </Form.Item>
  );
  const switchTab = (key: 'account' | 'mobile') => {
    // A captcha is single use: the other form gets a fresh one.
    if (key !== tab) captcha.refresh();
    setTab(key);
  };

  const password = (
    <Form.Item name="password" rules={[{ required: true, message: t('validate.passwordRequired') }]}>
      <Input.Password
        prefix={<LockOutlined />}
        placeholder={t('login.password')}
        autoComplete="current-password"
      />
    </Form.Item>
  );
  const submit = (
    <Button type="primary" htmlType="submit" block size="large" loading={loading}>
      {loading ? t('login.submitting') : t('login.submit')}
    </Button>
  );
  const remember = (
    <Form.Item name="rememberMe" valuePropName="checked" noStyle>
      <Checkbox>{t('login.rememberMe')}</Checkbox>
    </Form.Item>
  );
  const links = (
    <div className="auth-links">
      <Link to="/register">{t('login.toRegister')}</Link>
      <Link to="/Information">{t('login.productInfo')}</Link>
    </div>
  );

  return (
    <AuthFrame title={t('login.welcome')}>
      {reason && (
        <div className="login-reason" role="alert" data-testid="logout-reason">
          <strong>{t('login.reasonTitle')}</strong>
          <span>{t(reason)}</span>
        </div>
      )}
      <div className="login-tabs" role="tablist">
        {(['account', 'mobile'] as const).map((key) => (
          <button
            type="button"
            role="tab"
            key={key}
            aria-selected={tab === key}
            className={tab === key ? 'active' : undefined}
            onClick={() => switchTab(key)}
          >
            {t(key === 'account' ? 'login.accountTab' : 'login.mobileTab')}
          </button>
        ))}
      </div>
      {tab === 'account' ? (
        <Form<AccountForm>
          form={accountForm}
          size="large"
          onFinish={onAccount}
          initialValues={{ username: getCookie(USERNAME_COOKIE) ?? '', rememberMe: false }}
        >
          <Form.Item name="username" rules={[{ required: true, message: t('validate.usernameRequired') }]}>
            <Input prefix={<UserOutlined />} placeholder={t('login.username')} autoComplete="username" />
          </Form.Item>
          {password}
          {captchaRow}
          <Form.Item>
            <div className="auth-row">
              {remember}
              <Link to="/logon">{t('login.forgot')}</Link>
            </div>
          </Form.Item>
          {submit}
        </Form>
      ) : (
        <Form<MobileForm>
          form={mobileForm}
          name="mobile"
          size="large"
          onFinish={onMobile}
          initialValues={{ rememberMe: false }}
        >
          <Form.Item
            name="phone"
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
            <Input prefix={<MobileOutlined />} placeholder={t('login.phone')} autoComplete="tel" />
          </Form.Item>
          {password}
          {captchaRow}
          <Form.Item>{remember}</Form.Item>
          {submit}
        </Form>
      )}
      {links}
    </AuthFrame>
  );
}
