// The shipper names a supplier or the logistics provider of a batch (from its invited or accepted partners).
import { useQuery } from '@tanstack/react-query';
import { batchPartnerCreate, PartnershipStatus } from '@tradelane/contract';
import { Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../api/use-submit.ts';
import { usePartnerships } from '../../../components/domain/lookups.ts';
import { useFieldRules } from '../../../components/resource/schema-rules.ts';
import { type BatchPartnerRow, projectApi } from '../project-api.ts';

export function AddPartnerModal(props: {
  batchId: number;
  projectId: number;
  existing: BatchPartnerRow[];
  onClose: () => void;
  onDone: () => unknown;
}) {
  const { t } = useTranslation();
  const rules = useFieldRules(batchPartnerCreate.shape);
  const [form] = Form.useForm<{ partnerTenantId: number; contractId?: number }>();
  const partners = usePartnerships().data?.content ?? [];
  const contracts = useQuery({
    queryKey: ['resource', 'projectContract', 'byProject', props.projectId],
    queryFn: () => projectApi.contracts({ projectId: props.projectId, size: 200 }),
  }).data?.content;
  const partnerId = Form.useWatch('partnerTenantId', form);
  const taken = new Set(props.existing.map((p) => p.partnerTenantId));
  const options = partners
    .filter(
      (p) =>
        p.direction === 'invited' && p.status !== PartnershipStatus.declined && !taken.has(p.partnerTenantId),
    )
    .map((p) => ({
      value: p.partnerTenantId,
      label: `${p.partnerName} · ${t(`project.end.e${p.partnerEnd}`)}${p.status === PartnershipStatus.invited ? ` (${t('project.partner.pending')})` : ''}`,
    }));
  const { run: submit, busy } = useSubmit(
    async () => {
      // A form left incomplete throws antd's errorFields: the form shows them, the hook says nothing.
      const v = await form.validateFields();
      return projectApi.addBatchPartner({
        batchId: props.batchId,
        partnerTenantId: v.partnerTenantId,
        contractId: v.contractId ?? null,
      });
    },
    {
      onDone: async () => {
        await props.onDone();
        props.onClose();
      },
    },
  );
  return (
    <Modal
      open
      title={t('project.wb.addPartner')}
      onCancel={props.onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="partnerTenantId"
          label={t('project.partner.company')}
          rules={rules('partnerTenantId', 'project.partner.company')}
        >
          <Select
            options={options}
            showSearch={{ optionFilterProp: 'label' }}
            notFoundContent={t('project.wb.noInvitedPartners')}
          />
        </Form.Item>
        <Form.Item name="contractId" label={t('project.contract.what')}>
          <Select
            allowClear
            options={(contracts ?? [])
              .filter((c) => !partnerId || c.supplierTenantId === partnerId)
              .map((c) => ({ value: c.id, label: `${c.contractNumber} · ${c.supplierName ?? ''}` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
