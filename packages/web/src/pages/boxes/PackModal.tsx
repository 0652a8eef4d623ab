// "Pack": choose confirmed rows and quantities, into a new box or an existing draft one. What is left of
// each row is shown as you type; the server refuses anything over a row's quantity all the same.

import { useQuery } from '@tanstack/react-query';
import { type BoxStatusValue, boxCreate, boxMachine, editable, packageTypes } from '@tradelane/contract';
import { App, Form, InputNumber, Modal, Radio, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../api/use-submit.ts';
import { fieldRules } from '../../components/resource/schema-rules.ts';
import { type BoxRow, boxesApi, type NewBox, type ProgressRow } from './boxes-api.ts';

interface Props {
  batchId: number;
  boxes: BoxRow[];
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

export function PackModal({ batchId, boxes, open, onClose, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const progress = useQuery({
    queryKey: ['resource', 'boxPiece', 'progress', batchId],
    queryFn: () => boxesApi.progress(batchId),
    enabled: open,
  });
  const [qty, setQty] = useState<Record<number, number | null>>({});
  const [mode, setMode] = useState<'new' | 'existing'>('new');
  const [boxId, setBoxId] = useState<number | undefined>();
  const [form] = Form.useForm<Omit<NewBox, 'batchId'>>();
  // The boxes still open to packing: the states in which the box machine allows an edit.
  const drafts = boxes.filter((b) => editable(boxMachine, b.status as BoxStatusValue));
  const rows = (progress.data?.rows ?? []).filter((r) => r.left > 0);

  const { run: pack, busy } = useSubmit(
    async (items: { suppliesId: number; quantity: number }[]) => {
      // A new box's form left incomplete throws antd's errorFields: the form shows them.
      if (mode === 'new') return boxesApi.pack({ box: { ...(await form.validateFields()), batchId }, items });
      return boxesApi.pack({ boxId, items });
    },
    {
      success: 'project.boxes.packedOk',
      onDone: () => {
        setQty({});
        form.resetFields();
        onDone();
        onClose();
      },
    },
  );
  const submit = async () => {
    const items = Object.entries(qty)
      .filter(([, q]) => q && q > 0)
      .map(([id, q]) => ({ suppliesId: Number(id), quantity: Number(q) }));
    if (!items.length) {
      message.warning(t('project.boxes.nothingChosen'));
      return;
    }
    if (mode === 'existing' && !boxId) return;
    await pack(items);
  };

  return (
    <Modal
      open={open}
      title={t('project.boxes.packTitle')}
      width={920}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okText={t('project.boxes.pack')}
      destroyOnHidden
    >
      <Table<ProgressRow>
        size="small"
        rowKey="suppliesId"
        pagination={false}
        scroll={{ y: 300 }}
        loading={progress.isFetching}
        dataSource={rows}
        columns={[
          { title: '#', dataIndex: 'lineNo', width: 50 },
          {
            title: t('project.boxes.material'),
            render: (_, r) => (
              <div>
                <div>{r.name}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.spec}
                </Typography.Text>
              </div>
            ),
          },
          { title: t('project.boxes.quantity'), width: 90, render: (_, r) => `${r.quantity} ${r.unit}` },
          { title: t('project.boxes.left'), width: 80, dataIndex: 'left' },
          {
            title: t('project.boxes.thisTime'),
            width: 130,
            render: (_, r) => (
              <InputNumber
                min={0}
                max={r.left}
                value={qty[r.suppliesId] ?? null}
                onChange={(v) => setQty((q) => ({ ...q, [r.suppliesId]: v }))}
                aria-label={`${t('project.boxes.thisTime')} ${r.name}`}
                data-row={r.materialCode ?? r.lineNo}
              />
            ),
          },
          {
            title: t('project.boxes.leftAfter'),
            width: 100,
            render: (_, r) => {
              const after = Math.round((r.left - (qty[r.suppliesId] ?? 0)) * 1000) / 1000;
              return (
                <Typography.Text
                  type={after < 0 ? 'danger' : undefined}
                  data-left={r.materialCode ?? r.lineNo}
                >
                  {after}
                </Typography.Text>
              );
            },
          },
        ]}
      />
      <Radio.Group value={mode} onChange={(e) => setMode(e.target.value)} style={{ margin: '12px 0' }}>
        <Radio value="new">{t('project.boxes.intoNew')}</Radio>
        <Radio value="existing" disabled={!drafts.length}>
          {t('project.boxes.intoExisting')}
        </Radio>
      </Radio.Group>
      {mode === 'existing' ? (
        <Select
          style={{ width: 320 }}
          placeholder={t('project.boxes.pickBox')}
          value={boxId}
          onChange={setBoxId}
          options={drafts.map((b) => ({ value: b.id, label: b.boxNumber }))}
          aria-label={t('project.boxes.pickBox')}
        />
      ) : (
        <Form form={form} layout="inline" initialValues={{ packageType: 'wooden_case' }}>
          <Space wrap>
            <Form.Item
              name="packageType"
              label={t('project.boxes.packageType')}
              rules={fieldRules(boxCreate.shape.packageType, t('project.boxes.packageType'), lang)}
            >
              <Select
                style={{ width: 120 }}
                options={packageTypes.map((p) => ({ value: p.code, label: p[lang] }))}
              />
            </Form.Item>
            {(['length', 'width', 'height'] as const).map((k) => (
              <Form.Item
                key={k}
                name={k}
                label={t(`project.boxes.${k}`)}
                rules={fieldRules(boxCreate.shape[k], t(`project.boxes.${k}`), lang)}
              >
                <InputNumber min={1} max={30000} precision={0} style={{ width: 100 }} />
              </Form.Item>
            ))}
            <Form.Item
              name="grossWeight"
              label={t('project.boxes.grossWeight')}
              rules={fieldRules(boxCreate.shape.grossWeight, t('project.boxes.grossWeight'), lang)}
            >
              <InputNumber min={0.001} style={{ width: 110 }} />
            </Form.Item>
            <Form.Item
              name="netWeight"
              label={t('project.boxes.netWeight')}
              rules={fieldRules(boxCreate.shape.netWeight, t('project.boxes.netWeight'), lang)}
            >
              <InputNumber min={0} style={{ width: 110 }} />
            </Form.Item>
          </Space>
        </Form>
      )}
    </Modal>
  );
}
