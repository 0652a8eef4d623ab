// The documents family as the page declares it: how a document's files link, and the list (filters,
// columns, row actions and commands).
import { PaperClipOutlined } from '@ant-design/icons';
import { DocumentStatus } from '@tradelane/contract';
import { Space } from 'antd';
import type { ResourceDecl } from '../../components/resource/types.ts';
import { paperCommands } from './PaperPage.tsx';
import { deleteAction, paperList, statusColumn } from './paper-columns.tsx';
import { type DocumentFile, type DocumentRow, papersApi } from './papers-api.ts';

export const DOC_DICTS = ['document_type', 'document_status'];
/** What the browser shows itself (the rest downloads). */
const INLINE = /^(image\/(png|jpeg|gif|webp|bmp)|application\/pdf)$/;

export function FileLinks({ files, t }: { files: DocumentFile[]; t: (k: string) => string }) {
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

/** The list of a batch's documents; `remove` deletes one (its author's, not yet submitted). */
export function documentResource(d: {
  batchId: number;
  remove: (r: DocumentRow) => unknown;
}): ResourceDecl<DocumentRow> {
  return {
    name: 'document',
    ...paperList<DocumentRow>(d.batchId, {
      status: 'document_status',
      statusWidth: 130,
      emptyKey: 'papers.docs.empty',
      defaultSort: 'docType,asc',
      filters: [{ name: 'docType', type: 'dict', dict: 'document_type', width: 170 }],
    }),
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
      statusColumn('document_status', 110),
    ],
    rowActions: [
      deleteAction(
        'document:del',
        (r) => r.mine && r.status === DocumentStatus.notSubmitted,
        (r) => d.remove(r),
      ),
    ],
    rowCommands: {
      entity: 'document',
      only: ['submit', 'confirm'],
      run: (r, event) => papersApi.documentCommand(event, r.id),
      commands: () => paperCommands('papers.docs', { submit: 'submitted', confirm: 'confirmed' }),
    },
  };
}
