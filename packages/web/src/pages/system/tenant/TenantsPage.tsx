import { formatTime, userCreate } from '@tradelane/contract';
import { App, Descriptions, Drawer, Empty, Image, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '../../../components/resource/ActionModal.tsx';
import { ResourcePage, useRefresh } from '../../../components/resource/ResourcePage.tsx';
import { adminApi, type TenantRow } from '../admin-api.ts';
import { tenantResource } from './tenant-resource.tsx';

type Dialog = { kind: 'view' | 'uncheck' | 'authorize' | 'addUser'; row: TenantRow } | null;

const isImage = (url: string) =>
  /\.(png|jpe?g|gif|bmp|svg|webp)(\?|$)/i.test(url) || !/\.pdf(\?|$)/i.test(url);

/** The licence and letter: /files/… urls load as <img> because the server also reads the token cookie. */
function Documents({ row, onClose }: { row: TenantRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const doc = (label: string, url: string | null) => (
    <div style={{ marginBottom: 16 }}>
      <Typography.Title level={5}>{label}</Typography.Title>
      {url ? (
        isImage(url) ? (
          <Image src={url} alt={label} style={{ maxWidth: '100%', maxHeight: 360, objectFit: 'contain' }} />
        ) : (
          <a href={url} target="_blank" rel="noreferrer">
            {label}
          </a>
        )
      ) : (
        <Typography.Text type="secondary">{t('admin.common.none')}</Typography.Text>
      )}
    </div>
  );
  return (
    <Drawer open={Boolean(row)} onClose={onClose} title={t('admin.tenant.documents')} size={560}>
      {row && (
        <>
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('admin.tenant.corporateName')}>{row.corporateName}</Descriptions.Item>
            <Descriptions.Item label={t('admin.tenant.corporateCode')}>
              {row.corporateCode ?? '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.tenant.submitTime')}>
              {formatTime(row.submitTime) || '-'}
            </Descriptions.Item>
          </Descriptions>
          {!row.businessLicence && !row.authorizationLetter ? (
            <Empty description={t('admin.tenant.noDocuments')} />
          ) : (
            <Space orientation="vertical" style={{ width: '100%' }}>
              {doc(t('admin.tenant.licence'), row.businessLicence)}
              {doc(t('admin.tenant.letter'), row.authorizationLetter)}
            </Space>
          )}
        </>
      )}
    </Drawer>
  );
}

export default function TenantsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refresh = useRefresh('tenantUser');
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const decl = useMemo(() => {
    const done = async () => {
      void message.success(t('common.operationSuccess'));
      await refresh();
    };
    return tenantResource({
      view: (row) => setDialog({ kind: 'view', row }),
      check: async (row) => {
        await adminApi.checkTenant(row.id);
        await done();
      },
      uncheck: (row) => setDialog({ kind: 'uncheck', row }),
      authorize: (row) => setDialog({ kind: 'authorize', row }),
      stop: async (row) => {
        await adminApi.stopTenant(row.id);
        await done();
      },
      activate: async (row) => {
        await adminApi.activateTenant(row.id);
        await done();
      },
      addUser: (row) => setDialog({ kind: 'addUser', row }),
    });
  }, [message, t, refresh]);
  const row = dialog?.row;
  const name = row?.corporateName ?? '';
  return (
    <>
      <ResourcePage decl={decl} titleKey="admin.tenant.what" />
      <Documents row={dialog?.kind === 'view' ? dialog.row : null} onClose={close} />
      <ActionModal<{ reason: string }>
        open={dialog?.kind === 'uncheck'}
        title={t('admin.tenant.uncheckTitle', { name })}
        fields={[
          { name: 'reason', labelKey: 'admin.tenant.reason', type: 'textarea', required: true, max: 500 },
        ]}
        onClose={close}
        onSubmit={async (v) => {
          await adminApi.uncheckTenant(row?.id ?? 0, v.reason.trim());
          await refresh();
        }}
      />
      <ActionModal<{ days: number }>
        open={dialog?.kind === 'authorize'}
        title={t('admin.tenant.authorizeTitle', { name })}
        fields={[
          {
            name: 'days',
            labelKey: 'admin.tenant.authDays',
            type: 'number',
            required: true,
            min: 1,
            max: 365,
            initial: 15,
          },
        ]}
        onClose={close}
        onSubmit={async (v) => {
          await adminApi.authorizeTenant(row?.id ?? 0, v.days);
          await refresh();
        }}
      />
      <ActionModal<{ username: string; password: string; nickName?: string; phone?: string; email?: string }>
        open={dialog?.kind === 'addUser'}
        title={t('admin.tenant.addUserTitle', { name })}
        width={560}
        family="users"
        // The contract's user body checks the name's length, the password's strength, the phone and e-mail.
        schema={userCreate}
        fields={[
          { name: 'username', required: true, half: true },
          { name: 'nickName', half: true },
          { name: 'password', type: 'password', required: true },
          { name: 'phone', half: true },
          { name: 'email', half: true },
        ]}
        onClose={close}
        onSubmit={(v) => adminApi.addTenantUser({ ...v, tenantId: row?.id ?? 0 })}
      />
    </>
  );
}
