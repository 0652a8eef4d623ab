// The payment voucher form (upload, or correct a rejected one): currency of the statement, amount as a
// decimal string checked against the currency's minor unit (the contract's rule, as on the server),
// payment date, bank reference, remark, and the bank's slips uploaded as papers.
import { UploadOutlined } from '@ant-design/icons';
import { amountMinor, DOCUMENT_FILE_MAX, voucherCreate } from '@tradelane/contract';
import { App, Button, Input, Modal, Select, Space, Tag, Typography, Upload } from 'antd';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/domain/DateField.tsx';
import { papersApi } from './papers-api.ts';
import { type VoucherBody, vouchersApi } from './vouchers-api.ts';

export interface VoucherDraft extends VoucherBody {
  id?: number;
  files: { id: number; name: string }[];
}

export function VoucherForm(props: {
  draft: VoucherDraft | null;
  setDraft: Dispatch<SetStateAction<VoucherDraft | null>>;
  currencies: string[];
  statementId: number | null;
  run: (call: () => Promise<unknown>, okKey: string) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const { draft, setDraft, currencies, run } = props;
  const id = props.statementId;
  const amountOk = draft ? amountMinor(draft.amount, draft.currency).ok : false;
  const valid =
    draft !== null &&
    amountOk &&
    voucherCreate.safeParse({ ...draft, reconciliationId: id ?? 0, fileIds: draft.files.map((f) => f.id) })
      .success;
  const save = async () => {
    if (!draft || id === null) return;
    if (!valid) return message.error(t('vouchers.incomplete'));
    const body: VoucherBody = {
      amount: draft.amount.trim(),
      currency: draft.currency,
      paymentDate: draft.paymentDate,
      bankReference: draft.bankReference.trim(),
      remark: draft.remark?.trim() || null,
      fileIds: draft.files.map((f) => f.id),
    };
    setSaving(true);
    const ok = await run(
      () => (draft.id ? vouchersApi.update(draft.id, body) : vouchersApi.create(id, body)),
      draft.id ? 'vouchers.saved' : 'vouchers.added',
    );
    setSaving(false);
    if (ok) setDraft(null);
  };
  const patch = (p: Partial<VoucherDraft>) => setDraft((d) => (d ? { ...d, ...p } : d));

  return (
    <Modal
      open={draft !== null}
      title={draft?.id ? t('vouchers.edit') : t('vouchers.add')}
      okText={t('vouchers.save')}
      okButtonProps={{ disabled: !valid, loading: saving }}
      onOk={() => void save()}
      onCancel={() => setDraft(null)}
      destroyOnHidden
    >
      {draft && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text>{t('vouchers.amount')}</Typography.Text>
          <Space.Compact style={{ width: '100%' }}>
            <Select
              style={{ width: 110 }}
              value={draft.currency}
              options={currencies.map((c) => ({ value: c, label: c }))}
              onChange={(c: string) => patch({ currency: c })}
              aria-label={t('vouchers.currency')}
            />
            <Input
              value={draft.amount}
              inputMode="decimal"
              status={draft.amount && !amountOk ? 'error' : undefined}
              onChange={(e) => patch({ amount: e.target.value })}
              aria-label={t('vouchers.amount')}
            />
          </Space.Compact>
          <Typography.Text type={draft.amount && !amountOk ? 'danger' : 'secondary'}>
            {draft.amount && !amountOk ? t('vouchers.amountInvalid') : t('vouchers.amountHint')}
          </Typography.Text>
          <Typography.Text>{t('vouchers.paymentDate')}</Typography.Text>
          <DateField value={draft.paymentDate} onChange={(v) => patch({ paymentDate: v ?? '' })} />
          <Typography.Text>{t('vouchers.bankReference')}</Typography.Text>
          <Input
            value={draft.bankReference}
            maxLength={64}
            onChange={(e) => patch({ bankReference: e.target.value })}
            aria-label={t('vouchers.bankReference')}
          />
          <Typography.Text>{t('vouchers.remark')}</Typography.Text>
          <Input
            value={draft.remark ?? ''}
            maxLength={500}
            onChange={(e) => patch({ remark: e.target.value })}
            aria-label={t('vouchers.remark')}
          />
          <Typography.Text>{t('vouchers.files')}</Typography.Text>
          <Space wrap>
            {draft.files.map((f) => (
              <Tag
                key={f.id}
                closable
                onClose={() => patch({ files: draft.files.filter((x) => x.id !== f.id) })}
              >
                {f.name}
              </Tag>
            ))}
            <UploadButton
              label={t('vouchers.upload')}
              tooLarge={(name) => message.error(t('papers.docs.tooLarge', { name }))}
              onUploaded={(f) => setDraft((d) => (d ? { ...d, files: [...d.files, f] } : d))}
            />
          </Space>
        </Space>
      )}
    </Modal>
  );
}

/** Picks files and uploads each as a paper (the bank's slip), up to 50 MB. */
function UploadButton(props: {
  label: string;
  tooLarge: (name: string) => void;
  onUploaded: (f: { id: number; name: string }) => void;
}) {
  return (
    <Upload
      multiple
      showUploadList={false}
      accept=".pdf,.png,.jpg,.jpeg,.gif,.bmp,.webp"
      beforeUpload={async (file) => {
        if (file.size > DOCUMENT_FILE_MAX) {
          props.tooLarge(file.name);
          return false;
        }
        try {
          const up = await papersApi.upload(file);
          props.onUploaded({ id: up.id, name: up.name });
        } catch {
          /* shown by the request client */
        }
        return false;
      }}
    >
      <Button size="small" icon={<UploadOutlined />}>
        {props.label}
      </Button>
    </Upload>
  );
}
