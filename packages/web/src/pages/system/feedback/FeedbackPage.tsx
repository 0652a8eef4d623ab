import { FeedbackStatus } from '@tradelane/contract';
import { Input, Modal, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../api/use-submit.ts';
import { ResourcePage, useRefresh } from '../../../components/resource/ResourcePage.tsx';
import type { ResourceDecl } from '../../../components/resource/types.ts';
import { adminApi, type Row } from '../admin-api.ts';

interface FeedbackRow extends Row {
  id: number;
  commentsOrFeedback: string;
  phone: string;
  email: string | null;
  createUnit: string | null;
  status: number;
  reply: string | null;
}

export default function FeedbackPage() {
  const { t } = useTranslation();
  const refresh = useRefresh('feedback');
  const [confirming, setConfirming] = useState<FeedbackRow | null>(null);
  const [reply, setReply] = useState('');
  const decl = useMemo(
    (): ResourceDecl<FeedbackRow> => ({
      name: 'feedback',
      defaultSort: 'createTime,desc',
      filters: [
        { name: 'blurry', labelKey: 'admin.common.keyword', type: 'text' },
        {
          name: 'status',
          type: 'dict',
          dict: 'feedback_status',
          valueType: 'number',
        },
        { name: 'createTime', type: 'dateRange' },
      ],
      columns: [
        { key: 'commentsOrFeedback', width: 320, kind: 'ellipsis' },
        { key: 'createUnit', width: 180, kind: 'ellipsis' },
        { key: 'phone', width: 130 },
        { key: 'email', width: 180, kind: 'ellipsis' },
        {
          key: 'status',
          width: 100,
          dict: 'feedback_status',
          kind: 'tag',
          sortable: true,
        },
        { key: 'reply', width: 200, kind: 'ellipsis' },
        {
          key: 'createTime',
          width: 170,
          kind: 'datetime',
          sortable: true,
        },
      ],
      permissions: { del: { permission: ['feedback:del'] } },
      rowActions: [
        {
          key: 'confirm',
          labelKey: 'admin.feedback.confirm',
          need: { permission: ['feedback:edit'] },
          visible: (r) => r.status !== FeedbackStatus.confirmed,
          run: (r) => {
            setReply('');
            setConfirming(r);
          },
        },
      ],
      expand: (r) => (
        <Typography.Paragraph style={{ margin: 0 }}>{r.commentsOrFeedback}</Typography.Paragraph>
      ),
    }),
    [],
  );
  const { run: confirm, busy } = useSubmit((id: number) => adminApi.confirmFeedback(id, reply.trim()), {
    onDone: async () => {
      setConfirming(null);
      await refresh();
    },
  });
  const submit = async () => {
    if (confirming) await confirm(confirming.id);
  };
  return (
    <>
      <ResourcePage decl={decl} titleKey="admin.feedback.what" />
      <Modal
        open={Boolean(confirming)}
        title={t('admin.feedback.confirmTitle')}
        onCancel={() => setConfirming(null)}
        onOk={() => void submit()}
        confirmLoading={busy}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }}>
          {confirming?.commentsOrFeedback}
        </Typography.Paragraph>
        <Input.TextArea
          rows={4}
          maxLength={1000}
          showCount
          value={reply}
          onChange={(e) => setReply(e.target.value)}
          placeholder={t('admin.feedback.replyPlaceholder')}
        />
      </Modal>
    </>
  );
}
