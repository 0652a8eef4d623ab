// The material list's status line and its life-cycle buttons (submit / confirm / return with a reason).

import { CheckOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { formatTime } from '@tradelane/contract';
import { Alert, App, Button, Form, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import type { DeclContext } from '../../components/resource/types.ts';
import { validValues } from '../../utils/form.ts';
import { type MaterialListRow, suppliesApi } from '../project/project-api.ts';
import { StatusTag } from '../project/shared/status.tsx';
import type { ListButton } from './list-actions.ts';

export function ListBar(props: {
  list: MaterialListRow;
  buttons: ListButton[];
  ctx: DeclContext;
  onChanged: () => unknown;
}) {
  const { list, ctx } = props;
  const { t } = ctx;
  const { message } = App.useApp();
  const [busy, setBusy] = useState<ListButton | null>(null);
  const [returning, setReturning] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const run = async (b: ListButton, reason?: string) => {
    setBusy(b);
    try {
      if (b === 'submit') await suppliesApi.submit(list.batchId);
      else if (b === 'confirm') await suppliesApi.confirm(list.id);
      else await suppliesApi.back(list.id, reason ?? '');
      void message.success(t(`project.supplies.done.${b}`));
      setReturning(false);
      await props.onChanged();
    } catch {
      /* the request client shows the server's message */
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="pw-list">
      <div className="pw-bar">
        <Space wrap className="pw-grow">
          <Typography.Text strong>{list.supplierName}</Typography.Text>
          <StatusTag dict="supplies_status" value={list.status} ctx={ctx} />
          <Typography.Text type="secondary">{t('project.wb.rows', { count: list.rows })}</Typography.Text>
          {list.submitTime && (
            <Typography.Text type="secondary">{`${t('project.supplies.submitTime')}: ${formatTime(list.submitTime)}`}</Typography.Text>
          )}
          {list.confirmTime && (
            <Typography.Text type="secondary">{`${t('project.supplies.confirmTime')}: ${formatTime(list.confirmTime)}`}</Typography.Text>
          )}
        </Space>
        <Space>
          {props.buttons.includes('submit') && (
            <Popconfirm title={t('project.supplies.submitConfirm')} onConfirm={() => run('submit')}>
              <Button type="primary" icon={<SendOutlined />} loading={busy === 'submit'}>
                {t('project.supplies.submit')}
              </Button>
            </Popconfirm>
          )}
          {props.buttons.includes('confirm') && (
            <Popconfirm title={t('project.supplies.confirmConfirm')} onConfirm={() => run('confirm')}>
              <Button type="primary" icon={<CheckOutlined />} loading={busy === 'confirm'}>
                {t('project.supplies.confirm')}
              </Button>
            </Popconfirm>
          )}
          {props.buttons.includes('back') && (
            <Button danger icon={<RollbackOutlined />} onClick={() => setReturning(true)}>
              {t('project.supplies.back')}
            </Button>
          )}
        </Space>
      </div>
      {list.status === 3 && list.reason && (
        <Alert
          type="warning"
          showIcon
          title={t('project.supplies.returnedReason', { reason: list.reason })}
        />
      )}
      {list.status === 2 && <Alert type="success" showIcon title={t('project.supplies.lockedHint')} />}
      <Modal
        open={returning}
        title={t('project.supplies.backTitle')}
        onCancel={() => setReturning(false)}
        confirmLoading={busy === 'back'}
        onOk={async () => {
          const v = await validValues<{ reason: string }>(form);
          if (v) await run('back', v.reason);
        }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="reason"
            label={t('project.supplies.reason')}
            rules={[{ required: true, whitespace: true, message: t('project.supplies.reasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
