// Server monitor: this node's CPU, load, memory, disk, uptime, Node heap, event-loop delay,
// database pool and websocket connections, refreshed every 3 seconds, with the last few minutes charted.
import { useQuery } from '@tanstack/react-query';
import type { AnswerOf } from '@tradelane/contract';
import { systemMonitorOps } from '@tradelane/contract/api/system';
import { Card, Col, Descriptions, Progress, Row, Statistic, Typography } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client.ts';
import { EChart } from '../statistics/EChart.tsx';
import '../../../components/resource/resource.css';
import '../../../components/domain/project.css';

type ServerFigures = AnswerOf<typeof systemMonitorOps.server>;

const KEEP = 100;

function duration(s: number, t: (k: string, o?: Record<string, unknown>) => string) {
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  return t('admin.monitorTools.uptimeValue', { d, h, m });
}

export default function ServerMonitorPage() {
  const { t } = useTranslation();
  const figures = useQuery({
    queryKey: ['monitor', 'server'],
    queryFn: () => call(systemMonitorOps.server),
    refetchInterval: 3000,
  });
  const [history, setHistory] = useState<ServerFigures[]>([]);
  useEffect(() => {
    const f = figures.data;
    if (f) setHistory((h) => [...h.filter((x) => x.time !== f.time), f].slice(-KEEP));
  }, [figures.data]);
  const chart = useMemo((): EChartsCoreOption => {
    const x = history.map((f) => f.time.slice(11, 19));
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 48, top: 32, bottom: 28 },
      xAxis: { type: 'category', data: x },
      yAxis: [
        { type: 'value', name: '%', max: 100 },
        { type: 'value', name: 'MB / ms' },
      ],
      series: [
        {
          name: t('admin.monitorTools.cpu'),
          type: 'line',
          data: history.map((f) => f.cpu.usagePct),
          showSymbol: false,
        },
        {
          name: t('admin.monitorTools.memory'),
          type: 'line',
          data: history.map((f) => f.memory.usedPct),
          showSymbol: false,
        },
        {
          name: t('admin.monitorTools.heap'),
          type: 'line',
          yAxisIndex: 1,
          data: history.map((f) => f.runtime.heapUsedMb),
          showSymbol: false,
        },
        {
          name: t('admin.monitorTools.loopP99'),
          type: 'line',
          yAxisIndex: 1,
          data: history.map((f) => f.runtime.eventLoop.p99Ms),
          showSymbol: false,
        },
      ],
    };
  }, [history, t]);
  const f = figures.data;
  if (!f) return <Card loading />;
  return (
    <div className="pw-page" data-testid="server-monitor">
      <Row gutter={[12, 12]}>
        <Col xs={12} md={6}>
          <Card size="small" style={{ height: '100%' }} title={t('admin.monitorTools.cpu')}>
            <Progress type="dashboard" percent={f.cpu.usagePct} size={96} />
            <Typography.Text type="secondary">
              {t('admin.monitorTools.cores', { n: f.cpu.cores })} · {t('admin.monitorTools.load')}{' '}
              {f.load.join(' / ')}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small" style={{ height: '100%' }} title={t('admin.monitorTools.memory')}>
            <Progress type="dashboard" percent={f.memory.usedPct} size={96} />
            <Typography.Text type="secondary">
              {t('admin.monitorTools.usedOf', {
                used: Math.round(f.memory.totalMb - f.memory.freeMb),
                total: Math.round(f.memory.totalMb),
              })}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small" style={{ height: '100%' }} title={t('admin.monitorTools.disk')}>
            {f.disk ? (
              <>
                <Progress type="dashboard" percent={f.disk.usedPct} size={96} />
                <Typography.Text type="secondary">
                  {t('admin.monitorTools.diskFree', {
                    gb: Math.round(f.disk.freeMb / 1024),
                    path: f.disk.path,
                  })}
                </Typography.Text>
              </>
            ) : (
              <Typography.Text type="secondary">{t('admin.monitorTools.unknown')}</Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small" style={{ height: '100%' }} title={t('admin.monitorTools.node')}>
            <Statistic title={t('admin.monitorTools.heap')} value={f.runtime.heapUsedMb} />
            <Statistic title={t('admin.monitorTools.websockets')} value={f.websockets} />
          </Card>
        </Col>
      </Row>
      <Card size="small" className="pw-card" style={{ marginTop: 12 }}>
        <EChart option={chart} testId="server-chart" />
      </Card>
      <Card size="small" className="pw-card" style={{ marginTop: 12 }}>
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} bordered>
          <Descriptions.Item label={t('admin.monitorTools.nodeId')}>{f.node}</Descriptions.Item>
          <Descriptions.Item label={t('admin.monitorTools.cpuModel')}>{f.cpu.model}</Descriptions.Item>
          <Descriptions.Item label={t('admin.monitorTools.runtime')}>{f.runtime.version}</Descriptions.Item>
          <Descriptions.Item label={t('admin.monitorTools.systemUptime')}>
            {duration(f.uptime.systemS, t)}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.monitorTools.processUptime')}>
            {duration(f.uptime.processS, t)}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.monitorTools.rss')}>
            {t('admin.monitorTools.mb', { v: f.runtime.rssMb })}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.monitorTools.heap')}>
            {t('admin.monitorTools.usedOf', { used: f.runtime.heapUsedMb, total: f.runtime.heapTotalMb })}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.monitorTools.eventLoop')}>
            {t('admin.monitorTools.loopValue', {
              p50: f.runtime.eventLoop.p50Ms,
              p99: f.runtime.eventLoop.p99Ms,
              max: f.runtime.eventLoop.maxMs,
            })}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.monitorTools.database')}>
            {f.database.kind === 'pglite'
              ? t('admin.monitorTools.pglite')
              : f.database.pool
                ? t('admin.monitorTools.pool', f.database.pool)
                : f.database.kind}
          </Descriptions.Item>
        </Descriptions>
      </Card>
    </div>
  );
}
