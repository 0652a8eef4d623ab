// Partners (menu "project/partner/index"): the shipper invites suppliers and logistics providers and sees
// where each invitation stands; an invited company sees its invitations and accepts or declines them.

import { CheckOutlined, CloseOutlined, UserAddOutlined } from '@ant-design/icons';
import { allowedEvents, formatTime, partnershipMachine } from '@tradelane/contract';
import { projectOps } from '@tradelane/contract/api/project';
import { App, Button, Card, Empty, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useCan, useMayCall } from '../../../access/permissions.ts';
import { api } from '../../../api/endpoints.ts';
import { PROJECT_DICTS } from '../../../components/domain/dicts.ts';
import { usePartnerships, useParty } from '../../../components/domain/lookups.ts';
import { useDeclContext } from '../../../components/resource/use-dicts.ts';
import { StatusTag } from '../../../components/status/status.tsx';
import { useSession } from '../../../stores/session.ts';
import { type PartnershipRow, projectApi } from '../project-api.ts';
import { InviteModal } from './InviteModal.tsx';
import '../../../components/domain/project.css';

export default function PartnersPage() {
  const ctx = useDeclContext(PROJECT_DICTS);
  const { t } = ctx;
  const { message } = App.useApp();
  const can = useCan();
  const party = useParty();
  const q = usePartnerships();
  const [inviting, setInviting] = useState(false);
  const rows = q.data?.content ?? [];
  const mayCall = useMayCall();
  const canInvite = mayCall(projectOps.invite);
  // Offered on the rows the caller invited (a shipper's): the server ends only the inviter's.
  const canRemove = can({ permission: ['partner:del'] });

  const answer = async (row: PartnershipRow, accept: boolean) => {
    try {
      await (accept ? projectApi.accept(row.id) : projectApi.decline(row.id));
      void message.success(t(accept ? 'project.partner.accepted' : 'project.partner.declined'));
      await q.refetch();
      // Accepting unlocks the project modules: refresh the session's partner flag.
      if (accept) useSession.getState().setInfo(await api.info());
    } catch {
      /* shown by the request client */
    }
  };

  const columns = [
    {
      key: 'company',
      title: t('project.partner.company'),
      width: 260,
      render: (_: unknown, r: PartnershipRow) => <Typography.Text strong>{r.otherName}</Typography.Text>,
    },
    {
      key: 'direction',
      title: t('project.partner.direction'),
      width: 160,
      render: (_: unknown, r: PartnershipRow) => t(`project.partner.dir.${r.direction}`),
    },
    {
      key: 'end',
      title: t('project.partner.end'),
      width: 120,
      render: (_: unknown, r: PartnershipRow) => (
        <Tag>{t(`project.end.e${r.direction === 'invited' ? r.partnerEnd : 0}`)}</Tag>
      ),
    },
    {
      key: 'status',
      title: t('project.partner.status'),
      width: 110,
      render: (_: unknown, r: PartnershipRow) => (
        <StatusTag dict="partnership_status" value={r.status} ctx={ctx} />
      ),
    },
    {
      key: 'remark',
      title: t('project.remark'),
      // No width of its own: the remark takes what the other columns leave, so the table fits 1440 px.
      ellipsis: true,
      render: (_: unknown, r: PartnershipRow) => r.remark ?? '-',
    },
    {
      key: 'time',
      title: t('project.partner.invitedAt'),
      width: 170,
      render: (_: unknown, r: PartnershipRow) => formatTime(r.createTime),
    },
    {
      key: 'actions',
      title: t('admin.common.actions'),
      width: 200,
      render: (_: unknown, r: PartnershipRow) => (
        <Space size={4}>
          {/* The invited side answers while the machine lets its party accept (the list carries no actions). */}
          {r.direction === 'invitedBy' &&
            party &&
            allowedEvents(partnershipMachine, r.status, party).includes('accept') && (
              <>
                <Button
                  size="small"
                  type="primary"
                  icon={<CheckOutlined />}
                  onClick={() => void answer(r, true)}
                >
                  {t('project.partner.accept')}
                </Button>
                <Popconfirm title={t('project.partner.declineConfirm')} onConfirm={() => answer(r, false)}>
                  <Button size="small" danger icon={<CloseOutlined />}>
                    {t('project.partner.decline')}
                  </Button>
                </Popconfirm>
              </>
            )}
          {r.direction === 'invited' && canRemove && (
            <Popconfirm
              title={t('project.partner.removeConfirm', { name: r.otherName })}
              onConfirm={async () => {
                try {
                  await projectApi.removePartners([r.id]);
                  void message.success(t('admin.common.deleted'));
                  await q.refetch();
                } catch {
                  /* shown by the request client */
                }
              }}
            >
              <Button size="small" type="link" danger>
                {t('project.partner.remove')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card className="rp-card" variant="borderless">
      <div className="pw-bar">
        <Typography.Text type="secondary" className="pw-grow">
          {t(party === 'shipper' ? 'project.partner.shipperHint' : 'project.partner.partnerHint')}
        </Typography.Text>
        {canInvite && (
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
            {t('project.partner.invite')}
          </Button>
        )}
      </div>
      <Table<PartnershipRow>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 1000 }}
        locale={{ emptyText: <Empty description={t('project.partner.none')} /> }}
      />
      {inviting && <InviteModal onClose={() => setInviting(false)} onDone={() => q.refetch()} />}
    </Card>
  );
}
