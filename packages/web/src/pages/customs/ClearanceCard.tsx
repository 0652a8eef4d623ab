// Clearance at destination: the step the machine allows next with its date (and duties), and the timeline.
import { ClearanceStatus, clearanceEvents, clearanceStatusLabels, formatTime } from '@tradelane/contract';
import { Button, Card, DatePicker, Empty, Input, Select, Space, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ClearanceRow, customsApi } from './customs-api.ts';
import { CurrencyPicker } from './Pickers.tsx';
import type { Lang, Run } from './types.ts';

export function ClearanceCard({
  batchId,
  row,
  party,
  lang,
  run,
}: {
  batchId: number;
  row: ClearanceRow | null;
  party: string | null;
  lang: Lang;
  run: Run;
}) {
  const { t } = useTranslation();
  const [event, setEvent] = useState<string>('lodge');
  const [date, setDate] = useState(dayjs().format('YYYY-MM-DD'));
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState('');
  const [note, setNote] = useState('');
  const allowed = row ? row.actions : party === 'logistics' ? ['lodge'] : [];
  // The step shown: the one picked while the machine allows it, else the first it allows.
  const step = allowed.includes(event) ? event : allowed[0];
  return (
    <Card size="small" className="pw-card" title={t('customs.clearance')}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Tag color={row?.status === ClearanceStatus.released ? 'success' : 'processing'}>
          {row ? (clearanceStatusLabels[row.status]?.[lang] ?? row.status) : t('customs.clearanceNone')}
        </Tag>
        {row?.dutiesAmount ? (
          <Typography.Text>
            {t('customs.amount')}: {row.dutiesAmount} {row.dutiesCurrency}
          </Typography.Text>
        ) : null}
      </Space>
      {allowed.length ? (
        <Space wrap style={{ marginBottom: 12 }}>
          <Select
            style={{ width: 160 }}
            aria-label={t('customs.step')}
            value={step}
            onChange={setEvent}
            options={clearanceEvents
              .filter((e) => allowed.includes(e))
              .map((e) => ({ value: e, label: t(`customs.events.${e}`) }))}
          />
          <DatePicker
            value={dayjs(date)}
            onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))}
            allowClear={false}
          />
          {step === 'assess' ? (
            <>
              <Input
                style={{ width: 140 }}
                placeholder={t('customs.amount')}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
              <CurrencyPicker
                style={{ width: 200 }}
                placeholder={t('customs.fields.currency')}
                aria-label={t('customs.fields.currency')}
                value={currency || undefined}
                onChange={(v?: string) => setCurrency(v ?? '')}
              />
            </>
          ) : null}
          <Input
            style={{ width: 200 }}
            placeholder={t('customs.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <Button
            type="primary"
            onClick={() =>
              run(() =>
                customsApi.clearanceStep({
                  batchId,
                  event: step,
                  date,
                  ...(step === 'assess' && amount ? { amount } : {}),
                  ...(step === 'assess' && currency ? { currency } : {}),
                  ...(note ? { note } : {}),
                }),
              )
            }
          >
            {t('customs.record')}
          </Button>
        </Space>
      ) : null}
      <div>
        <Typography.Text strong>{t('customs.timeline')}</Typography.Text>
      </div>
      {row?.timeline.length ? (
        <Timeline
          style={{ marginTop: 12 }}
          items={row.timeline.map((e, i) => ({
            key: `${e.time}-${i}`,
            color: e.action === 'release' ? 'green' : 'blue',
            content: (
              <div>
                <div>
                  {e.note
                    ? t('customs.withNote', { what: t(`customs.events.${e.action}`), note: e.note })
                    : t(`customs.events.${e.action}`)}
                </div>
                <Typography.Text type="secondary" className="pw-sub">
                  {formatTime(e.time)} · {e.byName ?? e.by}
                  {e.byTenantName ? ` · ${e.byTenantName}` : ''}
                </Typography.Text>
              </div>
            ),
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('customs.noEvents')} />
      )}
    </Card>
  );
}
