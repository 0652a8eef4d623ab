// The declaration workbench of a batch (menu "customs/index"): the header form, the goods
// lines (inline HS search with the earlier classification, elements per line, the price calculator with
// the formula and the rate used), division into tickets, the review bar, declaring with the broker's file,
// and the clearance progress at destination with its timeline. The server decides every rule; the buttons
// are the `actions` it sends.
import { ScissorOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  type CustomsCodeKind,
  DeclareStatus,
  declareRequiredHeader,
  declareStatusLabels,
  formatTime,
  incoterms2020,
} from '@tradelane/contract';
import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../access/permissions.ts';
import { ApiError } from '../../api/request.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { statusColor } from '../../components/status/status.tsx';
import { CommandBar } from '../../components/workflow/CommandBar.tsx';

import { projectApi } from '../project/project-api.ts';
import { batchLabel } from '../project/shared/BatchPicker.tsx';
import { refLabel, useParty } from '../project/shared/lookups.ts';
import { PortSelect } from '../project/shared/PortSelect.tsx';
import { customsApi, type DeclareRow, type LineRow, type TicketRow } from './customs-api.ts';
import '../project/shared/project.css';
import './customs.css';
import { ClearanceCard } from './ClearanceCard.tsx';
import { ElementsModal, HsCell, PriceModal } from './LineDialogs.tsx';
import { LineEditModal } from './LineEditModal.tsx';
import { CountryPicker, CurrencyPicker, CustomsCodePicker } from './Pickers.tsx';
import { TicketBoard } from './TicketBoard.tsx';
import type { Lang, Run } from './types.ts';

const headerFields = [
  'customsOffice',
  'portOfExit',
  'tradeMode',
  'transportMode',
  'vesselName',
  'voyageNo',
  'blNumber',
  'contractNumber',
  'tradingCountry',
  'destinationCountry',
  'portOfDestination',
  'incoterm',
  'currency',
  'freight',
  'insurance',
  'otherCharges',
  'packages',
  'packageType',
  'grossWeight',
  'netWeight',
] as const;
type HeaderField = (typeof headerFields)[number];
/** The header fields review and filing need (the server refuses naming each one missing). */
const required = new Set<string>(declareRequiredHeader.map((f) => f.key));

/** The customs table a coded header field picks from (the server checks the same). */
const codedFields: Partial<Record<HeaderField, CustomsCodeKind>> = {
  customsOffice: 'customsOffice',
  portOfExit: 'customsOffice',
  tradeMode: 'tradeMode',
  transportMode: 'transportMode',
  packageType: 'packageType',
};

/** The input of a header field: a picker for codes, countries and currencies, else text. */
function headerInput(field: HeaderField, lang: Lang) {
  const kind = codedFields[field];
  // A declaration always has a trade mode and a transport mode: those two cannot be cleared.
  if (kind)
    return <CustomsCodePicker kind={kind} allowClear={field !== 'tradeMode' && field !== 'transportMode'} />;
  if (field === 'tradingCountry' || field === 'destinationCountry') return <CountryPicker />;
  if (field === 'currency') return <CurrencyPicker />;
  if (field === 'portOfDestination') return <PortSelect />;
  if (field === 'incoterm')
    return (
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        options={incoterms2020.map((r) => ({ value: r.code, label: refLabel(lang, r) }))}
      />
    );
  return <Input />;
}

export default function CustomsPage() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const party = useParty();
  const can = useCan();
  const broker = party === 'logistics' && can({ permission: ['customs:edit'] });
  const [params] = useSearchParams();
  const [batchPick, setBatchPick] = useState<number | null>(null);
  const [direction, setDirection] = useState<'export' | 'import'>(
    params.get('direction') === 'import' ? 'import' : 'export',
  );
  const [selected, setSelected] = useState<number[]>([]);
  const [elementsOf, setElementsOf] = useState<LineRow | null>(null);
  const [priceOf, setPriceOf] = useState<LineRow | null>(null);
  const [editOf, setEditOf] = useState<LineRow | null>(null);
  const [declaring, setDeclaring] = useState<TicketRow | null>(null);
  const [entry, setEntry] = useState('');
  // The last refusal to go to review (or further), every missing thing on its own line until fixed.
  const [refusal, setRefusal] = useState<string[] | null>(null);
  const [form] = Form.useForm();

  const batches = useQuery({
    queryKey: ['resource', 'projectBatch', 'pick'],
    queryFn: () => projectApi.batches({ page: 0, size: 500 }),
  }).data?.content;
  // The batch asked for, else the one whose declaration was worked on last, else the newest batch.
  const latest = useQuery({ queryKey: ['resource', 'projectDeclare', 'latest'], queryFn: customsApi.latest });
  const batchId =
    batchPick ??
    (Number(params.get('batchId')) ||
      (latest.isPending ? null : (latest.data?.batchId ?? batches?.[0]?.id ?? null)));
  const declares = useQuery({
    queryKey: ['resource', 'projectDeclare', batchId],
    queryFn: () => customsApi.declares(batchId ?? 0),
    enabled: batchId !== null,
  }).data;
  const declare = declares?.find((d) => d.direction === direction) ?? null;
  const id = declare?.id ?? 0;
  const lines = useQuery({
    queryKey: ['resource', 'declareLine', id],
    queryFn: () => customsApi.lines(id),
    enabled: Boolean(declare),
  }).data;
  const tickets = useQuery({
    queryKey: ['resource', 'assort', id],
    queryFn: () => customsApi.tickets(id),
    enabled: Boolean(declare),
  }).data;
  const reviews = useQuery({
    queryKey: ['resource', 'examine', id],
    queryFn: () => customsApi.reviews(id),
    enabled: Boolean(declare),
  }).data;
  const clearance = useQuery({
    queryKey: ['resource', 'customsClearanceLive', batchId],
    queryFn: () => customsApi.clearance(batchId ?? 0),
    enabled: batchId !== null,
  }).data;

  useEffect(() => {
    form.setFieldsValue(declare ?? {});
  }, [declare, form]);

  // The server sends the events the caller may fire: `edit` is offered on a draft or returned declaration.
  const editable = broker && Boolean(declare?.actions.includes('edit'));
  // One submit path (useSubmit): once at a time, the toast, then the declaration's family refreshed — its
  // change reaches its lines, groups, review, prices and the clearance (query-keys.ts).
  const submit = useSubmit(
    async (f: () => Promise<unknown>, ok?: string) => {
      await f();
      return ok ?? t('customs.done');
    },
    { success: (said) => said, refresh: ['projectDeclare'] },
  );
  const run: Run = (f, ok) => submit.run(f, ok);
  const label = (m: Record<number, { zh: string; en: string }>, s: number) => m[s]?.[lang] ?? String(s);
  const ticketNo = (assortId: number | null) => tickets?.find((x) => x.id === assortId)?.ticketNo;

  const lineColumns = [
    // A declaration's lines are an editing grid wider than a laptop: the item and its code stay in view.
    { title: t('customs.col.lineNo'), dataIndex: 'lineNo', width: 56, fixed: 'left' as const },
    {
      title: t('customs.col.hsCode'),
      width: 190,
      fixed: 'left' as const,
      render: (_: unknown, r: LineRow) => <HsCell line={r} editable={editable} onSave={run} />,
    },
    {
      title: t('customs.col.name'),
      dataIndex: 'name',
      width: 220,
      render: (v: string, r: LineRow) => (
        <div>
          <div>{v}</div>
          {r.tariffName ? (
            <Typography.Text type="secondary" className="pw-sub">
              {r.tariffName}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    {
      title: t('customs.col.quantity'),
      width: 150,
      render: (_: unknown, r: LineRow) => (
        <span>
          {Number(r.quantity)} {r.unit}
          <Typography.Text type="secondary" className="pw-sub">
            {' '}
            / {t('customs.col.confirmed')} {Number(r.confirmedQuantity)}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: t('customs.col.total'),
      width: 150,
      align: 'right' as const,
      render: (_: unknown, r: LineRow) => `${r.totalPrice ?? ''} ${r.currency ?? ''}`,
    },
    ...(['originCountry', 'destinationCountry'] as const).map((field) => ({
      title: t(`customs.col.${field}`),
      width: 170,
      render: (_: unknown, r: LineRow) =>
        editable ? (
          <CountryPicker
            size="small"
            style={{ width: 156 }}
            aria-label={t(`customs.col.${field}`)}
            data-testid={`${field}-${r.lineNo}`}
            value={r[field] ?? undefined}
            onChange={(v?: string) => run(() => customsApi.updateLine({ id: r.id, [field]: v ?? null }))}
          />
        ) : (
          (r[field] ?? '—')
        ),
    })),
    {
      title: t('customs.col.tradeMode'),
      dataIndex: 'tradeMode',
      width: 90,
      render: (v: string) => <Tag>{v}</Tag>,
    },
    {
      title: t('customs.col.elements'),
      width: 120,
      render: (_: unknown, r: LineRow) => (
        <Button size="small" type="link" onClick={() => setElementsOf(r)}>
          {!r.elementTemplate.length ? (
            <Tag>{t('customs.noTemplate')}</Tag>
          ) : r.missingElements.length ? (
            <Tag color="warning">{t('customs.elementsMissing', { n: r.missingElements.length })}</Tag>
          ) : (
            <Tag color="success">{t('customs.elementsOk')}</Tag>
          )}
        </Button>
      ),
    },
    {
      title: t('customs.col.declared'),
      width: 150,
      render: (_: unknown, r: LineRow) => (
        <Button size="small" type="link" onClick={() => setPriceOf(r)}>
          {r.declaredPrice ? `${r.declaredPrice} ${r.declaredCurrency}` : t('customs.price')}
        </Button>
      ),
    },
    {
      title: t('customs.col.ticket'),
      width: 70,
      render: (_: unknown, r: LineRow) => (r.assortId ? <Tag color="blue">{ticketNo(r.assortId)}</Tag> : '—'),
    },
    ...(editable
      ? [
          {
            title: t('customs.lineEdit.action'),
            width: 80,
            fixed: 'right' as const,
            render: (_: unknown, r: LineRow) => (
              <Button
                size="small"
                type="link"
                aria-label={t('customs.lineEdit.title', { lineNo: r.lineNo })}
                onClick={() => setEditOf(r)}
              >
                {t('customs.lineEdit.action')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="pw-page" data-testid="customs-workbench">
      <Card size="small" className="pw-card">
        <div className="pw-bar">
          <Space wrap>
            <Typography.Text>{t('customs.batch')}</Typography.Text>
            <Select
              style={{ width: 320 }}
              value={batchId ?? undefined}
              placeholder={t('customs.pickBatch')}
              showSearch={{ optionFilterProp: 'label' }}
              onChange={(v: number) => setBatchPick(v)}
              options={(batches ?? []).map((b) => ({
                value: b.id,
                label: batchLabel(b, lang === 'en'),
              }))}
              aria-label={t('customs.batch')}
            />
            <Select
              value={direction}
              onChange={setDirection}
              style={{ width: 160 }}
              options={(['export', 'import'] as const).map((d) => ({
                value: d,
                label: t(`customs.direction.${d}`),
              }))}
            />
          </Space>
        </div>
      </Card>

      {batchId !== null && declares && !declare ? (
        <Card size="small" className="pw-card">
          <Empty description={t('customs.none')}>
            {broker ? (
              <Button
                type="primary"
                onClick={() => run(() => customsApi.createDeclare({ batchId, direction }))}
              >
                {t('customs.create')}
              </Button>
            ) : null}
          </Empty>
        </Card>
      ) : null}

      {declare ? (
        <>
          <Card
            size="small"
            className="pw-card"
            title={
              <Space wrap>
                <span>{t(`customs.direction.${declare.direction}`)}</span>
                <Tag color={statusColor('declare_status', declare.status)} data-testid="declare-status">
                  {label(declareStatusLabels, declare.status)}
                </Tag>
                <Typography.Text type="secondary">
                  {t('customs.broker')}: {declare.brokerName ?? '—'} ·{' '}
                  {t('customs.counts', {
                    lines: declare.lines,
                    tickets: declare.tickets,
                    undivided: declare.undivided,
                  })}
                </Typography.Text>
              </Space>
            }
            extra={
              <div data-testid="review-bar">
                <CommandBar
                  entity="projectDeclare"
                  actions={declare.actions}
                  status={declare.status}
                  // Reopening is offered as a button on a returned declaration (a draft is edited as it is).
                  only={
                    declare.status === DeclareStatus.returned
                      ? ['submit', 'back', 'approve', 'archive', 'edit']
                      : ['submit', 'back', 'approve', 'archive']
                  }
                  run={async (event, why) => {
                    setRefusal(null);
                    try {
                      return await customsApi.command(event, declare.id, why);
                    } catch (e) {
                      const problems = e instanceof ApiError && (e.body as { problems?: unknown })?.problems;
                      if (Array.isArray(problems)) setRefusal(problems.map(String));
                      throw e;
                    }
                  }}
                  commands={{
                    submit: { labelKey: 'customs.events.submit', confirmKey: false, icon: <SendOutlined /> },
                    back: {
                      labelKey: 'customs.events.back',
                      reasonTitleKey: 'customs.backTitle',
                      reasonLabelKey: 'customs.backReason',
                      reasonPlaceholderKey: 'customs.backReason',
                    },
                    approve: { labelKey: 'customs.events.approve', confirmKey: false },
                    archive: { labelKey: 'customs.events.archive', confirmKey: false, primary: false },
                    edit: { labelKey: 'customs.events.edit', confirmKey: false, primary: false },
                  }}
                />
              </div>
            }
          >
            {declare.status === DeclareStatus.returned && declare.reason ? (
              <Alert
                type="error"
                showIcon
                title={`${t('customs.reason')}: ${declare.reason}`}
                style={{ marginBottom: 12 }}
              />
            ) : null}
            {refusal ? (
              <Alert
                type="warning"
                showIcon
                closable={{ onClose: () => setRefusal(null) }}
                title={t('customs.notReady')}
                description={
                  <ul className="customs-problems" data-testid="declare-problems">
                    {refusal.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                }
                style={{ marginBottom: 12 }}
              />
            ) : null}
            <Form form={form} layout="vertical" disabled={!editable} size="small">
              <div className="customs-grid">
                {headerFields.map((f) => (
                  <Form.Item key={f} name={f} label={t(`customs.fields.${f}`)} required={required.has(f)}>
                    {headerInput(f, lang)}
                  </Form.Item>
                ))}
              </div>
              {editable ? (
                <Button
                  type="primary"
                  onClick={async () => {
                    const v = form.getFieldsValue();
                    const body: Record<string, unknown> = { id: declare.id };
                    // The form holds every header field; a cleared input or pick is empty (null).
                    for (const k of headerFields) body[k] = v[k] === '' || v[k] === undefined ? null : v[k];
                    if (body.packages !== null && body.packages !== undefined)
                      body.packages = Number(body.packages);
                    await run(
                      () => customsApi.updateDeclare(body as unknown as DeclareRow),
                      t('customs.saved'),
                    );
                  }}
                >
                  {t('customs.save')}
                </Button>
              ) : null}
            </Form>
          </Card>

          <Card
            size="small"
            className="pw-card"
            title={t('customs.lines')}
            extra={
              editable ? (
                <Button onClick={() => run(() => customsApi.build(declare.id))}>{t('customs.build')}</Button>
              ) : null
            }
          >
            <Table<LineRow>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={lines ?? []}
              columns={lineColumns}
              scroll={{ x: 1720 }}
              rowSelection={
                editable
                  ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) }
                  : undefined
              }
              data-testid="lines-grid"
            />
          </Card>

          <Card
            size="small"
            className="pw-card"
            title={t('customs.tickets')}
            extra={
              editable ? (
                <Space wrap>
                  <Button icon={<ScissorOutlined />} onClick={() => run(() => customsApi.divide(declare.id))}>
                    {t('customs.divide')}
                  </Button>
                  <Button onClick={() => run(() => customsApi.undivide(declare.id))}>
                    {t('customs.undivide')}
                  </Button>
                  <Typography.Text type="secondary">
                    {t('customs.selected', { n: selected.length })}
                  </Typography.Text>
                  <Select
                    placeholder={t('customs.moveTo')}
                    aria-label={t('customs.moveTo')}
                    style={{ width: 160 }}
                    disabled={!selected.length}
                    value={null}
                    onChange={(v: number) =>
                      run(() => customsApi.moveLines(v || null, selected)).then((ok) => ok && setSelected([]))
                    }
                    options={[
                      ...(tickets ?? []).map((x) => ({
                        value: x.id,
                        label: t('customs.ticket', { no: x.ticketNo }),
                      })),
                      { value: 0, label: t('customs.board.toUndivided') },
                    ]}
                  />
                  <Button
                    disabled={!selected.length}
                    onClick={() =>
                      run(() => customsApi.newTicket(declare.id, selected)).then(
                        (ok) => ok && setSelected([]),
                      )
                    }
                  >
                    {t('customs.newTicket')}
                  </Button>
                </Space>
              ) : null
            }
          >
            <TicketBoard
              declare={declare}
              lines={lines ?? []}
              tickets={tickets ?? []}
              editable={editable}
              selected={selected}
              onMoved={() => setSelected([])}
              onDeclare={setDeclaring}
              run={run}
              lang={lang}
            />
          </Card>

          <Card size="small" className="pw-card" title={t('customs.review')}>
            {reviews?.length ? (
              <Timeline
                items={reviews.map((r) => ({
                  key: r.id,
                  color:
                    r.action === 'back'
                      ? 'red'
                      : r.action === 'approve' || r.action === 'archive'
                        ? 'green'
                        : 'blue',
                  content: (
                    <div>
                      <div>
                        {r.opinion
                          ? t('customs.withNote', { what: t(`customs.events.${r.action}`), note: r.opinion })
                          : t(`customs.events.${r.action}`)}
                      </div>
                      <Typography.Text type="secondary" className="pw-sub">
                        {formatTime(r.createTime)} · {r.createBy} · {r.authorName}
                      </Typography.Text>
                    </div>
                  ),
                }))}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('customs.noEvents')} />
            )}
          </Card>
        </>
      ) : null}

      {batchId !== null ? (
        <ClearanceCard batchId={batchId} row={clearance ?? null} party={party} lang={lang} />
      ) : null}

      <Modal
        open={declaring !== null}
        title={declaring ? t('customs.declareTitle', { no: declaring.ticketNo }) : ''}
        onCancel={() => setDeclaring(null)}
        onOk={async () => {
          if (declaring && (await run(() => customsApi.declareTicket(declaring.id, entry)))) {
            setDeclaring(null);
            setEntry('');
          }
        }}
      >
        <Input
          aria-label={t('customs.entryNumber')}
          placeholder={t('customs.entryNumber')}
          value={entry}
          maxLength={18}
          onChange={(e) => setEntry(e.target.value.trim())}
        />
      </Modal>
      {elementsOf ? (
        <ElementsModal line={elementsOf} editable={editable} onClose={() => setElementsOf(null)} run={run} />
      ) : null}
      {editOf ? <LineEditModal line={editOf} onClose={() => setEditOf(null)} run={run} /> : null}
      {priceOf ? (
        <PriceModal line={priceOf} editable={editable} onClose={() => setPriceOf(null)} run={run} />
      ) : null}
    </div>
  );
}
