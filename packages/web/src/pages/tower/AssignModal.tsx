// Assigning an exception: the party of its batch that must act (the shipper or a partner) and a due date.

import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../api/use-submit.ts';
import { projectApi } from '../project/project-api.ts';
import { type ExceptionRow, towerApi } from './tower-api.ts';

export function AssignModal({ row, onClose }: { row: ExceptionRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ ownerTenantId: number; dueDate?: Dayjs }>();
  const wb = useQuery({
    queryKey: ['resource', 'projectBatch', 'workbench', row.batchId],
    queryFn: () => projectApi.batchWorkbench(row.batchId),
  });
  const owners = [
    { value: row.tenantId, label: t('tower.shipper') },
    ...(wb.data?.partners ?? []).map((p) => ({ value: p.partnerTenantId, label: p.partnerName })),
  ];
  const submit = useSubmit(
    (v: { ownerTenantId: number; dueDate?: Dayjs }) =>
      towerApi.assign({
        id: row.id,
        ownerTenantId: v.ownerTenantId,
        dueDate: v.dueDate?.format('YYYY-MM-DD'),
      }),
    { refresh: ['exceptions'], success: 'tower.assigned', onDone: onClose },
  );
  return (
    <Modal
      open
      title={t('tower.assignTitle', { title: row.title })}
      onCancel={onClose}
      okButtonProps={{ loading: submit.busy }}
      onOk={async () => submit.run(await form.validateFields())}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="ownerTenantId"
          label={t('tower.owner')}
          rules={[{ required: true, message: t('tower.ownerRequired') }]}
        >
          <Select options={owners} loading={wb.isLoading} />
        </Form.Item>
        <Form.Item name="dueDate" label={t('tower.dueDate')}>
          <DatePicker />
        </Form.Item>
      </Form>
    </Modal>
  );
}
