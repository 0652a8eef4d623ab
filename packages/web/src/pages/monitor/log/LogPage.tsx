// Operation log (logType INFO) and error log (ERROR): one declaration, a detail drawer.

import { formatTime } from '@tradelane/contract';
import { Descriptions, Drawer, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import type { ResourceDecl } from '../../../components/resource/types.ts';
import type { Row } from '../../system/admin-api.ts';
import { operationName } from './operation-name.ts';

export interface LogRow extends Row {
  id: number;
  logType: 'INFO' | 'ERROR';
  username: string | null;
  description: string | null;
  method: string | null;
  path: string | null;
  params: string | null;
  status: number | null;
  requestIp: string | null;
  browser: string | null;
  time: number | null;
  exceptionDetail: string | null;
}

function statusTag(status: number | null) {
  if (status === null) return '-';
  return <Tag color={status >= 500 ? 'error' : status >= 400 ? 'warning' : 'success'}>{status}</Tag>;
}

function pretty(text: string | null): string {
  if (!text) return '-';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function LogDetail({ row, onClose }: { row: LogRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer open={Boolean(row)} onClose={onClose} title={t('admin.log.detailTitle')} size={640}>
      {row && (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('admin.log.createTime')}>
            {formatTime(row.createTime)}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.log.username')}>{row.username ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('admin.log.description')}>
            {operationName(row.description, t)}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.log.path')}>
            {row.method} {row.path}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.log.status')}>{statusTag(row.status)}</Descriptions.Item>
          <Descriptions.Item label={t('admin.log.ip')}>{row.requestIp ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('admin.log.browser')}>{row.browser ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('admin.log.time')}>
            {row.time === null ? '-' : t('admin.log.timeMs', { ms: row.time })}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.log.params')}>
            <pre className="admin-kv">{pretty(row.params)}</pre>
          </Descriptions.Item>
          {row.logType === 'ERROR' && (
            <Descriptions.Item label={t('admin.log.exception')}>
              <pre className="admin-kv">{row.exceptionDetail ?? '-'}</pre>
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
    </Drawer>
  );
}

export function LogPage({ logType }: { logType: 'INFO' | 'ERROR' }) {
  const [detail, setDetail] = useState<LogRow | null>(null);
  const decl = useMemo(
    (): ResourceDecl<LogRow> => ({
      name: 'log',
      fixedParams: { logType },
      defaultSort: 'createTime,desc',
      pageSize: 20,
      filters: [
        { name: 'blurry', labelKey: 'admin.common.keyword', type: 'text', width: 200 },
        { name: 'username', type: 'text', width: 140 },
        { name: 'requestIp', type: 'text', width: 140 },
        { name: 'createTime', type: 'dateRange' },
      ],
      columns: [
        { key: 'username', width: 110 },
        {
          key: 'description',
          width: 180,
          kind: 'ellipsis',
          render: (r, ctx) => operationName(r.description, ctx.t),
        },
        {
          key: 'path',
          width: 260,
          kind: 'ellipsis',
          render: (r) => (
            <span className="rp-ellipsis">
              <Tag>{r.method}</Tag>
              {r.path}
            </span>
          ),
        },
        {
          key: 'status',
          width: 80,
          render: (r) => statusTag(r.status),
          sortable: true,
        },
        { key: 'requestIp', width: 120 },
        {
          key: 'time',
          width: 90,
          sortable: true,
          render: (r, ctx) => (r.time === null ? '-' : ctx.t('admin.log.timeMs', { ms: r.time })),
        },
        ...(logType === 'ERROR'
          ? [
              {
                key: 'exceptionDetail',
                width: 220,
                kind: 'ellipsis' as const,
              },
            ]
          : []),
        { key: 'createTime', width: 170, kind: 'datetime', sortable: true },
      ],
      permissions: {},
      rowActions: [{ key: 'detail', labelKey: 'admin.common.detail', run: setDetail }],
    }),
    [logType],
  );
  return (
    <>
      <ResourcePage decl={decl} titleKey="admin.log.what" />
      <LogDetail row={detail} onClose={() => setDetail(null)} />
    </>
  );
}
