// The storage tool: the driver in use (local disk or S3), each tenant's files and bytes
// against the quota, and the stored files — browse, upload, download, delete (the spec's qiNiuContent
// and localStorage paths store through the same interface).

import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatBytes } from '@tradelane/contract';
import { fileOps } from '@tradelane/contract/api/account';
import { App, Button, Card, Descriptions, Progress, Table, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client.ts';
import { ResourcePage, useRefresh } from '../../../components/resource/ResourcePage.tsx';
import type { ResourceDecl } from '../../../components/resource/types.ts';
import '../../../components/domain/project.css';

interface FileRow {
  id: number;
  name: string;
  kind: string;
  mime: string;
  size: number;
  tenantId: number;
  createTime: string;
  createBy: string | null;
  url: string;
}

export default function StoragePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const refresh = useRefresh('file');
  const [uploading, setUploading] = useState(false);
  const usage = useQuery({
    queryKey: ['storage', 'usage'],
    queryFn: () => call(fileOps.storageUsage),
  });
  const names = useMemo(
    () => new Map((usage.data?.tenants ?? []).map((r) => [r.tenantId, r.tenantName ?? String(r.tenantId)])),
    [usage.data],
  );
  const decl = useMemo(
    (): ResourceDecl<FileRow> => ({
      name: 'file',
      defaultSort: 'id,desc',
      filters: [{ name: 'name', type: 'text' }],
      columns: [
        {
          key: 'name',
          width: 260,
          render: (r) => (
            <a href={r.url} target="_blank" rel="noreferrer">
              {r.name}
            </a>
          ),
        },
        { key: 'mime', width: 160, kind: 'ellipsis' },
        {
          key: 'size',
          width: 110,
          render: (r) => formatBytes(r.size),
          sortable: true,
        },
        {
          key: 'tenantId',
          width: 200,
          render: (r) => names.get(r.tenantId) ?? r.tenantId,
        },
        { key: 'createBy', width: 120 },
        {
          key: 'createTime',
          width: 170,
          kind: 'datetime',
          sortable: true,
        },
      ],
      permissions: { del: { permission: ['storage:list'] } },
      selectable: true,
    }),
    [names],
  );
  const u = usage.data;
  return (
    <div className="pw-page" data-testid="storage-tool">
      <Card size="small" className="pw-card" title={t('admin.storageTool.usage')} loading={usage.isLoading}>
        {u && (
          <>
            <Descriptions size="small" column={{ xs: 1, md: 3 }}>
              <Descriptions.Item label={t('admin.storageTool.driver')}>
                {u.driver === 's3' ? 'S3' : t('admin.storageTool.local')}
              </Descriptions.Item>
              <Descriptions.Item label={t('admin.storageTool.location')}>{u.location}</Descriptions.Item>
              <Descriptions.Item label={t('admin.storageTool.quota')}>
                {u.quotaBytes ? formatBytes(u.quotaBytes) : t('admin.storageTool.unlimited')}
              </Descriptions.Item>
            </Descriptions>
            <Table
              size="small"
              rowKey="tenantId"
              pagination={{ pageSize: 5 }}
              dataSource={u.tenants}
              columns={[
                { title: t('admin.storageTool.tenant'), dataIndex: 'tenantName' },
                { title: t('admin.storageTool.files'), dataIndex: 'files', width: 100, align: 'right' },
                {
                  title: t('admin.storageTool.size'),
                  dataIndex: 'bytes',
                  width: 120,
                  align: 'right',
                  render: formatBytes,
                },
                {
                  title: t('admin.storageTool.ofQuota'),
                  dataIndex: 'bytes',
                  width: 220,
                  render: (b: number) =>
                    u.quotaBytes ? (
                      <Progress percent={Math.round((b / u.quotaBytes) * 1000) / 10} size="small" />
                    ) : (
                      '-'
                    ),
                },
              ]}
            />
          </>
        )}
      </Card>
      <ResourcePage
        decl={decl}
        titleKey="admin.storageTool.what"
        compact
        toolbar={
          <Upload
            showUploadList={false}
            customRequest={async ({ file }) => {
              const data = new FormData();
              data.append('file', file as Blob);
              setUploading(true);
              try {
                await call(fileOps.qiNiu, data);
                void message.success(t('admin.storageTool.uploaded'));
                await refresh();
                await qc.invalidateQueries({ queryKey: ['storage', 'usage'] });
              } catch {
                /* shown by the request client */
              } finally {
                setUploading(false);
              }
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={uploading}>
              {t('admin.storageTool.upload')}
            </Button>
          </Upload>
        }
      />
    </div>
  );
}
