// On time in full (menu "tower/otif"): per supplier and per logistics provider, by month of receipt on site —
// how many of the batches each company worked on arrived on time (its moves by their planned day) and in
// full (its boxes received with nothing short, extra, wrong or damaged). The shipper reads every partner; a
// partner reads itself. On a phone the rows are cards.
import { useQuery } from '@tanstack/react-query';
import type { OtifAnswer, OtifRow } from '@tradelane/contract';
import { Card, Progress, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/request.ts';
import { usePageQuery } from '../../router/page-query.ts';
import { useApp } from '../../stores/app.ts';
import { projectApi } from '../project/project-api.ts';
import '../../components/resource/resource.css';
import './tower.css';

const WINDOWS = [3, 6, 12, 24] as const;

export default function OtifPage() {
  const { t } = useTranslation();
  const phone = useApp((s) => s.device) === 'mobile';
  const [query, setQuery] = usePageQuery();
  const months = Number(query.get('months')) || 6;
  const projectId = Number(query.get('projectId')) || undefined;
  const projects = useQuery({
    queryKey: ['resource', 'project', 'otif-options'],
    queryFn: () => projectApi.projects(),
  });
  const data = useQuery({
    queryKey: ['resource', 'projectBatch', 'otif', months, projectId],
    queryFn: () => http.get<OtifAnswer>('/api/tower/otif', { months, ...(projectId ? { projectId } : {}) }),
  });
  const rows = data.data?.rows ?? [];
  const set = (key: string, value: number | undefined) =>
    setQuery({ [key]: value === undefined ? null : String(value) });
  const rate = (n: number, of: number) => (of ? Math.round((n / of) * 1000) / 10 : 0);
  const share = (n: number, of: number) => `${n} / ${of}`;
  const endTag = (r: OtifRow) => (
    <Tag color={r.end === 'supplier' ? 'blue' : 'purple'}>{t(`tower.party.${r.end}`)}</Tag>
  );
  const otifCell = (r: OtifRow) => (
    <Space size={6}>
      <Progress
        type="circle"
        size={28}
        percent={r.otifRate}
        showInfo={false}
        status={r.otifRate >= 95 ? 'success' : r.otifRate >= 80 ? 'normal' : 'exception'}
      />
      <Typography.Text strong>{`${r.otifRate}%`}</Typography.Text>
    </Space>
  );
  const columns: ColumnsType<OtifRow> = [
    { key: 'month', title: t('tower.otif.month'), dataIndex: 'month', width: 96 },
    { key: 'company', title: t('tower.otif.company'), dataIndex: 'companyName', ellipsis: true },
    { key: 'end', title: t('tower.otif.role'), width: 140, render: (_, r) => endTag(r) },
    { key: 'batches', title: t('tower.otif.batches'), dataIndex: 'batches', width: 80, align: 'right' },
    {
      key: 'onTime',
      title: t('tower.otif.onTime'),
      width: 96,
      align: 'right',
      render: (_, r) => `${rate(r.onTime, r.batches)}%`,
    },
    {
      key: 'inFull',
      title: t('tower.otif.inFull'),
      width: 96,
      align: 'right',
      render: (_, r) => `${rate(r.inFull, r.batches)}%`,
    },
    { key: 'otif', title: t('tower.otif.rate'), width: 120, render: (_, r) => otifCell(r) },
    {
      key: 'milestones',
      title: t('tower.otif.movesOnTime'),
      width: 130,
      align: 'right',
      render: (_, r) => share(r.milestonesOnTime, r.milestones),
    },
    {
      key: 'boxes',
      title: t('tower.otif.boxesInFull'),
      width: 130,
      align: 'right',
      render: (_, r) => share(r.boxesInFull, r.boxes),
    },
  ];
  const key = (r: OtifRow) => `${r.month}:${r.end}:${r.tenantId}`;
  return (
    <Card variant="borderless" className="otif-page" data-testid="otif-page">
      <Typography.Paragraph type="secondary" className="otif-explain">
        {t('tower.otif.explain')}
      </Typography.Paragraph>
      <Space wrap className="otif-filters">
        <Select
          allowClear
          className="otif-project"
          placeholder={t('tower.otif.allProjects')}
          value={projectId}
          loading={projects.isLoading}
          options={(projects.data?.content ?? []).map((p) => ({ value: p.id, label: p.name }))}
          onChange={(v?: number) => set('projectId', v)}
        />
        <Select
          className="otif-window"
          value={months}
          options={WINDOWS.map((m) => ({ value: m, label: t('tower.otif.lastMonths', { count: m }) }))}
          onChange={(v: number) => set('months', v)}
        />
      </Space>
      {phone ? (
        <div className="rp-cards">
          {!rows.length && !data.isLoading && (
            <Typography.Text type="secondary">{t('tower.otif.empty')}</Typography.Text>
          )}
          {rows.map((r) => (
            <div key={key(r)} className="rp-row-card" data-testid="otif-card">
              <div className="rp-row-card-head">
                <span className="rp-row-card-title">{r.companyName}</span>
                <span className="rp-row-card-status">{endTag(r)}</span>
              </div>
              <dl className="rp-row-card-fields">
                <div>
                  <dt>{t('tower.otif.month')}</dt>
                  <dd>{r.month}</dd>
                </div>
                <div>
                  <dt>{t('tower.otif.rate')}</dt>
                  <dd>{otifCell(r)}</dd>
                </div>
                <div>
                  <dt>{t('tower.otif.batches')}</dt>
                  <dd>{r.batches}</dd>
                </div>
                <div>
                  <dt>{t('tower.otif.movesOnTime')}</dt>
                  <dd>{share(r.milestonesOnTime, r.milestones)}</dd>
                </div>
                <div>
                  <dt>{t('tower.otif.boxesInFull')}</dt>
                  <dd>{share(r.boxesInFull, r.boxes)}</dd>
                </div>
              </dl>
            </div>
          ))}
        </div>
      ) : (
        <Table<OtifRow>
          rowKey={key}
          size="middle"
          loading={data.isLoading}
          columns={columns}
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: t('tower.otif.empty') }}
        />
      )}
    </Card>
  );
}
