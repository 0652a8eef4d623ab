// Excel import of a material list: template download, upload, a progress bar from getImportProgress, and
// the server's errors by row and column when rows are bad (nothing is imported then).
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Progress, Radio, Space, Table, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../api/download.ts';
import { ApiError } from '../../api/request.ts';
import { type ImportError, type ImportProgress, suppliesApi } from '../project/project-api.ts';
import { errorPlace, type ImportFailure, importFailure } from './import-errors.ts';

function newTaskId(): string {
  return `imp-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** What differs between sheet imports (material list by default; the packing list gives its own). */
export interface ImportKind {
  upload: (
    batchId: number,
    taskId: string,
    mode: 'append' | 'replace',
    file: File,
  ) => Promise<{ imported: number }>;
  template: () => Promise<Blob>;
  templateName: string;
  /** Append or replace (material lists only). */
  modes: boolean;
  title?: string;
}

export function ImportDialog(props: {
  batchId: number;
  open: boolean;
  onClose: () => void;
  onDone: () => unknown;
  kind?: ImportKind;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<'append' | 'replace'>('append');
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [failure, setFailure] = useState<ImportFailure | null>(null);
  const [imported, setImported] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const stopPolling = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };
  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current);
    },
    [],
  );

  const reset = () => {
    setFile(null);
    setProgress(null);
    setFailure(null);
    setImported(null);
  };

  const start = async () => {
    if (!file) return;
    const taskId = newTaskId();
    setRunning(true);
    setFailure(null);
    setImported(null);
    setProgress({
      taskId,
      status: 'reading',
      total: 0,
      processed: 0,
      imported: 0,
      errorCount: 0,
      percent: 0,
    });
    timer.current = setInterval(() => {
      suppliesApi
        .progress(taskId)
        .then((p) => setProgress((cur) => (cur && cur.percent > p.percent ? cur : p)))
        .catch(() => undefined);
    }, 400);
    try {
      const r = await (props.kind?.upload ?? suppliesApi.importFile)(props.batchId, taskId, mode, file);
      stopPolling();
      setProgress((p) => (p ? { ...p, status: 'done', percent: 100 } : p));
      setImported(r.imported);
      void message.success(t('project.import.done', { count: r.imported }));
      await props.onDone();
    } catch (e) {
      stopPolling();
      const f = e instanceof ApiError ? importFailure(e.body) : null;
      setProgress((p) => (p ? { ...p, status: 'failed' } : p));
      if (f) setFailure(f);
    } finally {
      setRunning(false);
    }
  };

  const downloadTemplate = async () => {
    try {
      downloadBlob(
        await (props.kind?.template ?? suppliesApi.template)(),
        `${props.kind?.templateName ?? t('project.import.templateName')}.xlsx`,
      );
    } catch {
      /* shown by the request client */
    }
  };

  return (
    <Modal
      open={props.open}
      title={props.kind?.title ?? t('project.import.title')}
      width={720}
      onCancel={() => {
        if (running) return;
        reset();
        props.onClose();
      }}
      footer={[
        <Button key="tpl" icon={<DownloadOutlined />} onClick={() => void downloadTemplate()}>
          {t('project.import.template')}
        </Button>,
        <Button
          key="close"
          disabled={running}
          onClick={() => {
            reset();
            props.onClose();
          }}
        >
          {t('common.close')}
        </Button>,
        <Button key="go" type="primary" disabled={!file} loading={running} onClick={() => void start()}>
          {t('project.import.start')}
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {(props.kind?.modes ?? true) && (
          <Radio.Group
            value={mode}
            onChange={(e) => setMode(e.target.value as 'append' | 'replace')}
            optionType="button"
            options={[
              { value: 'append', label: t('project.import.append') },
              { value: 'replace', label: t('project.import.replace') },
            ]}
          />
        )}
        <Upload.Dragger
          accept=".xlsx"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            setFailure(null);
            setImported(null);
            setProgress(null);
            return false;
          }}
          onRemove={() => setFile(null)}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{t('project.import.drop')}</p>
          <p className="pw-sub">{t('project.import.hint')}</p>
        </Upload.Dragger>
        {progress && !failure && (
          <Progress
            percent={Math.round(progress.percent)}
            status={
              progress.status === 'failed' ? 'exception' : progress.status === 'done' ? 'success' : 'active'
            }
            format={(p) => (progress.total ? `${progress.processed}/${progress.total}` : `${p ?? 0}%`)}
          />
        )}
        {imported !== null && (
          <Alert type="success" showIcon title={t('project.import.done', { count: imported })} />
        )}
        {failure && (
          <>
            <Alert type="error" showIcon title={t('project.import.invalid', { count: failure.errorCount })} />
            <Table<ImportError>
              className="pw-import-errors"
              size="small"
              rowKey={(e) => `${e.row}-${e.column}-${e.field}`}
              pagination={failure.errors.length > 50 ? { pageSize: 50 } : false}
              dataSource={failure.errors}
              columns={[
                {
                  key: 'place',
                  title: t('project.import.where'),
                  width: 220,
                  render: (_: unknown, e: ImportError) => errorPlace(e, t),
                },
                { key: 'message', title: t('project.import.message'), dataIndex: 'message' },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
