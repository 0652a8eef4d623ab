// A forecast answer drawn: the warnings first, then one card per place with its seven days (days
// reaching a limit marked), or the place's "unavailable" reason.
import { weatherCodeGroups } from '@tradelane/contract';
import { Alert, Card, Col, Empty, Row, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WeatherAnswer, WeatherPlace } from './weather-api.ts';

type Day = WeatherPlace['days'][number];

export function weatherLabel(code: number | null, lang: 'zh' | 'en'): string {
  if (code === null) return '-';
  return weatherCodeGroups.find((g) => g.codes.includes(code))?.[lang] ?? String(code);
}

export function WarningList({ answer }: { answer: WeatherAnswer }) {
  const { t, i18n } = useTranslation();
  if (!answer.warnings.length) return null;
  const what = (over: ('wind' | 'rain')[]) =>
    over
      .map((o) => t(o === 'wind' ? 'services.weather.overWind' : 'services.weather.overRain'))
      .join(i18n.language === 'en' ? ', ' : '、');
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="weather-warning"
      message={t('services.weather.warningTitle')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {answer.warnings.map((w) => (
            <li key={`${w.role}-${w.name}-${w.date}`}>
              {t('services.weather.warningItem', {
                date: w.date,
                role: t(`services.weather.role_${w.role}`),
                name: w.name,
                what: what(w.over),
              })}
            </li>
          ))}
        </ul>
      }
    />
  );
}

function PlaceCard({ place }: { place: WeatherPlace }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const hot = (d: Day, k: 'wind' | 'rain') =>
    d.over.includes(k) ? { color: '#cf1322', fontWeight: 600 } : {};
  return (
    <Card
      size="small"
      data-testid={`weather-${place.role}`}
      title={
        <span>
          <Tag>{t(`services.weather.role_${place.role}`)}</Tag>
          {place.name}
        </span>
      }
      extra={
        place.lat !== null && place.lon !== null ? (
          <Typography.Text type="secondary">{`${place.lat.toFixed(2)}, ${place.lon.toFixed(2)}`}</Typography.Text>
        ) : null
      }
    >
      {place.state === 'ok' ? (
        <Table<Day>
          size="small"
          rowKey="date"
          pagination={false}
          dataSource={place.days}
          scroll={{ x: 560 }}
          columns={[
            { title: t('services.weather.date'), dataIndex: 'date', width: 110 },
            {
              title: t('services.weather.weather'),
              dataIndex: 'weatherCode',
              render: (c: number | null) => weatherLabel(c, lang),
            },
            {
              title: t('services.weather.temp'),
              key: 'temp',
              render: (_: unknown, d: Day) => `${d.tempMin ?? '-'} ~ ${d.tempMax ?? '-'}`,
            },
            {
              title: t('services.weather.rain'),
              dataIndex: 'precipitationMm',
              align: 'right',
              render: (v: number | null, d: Day) => <span style={hot(d, 'rain')}>{v ?? '-'}</span>,
            },
            {
              title: t('services.weather.wind'),
              dataIndex: 'windMaxKmh',
              align: 'right',
              render: (v: number | null, d: Day) => <span style={hot(d, 'wind')}>{v ?? '-'}</span>,
            },
            { title: t('services.weather.gust'), dataIndex: 'gustMaxKmh', align: 'right' },
          ]}
        />
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <span>
              <Typography.Text strong>
                {t(
                  place.state === 'no_location'
                    ? 'services.weather.noLocation'
                    : 'services.weather.unavailable',
                )}
              </Typography.Text>
              <br />
              <Typography.Text type="secondary">{place.reason}</Typography.Text>
            </span>
          }
        />
      )}
    </Card>
  );
}

export function WeatherForecast({ answer }: { answer: WeatherAnswer }) {
  const { t } = useTranslation();
  return (
    <div data-testid="weather-forecast">
      <Typography.Paragraph type="secondary">
        {t('services.weather.limits', { wind: answer.limits.windKmh, rain: answer.limits.rainMm })}
      </Typography.Paragraph>
      <WarningList answer={answer} />
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        {answer.places.map((p) => (
          <Col key={`${p.role}-${p.code ?? p.name}`} xs={24} xl={12}>
            <PlaceCard place={p} />
          </Col>
        ))}
      </Row>
    </div>
  );
}
