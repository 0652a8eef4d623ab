import { Tag } from 'antd';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import type { ResourceDecl } from '../../../components/resource/types.ts';
import { adminApi, type OnlineRow } from '../../system/admin-api.ts';

/** Live sessions; kicking one out revokes it and its browser is sent to /login. */
const onlineDecl: ResourceDecl<OnlineRow> = {
  name: 'online',
  exportable: false,
  selectable: true,
  list: (p) => adminApi.online({ page: Number(p.page), size: Number(p.size), blurry: p.blurry as string }),
  remove: adminApi.kick,
  deleteLabelKey: 'admin.online.kick',
  deleteConfirmKey: 'admin.online.kickConfirm',
  deletedKey: 'admin.online.kicked',
  filters: [{ name: 'blurry', labelKey: 'admin.online.keyword', type: 'text', width: 200 }],
  columns: [
    {
      key: 'username',
      width: 150,
      render: (r, ctx) => (
        <>
          {r.username}
          {r.current && (
            <Tag color="blue" style={{ marginLeft: 6 }}>
              {ctx.t('admin.online.current')}
            </Tag>
          )}
        </>
      ),
    },
    { key: 'nickName', width: 120 },
    { key: 'corporateName', width: 200, kind: 'ellipsis' },
    { key: 'ip', width: 130 },
    { key: 'browser', width: 200, kind: 'ellipsis' },
    { key: 'loginTime', width: 170, kind: 'datetime' },
    { key: 'lastSeen', width: 170, kind: 'datetime' },
    { key: 'remember', width: 90, kind: 'bool' },
  ],
  permissions: { del: { permission: ['online:del'] } },
};

export default function OnlinePage() {
  return <ResourcePage decl={onlineDecl} titleKey="admin.online.what" />;
}
