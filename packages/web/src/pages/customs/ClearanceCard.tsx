// Clearance at destination: the steps the server allows next (the row's `actions`) as a CommandBar, each
// recorded with the date, duties (when assessing) and note given beside them; and the timeline.
import {
  allowedEvents,
  type ClearanceEvent,
  ClearanceStatus,
  clearanceEvents,
  clearanceMachine,
  formatTime,
  type Party,
} from '@tradelane/contract';
import { Card, DatePicker, Empty, Input, Space, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusTag, statusColor } from '../../components/status/status.tsx';
import { CommandBar, type CommandSpec } from '../../components/workflow/CommandBar.tsx';
import { type ClearanceRow, customsApi } from './customs-api.ts';
import { CurrencyPicker } from './Pickers.tsx';

export function ClearanceCard({
  batchId,
  row,
  party,
}: {
  batchId: number;
  row: ClearanceRow | null;
  party: Party | null;
}) {
  const { t } = useTranslation();
  const [date, setDate] = useState(dayjs().format('YYYY-MM-DD'));
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState('');
  const [note, setNote] = useState('');
  // Before the first step there is no row (and no actions): what the machine lets the caller's side do
  // from no clearance (the broker lodges the documents).
  const allowed: string[] = row
    ? row.actions
    : party
      ? allowedEvents(clearanceMachine, ClearanceStatus.none, party)
      : [];
  const assessing = allowed.includes('assess');
  // The bar offers only the machine's events (clearanceEvents below).
  const record = (event: string) =>
    customsApi.clearanceStep({
      batchId,
      event: event as ClearanceEvent,
      date,
      ...(event === 'assess' && amount ? { amount } : {}),
      ...(event === 'assess' && currency ? { currency } : {}),
      ...(note ? { note } : {}),
    });
  const commands: Record<string, CommandSpec> = Object.fromEntries(
    clearanceEvents.map((e) => [
      e,
      { labelKey: `customs.events.${e}`, confirmKey: false, doneKey: 'customs.done' },
    ]),
  );
  return (
    <Card size="small" className="pw-card" title={t('customs.clearance')}>
      <Space wrap style={{ marginBottom: 12 }}>
        {row ? (
          <StatusTag dict="clearance_status" value={row.status} />
        ) : (
          <Tag color={statusColor('clearance_status', 0)}>{t('customs.clearanceNone')}</Tag>
        )}
        {row?.dutiesAmount ? (
          <Typography.Text>
            {t('customs.amount')}: {row.dutiesAmount} {row.dutiesCurrency}
          </Typography.Text>
        ) : null}
      </Space>
      {allowed.length ? (
        <Space wrap style={{ marginBottom: 12 }}>
          <DatePicker
            aria-label={t('customs.date')}
            value={dayjs(date)}
            onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))}
            allowClear={false}
          />
          {assessing ? (
            <>
              <Input
                style={{ width: 140 }}
                placeholder={t('customs.amount')}
                aria-label={t('customs.amount')}
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
            aria-label={t('customs.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <CommandBar
            entity="customsClearance"
            actions={allowed}
            status={row?.status}
            only={clearanceEvents}
            commands={commands}
            run={record}
            refresh={['customsClearanceLive']}
            onDone={() => setNote('')}
          />
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
