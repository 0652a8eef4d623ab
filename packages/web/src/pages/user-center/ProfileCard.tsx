import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatTime } from '@tradelane/contract';
import { App, Avatar, Card, Descriptions, Tag, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import type { UserInfo } from '../../api/types.ts';
import { LOGO_MAX_BYTES } from '../../config.ts';
import { useSession } from '../../stores/session.ts';

const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/bmp', 'image/jpg'];

export function ProfileCard({ user, onChanged }: { user: UserInfo | null; onChanged: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const roles = useSession((s) => s.roles);
  // The server lists role names and permission strings ('user:list') together: show names, count the rest.
  const roleNames = roles.filter((r) => !r.includes(':'));
  const permissions = roles.length - roleNames.length;
  // The company's name in English: what its English invoices, packing lists and labels print.
  const queryClient = useQueryClient();
  const company = useQuery({ queryKey: ['corporateName'], queryFn: () => api.corporateName() });
  const saveEnName = (value: string) => {
    if (!user?.tenantId || value.trim() === (company.data?.corporateEnName ?? '')) return;
    api.setCorporateEnName(user.tenantId, value.trim() || null).then(
      () => {
        void message.success(t('common.operationSuccess'));
        void queryClient.invalidateQueries({ queryKey: ['corporateName'] });
      },
      () => {},
    );
  };

  const beforeUpload = (file: File) => {
    if (!AVATAR_TYPES.includes(file.type) && !/\.(jpe?g|png|bmp)$/i.test(file.name)) {
      void message.error(t('user.avatarType'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > LOGO_MAX_BYTES) {
      void message.error(t('user.avatarSize'));
      return Upload.LIST_IGNORE;
    }
    api.updateAvatar(file).then(
      (res) => {
        useSession.getState().setUser({ avatarPath: res.avatarPath });
        void message.success(t('common.operationSuccess'));
        onChanged();
      },
      () => {},
    );
    return false;
  };

  return (
    <Card variant="borderless" title={t('user.profile')}>
      <div className="profile-avatar">
        <Upload accept=".jpg,.jpeg,.png,.bmp" showUploadList={false} beforeUpload={beforeUpload}>
          <div className="profile-avatar-wrap" title={t('user.avatar')}>
            <Avatar size={96} src={user?.avatarPath || undefined} icon={<UserOutlined />} />
            <span className="profile-avatar-edit">
              <CameraOutlined />
            </span>
          </div>
        </Upload>
        <h3>{user?.nickName || user?.username}</h3>
      </div>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('user.username')}>{user?.username}</Descriptions.Item>
        <Descriptions.Item label={t('user.phone')}>{user?.phone}</Descriptions.Item>
        <Descriptions.Item label={t('user.email')}>{user?.email}</Descriptions.Item>
        <Descriptions.Item label={t('user.company')}>{user?.corporateName}</Descriptions.Item>
        <Descriptions.Item label={t('user.companyEn')}>
          <Typography.Text
            data-testid="company-en-name"
            type={company.data?.corporateEnName ? undefined : 'secondary'}
            editable={{ onChange: saveEnName, maxLength: 200, tooltip: t('user.companyEnHint') }}
          >
            {company.data?.corporateEnName || ''}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('user.dept')}>{user?.dept?.name}</Descriptions.Item>
        <Descriptions.Item label={t('user.roles')}>
          <span className="profile-roles">
            {roleNames.map((r) => (
              <Tag key={r}>{r}</Tag>
            ))}
            {permissions > 0 && <Tag color="blue">{t('user.permissionCount', { count: permissions })}</Tag>}
          </span>
        </Descriptions.Item>
        {user?.createTime && (
          <Descriptions.Item label={t('user.loginTime')}>{formatTime(user.createTime)}</Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
}
