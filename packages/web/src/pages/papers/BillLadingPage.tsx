// Bills of lading of a batch (menu "papers/billLading"): the logistics provider creates a draft
// (pre-filled by the server from the batch), edits it while a draft or rejected, and submits it; the
// shipper confirms it or rejects it with a reason. The form's command bar offers what the server's
// `actions` allow; the PDF (marked DRAFT until confirmed) is previewed in the page or downloaded.
import { DownloadOutlined, FilePdfOutlined, PlusOutlined } from '@ant-design/icons';
import {
  BillLadingStatus,
  billLadingMachine,
  billLadingRequired,
  billLadingUpdate,
  editable as editableIn,
  freightTerms,
} from '@tradelane/contract';
import {
  Alert,
  Button,
  Card,
  Col,
  Divider,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useCan } from '../../access/permissions.ts';
import { downloadBlob } from '../../api/download.ts';
import { ApiError } from '../../api/request.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { BatchPicker, SHIPPING_STAGE, useBatchPick } from '../../components/domain/BatchPicker.tsx';
import { DateField } from '../../components/domain/DateField.tsx';
import { useParty } from '../../components/domain/lookups.ts';
import { PortSelect } from '../../components/domain/PortSelect.tsx';
import { ResourcePage } from '../../components/resource/ResourcePage.tsx';
import { fieldRules } from '../../components/resource/schema-rules.ts';
import type { ResourceDecl } from '../../components/resource/types.ts';
import { useDeclContext } from '../../components/resource/use-dicts.ts';
import { StatusTag } from '../../components/status/status.tsx';
import { CommandBar } from '../../components/workflow/CommandBar.tsx';
import { VesselNameSelect } from './VesselSelect.tsx';
import '../../components/domain/project.css';
import { type BillLadingBody, type BillLadingRow, ladingApi } from './lading-api.ts';
import { paperCommands } from './PaperPage.tsx';

const DICTS = ['bill_lading_status', 'freight_terms'];
const TEXT_FIELDS = [
  'blNumber',
  'shipper',
  'consignee',
  'notifyParty',
  'vessel',
  'voyage',
  'portOfLoading',
  'portOfDischarge',
  'placeOfReceipt',
  'placeOfDelivery',
  'marksAndNumbers',
  'packages',
  'description',
  'grossWeight',
  'measurement',
  'freightTerms',
  'originals',
  'placeOfIssue',
  'dateOfIssue',
  'remark',
] as const;

/** The form's values as the wire wants them: blanks as null, numbers of weight as decimal strings. */
function bodyOf(values: Record<string, unknown>): BillLadingBody {
  const out: Record<string, unknown> = {};
  for (const k of TEXT_FIELDS) {
    const v = values[k];
    out[k] = v === undefined || v === '' ? null : v;
  }
  for (const k of ['grossWeight', 'measurement'])
    if (out[k] !== null && out[k] !== undefined) out[k] = String(out[k]);
  return out as BillLadingBody;
}

/** How the B/L's commands are worded, on a row and in the form. */
const commandSpecs = (no: string | number) =>
  paperCommands('lading.bl', { submit: 'submitted', reject: 'rejected', confirm: 'confirmed' }, { no });
const COMMANDS = ['submit', 'reject', 'confirm'] as const;
type BillEvent = (typeof COMMANDS)[number];

/** What a submission needs (the contract's list, the server's guard). */
const REQUIRED: ReadonlySet<string> = new Set(billLadingRequired);

export default function BillLadingPage() {
  const ctx = useDeclContext(DICTS);
  const { t, lang } = ctx;
  const can = useCan();
  const pick = useBatchPick(SHIPPING_STAGE);
  const batchId = pick.batchId;
  const party = useParty();
  const provider = party === 'logistics';
  const [form] = Form.useForm();
  const [open, setOpen] = useState<BillLadingRow | null>(null);
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  const editable = Boolean(open && provider && open.mine && editableIn(billLadingMachine, open.status));

  useEffect(() => {
    if (open) form.setFieldsValue(Object.fromEntries(TEXT_FIELDS.map((k) => [k, open[k] ?? undefined])));
  }, [open, form]);
  useEffect(() => () => void (pdfUrl && URL.revokeObjectURL(pdfUrl)), [pdfUrl]);

  /** Runs a call once at a time; on success says `okKey`, refreshes the family and shows the answer's row. */
  const { run } = useSubmit(
    async (call: () => Promise<BillLadingRow | unknown>, okKey: string) => ({ row: await call(), okKey }),
    {
      success: ({ okKey }) => t(okKey),
      refresh: ['billLading'],
      // Create and update answer the bare row: the form shows it as listed (names, actions).
      onDone: async ({ row }) => {
        if (row && typeof row === 'object' && 'id' in row) setOpen(await ladingApi.bill(Number(row.id)));
      },
    },
  );
  const save = async () => {
    if (!open) return false;
    const values = await form.validateFields();
    return run(() => ladingApi.saveBill(open.id, bodyOf(values)), 'lading.bl.saved');
  };
  /** A command of the B/L's machine; a draft being edited is saved first. */
  const command = async (event: string, reason?: string) => {
    if (!open) return;
    if (event === 'submit' && editable)
      await ladingApi.saveBill(open.id, bodyOf(await form.validateFields()));
    try {
      return await ladingApi.billCommand(event as BillEvent, open.id, reason);
    } catch (e) {
      // A refused submission names what is missing; the form marks those fields too.
      const missing =
        e instanceof ApiError ? (e.body as { missing?: unknown } | undefined)?.missing : undefined;
      if (Array.isArray(missing))
        form.setFields(
          missing
            .filter((f): f is string => typeof f === 'string' && REQUIRED.has(f))
            .map((name) => ({ name, errors: [t('lading.bl.neededToSubmit')] })),
        );
      throw e;
    }
  };
  const preview = async () => {
    if (!open) return;
    const blob = await ladingApi.billPdf(open.id);
    setPdfUrl(URL.createObjectURL(blob));
  };
  const download = async (row: BillLadingRow) =>
    downloadBlob(await ladingApi.billPdf(row.id), `BL-${row.blNumber ?? row.batchNumber ?? row.id}.pdf`);

  const latest = useRef({ setOpen, download });
  latest.current = { setOpen, download };
  const decl = useMemo(
    (): ResourceDecl<BillLadingRow> | null =>
      batchId === null
        ? null
        : {
            name: 'billLading',
            defaultSort: 'id,desc',
            pageSize: 20,
            exportable: false,
            fixedParams: { batchId },
            filters: [
              { name: 'blurry', labelKey: 'admin.common.keyword', type: 'text', width: 180 },
              {
                name: 'status',
                type: 'dict',
                dict: 'bill_lading_status',
                width: 170,
              },
            ],
            columns: [
              {
                key: 'blNumber',
                width: 160,
                render: (r) => r.blNumber ?? `#${r.id}`,
              },
              {
                key: 'vessel',
                width: 190,
                render: (r) => [r.vessel, r.voyage].filter(Boolean).join(' / '),
              },
              {
                key: 'portOfLoading',
                width: 90,
              },
              { key: 'portOfDischarge', width: 90 },
              { key: 'packages', width: 70 },
              { key: 'partyName', width: 160, kind: 'ellipsis' },
              {
                key: 'reason',
                width: 160,
                kind: 'ellipsis',
                render: (r) =>
                  r.reason ? <Typography.Text type="danger">{r.reason}</Typography.Text> : null,
              },
              {
                key: 'status',
                width: 110,
                render: (r, c) => <StatusTag dict="bill_lading_status" value={r.status} ctx={c} />,
              },
            ],
            permissions: {},
            rowActions: [
              {
                key: 'open',
                labelKey: (r) =>
                  r.mine && editableIn(billLadingMachine, r.status) ? 'lading.bl.edit' : 'lading.bl.view',
                run: (r) => latest.current.setOpen(r),
              },
              { key: 'pdf', labelKey: 'lading.bl.download', run: (r) => latest.current.download(r) },
            ],
            // The shipper confirms or rejects from the list; the provider submits from the form (saved first).
            rowCommands: {
              entity: 'billLading',
              only: ['reject', 'confirm'],
              run: (r, event, reason) => ladingApi.billCommand(event as BillEvent, r.id, reason),
              commands: (r) => commandSpecs(r.blNumber ?? r.id),
            },
          },
    [batchId],
  );

  const field = (name: (typeof TEXT_FIELDS)[number], node: React.ReactNode, span = 12) => (
    <Col xs={24} md={span}>
      <Form.Item
        name={name}
        label={t(`lading.bl.${name}`)}
        // Marked as needed for submission; a draft may still be saved without it.
        required={REQUIRED.has(name)}
        // A draft may be saved half filled in: the contract's formats and lengths (submit checks completeness).
        rules={fieldRules(billLadingUpdate.shape[name], t(`lading.bl.${name}`), lang)}
      >
        {node}
      </Form.Item>
    </Col>
  );
  const area = (rows: number) => <Input.TextArea rows={rows} disabled={!editable} />;

  return (
    <div className="pw-page">
      <Card size="small" className="pw-card">
        <div className="pw-bar">
          <BatchPicker pick={pick} />
        </div>
      </Card>
      {decl && (
        <ResourcePage<BillLadingRow>
          decl={decl}
          titleKey="lading.bl.what"
          dicts={DICTS}
          compact
          toolbar={
            provider &&
            can({ permission: ['billLading:add'] }) && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                title={t('lading.bl.addHint')}
                onClick={() =>
                  batchId !== null && run(() => ladingApi.createBill(batchId), 'lading.bl.created')
                }
              >
                {t('lading.bl.add')}
              </Button>
            )
          }
        />
      )}
      <Modal
        open={open !== null}
        width={1100}
        title={
          open && (
            <Space wrap>
              {t('lading.bl.what')}
              <span>{open.blNumber ?? `#${open.id}`}</span>
              <StatusTag dict="bill_lading_status" value={open.status} ctx={ctx} />
            </Space>
          )
        }
        onCancel={() => setOpen(null)}
        destroyOnHidden
        footer={
          open && (
            <Space wrap className="bl-commands">
              <Button icon={<FilePdfOutlined />} onClick={() => void preview()}>
                {t('lading.bl.pdf')}
              </Button>
              <Button icon={<DownloadOutlined />} onClick={() => void download(open)}>
                {t('lading.bl.download')}
              </Button>
              {editable && <Button onClick={() => void save()}>{t('lading.bl.save')}</Button>}
              <CommandBar
                entity="billLading"
                actions={open.actions}
                status={open.status}
                only={COMMANDS}
                run={command}
                onDone={async () => setOpen(await ladingApi.bill(open.id))}
                commands={commandSpecs(open.blNumber ?? open.id)}
              />
            </Space>
          )
        }
      >
        {open?.reason && open.status === BillLadingStatus.rejected && (
          <Alert type="error" showIcon message={t('lading.bl.rejectedBecause', { reason: open.reason })} />
        )}
        {open && !editable && provider && open.mine && (
          <Alert type="info" showIcon message={t('lading.bl.readOnly')} style={{ marginTop: 8 }} />
        )}
        <Form form={form} layout="vertical" disabled={!editable} className="bl-form">
          <Divider titlePlacement="start">{t('lading.bl.sections.parties')}</Divider>
          <Row gutter={12}>
            {field('blNumber', <Input maxLength={40} />)}
            {field('shipper', area(3))}
            {field('consignee', area(3))}
            {field('notifyParty', area(3))}
          </Row>
          <Divider titlePlacement="start">{t('lading.bl.sections.voyage')}</Divider>
          <Row gutter={12}>
            {field('vessel', <VesselNameSelect disabled={!editable} />, 8)}
            {field('voyage', <Input maxLength={30} />, 4)}
            {field('portOfLoading', <PortSelect currentName={open?.portOfLoadingName} />, 6)}
            {field('portOfDischarge', <PortSelect currentName={open?.portOfDischargeName} />, 6)}
            {field('placeOfReceipt', <Input maxLength={100} />)}
            {field('placeOfDelivery', <Input maxLength={100} />)}
          </Row>
          <Divider titlePlacement="start">{t('lading.bl.sections.cargo')}</Divider>
          <Row gutter={12}>
            {field('marksAndNumbers', area(4))}
            {field('description', area(4))}
            {field('packages', <InputNumber min={0} precision={0} style={{ width: '100%' }} />, 8)}
            {field('grossWeight', <Input inputMode="decimal" />, 8)}
            {field('measurement', <Input inputMode="decimal" />, 8)}
          </Row>
          {open && (
            <Space wrap style={{ marginBottom: 12 }}>
              <Typography.Text type="secondary">{t('lading.bl.fromBoxes', open.fromBoxes)}</Typography.Text>
              {editable && (
                <Button
                  size="small"
                  onClick={() =>
                    form.setFieldsValue({
                      packages: open.fromBoxes.packages,
                      grossWeight: open.fromBoxes.grossWeight,
                      measurement: open.fromBoxes.measurement,
                    })
                  }
                >
                  {t('lading.bl.useBoxes')}
                </Button>
              )}
            </Space>
          )}
          <Typography.Title level={5}>{t('lading.bl.containers')}</Typography.Title>
          <Table
            size="small"
            rowKey="containerNumber"
            pagination={false}
            dataSource={open?.containers ?? []}
            locale={{ emptyText: t('lading.bl.noContainers') }}
            scroll={{ x: 560 }}
            columns={[
              { title: t('lading.bl.containerNumber'), dataIndex: 'containerNumber' },
              { title: t('lading.bl.typeCode'), dataIndex: 'typeCode', width: 70 },
              { title: t('lading.bl.sealNumber'), dataIndex: 'sealNumber' },
              { title: t('lading.bl.packages'), dataIndex: 'packages', width: 70 },
              { title: t('lading.bl.grossWeight'), dataIndex: 'grossWeight' },
              { title: t('lading.bl.measurement'), dataIndex: 'measurement' },
            ]}
          />
          <Divider titlePlacement="start">{t('lading.bl.sections.issue')}</Divider>
          <Row gutter={12}>
            {field(
              'freightTerms',
              <Select allowClear options={freightTerms.map((f) => ({ value: f.code, label: f[lang] }))} />,
              6,
            )}
            {field(
              'originals',
              <Select options={[1, 2, 3].map((n) => ({ value: n, label: String(n) }))} />,
              6,
            )}
            {field('placeOfIssue', <Input maxLength={100} />, 6)}
            {field('dateOfIssue', <DateField />, 6)}
            {field('remark', area(2), 24)}
          </Row>
        </Form>
      </Modal>
      <Modal
        open={pdfUrl !== null}
        width={900}
        title={t('lading.bl.preview')}
        footer={null}
        onCancel={() => setPdfUrl(null)}
        destroyOnHidden
      >
        {pdfUrl && (
          <iframe
            title={t('lading.bl.preview')}
            src={pdfUrl}
            style={{ width: '100%', height: '75vh', border: 0 }}
          />
        )}
      </Modal>
    </div>
  );
}
