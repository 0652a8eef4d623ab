import { userCreate } from '@tradelane/contract';
import { App, Form, Input, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../api/use-submit.ts';
import { ResourcePage, useRefresh } from '../../../components/resource/ResourcePage.tsx';
import { fieldRules } from '../../../components/resource/schema-rules.ts';
import { useSession } from '../../../stores/session.ts';
import { adminApi, type UserRow } from '../admin-api.ts';
import { deptTreeOptions, useDepts, useRoles, useTenants } from '../lookups.ts';
import { userResource } from './user-resource.ts';

function ResetPasswordModal({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const [form] = Form.useForm<{ password: string }>();
  const { run: reset, busy } = useSubmit(
    async (id: number) => adminApi.resetPassword([id], (await form.validateFields()).password),
    { success: 'admin.user.resetDone', onDone: onClose },
  );
  const submit = async () => {
    if (user) await reset(user.id);
  };
  return (
    <Modal
      open={Boolean(user)}
      title={t('admin.user.resetPwdTitle', { name: user?.username ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      destroyOnHidden
      width={420}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="password"
          label={t('admin.user.newPassword')}
          rules={fieldRules(userCreate.shape.password, t('admin.user.newPassword'), lang)}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function UsersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isAdmin = useSession((s) => s.roles.includes('admin'));
  const depts = useDepts();
  const tenants = useTenants();
  const roles = useRoles();
  const refresh = useRefresh('users');
  const [resetting, setResetting] = useState<UserRow | null>(null);

  const decl = useMemo(() => {
    const deptNames = new Map(depts.map((x) => [x.id, x.name]));
    return userResource({
      isAdmin,
      deptTree: deptTreeOptions(depts, tenants),
      deptName: (id) => (id === null ? '-' : (deptNames.get(id) ?? String(id))),
      tenants,
      roles,
      onToggle: async (row) => {
        await (row.enabled ? adminApi.disableUsers([row.id]) : adminApi.enableUsers([row.id]));
        void message.success(t(row.enabled ? 'admin.user.disabledDone' : 'admin.user.enabledDone'));
        await refresh();
      },
      onResetPassword: setResetting,
    });
  }, [isAdmin, depts, tenants, roles, message, t, refresh]);

  return (
    <>
      <ResourcePage decl={decl} titleKey="admin.user.what" />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </>
  );
}
