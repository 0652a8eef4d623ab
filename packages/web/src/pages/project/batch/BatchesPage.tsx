// Batches (menu "project/batch/index"): the batch list with its plan form, and the selected batch's workbench.
import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageMenu } from '../../../access/page-menu.ts';
import { useCan } from '../../../access/permissions.ts';
import { downloadBlob } from '../../../api/download.ts';
import { PROJECT_DICTS } from '../../../components/domain/dicts.ts';
import { useProjects } from '../../../components/domain/lookups.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { useDeclContext } from '../../../components/resource/use-dicts.ts';
import type { BatchRow } from '../project-api.ts';
import { BatchWorkbench } from './BatchWorkbench.tsx';
import { type BatchValues, batchExport, batchResource } from './batch-resource.tsx';
import '../../../components/domain/project.css';

export default function BatchesPage() {
  const projects = useProjects();
  const ctx = useDeclContext(PROJECT_DICTS);
  const [params] = useSearchParams();
  const fromUrl = Number(params.get('batchId')) || null;
  const [picked, setPicked] = useState<number | null>(null);
  const selected = picked ?? fromUrl;
  const { menuId } = usePageMenu();
  const can = useCan(menuId);
  const [exporting, setExporting] = useState(false);
  const decl = useMemo(() => batchResource(projects, (r) => setPicked(r.id)), [projects]);
  const exportAll = async () => {
    setExporting(true);
    try {
      downloadBlob(
        await batchExport({}),
        `${ctx.t('project.batch.what')}-${new Date().toISOString().slice(0, 10)}.xlsx`,
      );
    } catch {
      /* shown by the request client */
    } finally {
      setExporting(false);
    }
  };
  return (
    <div className="pw-page">
      <ResourcePage<BatchRow, BatchValues>
        decl={decl}
        titleKey="project.batch.what"
        dicts={PROJECT_DICTS}
        onRowClick={(r) => setPicked(r.id)}
        activeRowId={selected}
        compact
        toolbar={
          can({ permission: ['projectBatch:list'], fn: 'export' }) ? (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportAll()}>
              {ctx.t('admin.common.export')}
            </Button>
          ) : null
        }
      />
      {selected !== null && (
        <BatchWorkbench batchId={selected} ctx={ctx} canEdit={can({ permission: ['projectBatch:edit'] })} />
      )}
    </div>
  );
}
