// The material list's status line and its life-cycle buttons (submit / confirm / return with a reason).

import { CheckOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { formatTime, MaterialListStatus } from '@tradelane/contract';
import { Alert, Space, Typography } from 'antd';
import type { DeclContext } from '../../components/resource/types.ts';
import { StatusTag } from '../../components/status/status.tsx';
import { CommandBar } from '../../components/workflow/CommandBar.tsx';
import { type MaterialListRow, suppliesApi } from '../project/project-api.ts';
import type { ListButton } from './list-actions.ts';

export function ListBar(props: {
  list: MaterialListRow;
  buttons: ListButton[];
  ctx: DeclContext;
  onChanged: () => unknown;
}) {
  const { list, ctx } = props;
  const { t } = ctx;
  const run = (b: string, reason?: string) =>
    b === 'submit'
      ? suppliesApi.submit(list.batchId)
      : b === 'confirm'
        ? suppliesApi.confirm(list.id)
        : suppliesApi.back(list.id, reason ?? '');
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
        <CommandBar
          entity="materialList"
          actions={props.buttons}
          status={list.status}
          only={['submit', 'confirm', 'back']}
          run={run}
          onDone={props.onChanged}
          commands={{
            submit: {
              labelKey: 'project.supplies.submit',
              confirmKey: 'project.supplies.submitConfirm',
              doneKey: 'project.supplies.done.submit',
              icon: <SendOutlined />,
            },
            confirm: {
              labelKey: 'project.supplies.confirm',
              confirmKey: 'project.supplies.confirmConfirm',
              doneKey: 'project.supplies.done.confirm',
              icon: <CheckOutlined />,
            },
            back: {
              labelKey: 'project.supplies.back',
              doneKey: 'project.supplies.done.back',
              icon: <RollbackOutlined />,
              reasonTitleKey: 'project.supplies.backTitle',
              reasonLabelKey: 'project.supplies.reason',
              reasonRequiredKey: 'project.supplies.reasonRequired',
            },
          }}
        />
      </div>
      {list.status === MaterialListStatus.returned && list.reason && (
        <Alert
          type="warning"
          showIcon
          title={t('project.supplies.returnedReason', { reason: list.reason })}
        />
      )}
      {list.status === MaterialListStatus.confirmed && (
        <Alert type="success" showIcon title={t('project.supplies.lockedHint')} />
      )}
    </div>
  );
}
