// Ship inquiry (menu "tools/ships"): search the vessel register by name, IMO or MMSI and see
// each vessel's port calls and the batches on it that the caller may see; logistics providers keep the
// register and the schedules in the two other tabs (every signed-in party reads them).
import { useQuery } from '@tanstack/react-query';
import { vesselCreate, vesselTypes } from '@tradelane/contract/entrust';
import {
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Input,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../../../components/domain/lookups.ts';
import { PortSelect, type PortSelectProps } from '../../../components/domain/PortSelect.tsx';
import { blanksAsNull } from '../../../components/resource/query.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import type { ResourceDecl } from '../../../components/resource/types.ts';
import { type Lang, pick } from '../../../i18n/index.ts';
import { entrustApi, type InquiryVessel, type PortCall, type VesselRow } from '../../papers/entrust-api.ts';
import { VesselSelect, type VesselSelectProps } from '../../papers/VesselSelect.tsx';
import '../../../components/domain/project.css';

const when = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '-');

function DateTimeField(props: { value?: string | null; onChange?: (v: string | null) => void; id?: string }) {
  return (
    <DatePicker
      id={props.id}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      style={{ width: '100%' }}
      value={props.value ? dayjs(props.value) : null}
      onChange={(d) => props.onChange?.(d ? d.toISOString() : null)}
    />
  );
}

function CountrySelect(props: { value?: string | null; onChange?: (v: string | null) => void; id?: string }) {
  const { i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const countries = useCountries() ?? [];
  return (
    <Select
      id={props.id}
      showSearch={{ optionFilterProp: 'label' }}
      value={props.value ?? undefined}
      onChange={(v: string) => props.onChange?.(v)}
      options={countries.map((c) => ({ value: c.code, label: `${c.code} · ${pick(lang, c.zh, c.en)}` }))}
    />
  );
}

function Schedule({ calls }: { calls: PortCall[] }) {
  const { t } = useTranslation();
  return (
    <Table<PortCall>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={calls}
      locale={{ emptyText: t('ships.noCalls') }}
      columns={[
        { title: t('ships.voyageNo'), dataIndex: 'voyageNo', width: 90 },
        {
          title: t('ships.port'),
          render: (_, c) => `${c.portName ?? ''} (${c.portCode})`,
        },
        { title: t('ships.terminal'), dataIndex: 'terminal', ellipsis: true },
        { title: t('ships.eta'), width: 150, render: (_, c) => when(c.eta) },
        { title: t('ships.etd'), width: 150, render: (_, c) => when(c.etd) },
      ]}
    />
  );
}

function VesselCard({ v }: { v: InquiryVessel }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      className="pw-card"
      title={v.name}
      data-testid="vessel-card"
      extra={<Tag>{v.vesselTypeLabel}</Tag>}
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
        <Descriptions.Item label={t('ships.imo')}>{v.imo}</Descriptions.Item>
        <Descriptions.Item label={t('ships.mmsi')}>{v.mmsi ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('ships.flag')}>
          {v.flagName} ({v.flag})
        </Descriptions.Item>
        <Descriptions.Item label={t('ships.operator')}>{v.operator ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('ships.teu')}>{v.teu ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('ships.dwt')}>{v.dwt ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('ships.built')}>{v.built ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('ships.keeper')}>{v.keeperName ?? '-'}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>{t('ships.schedule')}</Typography.Title>
      <Schedule calls={v.schedule} />
      <Typography.Title level={5}>{t('ships.batches')}</Typography.Title>
      <Table
        size="small"
        rowKey="batchId"
        pagination={false}
        dataSource={v.batches}
        locale={{ emptyText: t('ships.noBatches') }}
        columns={[
          { title: t('ships.batch'), render: (_, b) => `${b.batchNumber} · ${b.batchName ?? ''}` },
          { title: t('ships.project'), dataIndex: 'projectName', ellipsis: true },
          { title: t('ships.entrustNo'), dataIndex: 'entrustNo', width: 170 },
          { title: t('ships.voyageNo'), dataIndex: 'voyageNo', width: 90 },
          {
            title: t('ships.route'),
            width: 140,
            render: (_, b) => `${b.portOfLoading} → ${b.portOfDischarge}`,
          },
          {
            title: t('ships.cargo'),
            width: 170,
            render: (_, b) =>
              t('ships.cargoValue', { packages: b.packages, weight: b.grossWeight.toLocaleString() }),
          },
          { title: t('ships.status'), dataIndex: 'statusLabel', width: 100 },
        ]}
      />
    </Card>
  );
}

function Search() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const found = useQuery({
    queryKey: ['shipInquiry', q],
    queryFn: () => entrustApi.inquiry(q),
    enabled: q.trim().length > 0,
  });
  const vessels = found.data?.content ?? [];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input.Search
        allowClear
        enterButton={t('ships.search')}
        placeholder={t('ships.placeholder')}
        style={{ maxWidth: 520 }}
        loading={found.isFetching}
        onSearch={(v) => setQ(v.trim())}
        aria-label={t('ships.placeholder')}
      />
      {q && !found.isFetching && !vessels.length && <Empty description={t('ships.none')} />}
      {!q && <Typography.Text type="secondary">{t('ships.hint')}</Typography.Text>}
      {vessels.map((v) => (
        <VesselCard key={v.id} v={v} />
      ))}
    </Space>
  );
}

export default function ShipInquiryPage() {
  const { t } = useTranslation();
  const vesselDecl = useMemo(
    (): ResourceDecl<VesselRow> => ({
      name: 'vessel',
      defaultSort: 'name,asc',
      exportable: false,
      filters: [{ name: 'blurry', labelKey: 'admin.common.keyword', type: 'text', width: 200 }],
      columns: [
        { key: 'name', width: 220 },
        { key: 'imo', width: 100 },
        { key: 'mmsi', width: 110 },
        { key: 'flag', width: 150, render: (r) => `${r.flagName} (${r.flag})` },
        { key: 'vesselType', width: 130, render: (r) => r.vesselTypeLabel },
        { key: 'teu', width: 90 },
        { key: 'operator', width: 170, kind: 'ellipsis' },
        { key: 'keeperName', width: 190, kind: 'ellipsis' },
      ],
      rowWritable: (r) => r.mine,
      permissions: {
        add: { permission: ['vessel:add'] },
        edit: { permission: ['vessel:edit'] },
        del: { permission: ['vessel:del'] },
      },
      form: {
        schema: vesselCreate,
        width: 720,
        fields: [
          { name: 'name', required: true, half: true },
          { name: 'imo', required: true, half: true, extraKey: 'ships.imoHint' },
          { name: 'mmsi', half: true },
          { name: 'callSign', half: true },
          {
            name: 'flag',
            type: 'custom',
            required: true,
            half: true,
            render: (_c, p) => <CountrySelect {...(p as { value?: string })} />,
          },
          {
            name: 'vesselType',
            type: 'select',
            required: true,
            half: true,
            options: (c) => vesselTypes.map((v) => ({ value: v.code, label: pick(c.lang, v.zh, v.en) })),
          },
          { name: 'teu', type: 'number', half: true, min: 0 },
          { name: 'dwt', type: 'number', half: true, min: 0 },
          { name: 'built', type: 'number', half: true, min: 1900, max: 2100 },
          { name: 'operator', half: true },
          { name: 'remark', type: 'textarea' },
        ],
        toBody: (v) => blanksAsNull(v),
      },
    }),
    [],
  );
  const scheduleDecl = useMemo(
    (): ResourceDecl<PortCall & { vesselName?: string | null }> => ({
      name: 'vesselSchedule',
      defaultSort: 'vesselId,asc',
      exportable: false,
      filters: [
        { name: 'voyageNo', type: 'text', width: 140 },
        { name: 'portCode', type: 'text', width: 140 },
      ],
      columns: [
        { key: 'vesselName', width: 220 },
        { key: 'voyageNo', width: 100 },
        { key: 'seq', width: 70 },
        {
          key: 'portCode',
          width: 200,
          render: (r) => `${r.portName ?? ''} (${r.portCode})`,
        },
        { key: 'eta', width: 150, render: (r) => when(r.eta) },
        { key: 'etd', width: 150, render: (r) => when(r.etd) },
        { key: 'terminal', width: 180, kind: 'ellipsis' },
        { key: 'keeperName', width: 190, kind: 'ellipsis' },
      ],
      rowWritable: (r) => r.mine,
      permissions: {
        add: { permission: ['vessel:add'] },
        edit: { permission: ['vessel:edit'] },
        del: { permission: ['vessel:del'] },
      },
      form: {
        width: 720,
        fields: [
          {
            name: 'vesselId',
            type: 'custom',
            required: true,
            createOnly: true,
            render: (_c, p) => <VesselSelect {...(p as VesselSelectProps)} />,
          },
          { name: 'voyageNo', required: true, half: true },
          {
            name: 'seq',
            type: 'number',
            required: true,
            half: true,
            min: 1,
            max: 99,
            initial: 1,
          },
          {
            name: 'portCode',
            type: 'custom',
            required: true,
            render: (_c, p) => <PortSelect {...(p as PortSelectProps)} />,
          },
          {
            name: 'eta',
            type: 'custom',
            half: true,
            render: (_c, p) => <DateTimeField {...(p as { value?: string })} />,
          },
          {
            name: 'etd',
            type: 'custom',
            half: true,
            render: (_c, p) => <DateTimeField {...(p as { value?: string })} />,
          },
          { name: 'terminal' },
        ],
        toBody: (v, row) => {
          const body = blanksAsNull(v);
          if (row) delete body.vesselId;
          return body;
        },
      },
    }),
    [],
  );
  return (
    <div className="pw-page">
      <Card size="small" className="pw-card">
        <Tabs
          items={[
            { key: 'search', label: t('ships.tabSearch'), children: <Search /> },
            {
              key: 'register',
              label: t('ships.tabRegister'),
              children: <ResourcePage<VesselRow> decl={vesselDecl} titleKey="ships.vessel" compact />,
            },
            {
              key: 'schedule',
              label: t('ships.tabSchedule'),
              children: <ResourcePage decl={scheduleDecl} titleKey="ships.call" compact />,
            },
          ]}
        />
      </Card>
    </div>
  );
}
