import {
  BellOutlined,
  ColumnHeightOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MessageOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { App, Avatar, Badge, Button, Dropdown, type MenuProps, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UNREAD_MAX } from '../config.ts';
import { type ElementSize, useApp } from '../stores/app.ts';
import { useDialogs } from '../stores/dialogs.ts';
import { logout } from '../stores/logout.ts';
import { roleTypeOf, useSession } from '../stores/session.ts';
import { AppBreadcrumb } from './AppBreadcrumb.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { TrialBanner } from './TrialBanner.tsx';

export function Navbar() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { sidebarOpened, toggleSidebar, size, setSize } = useApp();
  const user = useSession((s) => s.user);
  const unread = useSession((s) => s.unread);
  const { openFeedback, openSettings } = useDialogs();

  const confirmLogout = () => {
    modal.confirm({
      title: t('nav.logoutTitle'),
      content: t('nav.logoutText'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await logout();
        void navigate('/login');
      },
    });
  };

  const avatarItems: MenuProps['items'] = [
    {
      key: 'center',
      icon: <UserOutlined />,
      label: t('nav.personalCenter'),
      onClick: () => void navigate('/userCenter'),
    },
    ...(roleTypeOf(user) === 3
      ? []
      : [
          {
            key: 'feedback',
            icon: <MessageOutlined />,
            label: t('nav.feedback'),
            onClick: () => openFeedback(true),
          },
        ]),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout'), onClick: confirmLogout },
  ];

  const sizes: { key: ElementSize; label: string }[] = [
    { key: 'large', label: t('nav.sizeLarge') },
    { key: 'middle', label: t('nav.sizeMiddle') },
    { key: 'small', label: t('nav.sizeSmall') },
  ];

  const name = user?.nickName || user?.username || '';

  return (
    <div className="navbar">
      <Button
        type="text"
        className="navbar-toggle"
        aria-label={t('nav.toggleSidebar')}
        data-testid="sidebar-toggle"
        icon={sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={toggleSidebar}
      />
      <AppBreadcrumb />
      <div className="navbar-right">
        <TrialBanner />
        <Tooltip title={t('nav.messages')}>
          <Button
            type="text"
            data-testid="unread-bell"
            aria-label={t('nav.messages')}
            onClick={() => void navigate('/news/center')}
            icon={
              <Badge
                count={unread > 0 ? unread : 0}
                overflowCount={UNREAD_MAX}
                size="small"
                data-testid="unread-badge"
              >
                <BellOutlined style={{ fontSize: 18 }} />
              </Badge>
            }
          />
        </Tooltip>
        <LanguageSwitch />
        <Dropdown
          trigger={['click']}
          menu={{ selectedKeys: [size], items: sizes, onClick: ({ key }) => setSize(key as ElementSize) }}
        >
          <Button
            type="text"
            aria-label={t('nav.size')}
            title={t('nav.size')}
            icon={<ColumnHeightOutlined />}
          />
        </Dropdown>
        <Button
          type="text"
          aria-label={t('nav.settings')}
          title={t('nav.settings')}
          data-testid="settings-button"
          icon={<SettingOutlined />}
          onClick={() => openSettings(true)}
        />
        <Dropdown trigger={['click']} menu={{ items: avatarItems }}>
          <button type="button" className="navbar-user" data-testid="avatar-menu">
            <Avatar size={28} src={user?.avatarPath || undefined} icon={<UserOutlined />} />
            <span className="navbar-user-name">{name}</span>
          </button>
        </Dropdown>
      </div>
    </div>
  );
}
