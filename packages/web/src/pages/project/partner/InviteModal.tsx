// Invite a supplier or logistics provider by corporate name or code, or a user's phone: search first,
// then invite the company found.
import { PartnershipStatus } from '@tradelane/contract';
import { Button, Form, Input, Modal, Radio, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../api/use-submit.ts';
import { type CustomerRow, projectApi } from '../project-api.ts';

export function InviteModal(props: { onClose: () => void; onDone: () => unknown }) {
  const { t } = useTranslation();
  const [by, setBy] = useState<'corporateName' | 'corporateCode' | 'phone'>('corporateName');
  const [keyword, setKeyword] = useState('');
  const [remark, setRemark] = useState('');
  const [found, setFound] = useState<CustomerRow[] | null>(null);
  const search = async () => {
    if (!keyword.trim()) return;
    try {
      setFound((await projectApi.customers({ [by]: keyword.trim() })).content);
    } catch {
      setFound([]);
    }
  };
  const { run: invite, busy } = useSubmit(
    (body: { partnerTenantId?: number; phone?: string }) =>
      projectApi.invite({ ...body, remark: remark || undefined }),
    {
      success: 'project.partner.invited',
      onDone: async () => {
        await props.onDone();
        props.onClose();
      },
    },
  );
  return (
    <Modal
      open
      width={680}
      title={t('project.partner.invite')}
      onCancel={props.onClose}
      footer={null}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('project.partner.inviteBy')}>
          <Radio.Group
            optionType="button"
            value={by}
            onChange={(e) => setBy(e.target.value as typeof by)}
            options={[
              { value: 'corporateName', label: t('project.partner.byName') },
              { value: 'corporateCode', label: t('project.partner.byCode') },
              { value: 'phone', label: t('project.partner.byPhone') },
            ]}
          />
        </Form.Item>
        <Form.Item
          label={t(
            `project.partner.${by === 'corporateName' ? 'byName' : by === 'corporateCode' ? 'byCode' : 'byPhone'}`,
          )}
        >
          <Space.Compact style={{ width: '100%' }}>
            <Input
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onPressEnter={() => void search()}
              aria-label={t('project.partner.keyword')}
            />
            <Button onClick={() => void search()}>{t('admin.common.search')}</Button>
            {by === 'phone' && (
              <Button
                type="primary"
                loading={busy}
                disabled={!keyword.trim()}
                onClick={() => void invite({ phone: keyword.trim() })}
              >
                {t('project.partner.inviteAction')}
              </Button>
            )}
          </Space.Compact>
        </Form.Item>
        <Form.Item label={t('project.remark')}>
          <Input value={remark} onChange={(e) => setRemark(e.target.value)} maxLength={255} />
        </Form.Item>
      </Form>
      {found && (
        <Table<CustomerRow>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={found}
          locale={{ emptyText: t('project.partner.notFound') }}
          columns={[
            { key: 'name', title: t('project.partner.company'), dataIndex: 'corporateName' },
            { key: 'code', title: t('project.partner.code'), dataIndex: 'corporateCode', width: 200 },
            {
              key: 'end',
              title: t('project.partner.end'),
              width: 110,
              render: (_: unknown, c: CustomerRow) => <Tag>{t(`project.end.e${c.end}`)}</Tag>,
            },
            {
              key: 'go',
              title: t('admin.common.actions'),
              width: 120,
              render: (_: unknown, c: CustomerRow) =>
                c.partnershipStatus === PartnershipStatus.invited ||
                c.partnershipStatus === PartnershipStatus.accepted ? (
                  <Tag>
                    {t(
                      c.partnershipStatus === PartnershipStatus.accepted
                        ? 'project.partner.already'
                        : 'project.partner.pending',
                    )}
                  </Tag>
                ) : (
                  <Button
                    size="small"
                    type="primary"
                    loading={busy}
                    onClick={() => void invite({ partnerTenantId: c.id })}
                  >
                    {t('project.partner.inviteAction')}
                  </Button>
                ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
