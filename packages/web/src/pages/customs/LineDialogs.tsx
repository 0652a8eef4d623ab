// The workbench's per-line editors: the HS code cell, the declaration elements and the price calculator.
import { useQuery } from '@tanstack/react-query';
import { moneyIn } from '@tradelane/contract';
import {
  AutoComplete,
  Button,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Space,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryScope, PolicyBadge } from '../tools/trade-policy/PolicyNotes.tsx';
import { customsApi, type LineRow } from './customs-api.ts';
import { CurrencyPicker } from './Pickers.tsx';
import type { Run } from './types.ts';

/** The HS code of a line: search by code (tariff lines first), or take the earlier classification. */
export function HsCell({ line, editable, onSave }: { line: LineRow; editable: boolean; onSave: Run }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(line.hsCode ?? '');
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => setValue(line.hsCode ?? ''), [line.hsCode]);
  if (!editable)
    return (
      <span>
        <span data-testid="hs-code">{line.hsCode ?? '—'}</span>
        <PolicyBadge scope={countryScope(line.destinationCountry)} code={line.hsCode} />
        {line.suggestedHsCode ? (
          <Typography.Text type="secondary" className="pw-sub">
            {' '}
            {t('customs.suggested', { code: line.suggestedHsCode })}
          </Typography.Text>
        ) : null}
      </span>
    );
  return (
    <div>
      <AutoComplete
        size="small"
        style={{ width: 170 }}
        value={value}
        options={options}
        placeholder={t('customs.hsSearch')}
        aria-label={t('customs.col.hsCode')}
        onSearch={async (text) => {
          setValue(text);
          const digits = text.replace(/\D/g, '');
          setOptions(
            digits.length >= 4
              ? (await customsApi.hsByCode(digits).catch(() => [])).map((h) => ({
                  value: h.code,
                  label: `${h.code} ${h.name}`,
                }))
              : [],
          );
        }}
        onSelect={(code: string) => {
          setValue(code);
          void onSave(() => customsApi.updateLine({ id: line.id, hsCode: code }));
        }}
        onBlur={() => {
          if (value && value !== line.hsCode)
            void onSave(() => customsApi.updateLine({ id: line.id, hsCode: value }));
        }}
      />
      <PolicyBadge scope={countryScope(line.destinationCountry)} code={line.hsCode} />
      {line.suggestedHsCode ? (
        <Button
          size="small"
          type="link"
          title={t('customs.useSuggested')}
          onClick={() =>
            onSave(() => customsApi.updateLine({ id: line.id, hsCode: line.suggestedHsCode ?? '' }))
          }
        >
          {t('customs.suggested', { code: line.suggestedHsCode })}
        </Button>
      ) : null}
    </div>
  );
}

/** What a dialog over one declaration line gets: the line, whether the caller may change it, and how to save. */
interface LineDialogProps {
  line: LineRow;
  editable: boolean;
  onClose: () => void;
  run: Run;
}

export function ElementsModal({ line, editable, onClose, run }: LineDialogProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>(line.elementValues);
  return (
    <Modal
      open
      title={t('customs.elementsTitle', { lineNo: line.lineNo })}
      onCancel={onClose}
      okButtonProps={{ disabled: !editable }}
      onOk={async () => {
        if (await run(() => customsApi.elements([{ lineId: line.id, values }]))) onClose();
      }}
    >
      {line.elementTemplate.length ? (
        <Form layout="horizontal" labelCol={{ span: 8 }} disabled={!editable}>
          {line.elementTemplate.map((name) => (
            <Form.Item key={name} label={name} required>
              <Input
                aria-label={name}
                value={values[name] ?? ''}
                status={values[name]?.trim() ? undefined : 'warning'}
                onChange={(e) => setValues({ ...values, [name]: e.target.value })}
              />
            </Form.Item>
          ))}
        </Form>
      ) : (
        <Empty description={t('customs.noTemplate')} />
      )}
    </Modal>
  );
}

/** The price calculator: the formula with the figures and the rate the server used (or will use). */
export function PriceModal({ line, editable, onClose, run }: LineDialogProps) {
  const { t } = useTranslation();
  const prices = useQuery({
    queryKey: ['resource', 'declPrice', line.declareId],
    queryFn: () => customsApi.prices(line.declareId),
  }).data;
  const kept = prices?.find((p) => p.lineId === line.id);
  const [premium, setPremium] = useState<number>(1);
  const [currency, setCurrency] = useState('USD');
  const [month, setMonth] = useState(dayjs().format('YYYY-MM'));
  useEffect(() => {
    if (kept) {
      setPremium(Number(kept.premiumRate));
      setCurrency(kept.declaredCurrency);
      setMonth(kept.rateMonth);
    }
  }, [kept]);
  return (
    <Modal
      open
      title={t('customs.priceTitle', { lineNo: line.lineNo })}
      onCancel={onClose}
      okButtonProps={{ disabled: !editable }}
      onOk={async () => {
        const body = { premiumRate: String(premium), declaredCurrency: currency, rateMonth: month };
        const ok = await run(() =>
          kept
            ? customsApi.updatePrice({ id: kept.id, ...body })
            : customsApi.createPrice({ lineId: line.id, ...body }),
        );
        if (ok) onClose();
      }}
    >
      <Typography.Paragraph strong>{t('customs.formula')}</Typography.Paragraph>
      <Form layout="vertical" disabled={!editable}>
        <Space wrap>
          <Form.Item label={t('customs.col.total')}>
            <Input value={`${line.totalPrice ?? ''} ${line.currency ?? ''}`} disabled />
          </Form.Item>
          <Form.Item label={t('customs.premiumRate')}>
            <InputNumber
              aria-label={t('customs.premiumRate')}
              min={0}
              step={0.01}
              precision={4}
              value={premium}
              onChange={(v) => setPremium(Number(v ?? 1))}
            />
          </Form.Item>
          <Form.Item label={t('customs.declaredCurrency')}>
            <CurrencyPicker
              style={{ width: 200 }}
              allowClear={false}
              aria-label={t('customs.declaredCurrency')}
              value={currency}
              onChange={(v?: string) => v && setCurrency(v)}
            />
          </Form.Item>
          <Form.Item label={t('customs.rateMonth')}>
            <DatePicker
              picker="month"
              value={dayjs(`${month}-01`)}
              onChange={(d) => d && setMonth(d.format('YYYY-MM'))}
              allowClear={false}
            />
          </Form.Item>
        </Space>
      </Form>
      {kept ? (
        <Descriptions size="small" column={1} bordered data-testid="price-formula">
          <Descriptions.Item label={t('customs.col.declared')}>
            {t('customs.formulaUsed', {
              total: moneyIn(kept.totalPurchasePrice, kept.purchaseCurrency),
              from: kept.purchaseCurrency,
              premium: kept.premiumRate,
              factor: kept.conversionFactor,
              price: moneyIn(kept.declaredPrice, kept.declaredCurrency),
              to: kept.declaredCurrency,
            })}
          </Descriptions.Item>
          <Descriptions.Item label={t('customs.rateMonth')}>
            {t('customs.rateUsed', {
              month: kept.rateMonth,
              to: kept.declaredCurrency,
              factor: kept.conversionFactor,
              from: kept.purchaseCurrency,
            })}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Modal>
  );
}
