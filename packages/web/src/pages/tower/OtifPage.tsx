// On time in full (menu "tower/otif"): per supplier and per logistics provider, by month of receipt on site —
// how many of the batches each company worked on arrived on time (its moves by their planned day) and in
// full (its boxes received with nothing short, extra, wrong or damaged). The shipper reads every partner; a
// partner reads itself. The server answers the counts and rates; one list of fields draws the table and,
// on a phone, the cards. The filters live in the tab's query (usePageQuery), so a return to the tab keeps them.
import { useQuery } from '@tanstack/react-query';
import type { OtifRow } from '@tradelane/contract';
import { towerOps } from '@tradelane/contract/api/tower';
import { Card, Progress, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { projectOptions, useProjects } from '../../components/domain/lookups.ts';
import { usePageQuery } from '../../router/page-query.ts';
import { useApp } from '../../stores/app.ts';
import '../../components/resource/resource.css';
import './tower.css';

const WINDOWS = [3, 6, 12, 24] as const;

interface Field {
  key: string;
  title: string;
  width: number;
  align?: 'right';
  /** Not repeated on a phone card (the card's head shows it). */
  inHead?: boolean;
  render: (r: OtifRow) => ReactNode;
}

export default function OtifPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const phone = useApp((s) => s.device) === 'mobile';
  const [query, setQuery] = usePageQuery();
  const months = Number(query.get('months')) || 6;
  const projectId = Number(query.get('projectId')) || undefined;
  const projects = useProjects();
  const data = useQuery({
    queryKey: ['resource', 'projectBatch', 'otif', months, projectId],
    queryFn: () => call(towerOps.otif, { months, ...(projectId ? { projectId } : {}) }),
  });
  const rows = data.data?.rows ?? [];
  const set = (key: string, value: number | undefined) =>
    setQuery({ [key]: value === undefined ? null : String(value) });

  const endTag = (r: OtifRow) => (
    <Tag color={r.end === 'supplier' ? 'blue' : 'purple'}>{t(`tower.party.${r.end}`)}</Tag>
  );
  const fields: Field[] = [
    { key: 'month', title: t('tower.otif.month'), width: 96, render: (r) => r.month },
    { key: 'company', title: t('tower.otif.company'), width: 0, inHead: true, render: (r) => r.companyName },
    { key: 'end', title: t('tower.otif.role'), width: 140, inHead: true, render: endTag },
    { key: 'batches', title: t('tower.otif.batches'), width: 80, align: 'right', render: (r) => r.batches },
    {
      key: 'onTime',
      title: t('tower.otif.onTime'),
      width: 96,
      align: 'right',
      render: (r) => `${r.onTimeRate}%`,
    },
    {
      key: 'inFull',
      title: t('tower.otif.inFull'),
      width: 96,
      align: 'right',
      render: (r) => `${r.inFullRate}%`,
    },
    {
      key: 'otif',
      title: t('tower.otif.rate'),
      width: 120,
      render: (r) => (
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
      ),
    },
    {
      key: 'moves',
      title: t('tower.otif.movesOnTime'),
      width: 120,
      align: 'right',
      render: (r) => `${r.milestonesOnTime} / ${r.milestones}`,
    },
    {
      key: 'boxes',
      title: t('tower.otif.boxesInFull'),
      width: 120,
      align: 'right',
      render: (r) => `${r.boxesInFull} / ${r.boxes}`,
    },
  ];
  const columns: ColumnsType<OtifRow> = fields.map((f) => ({
    key: f.key,
    title: f.title,
    // The company takes what the others leave.
    width: f.width || undefined,
    ellipsis: !f.width,
    align: f.align,
    render: (_, r) => f.render(r),
  }));
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
          options={projectOptions(projects, lang)}
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
                {fields
                  .filter((f) => !f.inHead)
                  .map((f) => (
                    <div key={f.key}>
                      <dt>{f.title}</dt>
                      <dd>{f.render(r)}</dd>
                    </div>
                  ))}
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
