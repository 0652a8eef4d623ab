// Shipping instructions of a batch (menu "papers/entrust"): the shipper fills one in — pre-filled
// from its last instruction and the batch's ports, a vessel from the register, the cargo summary the
// server counts from the handed-over boxes — and sends it; its logistics provider accepts it or returns
// it with a reason. The row's commands come from the server's `actions`.

import { PlusOutlined } from '@ant-design/icons';
import { EntrustStatus } from '@tradelane/contract';
import { deliveryEntrustCreate, entrustMachine } from '@tradelane/contract/entrust';
import { incoterms2020 } from '@tradelane/contract/project';
import { editable } from '@tradelane/contract/workflow';
import { Alert, Button, Col, Descriptions, Form, Input, Modal, Row, Select, Space, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/domain/DateField.tsx';
import { useParty } from '../../components/domain/lookups.ts';
import { PortSelect } from '../../components/domain/PortSelect.tsx';
import { fieldRules, requiredText } from '../../components/resource/schema-rules.ts';
import type { ResourceDecl } from '../../components/resource/types.ts';
import { StatusTag } from '../../components/status/status.tsx';
import { pick } from '../../i18n/index.ts';
import { type EntrustFields, type EntrustRow, entrustApi } from './entrust-api.ts';
import { PaperPage, paperCommands, usePaperPage } from './PaperPage.tsx';
import { VesselSelect } from './VesselSelect.tsx';

const DICTS = ['entrust_status'];
type Values = EntrustFields & { partyTenantId?: number | null };
type Editing = {
  row: EntrustRow | null;
  cargo: { packages: number; grossWeight: number; volume: number } | null;
};

const FIELDS: (keyof EntrustFields)[] = [
  'shipperText',
  'consignee',
  'notifyParty',
  'portOfLoading',
  'portOfDischarge',
  'placeOfDelivery',
  'incoterm',
  'incotermPlace',
  'wantedEtd',
  'vesselId',
  'voyageNo',
  'cargoDescription',
  'specialRequirements',
];

function Cargo({ c }: { c: { packages: number; grossWeight: number; volume: number } }) {
  const { t } = useTranslation();
  return (
    <span className="pw-num" data-testid="cargo">
      {t('entrust.cargoValue', {
        packages: c.packages,
        weight: c.grossWeight.toLocaleString(),
        volume: c.volume.toLocaleString(),
      })}
    </span>
  );
}

export default function EntrustPage() {
  const page = usePaperPage('deliveryEntrust', DICTS);
  const { ctx, t, can, batchId, busy } = page;
  const party = useParty();
  const shipper = party === 'shipper';
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [providers, setProviders] = useState<{ id: number; name: string }[]>([]);
  const [vesselName, setVesselName] = useState<string | null>(null);

  const openNew = async () => {
    if (batchId === null) return;
    const last = await entrustApi.last(batchId);
    form.resetFields();
    const values: Partial<Values> = {};
    for (const k of FIELDS) {
      const v = last[k as keyof typeof last];
      if (v !== null && v !== undefined) (values as Record<string, unknown>)[k] = v;
    }
    if (last.providers.length === 1) values.partyTenantId = last.providers[0].id;
    form.setFieldsValue(values);
    setFrom(last.fromEntrustNo);
    setProviders(last.providers);
    setVesselName(last.vesselName);
    setEditing({ row: null, cargo: last.cargo });
  };
  const openRow = (row: EntrustRow) => {
    form.resetFields();
    form.setFieldsValue(Object.fromEntries(FIELDS.map((k) => [k, row[k] ?? undefined])) as unknown as Values);
    setFrom(null);
    setProviders([]);
    setVesselName(row.vesselName);
    setEditing({ row, cargo: { packages: row.packages, grossWeight: row.grossWeight, volume: row.volume } });
  };
  const readOnly = !!editing?.row && !(editing.row.mine && editable(entrustMachine, editing.row.status));

  const save = async () => {
    if (!editing || batchId === null) return;
    const v = await form.validateFields();
    const body = Object.fromEntries(
      FIELDS.map((k) => [k, v[k] === undefined || v[k] === '' ? null : v[k]]),
    ) as unknown as EntrustFields;
    const ok = await busy(
      () =>
        editing.row
          ? entrustApi.update({ ...body, id: editing.row.id })
          : entrustApi.create({ ...body, batchId, partyTenantId: v.partyTenantId ?? null }),
      'entrust.saved',
    );
    if (ok) setEditing(null);
  };

  // The declaration is made once per batch; its actions call the latest handlers.
  const act = { busy, openRow };
  const latest = useRef(act);
  latest.current = act;
  const decl = useMemo(
    (): ResourceDecl<EntrustRow> | null =>
      batchId === null
        ? null
        : {
            name: 'deliveryEntrust',
            defaultSort: 'id,desc',
            pageSize: 20,
            exportable: false,
            fixedParams: { batchId },
            filters: [
              { name: 'blurry', labelKey: 'admin.common.keyword', type: 'text', width: 180 },
              {
                name: 'status',
                type: 'dict',
                dict: 'entrust_status',
                width: 150,
              },
            ],
            columns: [
              { key: 'entrustNo', width: 170 },
              { key: 'partyName', width: 170, kind: 'ellipsis' },
              {
                key: 'route',
                width: 150,
                render: (r) => `${r.portOfLoading} → ${r.portOfDischarge}`,
              },
              {
                key: 'vesselName',
                width: 220,
                render: (r) =>
                  r.vesselName ? `${r.vesselName}${r.voyageNo ? ` / ${r.voyageNo}` : ''}` : '-',
              },
              { key: 'wantedEtd', optional: true, width: 110 },
              { key: 'cargo', width: 230, render: (r) => <Cargo c={r} /> },
              {
                key: 'reason',
                optional: true,
                width: 180,
                render: (r) =>
                  r.reason ? <Typography.Text type="danger">{r.reason}</Typography.Text> : null,
              },
              {
                key: 'status',
                width: 110,
                render: (r, c) => <StatusTag dict="entrust_status" value={r.status} ctx={c} />,
              },
            ],
            permissions: {},
            rowActions: [
              {
                key: 'edit',
                labelKey: (r) =>
                  r.mine && editable(entrustMachine, r.status) ? 'entrust.edit' : 'entrust.view',
                run: (r) => latest.current.openRow(r),
              },
              {
                key: 'delete',
                labelKey: 'admin.common.delete',
                danger: true,
                need: { permission: ['deliveryEntrust:del'] },
                visible: (r) => r.mine && editable(entrustMachine, r.status),
                confirmKey: 'admin.common.deleteConfirm',
                run: (r) => latest.current.busy(() => entrustApi.remove(r.id), 'admin.common.deleted'),
              },
            ],
            rowCommands: {
              entity: 'deliveryEntrust',
              only: ['submit', 'accept', 'return'],
              run: (r, event, reason) =>
                entrustApi.command(event as 'submit' | 'accept' | 'return', r.id, reason),
              commands: (r) =>
                paperCommands(
                  'entrust',
                  { submit: 'submitted', accept: 'accepted', return: 'returned' },
                  { no: r.entrustNo },
                ),
            },
          },
    [batchId],
  );

  const rules = (field: keyof typeof deliveryEntrustCreate.shape, key: string) =>
    fieldRules(deliveryEntrustCreate.shape[field], t(key), ctx.lang);
  // The contract lets the provider be left out when the batch has one; with several the shipper picks one.
  const required = [{ required: true, message: requiredText(t('entrust.provider'), ctx.lang) }];
  const row = editing?.row;
  return (
    <PaperPage<EntrustRow>
      page={page}
      decl={decl}
      titleKey="entrust.what"
      dicts={DICTS}
      toolbar={
        shipper &&
        can({ permission: ['deliveryEntrust:add'] }) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void openNew()}>
            {t('entrust.add')}
          </Button>
        )
      }
    >
      <Modal
        open={editing !== null}
        width={960}
        title={row ? `${t('entrust.what')} ${row.entrustNo}` : t('entrust.add')}
        okText={t('entrust.save')}
        okButtonProps={{ style: readOnly ? { display: 'none' } : undefined }}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          {from && <Alert type="info" showIcon message={t('entrust.prefilled', { no: from })} />}
          {row?.reason && row.status === EntrustStatus.draft && (
            <Alert type="warning" showIcon message={t('entrust.returnedBecause', { reason: row.reason })} />
          )}
          {editing?.cargo && (
            <Descriptions size="small" bordered column={3}>
              <Descriptions.Item label={t('entrust.packages')}>{editing.cargo.packages}</Descriptions.Item>
              <Descriptions.Item label={t('entrust.grossWeight')}>
                {editing.cargo.grossWeight.toLocaleString()}
              </Descriptions.Item>
              <Descriptions.Item label={t('entrust.volume')}>
                {editing.cargo.volume.toLocaleString()}
              </Descriptions.Item>
            </Descriptions>
          )}
          <Typography.Text type="secondary">{t('entrust.cargoHint')}</Typography.Text>
          <Form form={form} layout="vertical" disabled={readOnly} requiredMark>
            {!row && providers.length > 1 && (
              <Form.Item name="partyTenantId" label={t('entrust.provider')} rules={required}>
                <Select options={providers.map((p) => ({ value: p.id, label: p.name }))} />
              </Form.Item>
            )}
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Form.Item
                  name="shipperText"
                  label={t('entrust.shipperText')}
                  rules={rules('shipperText', 'entrust.shipperText')}
                >
                  <Input.TextArea rows={3} maxLength={500} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  name="consignee"
                  label={t('entrust.consignee')}
                  rules={rules('consignee', 'entrust.consignee')}
                >
                  <Input.TextArea rows={3} maxLength={500} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  name="notifyParty"
                  label={t('entrust.notifyParty')}
                  rules={rules('notifyParty', 'entrust.notifyParty')}
                >
                  <Input.TextArea rows={3} maxLength={500} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  name="portOfLoading"
                  label={t('entrust.portOfLoading')}
                  rules={rules('portOfLoading', 'entrust.portOfLoading')}
                >
                  <PortSelect currentName={row?.portOfLoadingName} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  name="portOfDischarge"
                  label={t('entrust.portOfDischarge')}
                  rules={rules('portOfDischarge', 'entrust.portOfDischarge')}
                >
                  <PortSelect currentName={row?.portOfDischargeName} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  name="placeOfDelivery"
                  label={t('entrust.placeOfDelivery')}
                  rules={rules('placeOfDelivery', 'entrust.placeOfDelivery')}
                >
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col xs={12} md={4}>
                <Form.Item
                  name="incoterm"
                  label={t('entrust.incoterm')}
                  rules={rules('incoterm', 'entrust.incoterm')}
                >
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    options={incoterms2020.map((i) => ({
                      value: i.code,
                      label: `${i.code} · ${pick(ctx.lang, i.zh, i.en)}`,
                    }))}
                    aria-label={t('entrust.incoterm')}
                  />
                </Form.Item>
              </Col>
              <Col xs={12} md={4}>
                <Form.Item
                  name="incotermPlace"
                  label={t('entrust.incotermPlace')}
                  rules={rules('incotermPlace', 'entrust.incotermPlace')}
                >
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col xs={24} md={4}>
                <Form.Item
                  name="wantedEtd"
                  label={t('entrust.wantedEtd')}
                  rules={rules('wantedEtd', 'entrust.wantedEtd')}
                >
                  <DateField />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="vesselId" label={t('entrust.vessel')}>
                  <VesselSelect
                    currentName={vesselName}
                    onChange={(_v, vessel) => setVesselName(vessel?.name ?? null)}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={4}>
                <Form.Item
                  name="voyageNo"
                  label={t('entrust.voyageNo')}
                  rules={rules('voyageNo', 'entrust.voyageNo')}
                >
                  <Input maxLength={32} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="cargoDescription"
                  label={t('entrust.cargoDescription')}
                  rules={rules('cargoDescription', 'entrust.cargoDescription')}
                >
                  <Input.TextArea rows={2} maxLength={1000} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="specialRequirements"
                  label={t('entrust.specialRequirements')}
                  rules={rules('specialRequirements', 'entrust.specialRequirements')}
                >
                  <Input.TextArea rows={2} maxLength={1000} />
                </Form.Item>
              </Col>
            </Row>
          </Form>
        </Space>
      </Modal>
    </PaperPage>
  );
}
