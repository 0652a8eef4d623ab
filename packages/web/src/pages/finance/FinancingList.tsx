// Financing applications (menus "finance/financing" and "finance/review"): a company applies against
// its confirmed statement or commercial invoice and follows its applications; the platform's finance
// side takes them through review, approval or rejection (with a reason), disbursement and repayment.
// The commands offered on a row are the server's `actions` for the caller (a CommandBar).
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { financingApply, moneyMinor } from '@tradelane/contract';
import { Button, Form, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../access/permissions.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { ResourcePage } from '../../components/resource/ResourcePage.tsx';
import { fieldRules, requiredText } from '../../components/resource/schema-rules.ts';
import type { ResourceDecl } from '../../components/resource/types.ts';
import { StatusTag } from '../../components/status/status.tsx';
import type { CommandSpec } from '../../components/workflow/CommandBar.tsx';
import { type Basis, type FinancingEvent, type FinancingRow, financeApi } from './finance-api.ts';
import '../../components/domain/project.css';

const DICTS = ['financing_status', 'financing_basis'];

interface ApplyValues {
  basis: string;
  currency: string;
  amount: string;
  termDays: number;
  remark?: string;
}

function ApplyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const [form] = Form.useForm<ApplyValues>();
  const bases = useQuery({ queryKey: ['finance', 'bases'], queryFn: financeApi.bases, enabled: open });
  const picked = Form.useWatch('basis', form);
  const basis: Basis | undefined = bases.data?.find((b) => b.key === picked);
  const currency = Form.useWatch('currency', form);
  const cap = basis?.totals.find((x) => x.currency === currency)?.total;
  const { run: apply, busy } = useSubmit(
    (v: ApplyValues, chosen: Basis) =>
      financeApi.apply({
        basisType: chosen.basisType,
        basisId: chosen.id,
        amount: String(v.amount).trim(),
        currency: v.currency,
        termDays: v.termDays,
        remark: v.remark || null,
      }),
    {
      success: 'finance.fin.applied',
      onDone: () => {
        form.resetFields();
        onClose();
      },
    },
  );
  const submit = async () => {
    const v = await form.validateFields();
    const chosen = bases.data?.find((b) => b.key === v.basis);
    if (chosen) await apply(v, chosen);
  };
  return (
    <Modal
      open={open}
      title={t('finance.fin.applyTitle')}
      okText={t('finance.fin.apply')}
      onOk={() => void submit()}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ termDays: 90 }} preserve={false}>
        <Form.Item
          name="basis"
          label={t('finance.fin.basis')}
          // The pick is a document (its type and id together), not one field of the contract's body.
          rules={[{ required: true, message: requiredText(t('finance.fin.basis'), lang) }]}
          extra={basis ? basis.totals.map((x) => t('finance.fin.basisTotal', x)).join(' · ') : undefined}
        >
          <Select
            placeholder={t('finance.fin.basisPick')}
            loading={bases.isLoading}
            notFoundContent={t('finance.fin.noBasis')}
            options={(bases.data ?? []).map((b) => ({
              value: b.key,
              label: [
                b.basisType === 'invoice' ? t('finance.fin.basisInvoice') : t('finance.fin.basisStatement'),
                b.no,
                b.batchNumber,
              ]
                .filter(Boolean)
                .join(' · '),
            }))}
            onChange={(k: string) => {
              const b = bases.data?.find((x) => x.key === k);
              if (b?.totals[0]) form.setFieldsValue({ currency: b.totals[0].currency });
            }}
          />
        </Form.Item>
        <Space.Compact block>
          <Form.Item
            name="currency"
            label={t('finance.fin.currency')}
            style={{ width: 120 }}
            rules={fieldRules(financingApply.shape.currency, t('finance.fin.currency'), lang)}
          >
            <Select
              options={(basis?.totals.length ? basis.totals.map((x) => x.currency) : ['CNY', 'USD']).map(
                (c) => ({
                  value: c,
                  label: c,
                }),
              )}
            />
          </Form.Item>
          <Form.Item
            name="amount"
            label={t('finance.fin.amount')}
            style={{ flex: 1 }}
            extra={cap ? `${t('finance.fin.amountHelp')}: ${currency} ${cap}` : t('finance.fin.amountHelp')}
            rules={[
              ...fieldRules(financingApply.shape.amount, t('finance.fin.amount'), lang),
              // The decimals the picked currency has (a rule across two fields the contract checks on the server).
              {
                validator: (_r, v) =>
                  !v || !currency || moneyMinor(String(v), currency) !== null
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('finance.fin.amountInvalid'))),
              },
            ]}
          >
            <Input inputMode="decimal" aria-label={t('finance.fin.amount')} />
          </Form.Item>
        </Space.Compact>
        <Form.Item
          name="termDays"
          label={t('finance.fin.termDays')}
          rules={fieldRules(financingApply.shape.termDays, t('finance.fin.termDays'), lang)}
        >
          <InputNumber min={1} max={365} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('finance.credit.remark')}
          rules={fieldRules(financingApply.shape.remark, t('finance.credit.remark'), lang)}
        >
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** How each command of the financing machine is worded (the buttons are the row's `actions`). */
const COMMANDS: Record<FinancingEvent, CommandSpec> = {
  review: { labelKey: 'finance.fin.review', confirmKey: 'finance.fin.reviewConfirm' },
  approve: { labelKey: 'finance.fin.approve', confirmKey: 'finance.fin.approveConfirm' },
  reject: {
    labelKey: 'finance.fin.reject',
    reasonTitleKey: 'finance.fin.rejectTitle',
    reasonLabelKey: 'finance.fin.reason',
    reasonPlaceholderKey: 'finance.fin.reasonPlaceholder',
    reasonOkKey: 'finance.fin.reject',
  },
  disburse: { labelKey: 'finance.fin.disburse', confirmKey: 'finance.fin.disburseConfirm' },
  repay: { labelKey: 'finance.fin.repay', confirmKey: 'finance.fin.repayConfirm' },
};

export function FinancingList({ review }: { review: boolean }) {
  const { t } = useTranslation();
  const can = useCan();
  const [applying, setApplying] = useState(false);
  const decl = useMemo(
    (): ResourceDecl<FinancingRow> => ({
      name: 'financing',
      defaultSort: 'id,desc',
      pageSize: 20,
      exportable: false,
      filters: [
        { name: 'blurry', labelKey: 'finance.fin.keyword', type: 'text', width: 180 },
        {
          name: 'status',
          type: 'dict',
          dict: 'financing_status',
          width: 150,
        },
      ],
      columns: [
        { key: 'applicationNo', width: 140 },
        ...(review ? [{ key: 'tenantName', width: 180, kind: 'ellipsis' as const }] : []),
        {
          key: 'basisNo',
          width: 190,
          render: (r) => (
            <div className="pw-stack">
              <span>{r.basisLabel}</span>
              <div className="pw-sub pw-secondary">
                {[r.basisNo, r.batchNumber].filter(Boolean).join(' · ')}
              </div>
            </div>
          ),
        },
        { key: 'debtorName', width: 170, kind: 'ellipsis' },
        {
          key: 'amount',
          width: 150,
          render: (r) => <span className="pw-num" data-amount>{`${r.currency} ${r.amount}`}</span>,
        },
        { key: 'termDays', width: 100 },
        { key: 'dueDate', width: 120, render: (r) => r.dueDate ?? '-' },
        {
          key: 'reason',
          width: 150,
          render: (r) => (r.reason ? <Typography.Text type="danger">{r.reason}</Typography.Text> : null),
        },
        {
          key: 'status',
          width: 120,
          render: (r, c) => <StatusTag dict="financing_status" value={r.status} ctx={c} />,
        },
      ],
      permissions: {},
      rowCommands: {
        entity: 'financing',
        only: Object.keys(COMMANDS),
        run: (r, event, reason) => financeApi.command(event, r.id, reason),
        commands: (r) =>
          Object.fromEntries(
            Object.entries(COMMANDS).map(([e, c]) => [e, { ...c, params: { no: r.applicationNo } }]),
          ),
        // The server answers the row as moved: the toast names its new status in the user's language.
        doneText: (_event, answer) =>
          t('finance.fin.moved', { status: (answer as { statusLabel: string }).statusLabel }),
      },
    }),
    [review, t],
  );
  return (
    <>
      <ResourcePage<FinancingRow>
        decl={decl}
        titleKey={review ? 'finance.fin.reviewWhat' : 'finance.fin.what'}
        dicts={DICTS}
        toolbar={
          !review &&
          can({ permission: ['financing:apply'] }) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setApplying(true)}>
              {t('finance.fin.apply')}
            </Button>
          )
        }
      />
      <ApplyDialog open={applying} onClose={() => setApplying(false)} />
    </>
  );
}
