import {
  DeleteOutlined,
  DownloadOutlined,
  EyeOutlined,
  PaperClipOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { CheckStatus, trimStrings } from '@tradelane/contract';
import { App, Button, Form, Image, Input } from 'antd';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/endpoints.ts';
import { CERT_MAX_BYTES } from '../config.ts';
import { useSession } from '../stores/session.ts';

interface CertForm {
  corporateName: string;
  corporateEnName?: string;
  corporateCode: string;
}

type Slot = 'licence' | 'letter';
const ACCEPT = '.png,.gif,.jpg,.jpeg,.bmp,.svg,.pdf';

/** One file per slot, ≤ 10 MB; warns with counts when more are chosen. */
function FileSlot({
  slot,
  file,
  onChange,
}: {
  slot: Slot;
  file: File | null;
  onChange: (file: File | null) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (chosen.length === 0) return;
    const total = chosen.length + (file ? 1 : 0);
    if (total > 1) {
      void message.warning(t('cert.tooMany', { selected: chosen.length, total }));
      return;
    }
    if (chosen[0].size > CERT_MAX_BYTES) {
      void message.error(t('cert.tooBig'));
      return;
    }
    onChange(chosen[0]);
  };
  return (
    <div className="cert-slot" data-testid={`cert-${slot}`}>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        style={{ display: 'none' }}
        onChange={pick}
        data-testid={`cert-input-${slot}`}
      />
      <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
        {t('cert.choose')}
      </Button>
      {file && (
        <div className="cert-file">
          <PaperClipOutlined /> <span className="cert-file-name">{file.name}</span>
          <Button
            type="text"
            size="small"
            icon={<DeleteOutlined />}
            aria-label={t('cert.remove')}
            onClick={() => onChange(null)}
          />
        </div>
      )}
    </div>
  );
}

export function CertificationForm({ onSubmitted }: { onSubmitted: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CertForm>();
  const user = useSession((s) => s.user);
  const [files, setFiles] = useState<Record<Slot, File | null>>({ licence: null, letter: null });
  const [loading, setLoading] = useState(false);
  const [preview, setPreview] = useState(false);

  useEffect(() => {
    api.corporateName().then(
      (c) =>
        form.setFieldsValue({
          corporateName: c.corporateName ?? '',
          corporateEnName: c.corporateEnName ?? '',
          corporateCode: c.corporateCode ?? '',
        }),
      () =>
        form.setFieldsValue({
          corporateName: user?.corporateName ?? '',
          corporateCode: user?.corporateCode ?? '',
        }),
    );
  }, [form, user]);

  const submit = async () => {
    if (!files.licence) return void message.warning(t('cert.needLicence'));
    if (!files.letter) return void message.warning(t('cert.needLetter'));
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const v = trimStrings(values);
    setLoading(true);
    try {
      const licence = await api.upload(files.licence, 'image');
      const letter = await api.upload(files.letter, 'document');
      const res = await api.certification({
        authorizationLetter: letter.url,
        corporateCode: v.corporateCode,
        corporateCodeimg: licence.url,
        corporateName: v.corporateName,
        // The English name only when given: the spec's certification body is the four fields above.
        ...(v.corporateEnName ? { corporateEnName: v.corporateEnName } : {}),
      });
      if (res.status === 1) {
        void message.warning(res.message);
      } else {
        useSession.getState().setTenantCheckStatus(CheckStatus.submitted);
        onSubmitted();
      }
    } catch {
      /* a failed request only stops the loading state */
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form<CertForm> form={form} layout="vertical" data-testid="cert-form">
      <Form.Item
        name="corporateName"
        label={t('cert.corporateName')}
        rules={[{ required: true, whitespace: true, message: t('validate.corporateNameRequired') }]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="corporateEnName"
        label={t('cert.corporateEnName')}
        extra={t('cert.corporateEnNameHint')}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        name="corporateCode"
        label={t('cert.corporateCode')}
        rules={[{ required: true, whitespace: true, message: t('validate.corporateCodeRequired') }]}
      >
        <Input />
      </Form.Item>
      <Form.Item label={t('cert.licence')} required extra={t('cert.hint')}>
        <div className="cert-slot-row">
          <FileSlot
            slot="licence"
            file={files.licence}
            onChange={(f) => setFiles((s) => ({ ...s, licence: f }))}
          />
          <Button type="link" icon={<EyeOutlined />} onClick={() => setPreview(true)}>
            {t('cert.viewExample')}
          </Button>
        </div>
      </Form.Item>
      <Form.Item label={t('cert.letter')} required extra={t('cert.hint')}>
        <div className="cert-slot-row">
          <FileSlot
            slot="letter"
            file={files.letter}
            onChange={(f) => setFiles((s) => ({ ...s, letter: f }))}
          />
          <Button
            type="link"
            icon={<DownloadOutlined />}
            href="/cert/authorization-letter-template.html"
            download
          >
            {t('cert.downloadTemplate')}
          </Button>
        </div>
      </Form.Item>
      <Image
        style={{ display: 'none' }}
        src="/cert/business-licence-example.svg"
        alt={t('cert.exampleTitle')}
        preview={{ open: preview, onOpenChange: setPreview }}
      />
      <Button type="primary" block loading={loading} onClick={submit}>
        {t('cert.submit')}
      </Button>
    </Form>
  );
}
