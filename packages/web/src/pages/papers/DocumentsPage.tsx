// Documents of a batch (menu "papers/documents"): every party of the batch sees them; the
// company that uploads a document submits it and the shipper confirms it. Several documents are added
// at once (a type, a name and its files each); PDF and pictures open in the browser, the rest download.
// The list is declared in documents-decl.tsx, the adding dialog is AddDocumentsDialog.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { AddDocumentsDialog } from './AddDocumentsDialog.tsx';
import { DOC_DICTS, documentResource } from './documents-decl.tsx';
import { GenerateButtons } from './GenerateButtons.tsx';
import { PaperPage, useBatchDecl, usePaperPage } from './PaperPage.tsx';
import { type DocumentRow, papersApi } from './papers-api.ts';

export default function DocumentsPage() {
  const page = usePaperPage('document', DOC_DICTS);
  const { t, can, batchId, busy } = page;
  const [adding, setAdding] = useState(false);
  // Each opening of the dialog starts it afresh (one blank row).
  const [opened, setOpened] = useState(0);
  const remove = (row: DocumentRow) =>
    busy(() => papersApi.remove('document', row.id), 'admin.common.deleted');

  const decl = useBatchDecl(batchId, { remove }, (batchId, now) =>
    documentResource({ batchId, remove: (r) => now().remove(r) }),
  );

  return (
    <PaperPage<DocumentRow>
      paper={{ titleKey: 'papers.docs.what', dicts: DOC_DICTS }}
      page={page}
      decl={decl}
      toolbar={
        can({ permission: ['document:add'] }) && (
          <Space wrap>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                setOpened((n) => n + 1);
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
      <AddDocumentsDialog key={opened} page={page} adding={adding} setAdding={setAdding} />
    </PaperPage>
  );
}
