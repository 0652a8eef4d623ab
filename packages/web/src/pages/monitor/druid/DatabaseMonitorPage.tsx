// Database monitor (the spec's /druid/index.html leads here): connections and what they run,
// table and index sizes, index use, and the slowest statements — or why they cannot be shown.

import { useQuery } from '@tanstack/react-query';
import { formatBytes } from '@tradelane/contract';
import { systemMonitorOps } from '@tradelane/contract/api/system';
import { Alert, Card, Descriptions, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client.ts';
import '../../../components/domain/project.css';

/** PostgreSQL's words for a connection's state (pg_stat_activity.state), by their catalogue key. */
const STATES: Record<string, string> = {
  active: 'active',
  idle: 'idle',
  'idle in transaction': 'idleInTransaction',
  'idle in transaction (aborted)': 'idleInTransactionAborted',
  'fastpath function call': 'fastpath',
  disabled: 'disabled',
};

export default function DatabaseMonitorPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('connections');
  const q = useQuery({
    queryKey: ['monitor', 'database'],
    queryFn: () => call(systemMonitorOps.database),
    refetchInterval: 5000,
  });
  const d = q.data;
  if (!d) return <Card loading />;
  const k = (key: string) => t(`admin.monitorTools.db.${key}`);
  return (
    <div className="pw-page" data-testid="database-monitor">
      <Card size="small" className="pw-card">
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={k('engine')}>
            {d.kind === 'pglite' ? t('admin.monitorTools.pglite') : 'PostgreSQL'}
          </Descriptions.Item>
          <Descriptions.Item label={k('name')}>{d.name}</Descriptions.Item>
          <Descriptions.Item label={k('size')}>{formatBytes(d.sizeBytes)}</Descriptions.Item>
          <Descriptions.Item label={k('version')} span={3}>
            <Typography.Text type="secondary">{d.version}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" className="pw-card" style={{ marginTop: 12 }}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'connections',
              label: `${k('connections')} (${d.connections.length})`,
              children: (
                <Table
                  size="small"
                  rowKey="pid"
                  pagination={false}
                  scroll={{ x: 1000 }}
                  dataSource={d.connections}
                  columns={[
                    { title: 'PID', dataIndex: 'pid', width: 80 },
                    { title: k('user'), dataIndex: 'user', width: 120 },
                    { title: k('client'), dataIndex: 'client', width: 130 },
                    {
                      title: k('state'),
                      dataIndex: 'state',
                      width: 120,
                      render: (s: string | null) =>
                        s ? (
                          <Tag color={s === 'active' ? 'green' : 'default'} title={s}>
                            {STATES[s] ? k(`states.${STATES[s]}`) : s}
                          </Tag>
                        ) : (
                          '-'
                        ),
                    },
                    { title: k('wait'), dataIndex: 'wait', width: 120 },
                    {
                      title: k('running'),
                      dataIndex: 'runningMs',
                      width: 110,
                      render: (v: number | null) => (v == null ? '-' : `${v} ms`),
                    },
                    { title: k('query'), dataIndex: 'query', ellipsis: true },
                  ]}
                />
              ),
            },
            {
              key: 'tables',
              label: k('tables'),
              children: (
                <Table
                  size="small"
                  rowKey="name"
                  pagination={{ pageSize: 20 }}
                  dataSource={d.tables}
                  columns={[
                    { title: k('table'), dataIndex: 'name' },
                    {
                      title: k('rows'),
                      dataIndex: 'rowsEstimate',
                      align: 'right',
                      render: (v: number) => (v < 0 ? '-' : v.toLocaleString()),
                    },
                    { title: k('total'), dataIndex: 'totalBytes', align: 'right', render: formatBytes },
                    { title: k('indexSize'), dataIndex: 'indexBytes', align: 'right', render: formatBytes },
                    { title: k('seqScans'), dataIndex: 'seqScans', align: 'right' },
                    { title: k('indexScans'), dataIndex: 'indexScans', align: 'right' },
                  ]}
                />
              ),
            },
            {
              key: 'indexes',
              label: k('indexes'),
              children: (
                <Table
                  size="small"
                  rowKey="name"
                  pagination={{ pageSize: 20 }}
                  dataSource={d.indexes}
                  columns={[
                    { title: k('index'), dataIndex: 'name' },
                    { title: k('table'), dataIndex: 'table' },
                    { title: k('size'), dataIndex: 'bytes', align: 'right', render: formatBytes },
                    {
                      title: k('scans'),
                      dataIndex: 'scans',
                      align: 'right',
                      render: (v: number) =>
                        v === 0 ? <Tag color="orange">{k('unused')}</Tag> : v.toLocaleString(),
                    },
                  ]}
                />
              ),
            },
            {
              key: 'statements',
              label: k('statements'),
              children: d.statements ? (
                <Table
                  size="small"
                  rowKey="query"
                  pagination={false}
                  dataSource={d.statements}
                  columns={[
                    { title: k('query'), dataIndex: 'query', ellipsis: true },
                    { title: k('calls'), dataIndex: 'calls', align: 'right', width: 90 },
                    { title: k('mean'), dataIndex: 'meanMs', align: 'right', width: 110 },
                    { title: k('totalTime'), dataIndex: 'totalMs', align: 'right', width: 120 },
                  ]}
                />
              ) : (
                <Alert
                  type="info"
                  showIcon
                  data-testid="statements-note"
                  message={k(d.statementsNote === 'pglite' ? 'notePglite' : 'noteExtension')}
                />
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
