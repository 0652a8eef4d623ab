// Documents of a batch (menu "papers/documents"): every party of the batch sees them; the
// company that uploads a document submits it and the shipper confirms it. Several documents are added
// at once (a type, a name and its files each); PDF and pictures open in the browser, the rest download.
import { DeleteOutlined, PaperClipOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { DOCUMENT_FILE_MAX, DocumentStatus, documentCreate } from '@tradelane/contract';
import { Button, Input, Modal, Select, Space, Table, Tag, Upload } from 'antd';
import { useMemo, useRef, useState } from 'react';
import type { ResourceDecl } from '../../components/resource/types.ts';
import { StatusTag } from '../../components/status/status.tsx';
import { GenerateButtons } from './GenerateButtons.tsx';
import { PaperPage, paperCommands, usePaperPage } from './PaperPage.tsx';
import { type DocumentFile, type DocumentRow, type NewDocument, papersApi } from './papers-api.ts';

const DICTS = ['document_type', 'document_status'];
const INLINE = /^(image\/(png|jpeg|gif|webp|bmp)|application\/pdf)$/;

interface Draft {
  key: number;
  docType: string;
  name: string;
  docNo: string;
  files: { id: number; name: string }[];
}

function FileLinks({ files, t }: { files: DocumentFile[]; t: (k: string) => string }) {
  return (
    <Space size={4} wrap>
      {files.map((f) => (
        <Space key={f.id} size={2}>
          <PaperClipOutlined />
          {INLINE.test(f.mime) ? (
            <a href={f.viewUrl} target="_blank" rel="noreferrer" title={t('papers.docs.preview')}>
              {f.name}
            </a>
          ) : (
            <span>{f.name}</span>
          )}
          <a href={`${f.viewUrl}&download`} aria-label={`${t('papers.docs.download')} ${f.name}`}>
            {t('papers.docs.download')}
          </a>
        </Space>
      ))}
    </Space>
  );
}

export default function DocumentsPage() {
  const page = usePaperPage('document', DICTS);
  const { ctx, t, message, can, batchId, busy } = page;
  const [adding, setAdding] = useState(false);
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [saving, setSaving] = useState(false);
  const remove = (row: DocumentRow) =>
    busy(() => papersApi.remove('document', row.id), 'admin.common.deleted');

  // The declaration is made once per batch; its actions call the latest handlers.
  const latest = useRef(remove);
  latest.current = remove;
  const decl = useMemo(
    (): ResourceDecl<DocumentRow> | null =>
      batchId === null
        ? null
        : {
            name: 'document',
            defaultSort: 'docType,asc',
            pageSize: 20,
            exportable: false,
            fixedParams: { batchId },
            filters: [
              { name: 'blurry', labelKey: 'admin.common.keyword', type: 'text', width: 180 },
              {
                name: 'docType',
                type: 'dict',
                dict: 'document_type',
                width: 170,
              },
              {
                name: 'status',
                type: 'dict',
                dict: 'document_status',
                width: 130,
              },
            ],
            columns: [
              { key: 'docType', width: 150, dict: 'document_type' },
              { key: 'name', width: 200, kind: 'ellipsis' },
              { key: 'docNo', width: 140 },
              { key: 'partyName', width: 160, kind: 'ellipsis' },
              {
                key: 'files',
                width: 250,
                render: (r, c) => <FileLinks files={r.files} t={c.t} />,
              },
              { key: 'createTime', width: 160, kind: 'datetime' },
              {
                key: 'status',
                width: 110,
                render: (r, c) => <StatusTag dict="document_status" value={r.status} ctx={c} />,
              },
            ],
            permissions: {},
            rowActions: [
              {
                key: 'delete',
                labelKey: 'admin.common.delete',
                danger: true,
                need: { permission: ['document:del'] },
                visible: (r) => r.mine && r.status === DocumentStatus.notSubmitted,
                confirmKey: 'admin.common.deleteConfirm',
                run: (r) => latest.current(r),
              },
            ],
            rowCommands: {
              entity: 'document',
              only: ['submit', 'confirm'],
              run: (r, event) => papersApi.documentCommand(event as 'submit' | 'confirm', r.id),
              commands: () => paperCommands('papers.docs', { submit: 'submitted', confirm: 'confirmed' }),
            },
          },
    [batchId],
  );

  const newDraft = (): Draft => ({
    key: Date.now() + Math.random(),
    docType: 'commercial_invoice',
    name: '',
    docNo: '',
    files: [],
  });
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
      setDrafts([]);
    }
  };

  return (
    <PaperPage<DocumentRow>
      page={page}
      decl={decl}
      titleKey="papers.docs.what"
      dicts={DICTS}
      toolbar={
        can({ permission: ['document:add'] }) && (
          <Space wrap>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                setDrafts([newDraft()]);
                setAdding(true);
              }}
            >
              {t('papers.docs.batchAdd')}
            </Button>
            {batchId !== null && <GenerateButtons batchId={batchId} busy={busy} />}
          </Space>
        )
      }
    >
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
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('papers.docs.removeRow')}
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
    </PaperPage>
  );
}
