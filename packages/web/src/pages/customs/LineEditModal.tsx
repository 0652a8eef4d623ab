// A goods line's corrections by the broker: the declared quantity (never above the confirmed one), the legal
// quantities customs counts in, the unit price, the trade mode (from China customs' table — what division
// keeps apart), the domestic source and a remark. Only what changed is sent; the server checks every rule.
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { customsApi, type LineRow } from './customs-api.ts';
import { CustomsCodePicker } from './Pickers.tsx';
import type { Run } from './types.ts';

const fields = [
  'quantity',
  'unitPrice',
  'legalQuantity1',
  'legalUnit1',
  'legalQuantity2',
  'legalUnit2',
  'tradeMode',
  'domesticSource',
  'remark',
] as const;
type Field = (typeof fields)[number];

/** Decimals as the server keeps them ("2.000") compare equal to what a user types ("2"). */
const same = (a: unknown, b: unknown) =>
  a === b || (a != null && b != null && a !== '' && b !== '' && Number(a) === Number(b));

export function LineEditModal({ line, onClose, run }: { line: LineRow; onClose: () => void; run: Run }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<Field, string | null>>();
  const initial = Object.fromEntries(fields.map((f) => [f, line[f] ?? null])) as Record<Field, string | null>;
  return (
    <Modal
      open
      width={640}
      title={t('customs.lineEdit.title', { lineNo: line.lineNo })}
      onCancel={onClose}
      onOk={async () => {
        const values = form.getFieldsValue();
        const body: Record<string, unknown> = { id: line.id };
        for (const f of fields) {
          const v = values[f] === '' || values[f] === undefined ? null : values[f];
          if (!same(v, initial[f])) body[f] = typeof v === 'string' ? v.trim() : v;
        }
        if (Object.keys(body).length === 1) return onClose();
        if (await run(() => customsApi.updateLine(body as { id: number }), t('customs.saved'))) onClose();
      }}
    >
      <Form form={form} layout="vertical" initialValues={initial} size="small">
        <div className="customs-grid">
          <Form.Item
            name="quantity"
            label={t('customs.col.quantity')}
            extra={t('customs.lineEdit.confirmed', { n: Number(line.confirmedQuantity), unit: line.unit })}
          >
            <Input inputMode="decimal" suffix={line.unit} />
          </Form.Item>
          <Form.Item name="unitPrice" label={t('customs.col.unitPrice')}>
            <Input inputMode="decimal" suffix={line.currency ?? ''} />
          </Form.Item>
          <Form.Item name="tradeMode" label={t('customs.col.tradeMode')}>
            <CustomsCodePicker kind="tradeMode" allowClear={false} />
          </Form.Item>
          <Form.Item name="legalQuantity1" label={t('customs.lineEdit.legalQuantity1')}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="legalUnit1" label={t('customs.lineEdit.legalUnit1')}>
            <Input />
          </Form.Item>
          <Form.Item name="domesticSource" label={t('customs.lineEdit.domesticSource')}>
            <Input maxLength={10} />
          </Form.Item>
          <Form.Item name="legalQuantity2" label={t('customs.lineEdit.legalQuantity2')}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="legalUnit2" label={t('customs.lineEdit.legalUnit2')}>
            <Input />
          </Form.Item>
        </div>
        <Form.Item name="remark" label={t('customs.lineEdit.remark')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
