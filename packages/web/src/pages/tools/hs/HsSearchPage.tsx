// HS code search (menu "tools/hs/index"): by code prefix or words, browse sections and chapters in the
// current language, and the details of a code.
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Drawer, Empty, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Lang, pick } from '../../../i18n/index.ts';
import { type HsItem, hsApi } from '../../project/project-api.ts';
import { formatHs, parseHsQuery } from './hs-query.ts';
import '../../../components/domain/project.css';

export default function HsSearchPage() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const [text, setText] = useState('');
  const [section, setSection] = useState<string | undefined>();
  const [chapter, setChapter] = useState<string | undefined>();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(20);
  const [detail, setDetail] = useState<HsItem | null>(null);
  const sections =
    useQuery({ queryKey: ['hs', 'sections'], queryFn: hsApi.sections, staleTime: Infinity }).data ?? [];
  const chapters =
    useQuery({
      queryKey: ['hs', 'chapters', section ?? ''],
      queryFn: () => hsApi.chapters(section),
      staleTime: Infinity,
    }).data ?? [];
  const typed = parseHsQuery(text);
  const query = typed.kind === 'empty' && chapter ? { kind: 'code' as const, code: chapter } : typed;
  const result = useQuery({
    queryKey: ['hs', 'search', query, page, size],
    queryFn: () =>
      query.kind === 'code'
        ? hsApi.byCode(query.code, page, size)
        : hsApi.byName(query.kind === 'name' ? query.name : '', page, size),
    enabled: query.kind !== 'empty',
  });
  const describe = (h: HsItem) => pick(lang, h.zhDescription, h.description);
  return (
    <Card className="rp-card" variant="borderless">
      <div className="pw-bar">
        <Input.Search
          allowClear
          enterButton
          style={{ maxWidth: 420 }}
          placeholder={t('project.hs.searchPlaceholder')}
          aria-label={t('project.hs.searchPlaceholder')}
          onSearch={(v) => {
            setText(v);
            setPage(0);
          }}
        />
        <Select
          allowClear
          style={{ width: 300 }}
          placeholder={t('project.hs.section')}
          value={section}
          onChange={(v: string | undefined) => {
            setSection(v);
            setChapter(undefined);
          }}
          options={sections.map((s) => ({ value: s.code, label: `${s.code} · ${pick(lang, s.zh, s.en)}` }))}
          popupMatchSelectWidth={520}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 300 }}
          placeholder={t('project.hs.chapter')}
          value={chapter}
          onChange={(v: string | undefined) => {
            setChapter(v);
            setText('');
            setPage(0);
          }}
          options={chapters.map((c) => ({ value: c.code, label: `${c.code} · ${pick(lang, c.zh, c.en)}` }))}
          popupMatchSelectWidth={520}
        />
      </div>
      {query.kind === 'empty' ? (
        <Empty description={t('project.hs.typeToSearch')} />
      ) : (
        <Table<HsItem>
          rowKey="code"
          size="small"
          loading={result.isFetching}
          dataSource={result.data?.content ?? []}
          onRow={(h) => ({ onClick: () => setDetail(h), style: { cursor: 'pointer' } })}
          rowClassName={(h) => (h.level <= 2 ? 'hs-level-2' : '')}
          pagination={{
            current: page + 1,
            pageSize: size,
            total: result.data?.totalElements ?? 0,
            showTotal: (n) => t('admin.common.total', { total: n }),
            onChange: (p, s) => {
              setPage(s !== size ? 0 : p - 1);
              setSize(s);
            },
          }}
          columns={[
            {
              key: 'code',
              title: t('project.hs.code'),
              width: 140,
              render: (_: unknown, h: HsItem) => (
                <span className="hs-code">{h.formatted || formatHs(h.code)}</span>
              ),
            },
            {
              key: 'level',
              title: t('project.hs.level'),
              width: 90,
              render: (_: unknown, h: HsItem) => (
                <Tag>{t(`project.hs.lv${h.level}`, { defaultValue: String(h.level) })}</Tag>
              ),
            },
            {
              key: 'desc',
              title: t('project.hs.description'),
              render: (_: unknown, h: HsItem) => describe(h),
            },
            {
              key: 'chapter',
              title: t('project.hs.chapter'),
              width: 260,
              ellipsis: true,
              render: (_: unknown, h: HsItem) =>
                h.chapter ? `${h.chapter.code} · ${pick(lang, h.chapter.zh, h.chapter.en)}` : '-',
            },
          ]}
          locale={{ emptyText: <Empty description={t('project.hs.none')} /> }}
        />
      )}
      <Drawer
        open={Boolean(detail)}
        onClose={() => setDetail(null)}
        size={560}
        title={detail ? `${t('project.hs.detail')} · ${detail.formatted || formatHs(detail.code)}` : ''}
      >
        {detail && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('project.hs.code')}>
                <span className="hs-code">{detail.formatted || formatHs(detail.code)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('project.hs.descEn')}>{detail.description}</Descriptions.Item>
              <Descriptions.Item label={t('project.hs.descZh')}>
                {detail.zhDescription ?? '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('project.hs.section')}>
                {detail.section
                  ? `${detail.section.code} · ${pick(lang, detail.section.zh, detail.section.en)}`
                  : '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('project.hs.chapter')}>
                {detail.chapter
                  ? `${detail.chapter.code} · ${pick(lang, detail.chapter.zh, detail.chapter.en)}`
                  : '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('project.hs.parent')}>
                {detail.parent ? formatHs(detail.parent) : '-'}
              </Descriptions.Item>
            </Descriptions>
            {(result.data?.national ?? []).some((n) => n.code.startsWith(detail.code)) && (
              <>
                <Typography.Text strong>{t('project.hs.national')}</Typography.Text>
                {(result.data?.national ?? [])
                  .filter((n) => n.code.startsWith(detail.code))
                  .map((n) => (
                    <div key={n.code}>
                      <span className="hs-code">{n.code}</span> {n.name}
                      {n.elements && <div className="pw-sub">{n.elements}</div>}
                    </div>
                  ))}
              </>
            )}
          </Space>
        )}
      </Drawer>
    </Card>
  );
}
