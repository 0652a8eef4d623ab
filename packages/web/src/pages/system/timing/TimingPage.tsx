// Scheduled jobs: an administrator's cron entries naming a handler of the server's registry;
// pause, resume and run now are the server's commands (offered from each row's `actions`); the log of a
// job opens in a drawer with duration, result and error.
import { cronExpression, type JobRunStatus, jobCreate, jobHandlers } from '@tradelane/contract';
import { adminOps } from '@tradelane/contract/api/admin';
import { App, Drawer, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client.ts';
import { ResourcePage, useRefresh } from '../../../components/resource/ResourcePage.tsx';
import type { ResourceDecl } from '../../../components/resource/types.ts';
import { StatusTag } from '../../../components/status/status.tsx';
import type { Row } from '../admin-api.ts';

interface JobRow extends Row {
  id: number;
  name: string;
  handler: string;
  handlerLabel: string;
  cron: string;
  description: string | null;
  alertEmail: string | null;
  status: number;
  statusLabel: string;
  nextRunAt: string | null;
  lastRunAt: string | null;
  lastOk: boolean | null;
  actions: string[];
}

interface JobLogRow extends Row {
  id: number;
  trigger: string;
  startedAt: string;
  /** Null while the run is at work. */
  durationMs: number | null;
  ok: boolean | null;
  status: JobRunStatus;
  statusLabel: string;
  resultText: string | null;
  error: string | null;
  node: string | null;
}

const okTag = (ok: boolean | null, t: (k: string) => string) =>
  ok === null ? null : (
    <Tag color={ok ? 'green' : 'red'}>{t(ok ? 'admin.timing.ok' : 'admin.timing.failed')}</Tag>
  );

const runColors: Record<JobRunStatus, string> = {
  running: 'blue',
  done: 'green',
  failed: 'red',
  interrupted: 'orange',
};

function JobLog({ job }: { job: JobRow }) {
  const { t } = useTranslation();
  const decl = useMemo(
    (): ResourceDecl<JobLogRow> => ({
      name: 'jobs/logs',
      fixedParams: { jobId: job.id },
      defaultSort: 'id,desc',
      columns: [
        { key: 'startedAt', width: 170, kind: 'datetime' },
        {
          key: 'trigger',
          width: 100,
          render: (r) => t(r.trigger === 'manual' ? 'admin.timing.manual' : 'admin.timing.scheduled'),
        },
        { key: 'durationMs', width: 100 },
        // How the run ended, in the server's words (running, succeeded, failed, interrupted by a restart).
        { key: 'status', width: 150, render: (r) => <Tag color={runColors[r.status]}>{r.statusLabel}</Tag> },
        { key: 'resultText', width: 160, kind: 'ellipsis' },
        { key: 'node', width: 160, kind: 'ellipsis' },
      ],
      permissions: {},
      expand: (r) =>
        r.error ? (
          <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
            {r.error}
          </Typography.Paragraph>
        ) : null,
    }),
    [job.id, t],
  );
  return <ResourcePage decl={decl} titleKey="admin.timing.log" compact />;
}

export default function TimingPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refresh = useRefresh('jobs');
  const [logOf, setLogOf] = useState<JobRow | null>(null);
  const run = async (call: () => Promise<unknown>, okKey: string) => {
    try {
      await call();
      void message.success(t(okKey));
      await refresh();
    } catch {
      /* shown by the request client */
    }
  };
  const latest = useRef(run);
  latest.current = run;
  const decl = useMemo(
    (): ResourceDecl<JobRow> => ({
      name: 'jobs',
      defaultSort: 'id,asc',
      filters: [
        { name: 'blurry', labelKey: 'admin.common.keyword', type: 'text' },
        {
          name: 'handler',
          type: 'select',
          options: (ctx) => jobHandlers.map((h) => ({ value: h.code, label: h[ctx.lang] })),
        },
      ],
      columns: [
        { key: 'name', width: 200, kind: 'ellipsis' },
        { key: 'handlerLabel', width: 170, kind: 'ellipsis' },
        { key: 'cron', width: 130, render: (r) => <code>{r.cron}</code> },
        {
          key: 'status',
          width: 150,
          // Active or paused, and how the last run ended: both stay in view beside the actions.
          render: (r) => (
            <span>
              <StatusTag dict="job_status" value={r.status} label={r.statusLabel} />
              {okTag(r.lastOk, t)}
            </span>
          ),
        },
        { key: 'nextRunAt', width: 160, kind: 'datetime' },
        { key: 'lastRunAt', width: 170, kind: 'datetime' },
      ],
      form: {
        schema: jobCreate,
        fields: [
          { name: 'name', required: true },
          {
            name: 'handler',
            type: 'select',
            required: true,
            options: (ctx) => jobHandlers.map((h) => ({ value: h.code, label: h[ctx.lang] })),
          },
          {
            name: 'cron',
            required: true,
            extraKey: 'admin.timing.cronHelp',
            rules: (tr) => [
              {
                validator: (_r, v) =>
                  !v || cronExpression.safeParse(v).success
                    ? Promise.resolve()
                    : Promise.reject(new Error(tr('admin.timing.cronInvalid'))),
              },
            ],
          },
          { name: 'alertEmail', extraKey: 'admin.timing.alertHelp' },
          { name: 'description', type: 'textarea' },
        ],
      },
      permissions: {
        add: { permission: ['timing:add'] },
        edit: { permission: ['timing:edit'] },
        del: { permission: ['timing:del'] },
      },
      rowActions: [
        {
          key: 'run',
          labelKey: 'admin.timing.runNow',
          need: { permission: ['timing:edit'] },
          confirmKey: 'admin.timing.runConfirm',
          run: (r) => latest.current(() => call(adminOps.runJob, { id: r.id }), 'admin.timing.ran'),
        },
        {
          key: 'pause',
          labelKey: 'admin.timing.pause',
          need: { permission: ['timing:edit'] },
          visible: (r) => r.actions.includes('pause'),
          run: (r) => latest.current(() => call(adminOps.pauseJob, { id: r.id }), 'admin.timing.paused'),
        },
        {
          key: 'resume',
          labelKey: 'admin.timing.resume',
          need: { permission: ['timing:edit'] },
          visible: (r) => r.actions.includes('resume'),
          run: (r) => latest.current(() => call(adminOps.resumeJob, { id: r.id }), 'admin.timing.resumed'),
        },
        { key: 'log', labelKey: 'admin.timing.log', more: true, run: (r) => setLogOf(r) },
      ],
    }),
    [t],
  );
  return (
    <>
      <ResourcePage decl={decl} titleKey="admin.timing.what" />
      <Drawer
        open={Boolean(logOf)}
        onClose={() => setLogOf(null)}
        width={900}
        title={`${t('admin.timing.log')} · ${logOf?.name ?? ''}`}
        destroyOnHidden
      >
        {logOf && <JobLog job={logOf} />}
      </Drawer>
    </>
  );
}
