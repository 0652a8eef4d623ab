// The weather page: the next seven days at a batch's ports and project site, or at chosen
// UN/LOCODE ports, with the warning limits; administrators also set the services and limits here.
import { useQuery } from '@tanstack/react-query';
import { referenceOps } from '@tradelane/contract/api/account';
import { Card, Col, Empty, Row, Select, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../../access/permissions.ts';
import { call } from '../../../api/client.ts';
import { pick } from '../../../i18n/index.ts';
import { type BatchRow, projectApi } from '../../project/project-api.ts';
import '../../../components/domain/project.css';
import { ServiceSettingsCard } from './ServiceSettingsCard.tsx';
import { WeatherForecast } from './WeatherForecast.tsx';
import { weatherApi } from './weather-api.ts';

export default function WeatherPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const can = useCan();
  const [search, setSearch] = useSearchParams();
  const batchId = Number(search.get('batch')) || null;
  const [ports, setPorts] = useState<string[]>([]);
  const [batchText, setBatchText] = useState('');
  const [portText, setPortText] = useState('');
  const batches = useQuery({
    queryKey: ['weather', 'batches', batchText],
    queryFn: () => projectApi.batches({ page: 0, size: 20, blurry: batchText || undefined }),
  });
  const portOptions = useQuery({
    queryKey: ['weather', 'portSearch', portText],
    queryFn: () => call(referenceOps.ports, { q: portText, size: 20 }),
    enabled: portText.trim().length >= 2,
  });
  const forecast = useQuery({
    queryKey: ['weather', batchId ? `batch-${batchId}` : `ports-${ports.join(',')}`],
    queryFn: () => (batchId ? weatherApi.batch(batchId) : weatherApi.ports(ports)),
    enabled: Boolean(batchId) || ports.length > 0,
  });
  const batchOptions = useMemo(
    () =>
      (batches.data?.content ?? []).map((b: BatchRow) => ({
        value: b.id,
        label: [b.batchNumber, pick(lang, b.name, b.enName)].filter(Boolean).join(' '),
      })),
    [batches.data, lang],
  );
  return (
    <div className="pw-page" data-testid="weather-tool">
      <Card size="small" title={t('services.weather.title')}>
        <Row gutter={[12, 12]}>
          <Col xs={24} md={12}>
            <Typography.Text type="secondary">{t('services.weather.batch')}</Typography.Text>
            <Select
              showSearch
              allowClear
              style={{ width: '100%' }}
              data-testid="weather-batch"
              placeholder={t('services.weather.batchPlaceholder')}
              value={batchId ?? undefined}
              filterOption={false}
              onSearch={setBatchText}
              options={batchOptions}
              onChange={(v?: number) => {
                setPorts([]);
                setSearch(v ? { batch: String(v) } : {});
              }}
            />
          </Col>
          <Col xs={24} md={12}>
            <Typography.Text type="secondary">{t('services.weather.ports')}</Typography.Text>
            <Select
              mode="multiple"
              showSearch
              style={{ width: '100%' }}
              data-testid="weather-ports"
              placeholder={t('services.weather.portsPlaceholder')}
              value={ports}
              maxCount={6}
              filterOption={false}
              onSearch={setPortText}
              notFoundContent={portOptions.isFetching ? <Spin size="small" /> : null}
              options={(portOptions.data?.content ?? []).map((p) => ({
                value: p.locode,
                label: `${p.locode} ${p.name}`,
              }))}
              onChange={(v: string[]) => {
                setSearch({});
                setPorts(v);
              }}
            />
          </Col>
        </Row>
        <div style={{ marginTop: 16 }}>
          {forecast.data ? (
            <WeatherForecast answer={forecast.data} />
          ) : forecast.isFetching ? (
            <Spin />
          ) : (
            <Empty description={t('services.weather.pickSomething')} />
          )}
        </div>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('services.weather.source')}
        </Typography.Paragraph>
      </Card>
      {can({ permission: ['services:edit'] }) && (
        <div style={{ marginTop: 12 }}>
          <ServiceSettingsCard />
        </div>
      )}
    </div>
  );
}
