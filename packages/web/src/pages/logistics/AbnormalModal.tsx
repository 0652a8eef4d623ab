// Raise an abnormality on a box: type, quantity, note and up to 9 photos (uploaded as images through
// the file family, then attached by id). Used by the logistics page and the scan page.
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { ABNORMAL_PHOTOS_MAX, abnormalCreate, abnormalTypes } from '@tradelane/contract';
import { App, Form, Input, InputNumber, Modal, Select, Typography, Upload, type UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../api/use-submit.ts';
import { useFieldRules } from '../../components/resource/schema-rules.ts';
import { pick } from '../../i18n/index.ts';
import { type LogisticsBox, logisticsApi } from './logistics-api.ts';
import { useLogisticsRefresh } from './use-run.ts';

const MAX_BYTES = 10 * 1024 * 1024;
const IMAGE = /^image\/(jpeg|png|gif|webp)$/;

interface Values {
  boxPieceId: number;
  abnormalType: string;
  quantity?: number | null;
  note?: string;
}

export function AbnormalModal(props: {
  open: boolean;
  /** The boxes to choose from, or the one box (scan page). */
  boxes: Pick<LogisticsBox, 'id' | 'boxNumber'>[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const rules = useFieldRules(abnormalCreate.shape);
  const { message } = App.useApp();
  const refresh = useLogisticsRefresh();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const one = props.boxes.length === 1 ? props.boxes[0] : undefined;

  useEffect(() => {
    if (!props.open) return;
    form.resetFields();
    if (one) form.setFieldsValue({ boxPieceId: one.id });
    setFiles([]);
  }, [props.open, form, one]);

  const { run: submit, busy } = useSubmit(
    async () => {
      const v = await form.validateFields();
      const photoIds: number[] = [];
      for (const f of files)
        if (f.originFileObj) photoIds.push((await logisticsApi.uploadPhoto(f.originFileObj)).id);
      await logisticsApi.raiseAbnormal({
        boxPieceId: v.boxPieceId,
        abnormalType: v.abnormalType,
        quantity: v.quantity ?? null,
        note: v.note?.trim() || null,
        photoIds,
      });
    },
    {
      success: 'logistics.abnormal.raised',
      onDone: async () => {
        await refresh();
        props.onClose();
      },
    },
  );

  return (
    <Modal
      open={props.open}
      title={t('logistics.abnormal.add')}
      okText={t('logistics.abnormal.add')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={props.onClose}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="boxPieceId"
          label={t('logistics.abnormal.box')}
          rules={rules('boxPieceId', 'logistics.abnormal.box')}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            disabled={Boolean(one)}
            options={props.boxes.map((b) => ({ value: b.id, label: b.boxNumber }))}
          />
        </Form.Item>
        <Form.Item
          name="abnormalType"
          label={t('logistics.abnormal.type')}
          rules={rules('abnormalType', 'logistics.abnormal.type')}
        >
          <Select options={abnormalTypes.map((a) => ({ value: a.code, label: pick(lang, a.zh, a.en) }))} />
        </Form.Item>
        <Form.Item
          name="quantity"
          label={t('logistics.abnormal.quantity')}
          rules={rules('quantity', 'logistics.abnormal.quantity')}
        >
          <InputNumber min={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="note"
          label={t('logistics.abnormal.note')}
          rules={rules('note', 'logistics.abnormal.note')}
        >
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
        <Form.Item label={t('logistics.abnormal.photos')} extra={t('logistics.abnormal.photoHint')}>
          <Upload
            listType="picture-card"
            accept="image/jpeg,image/png,image/gif,image/webp"
            multiple
            fileList={files}
            beforeUpload={(f) => {
              if (!IMAGE.test(f.type)) {
                void message.error(t('logistics.abnormal.notImage', { name: f.name }));
                return Upload.LIST_IGNORE;
              }
              if (f.size > MAX_BYTES) {
                void message.error(t('logistics.abnormal.tooLarge', { name: f.name }));
                return Upload.LIST_IGNORE;
              }
              return false;
            }}
            onChange={(i) => setFiles(i.fileList.slice(0, ABNORMAL_PHOTOS_MAX))}
          >
            {files.length < ABNORMAL_PHOTOS_MAX && (
              <button type="button" className="lg-upload">
                <PlusOutlined />
                <div>{t('logistics.abnormal.choosePhotos')}</div>
              </button>
            )}
          </Upload>
        </Form.Item>
        {!one && (
          <Typography.Text type="secondary" className="pw-sub">
            {props.boxes.length ? null : t('common.noData')}
          </Typography.Text>
        )}
      </Form>
    </Modal>
  );
}

/** A stored photo, fetched with the session's token (an <img> cannot send it). */
export function usePhotoUrl(url: string) {
  const q = useQuery({
    queryKey: ['photo', url],
    queryFn: async () => URL.createObjectURL(await logisticsApi.photo(url)),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
  });
  return q.data;
}
