import { useQuery } from '@tanstack/react-query';
import { formatTime } from '@tradelane/contract';
import { Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import type { LoginRecord } from '../../api/types.ts';

export function LoginHistory() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const { data, isLoading } = useQuery({
    queryKey: ['loginHistory', page],
    queryFn: () => api.loginHistory({ page, size: 10 }),
  });
  return (
    <Table<LoginRecord>
      rowKey={(r) => `${r.createTime}-${r.ip}`}
      loading={isLoading}
      dataSource={data?.content ?? []}
      pagination={{
        current: page + 1,
        pageSize: 10,
        total: data?.totalElements ?? 0,
        onChange: (p) => setPage(p - 1),
      }}
      columns={[
        { title: t('user.loginTime'), dataIndex: 'createTime', render: (v: string) => formatTime(v) },
        { title: t('user.ip'), dataIndex: 'ip' },
        { title: t('user.browser'), dataIndex: 'browser' },
        {
          title: t('user.result'),
          dataIndex: 'success',
          render: (ok: boolean) => (
            <Tag color={ok ? 'success' : 'error'}>{ok ? t('user.success') : t('user.failure')}</Tag>
          ),
        },
      ]}
    />
  );
}
