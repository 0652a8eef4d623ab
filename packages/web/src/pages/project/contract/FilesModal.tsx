// Attach files to a contract: upload each through POST /api/file/upload, then projectContractFile createBatch.
import { UploadOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../api/use-submit.ts';
import { type ContractRow, projectApi } from '../project-api.ts';
import { FileLink } from './FileLink.tsx';

export function FilesModal(props: { contract: ContractRow; onClose: () => void; onDone: () => unknown }) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const { run: attach, busy } = useSubmit(
    async (raw: File[]) => {
      const uploaded = [];
      for (const f of raw) uploaded.push(await projectApi.upload(f));
      await projectApi.attachFiles(
        props.contract.id,
        uploaded.map((u) => u.id),
      );
      return uploaded.length;
    },
    {
      success: (count) => t('project.contract.attached', { count }),
      onDone: async () => {
        await props.onDone();
        props.onClose();
      },
    },
  );
  const save = async () => {
    const raw = files.map((f) => f.originFileObj).filter((f): f is NonNullable<typeof f> => Boolean(f));
    if (!raw.length) return props.onClose();
    await attach(raw);
  };
  return (
    <Modal
      open
      title={`${t('project.contract.attach')} · ${props.contract.contractNumber}`}
      onCancel={props.onClose}
      onOk={() => void save()}
      confirmLoading={busy}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {(props.contract.files ?? []).map((f) => (
          <FileLink key={f.id} file={f} />
        ))}
        <Upload multiple fileList={files} beforeUpload={() => false} onChange={(i) => setFiles(i.fileList)}>
          <Button icon={<UploadOutlined />}>{t('project.contract.chooseFiles')}</Button>
        </Upload>
      </Space>
    </Modal>
  );
}
