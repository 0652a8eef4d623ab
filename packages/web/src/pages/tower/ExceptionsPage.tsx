// The exception inbox (menu "tower/exceptions"): every exception the caller's company sees, oldest first,
// filtered by project, batch, owner party, kind, open or closed and past due; each row's buttons are the
// commands the server says the caller may run on it (assign, resolve with a resolution, close, reopen with
// a reason). `?id=N` opens that exception — where its notices and the home page's to-do lead.
import { useQuery } from '@tanstack/react-query';
import { exceptionKinds } from '@tradelane/contract';
import { Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useProjects } from '../../components/domain/lookups.ts';
import { ResourcePage } from '../../components/resource/ResourcePage.tsx';
import type { ResourceDecl } from '../../components/resource/types.ts';
import { StatusTag } from '../../components/status/status.tsx';
import { projectApi } from '../project/project-api.ts';
import { AssignModal } from './AssignModal.tsx';
import { ExceptionDrawer } from './ExceptionDrawer.tsx';
import { EXCEPTION_EVENTS, exceptionCommands, isPastDue, runException } from './exception-commands.ts';
import type { ExceptionRow } from './tower-api.ts';
import './tower.css';

const PARTIES = ['shipper', 'supplier', 'logistics'] as const;

export default function ExceptionsPage() {
  const [params, setParams] = useSearchParams();
  const opened = Number(params.get('id')) || null;
  const [assigning, setAssigning] = useState<ExceptionRow | null>(null);
  const projects = useProjects();
  const batches = useQuery({
    queryKey: ['resource', 'projectBatch', 'all'],
    queryFn: () => projectApi.batches({ page: 0, size: 500, sort: 'batchNumber,asc' }),
  }).data?.content;
  const open = (id: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('id', String(id));
        else next.delete('id');
        return next;
      },
      { replace: !id },
    );
  // The declaration calls the latest handlers (it is made once per set of options).
  const act = useRef({ open, setAssigning });
  act.current = { open, setAssigning };

  const decl = useMemo(
    (): ResourceDecl<ExceptionRow> => ({
      name: 'exceptions',
      defaultSort: 'createTime,asc',
      pageSize: 20,
      exportable: true,
      filters: [
        {
          name: 'projectId',
          type: 'select',
          width: 200,
          options: (ctx) =>
            projects.map((p) => ({
              value: p.id,
              label: (ctx.lang === 'en' ? p.enName : null) || p.name,
            })),
        },
        {
          name: 'batchId',
          type: 'select',
          width: 170,
          options: () => (batches ?? []).map((b) => ({ value: b.id, label: b.batchNumber })),
        },
        {
          name: 'ownerParty',
          type: 'select',
          width: 150,
          options: (ctx) => PARTIES.map((p) => ({ value: p, label: ctx.t(`tower.party.${p}`) })),
        },
        {
          name: 'kind',
          type: 'select',
          width: 190,
          options: (ctx) => exceptionKinds.map((k) => ({ value: k.code, label: k[ctx.lang] })),
        },
        {
          name: 'open',
          type: 'select',
          width: 130,
          options: (ctx) => [
            { value: 'true', label: ctx.t('tower.openOnly') },
            { value: 'false', label: ctx.t('tower.closedOnly') },
          ],
        },
        {
          name: 'late',
          type: 'select',
          width: 130,
          options: (ctx) => [
            { value: 'true', label: ctx.t('tower.pastDue') },
            { value: 'false', label: ctx.t('tower.notPastDue') },
          ],
        },
      ],
      columns: [
        {
          key: 'title',
          width: 240,
          render: (r) => (
            <Typography.Link
              className="tower-title-link"
              data-testid="exception-title"
              onClick={() => act.current.open(r.id)}
            >
              {r.title}
            </Typography.Link>
          ),
        },
        { key: 'kindLabel', width: 130, render: (r) => <Tag>{r.kindLabel}</Tag> },
        {
          // The batch with its project under it: one column, so the row fits 1440 px with its buttons.
          key: 'batchNumber',
          width: 150,
          render: (r) => (
            <div className="tower-batch-cell">
              <div>{r.batchNumber ?? '-'}</div>
              {r.projectName && (
                <Typography.Text type="secondary" ellipsis={{ tooltip: r.projectName }}>
                  {r.projectName}
                </Typography.Text>
              )}
            </div>
          ),
        },
        {
          key: 'ownerName',
          width: 160,
          render: (r, ctx) =>
            r.ownerName ? (
              <span>
                {r.ownerName}
                {r.ownerParty && (
                  <Typography.Text type="secondary">
                    {' '}
                    · {ctx.t(`tower.party.${r.ownerParty}`)}
                  </Typography.Text>
                )}
              </span>
            ) : (
              '-'
            ),
        },
        {
          key: 'dueDate',
          width: 105,
          render: (r) =>
            r.dueDate ? (
              <Typography.Text className="rp-nowrap" type={isPastDue(r) ? 'danger' : undefined}>
                {r.dueDate}
              </Typography.Text>
            ) : (
              '-'
            ),
        },
        {
          key: 'createTime',
          width: 105,
          sortable: true,
          render: (r) => <span className="rp-nowrap">{r.createTime.slice(0, 10)}</span>,
        },
        {
          key: 'status',
          width: 100,
          render: (r) => <StatusTag dict="exception_status" value={r.status} label={r.statusLabel} />,
        },
      ],
      permissions: {},
      rowCommands: {
        entity: 'exception',
        refresh: ['exceptions'],
        run: (row, event, reason) => runException(row, event, reason),
        commands: (row) => exceptionCommands(row, (r) => act.current.setAssigning(r)),
        only: EXCEPTION_EVENTS,
      },
    }),
    [projects, batches],
  );

  return (
    <div className="tower-page" data-testid="exceptions-page">
      <ResourcePage<ExceptionRow>
        decl={decl}
        titleKey="tower.inboxTitle"
        initialFilters={{ open: 'true' }}
        activeRowId={opened}
      />
      {opened && <ExceptionDrawer id={opened} onClose={() => open(null)} onAssign={setAssigning} />}
      {assigning && <AssignModal row={assigning} onClose={() => setAssigning(null)} />}
    </div>
  );
}
