// Admin statistics: users by end and status, companies by certification, sign-ups and logins per day.

import { useQuery } from '@tanstack/react-query';
import { formatBytes } from '@tradelane/contract';
import { Card, Col, Empty, Row, Statistic } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeclContext } from '../../../components/resource/use-dicts.ts';
import { adminApi } from '../../system/admin-api.ts';
import { EChart } from './EChart.tsx';
import '../../../components/resource/resource.css';

const grid = { left: 40, right: 16, top: 36, bottom: 28, containLabel: true };
const animation = { animationDuration: 300 };

function ChartCard({
  title,
  option,
  empty,
  testId,
}: {
  title: string;
  option: EChartsCoreOption;
  empty: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Card title={title} variant="borderless" size="small">
      {empty ? <Empty description={t('admin.stats.noData')} /> : <EChart option={option} testId={testId} />}
    </Card>
  );
}

export default function StatisticsPage() {
  const { t } = useTranslation();
  const ctx = useDeclContext([
    'account_end',
    'tenant_checksatus',
    'feedback_status',
    'batch_status',
    'logistics_status',
  ]);
  const users = useQuery({ queryKey: ['stats', 'users'], queryFn: adminApi.usersStatistics });
  const projects = useQuery({ queryKey: ['stats', 'projects'], queryFn: adminApi.projectStatistics });
  const tools = useQuery({ queryKey: ['stats', 'tools'], queryFn: adminApi.toolsStatistics });

  const options = useMemo(() => {
    const u = users.data;
    const p = projects.data;
    const ends = [...new Set((u?.byEnd ?? []).map((r) => r.end))].sort();
    const byEndStatus = (enabled: boolean) =>
      ends.map((e) => u?.byEnd.find((r) => r.end === e && r.enabled === enabled)?.n ?? 0);
    const usersByEnd: EChartsCoreOption = {
      ...animation,
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid,
      xAxis: { type: 'category', data: ends.map((e) => ctx.dictLabel('account_end', e)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: t('admin.common.enabled'),
          type: 'bar',
          stack: 'u',
          data: byEndStatus(true),
          color: '#1677ff',
        },
        {
          name: t('admin.common.disabled'),
          type: 'bar',
          stack: 'u',
          data: byEndStatus(false),
          color: '#bfbfbf',
        },
      ],
    };
    const tenants: EChartsCoreOption = {
      ...animation,
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['40%', '68%'],
          center: ['50%', '45%'],
          data: (p?.byCheckStatus ?? []).map((r) => ({
            name: ctx.dictLabel('tenant_checksatus', r.checkStatus),
            value: r.n,
          })),
        },
      ],
    };
    const signups: EChartsCoreOption = {
      ...animation,
      tooltip: { trigger: 'axis' },
      grid,
      xAxis: { type: 'category', data: (u?.signups ?? []).map((r) => r.day) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: t('admin.stats.users'),
          type: 'line',
          smooth: true,
          areaStyle: {},
          data: (u?.signups ?? []).map((r) => r.n),
        },
      ],
    };
    const logins: EChartsCoreOption = {
      ...animation,
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid,
      xAxis: { type: 'category', data: (u?.logins ?? []).map((r) => r.day) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: t('admin.stats.loginOk'),
          type: 'bar',
          stack: 'l',
          data: (u?.logins ?? []).map((r) => r.ok),
          color: '#52c41a',
        },
        {
          name: t('admin.stats.loginFail'),
          type: 'bar',
          stack: 'l',
          data: (u?.logins ?? []).map((r) => r.n - r.ok),
          color: '#ff7875',
        },
      ],
    };
    const bars = (rows: { status: number; n: number }[], dict: string, color: string): EChartsCoreOption => ({
      ...animation,
      tooltip: { trigger: 'axis' },
      grid,
      xAxis: {
        type: 'category',
        data: rows.map((r) => ctx.dictLabel(dict, r.status)),
        axisLabel: { interval: 0, rotate: 30 },
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ name: t('admin.stats.count'), type: 'bar', data: rows.map((r) => r.n), color }],
    });
    const batches = bars(p?.batchesByStatus ?? [], 'batch_status', '#13c2c2');
    const boxes = bars(p?.boxesByLogistics ?? [], 'logistics_status', '#1677ff');
    const shipped: EChartsCoreOption = {
      ...animation,
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { ...grid, right: 40 },
      xAxis: { type: 'category', data: (p?.shippedPerMonth ?? []).map((r) => r.month) },
      yAxis: [
        { type: 'value', minInterval: 1, name: t('admin.stats.boxes') },
        { type: 'value', name: 't' },
      ],
      series: [
        {
          name: t('admin.stats.boxes'),
          type: 'bar',
          data: (p?.shippedPerMonth ?? []).map((r) => r.boxes),
          color: '#1677ff',
        },
        {
          name: t('admin.stats.weightT'),
          type: 'line',
          yAxisIndex: 1,
          data: (p?.shippedPerMonth ?? []).map((r) => Math.round(r.weightKg / 100) / 10),
          color: '#fa8c16',
        },
      ],
    };
    return { usersByEnd, tenants, signups, logins, batches, boxes, shipped };
  }, [users.data, projects.data, ctx, t]);

  const totalUsers = (users.data?.byEnd ?? []).reduce((s, r) => s + r.n, 0);
  const totalTenants = (projects.data?.byCheckStatus ?? []).reduce((s, r) => s + r.n, 0);
  return (
    <div>
      <Row gutter={12} style={{ marginBottom: 12 }}>
        {[
          [t('admin.stats.users'), totalUsers],
          [t('admin.stats.tenants'), totalTenants],
          [t('admin.stats.uploads'), tools.data?.uploads.n ?? 0],
          [t('admin.stats.uploadBytes'), formatBytes(tools.data?.uploads.bytes ?? 0)],
          [t('admin.stats.messages'), tools.data?.messages ?? 0],
          [t('admin.stats.projects'), projects.data?.projects ?? 0],
          [t('admin.stats.loadPlans'), tools.data?.loadPlans ?? 0],
          [t('admin.stats.jobRuns'), `${tools.data?.jobRuns.n ?? 0} / ${tools.data?.jobRuns.failed ?? 0}`],
          [t('admin.stats.mails'), `${tools.data?.mails.n ?? 0} / ${tools.data?.mails.failed ?? 0}`],
        ].map(([label, value]) => (
          <Col key={String(label)} flex="1 1 160px">
            <Card variant="borderless" size="small">
              <Statistic title={label} value={value} loading={users.isLoading || tools.isLoading} />
            </Card>
          </Col>
        ))}
      </Row>
      <div className="admin-stat-grid">
        {(
          [
            ['users', 'admin.stats.usersByEnd', options.usersByEnd, users.data?.byEnd],
            ['tenants', 'admin.stats.tenantsByStatus', options.tenants, projects.data?.byCheckStatus],
            ['signups', 'admin.stats.signups', options.signups, users.data?.signups],
            ['logins', 'admin.stats.logins', options.logins, users.data?.logins],
            ['batches', 'admin.stats.batchesByStatus', options.batches, projects.data?.batchesByStatus],
            ['boxes', 'admin.stats.boxesByLogistics', options.boxes, projects.data?.boxesByLogistics],
            ['shipped', 'admin.stats.shippedPerMonth', options.shipped, projects.data?.shippedPerMonth],
          ] as const
        ).map(([id, title, option, rows]) => (
          <ChartCard key={id} title={t(title)} option={option} empty={!rows?.length} testId={`chart-${id}`} />
        ))}
      </div>
    </div>
  );
}
