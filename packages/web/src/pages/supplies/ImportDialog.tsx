// Excel import of a material list: template download, upload, a progress bar from getImportProgress, and
// the server's errors by row and column when rows are bad (nothing is imported then). When the answer is
// lost (the server went down mid-import), the dialog keeps asking the task how it ended; an import
// interrupted by a restart is said so, with the same file ready to import again.
import { DownloadOutlined, InboxOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Progress, Radio, Space, Table, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../api/download.ts';
import { pollWithBackoff } from '../../api/poll.ts';
import { ApiError, noAnswer } from '../../api/request.ts';
import {
  type ImportError,
  type ImportProgress,
  type ImportTaskKind,
  suppliesApi,
} from '../project/project-api.ts';
import { errorPlace, type ImportFailure, importFailure } from './import-errors.ts';

function newTaskId(): string {
  return `imp-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

const INTERRUPTED = 'import.interrupted';
/** How often, and how long at most, the dialog asks a task whose answer was lost how it ended. */
const SETTLE_POLL_MS = 1000;
const SETTLE_FOR_MS = 15 * 60_000;
const atWork = (p: ImportProgress) => p.status === 'reading' || p.status === 'saving';

/**
 * What differs between sheet imports (material list by default; the packing list and the plans of a project
 * give their own): each kind knows what it imports into.
 */
export interface ImportKind {
  upload: (taskId: string, mode: 'append' | 'replace', file: File) => Promise<{ imported: number }>;
  /** The caller's latest import of this kind into the same place (by default: this batch's). */
  latest?: () => Promise<ImportProgress>;
  template: () => Promise<Blob>;
  templateName: string;
  /** Append or replace (material lists only). */
  modes: boolean;
  title?: string;
  /** The import task's kind (the server's import_task.kind). */
  taskKind: ImportTaskKind;
}

export function ImportDialog(props: {
  /** The batch a material list is imported into (a kind of its own says where it imports). */
  batchId?: number;
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
  /** A task being followed to its end: this import's, whose answer was lost, or one begun earlier. */
  const [settling, setSettling] = useState<{ lost: boolean; fileName?: string | null } | null>(null);
  /** An import of this batch interrupted by a restart (this one, or the last one before the dialog opened). */
  const [interrupted, setInterrupted] = useState<ImportProgress | null>(null);
  /** Stops following this import's progress. */
  const timer = useRef<(() => void) | null>(null);
  /** Bumped when the dialog is reset or closed: a settle loop of an earlier generation stops. */
  const generation = useRef(0);
  const taskKind = props.kind?.taskKind ?? 'supplies';
  const stopPolling = () => {
    timer.current?.();
    timer.current = null;
  };
  useEffect(
    () => () => {
      generation.current++;
      timer.current?.();
    },
    [],
  );

  const reset = () => {
    generation.current++;
    stopPolling();
    setFile(null);
    setProgress(null);
    setFailure(null);
    setImported(null);
    setSettling(null);
    setInterrupted(null);
  };

  /** Shows how a task ended, as its record says. */
  const ended = async (p: ImportProgress) => {
    setProgress(p);
    if (p.status === 'done') {
      setImported(p.imported);
      void message.success(t('project.import.done', { count: p.imported }));
      await props.onDone();
    } else if (p.reason === INTERRUPTED) setInterrupted(p);
    else if (p.errors?.length) setFailure({ errorCount: p.errorCount, errors: p.errors });
    else if (p.message) void message.error(p.message);
  };

  /** Asks the task how it ended until it has (through a restart of the server), then shows it. */
  const settle = async (taskId: string, earlier?: ImportProgress) => {
    const mine = generation.current;
    setSettling({ lost: !earlier, fileName: earlier?.fileName });
    const until = Date.now() + SETTLE_FOR_MS;
    try {
      while (generation.current === mine && Date.now() < until) {
        const p = await suppliesApi.progress(taskId).catch(() => null);
        if (generation.current !== mine) return;
        if (p && !atWork(p)) {
          setSettling(null);
          return await ended(p);
        }
        if (p) setProgress((cur) => (cur && cur.percent > p.percent ? cur : p));
        await new Promise((r) => setTimeout(r, SETTLE_POLL_MS));
      }
    } finally {
      if (generation.current === mine) setSettling(null);
    }
  };

  // On opening: the caller's last import into this batch — still at work (followed to its end), or
  // interrupted by a restart (said so, naming the file to choose again).
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once per opening
  useEffect(() => {
    if (!props.open) return;
    let stale = false;
    (props.kind?.latest ?? (() => suppliesApi.latestImport(props.batchId, taskKind)))()
      .then((p) => {
        if (stale || running) return;
        if (atWork(p)) {
          setProgress(p);
          void settle(p.taskId, p);
        } else if (p.status === 'failed' && p.reason === INTERRUPTED) setInterrupted(p);
      })
      .catch(() => undefined);
    return () => {
      stale = true;
    };
  }, [props.open, props.batchId, taskKind]);

  const start = async () => {
    if (!file) return;
    const taskId = newTaskId();
    generation.current++;
    setRunning(true);
    setFailure(null);
    setImported(null);
    setInterrupted(null);
    setProgress({
      taskId,
      status: 'reading',
      total: 0,
      processed: 0,
      imported: 0,
      errorCount: 0,
      percent: 0,
    });
    timer.current = pollWithBackoff(
      () => suppliesApi.progress(taskId),
      (p) => setProgress((cur) => (cur && cur.percent > p.percent ? cur : p)),
    );
    let lost = false;
    try {
      const r = props.kind
        ? await props.kind.upload(taskId, mode, file)
        : await suppliesApi.importFile(props.batchId as number, taskId, mode, file);
      stopPolling();
      setProgress((p) => (p ? { ...p, status: 'done', percent: 100 } : p));
      setImported(r.imported);
      void message.success(t('project.import.done', { count: r.imported }));
      await props.onDone();
    } catch (e) {
      stopPolling();
      lost = noAnswer(e);
      const f = e instanceof ApiError ? importFailure(e.body) : null;
      if (!lost) setProgress((p) => (p ? { ...p, status: 'failed' } : p));
      if (f) setFailure(f);
    } finally {
      setRunning(false);
    }
    if (lost) await settle(taskId);
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
        <Button
          key="go"
          type="primary"
          disabled={!file || Boolean(settling)}
          loading={running}
          onClick={() => void start()}
        >
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
        {progress && !failure && !interrupted && (
          <Progress
            percent={Math.round(progress.percent)}
            status={
              progress.status === 'failed' ? 'exception' : progress.status === 'done' ? 'success' : 'active'
            }
            format={(p) => (progress.total ? `${progress.processed}/${progress.total}` : `${p ?? 0}%`)}
          />
        )}
        {settling && (
          <Alert
            type="info"
            showIcon
            title={
              settling.lost
                ? t('project.import.lost')
                : t('project.import.stillRunning', { name: settling.fileName ?? '' })
            }
          />
        )}
        {interrupted && (
          <Alert
            className="pw-import-interrupted"
            type="warning"
            showIcon
            title={interrupted.message ?? t('project.import.interrupted')}
            description={
              file
                ? t('project.import.againSame', { name: file.name })
                : interrupted.fileName
                  ? t('project.import.chooseAgain', { name: interrupted.fileName })
                  : t('project.import.chooseAgainUnnamed')
            }
            action={
              file ? (
                <Button icon={<ReloadOutlined />} onClick={() => void start()}>
                  {t('project.import.again')}
                </Button>
              ) : undefined
            }
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
