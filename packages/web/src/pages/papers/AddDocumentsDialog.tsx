// Several documents added at once: a type, a name, a number and its files each (uploaded as picked,
// checked against the contract before anything is saved).
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { DOCUMENT_FILE_MAX, documentCreate } from '@tradelane/contract';
import { Button, Input, Modal, Select, Space, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import { RemoveRowButton } from '../../components/resource/RemoveRowButton.tsx';
import type { usePaperPage } from './PaperPage.tsx';
import { type NewDocument, papersApi } from './papers-api.ts';

interface Draft {
  key: number;
  docType: string;
  name: string;
  docNo: string;
  files: { id: number; name: string }[];
}

const newDraft = (): Draft => ({
  key: Date.now() + Math.random(),
  docType: 'commercial_invoice',
  name: '',
  docNo: '',
  files: [],
});

/** Starts with one blank row; the page mounts it afresh (a new `key`) each time it opens it. */
export function AddDocumentsDialog(props: {
  page: ReturnType<typeof usePaperPage>;
  adding: boolean;
  setAdding: (open: boolean) => void;
}) {
  const { ctx, t, message, batchId, busy } = props.page;
  const { adding, setAdding } = props;
  const [drafts, setDrafts] = useState<Draft[]>(() => [newDraft()]);
  const [saving, setSaving] = useState(false);
  const patch = (key: number, p: Partial<Draft>) =>
    setDrafts((ds) => ds.map((d) => (d.key === key ? { ...d, ...p } : d)));
  const valid = drafts.length > 0 && drafts.every((d) => d.name.trim() && d.files.length);
  const save = async () => {
    if (batchId === null) return;
    const docs: NewDocument[] = drafts.map((d) => ({
      batchId,
      docType: d.docType,
      name: d.name.trim(),
      docNo: d.docNo.trim() || null,
      fileIds: d.files.map((f) => f.id),
    }));
    for (const doc of docs) {
      const check = documentCreate.safeParse(doc);
      if (!check.success) return message.error(t('papers.docs.incomplete'));
    }
    setSaving(true);
    const ok = await busy(() => papersApi.batchAdd(docs), 'papers.docs.added', { count: docs.length });
    setSaving(false);
    if (ok) {
      setAdding(false);
      setDrafts([newDraft()]);
    }
  };

  return (
    <Modal
      open={adding}
      width={980}
      title={t('papers.docs.batchAdd')}
      okText={t('papers.docs.save')}
      okButtonProps={{ disabled: !valid, loading: saving }}
      onOk={() => void save()}
      onCancel={() => setAdding(false)}
      destroyOnHidden
    >
      <Table<Draft>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={drafts}
        columns={[
          {
            title: t('papers.docs.docType'),
            width: 190,
            render: (_, d) => (
              <Select
                style={{ width: 180 }}
                value={d.docType}
                options={ctx.dict('document_type')}
                onChange={(v: string) => patch(d.key, { docType: v })}
                aria-label={t('papers.docs.docType')}
              />
            ),
          },
          {
            title: t('papers.docs.name'),
            render: (_, d) => (
              <Input
                value={d.name}
                maxLength={200}
                onChange={(e) => patch(d.key, { name: e.target.value })}
                aria-label={t('papers.docs.name')}
              />
            ),
          },
          {
            title: t('papers.docs.docNo'),
            width: 150,
            render: (_, d) => (
              <Input
                value={d.docNo}
                maxLength={64}
                onChange={(e) => patch(d.key, { docNo: e.target.value })}
                aria-label={t('papers.docs.docNo')}
              />
            ),
          },
          {
            title: t('papers.docs.files'),
            width: 260,
            render: (_, d) => (
              <Space direction="vertical" size={2}>
                {d.files.map((f) => (
                  <Tag
                    key={f.id}
                    closable
                    onClose={() => patch(d.key, { files: d.files.filter((x) => x.id !== f.id) })}
                  >
                    {f.name}
                  </Tag>
                ))}
                <Upload
                  multiple
                  showUploadList={false}
                  accept=".pdf,.png,.jpg,.jpeg,.gif,.bmp,.webp,.docx,.xlsx,.zip"
                  beforeUpload={async (file) => {
                    if (file.size > DOCUMENT_FILE_MAX) {
                      message.error(t('papers.docs.tooLarge', { name: file.name }));
                      return false;
                    }
                    try {
                      const up = await papersApi.upload(file);
                      setDrafts((ds) =>
                        ds.map((x) =>
                          x.key === d.key
                            ? {
                                ...x,
                                name: x.name || file.name.replace(/\.[^.]+$/, ''),
                                files: [...x.files, { id: up.id, name: up.name }],
                              }
                            : x,
                        ),
                      );
                    } catch {
                      /* shown by the request client */
                    }
                    return false;
                  }}
                >
                  <Button size="small" icon={<UploadOutlined />}>
                    {t('papers.docs.upload')}
                  </Button>
                </Upload>
              </Space>
            ),
          },
          {
            title: '',
            width: 50,
            render: (_, d) => (
              <RemoveRowButton
                label={t('papers.docs.removeRow')}
                onClick={() => setDrafts((ds) => ds.filter((x) => x.key !== d.key))}
              />
            ),
          },
        ]}
      />
      <Button
        style={{ marginTop: 8 }}
        icon={<PlusOutlined />}
        onClick={() => setDrafts((ds) => [...ds, newDraft()])}
      >
        {t('papers.docs.addRow')}
      </Button>
      <div className="pw-hint" style={{ marginTop: 8 }}>
        {t('papers.docs.limit')}
      </div>
    </Modal>
  );
}
