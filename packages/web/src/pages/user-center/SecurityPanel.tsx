import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { trimStrings, zEmail } from '@tradelane/contract';
import { Button, Form, Input, List, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { handleUnauthorized } from '../../api/request.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { fieldRules } from '../../components/resource/schema-rules.ts';
import { useSession } from '../../stores/session.ts';
import { validValues } from '../../utils/form.ts';
import { NewPasswordFields } from '../auth/NewPasswordFields.tsx';

interface PassForm {
  oldPass: string;
  newPass: string;
  confirm: string;
}
interface EmailForm {
  email: string;
  password: string;
}

export function SecurityPanel({ onChanged }: { onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const [which, setWhich] = useState<'pass' | 'email' | null>(null);
  const [passForm] = Form.useForm<PassForm>();
  const [emailForm] = Form.useForm<EmailForm>();
  const email = useSession((s) => s.user?.email);

  const { run, busy: loading } = useSubmit((work: () => Promise<unknown>) => work(), {
    onDone: () => {
      setWhich(null);
      onChanged();
    },
  });

  const savePass = async () => {
    const v = await validValues<{ oldPass: string; newPass: string }>(passForm);
    if (!v) return;
    await run(async () => {
      await api.updatePass({ oldPass: v.oldPass, newPass: v.newPass });
      // The server ended every session of the account, this one too: log in again with the new password.
      handleUnauthorized('request.passwordChanged');
    });
  };
  const saveEmail = async () => {
    const raw = await validValues<{ password: string; email: string }>(emailForm);
    if (!raw) return;
    const v = trimStrings(raw);
    await run(async () => {
      await api.updateEmail({ password: v.password, email: v.email });
      useSession.getState().setUser({ email: v.email });
    });
  };

  return (
    <>
      <List>
        <List.Item
          actions={[
            <Button key="p" onClick={() => setWhich('pass')}>
              {t('user.changePassword')}
            </Button>,
          ]}
        >
          <List.Item.Meta avatar={<LockOutlined />} title={t('user.changePassword')} />
        </List.Item>
        <List.Item
          actions={[
            <Button key="e" onClick={() => setWhich('email')}>
              {t('user.changeEmail')}
            </Button>,
          ]}
        >
          <List.Item.Meta avatar={<MailOutlined />} title={t('user.changeEmail')} description={email} />
        </List.Item>
      </List>
      <Modal
        title={t('user.changePassword')}
        open={which === 'pass'}
        onOk={savePass}
        onCancel={() => setWhich(null)}
        confirmLoading={loading}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        <Form<PassForm> form={passForm} layout="vertical" preserve={false}>
          <Form.Item
            name="oldPass"
            label={t('user.oldPassword')}
            rules={[{ required: true, message: t('validate.passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <NewPasswordFields
            name="newPass"
            label={t('user.newPassword')}
            confirmLabel={t('user.confirmPassword')}
          />
        </Form>
      </Modal>
      <Modal
        title={t('user.changeEmail')}
        open={which === 'email'}
        onOk={saveEmail}
        onCancel={() => setWhich(null)}
        confirmLoading={loading}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        <Form<EmailForm> form={emailForm} layout="vertical" preserve={false}>
          <Form.Item
            name="email"
            label={t('user.newEmail')}
            rules={fieldRules(zEmail, t('user.newEmail'), lang)}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('user.currentPassword')}
            rules={[{ required: true, message: t('validate.passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
