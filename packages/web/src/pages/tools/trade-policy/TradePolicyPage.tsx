// Trade policy (menu "tools/trade-policy"): search a destination country and an HS code for its duty
// rate, China's tariff lines and the policy notes that apply (per type the longest prefix wins; expired
// ones on request); administrators maintain the notes and rates and import tariff files.
import { UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { policyNoteCreate, policyNoteTypes, tariffRateCreate } from '@tradelane/contract';
import {
  App,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Input,
  Select,
  Space,
  Table,
  Tabs,
  Typography,
  Upload,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../access/permissions.ts';
import { useCountries } from '../../../components/domain/lookups.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import type { ResourceDecl } from '../../../components/resource/types.ts';
import { type Lang, pick } from '../../../i18n/index.ts';
import { formatHs } from '../hs/hs-query.ts';
import { NoteList, RateLine } from './PolicyNotes.tsx';
import { type PolicyNote, policyApi, type TariffRate } from './policy-api.ts';
import '../../../components/domain/project.css';

function CountrySelect(props: {
  value?: string | null;
  onChange?: (v: string) => void;
  id?: string;
  width?: number;
}) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const countries = useCountries() ?? [];
  return (
    <Select
      id={props.id}
      style={{ width: props.width ?? '100%' }}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('finance.policy.country')}
      aria-label={t('finance.policy.country')}
      value={props.value ?? undefined}
      onChange={(v: string) => props.onChange?.(v)}
      options={countries.map((c) => ({ value: c.code, label: `${c.code} · ${pick(lang, c.zh, c.en)}` }))}
    />
  );
}

function Search() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const [country, setCountry] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [expired, setExpired] = useState(false);
  const [asked, setAsked] = useState<{ country: string; code: string; expired: boolean } | null>(null);
  const result = useQuery({
    queryKey: ['tradePolicy', 'search', asked],
    queryFn: () => policyApi.search(asked?.country ?? '', asked?.code ?? '', asked?.expired ?? false),
    enabled: asked !== null,
  });
  const go = () => {
    const digits = code.replace(/[.\s]/g, '');
    if (country && /^\d{2,10}$/.test(digits)) setAsked({ country, code: digits, expired });
  };
  const r = result.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <div className="pw-bar">
        <CountrySelect value={country} onChange={setCountry} width={260} />
        <Input
          style={{ width: 240 }}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onPressEnter={go}
          placeholder={t('finance.policy.hsPlaceholder')}
          aria-label={t('finance.policy.hsCode')}
        />
        <Checkbox checked={expired} onChange={(e) => setExpired(e.target.checked)}>
          {t('finance.policy.includeExpired')}
        </Checkbox>
        <Button type="primary" onClick={go} disabled={!country || !code.trim()} loading={result.isFetching}>
          {t('finance.policy.search')}
        </Button>
      </div>
      {!r ? (
        <Typography.Text type="secondary">{t('finance.policy.hint')}</Typography.Text>
      ) : (
        <>
          <Descriptions size="small" bordered column={1} title={`${r.countryName} · ${formatHs(r.hsCode)}`}>
            <Descriptions.Item label={t('finance.policy.hsChain')}>
              {r.hs.map((h) => (
                <div key={h.code}>
                  <code>{h.formatted}</code> {pick(lang, h.zhDescription, h.description)}
                </div>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label={t('finance.policy.rate')}>
              {r.rate ? (
                <Space direction="vertical" size={2} data-rate={r.rate.hsPrefix}>
                  <RateLine rate={r.rate} />
                  <span className="pw-sub pw-secondary">
                    {t('finance.policy.ratePrefix')}: <code>{formatHs(r.rate.hsPrefix)}</code>
                    {r.rate.vatRate !== null &&
                      ` · ${t('finance.policy.vatRate')} ${Number(r.rate.vatRate)}%`}
                    {r.rate.source && ` · ${t('finance.policy.rateSource')}: ${r.rate.source}`}
                  </span>
                </Space>
              ) : (
                <Typography.Text type="secondary">{t('finance.policy.noRate')}</Typography.Text>
              )}
            </Descriptions.Item>
          </Descriptions>
          <Card size="small" title={t('finance.policy.notes')} className="policy-notes">
            <NoteList notes={r.notes} />
          </Card>
          {r.overridden.length > 0 && (
            <Card size="small" title={t('finance.policy.overridden')}>
              <NoteList notes={r.overridden} compact />
            </Card>
          )}
          {r.national.length > 0 && (
            <Card size="small" title={t('finance.policy.national')}>
              <Table
                size="small"
                rowKey="code"
                pagination={false}
                dataSource={r.national}
                columns={[
                  {
                    title: t('finance.policy.hsCode'),
                    dataIndex: 'code',
                    width: 130,
                    render: (v: string) => formatHs(v),
                  },
                  { title: t('finance.policy.nationalName'), dataIndex: 'name' },
                  {
                    title: t('finance.policy.units'),
                    width: 120,
                    render: (_: unknown, n) => [n.unit1, n.unit2].filter(Boolean).join(' / '),
                  },
                  { title: t('finance.policy.elements'), dataIndex: 'elements', ellipsis: true },
                  { title: t('finance.policy.remark'), dataIndex: 'remark', width: 180 },
                ]}
              />
            </Card>
          )}
        </>
      )}
    </Space>
  );
}

function NotesAdmin() {
  const decl = useMemo(
    (): ResourceDecl<PolicyNote> => ({
      name: 'tradePolicyNote',
      pageSize: 20,
      filters: [
        { name: 'country', type: 'text', width: 110 },
        { name: 'hsPrefix', type: 'text', width: 140 },
        {
          name: 'noteType',
          type: 'select',
          options: (ctx) => policyNoteTypes.map((n) => ({ value: n.code, label: n[ctx.lang] })),
          width: 150,
        },
      ],
      columns: [
        {
          key: 'country',
          width: 140,
          render: (r) => `${r.country} · ${r.countryName}`,
        },
        {
          key: 'hsPrefix',
          width: 110,
          render: (r) => <code>{formatHs(r.hsPrefix)}</code>,
        },
        { key: 'noteTypeLabel', width: 110 },
        { key: 'title', width: 280, kind: 'ellipsis' },
        {
          key: 'validFrom',
          titleKey: 'finance.policy.validity',
          width: 200,
          render: (r, ctx) => `${r.validFrom} ~ ${r.validTo ?? ctx.t('finance.policy.forever')}`,
        },
      ],
      form: {
        schema: policyNoteCreate,
        width: 640,
        fields: [
          {
            name: 'country',
            type: 'custom',
            required: true,
            half: true,
            render: (_ctx, p) => <CountrySelect {...(p as { value?: string })} />,
          },
          {
            name: 'hsPrefix',
            required: true,
            half: true,
            extraKey: 'finance.policy.prefixHelp',
          },
          {
            name: 'noteType',
            type: 'select',
            required: true,
            options: (ctx) => policyNoteTypes.map((n) => ({ value: n.code, label: n[ctx.lang] })),
          },
          { name: 'title', required: true },
          { name: 'content', type: 'textarea' },
          { name: 'sourceUrl' },
          { name: 'sourceText' },
          { name: 'validFrom', required: true, half: true },
          { name: 'validTo', half: true },
        ],
        toBody: (v) =>
          Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x === '' ? null : x])) as unknown,
      },
      permissions: {
        add: { permission: ['tradePolicy:edit'] },
        edit: { permission: ['tradePolicy:edit'] },
        del: { permission: ['tradePolicy:edit'] },
      },
    }),
    [],
  );
  return <ResourcePage<PolicyNote> decl={decl} titleKey="finance.policy.noteWhat" compact />;
}

function RatesAdmin() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const decl = useMemo(
    (): ResourceDecl<TariffRate> => ({
      name: 'tariffRate',
      pageSize: 20,
      filters: [
        { name: 'country', type: 'text', width: 110 },
        { name: 'hsPrefix', type: 'text', width: 140 },
      ],
      columns: [
        { key: 'country', width: 90 },
        {
          key: 'hsPrefix',
          width: 110,
          render: (r) => <code>{formatHs(r.hsPrefix)}</code>,
        },
        {
          key: 'mfnRate',
          width: 110,
          render: (r) => `${Number(r.mfnRate)}%`,
        },
        {
          key: 'preferentialRate',
          width: 170,
          render: (r) =>
            r.preferentialRate === null ? '-' : `${Number(r.preferentialRate)}% ${r.agreement ?? ''}`,
        },
        {
          key: 'vatRate',
          width: 90,
          render: (r) => (r.vatRate === null ? '-' : `${Number(r.vatRate)}%`),
        },
        { key: 'source', width: 240, kind: 'ellipsis' },
      ],
      form: {
        schema: tariffRateCreate,
        fields: [
          {
            name: 'country',
            type: 'custom',
            required: true,
            render: (_ctx, p) => <CountrySelect {...(p as { value?: string })} />,
          },
          {
            name: 'hsPrefix',
            required: true,
            extraKey: 'finance.policy.prefixHelp',
          },
          { name: 'mfnRate', required: true, half: true },
          { name: 'preferentialRate', half: true },
          { name: 'agreement', half: true },
          { name: 'vatRate', half: true },
          { name: 'note', type: 'textarea' },
          { name: 'source' },
        ],
        toBody: (v) =>
          Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x === '' ? null : x])) as unknown,
      },
      permissions: {
        add: { permission: ['tradePolicy:edit'] },
        edit: { permission: ['tradePolicy:edit'] },
        del: { permission: ['tradePolicy:edit'] },
      },
    }),
    [],
  );
  return (
    <ResourcePage<TariffRate>
      decl={decl}
      titleKey="finance.policy.rateWhat"
      compact
      header={<Typography.Text type="secondary">{t('finance.policy.importHelp')}</Typography.Text>}
      toolbar={
        <Upload
          accept=".xlsx,.csv"
          showUploadList={false}
          customRequest={async ({ file }) => {
            try {
              const { imported } = await policyApi.importRates(file as File);
              message.success(t('finance.policy.imported', { count: imported }));
            } catch {
              /* shown by the request client */
            }
          }}
        >
          <Button icon={<UploadOutlined />}>{t('finance.policy.import')}</Button>
        </Upload>
      }
    />
  );
}

export default function TradePolicyPage() {
  const { t } = useTranslation();
  const can = useCan();
  const admin = can({ permission: ['tradePolicy:edit'] });
  if (!admin)
    return (
      <Card className="rp-card" variant="borderless">
        <Search />
      </Card>
    );
  return (
    <Card className="rp-card" variant="borderless">
      <Tabs
        items={[
          { key: 'search', label: t('finance.policy.searchTab'), children: <Search /> },
          { key: 'notes', label: t('finance.policy.notesTab'), children: <NotesAdmin /> },
          { key: 'rates', label: t('finance.policy.ratesTab'), children: <RatesAdmin /> },
        ]}
      />
    </Card>
  );
}
