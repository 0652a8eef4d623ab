// The declaration's header: its status, the review bar (the commands the server offers), why it was
// returned or refused, and the header form (codes, countries and currencies picked from their tables).
import { SendOutlined } from '@ant-design/icons';
import {
  type CustomsCodeKind,
  changesState,
  DeclareStatus,
  declareMachine,
  declareRequiredHeader,
  incoterms2020,
} from '@tradelane/contract';
import { Alert, Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/request.ts';
import { refLabel } from '../../components/domain/lookups.ts';
import { PortSelect } from '../../components/domain/PortSelect.tsx';
import { StatusTag } from '../../components/status/status.tsx';
import { CommandBar } from '../../components/workflow/CommandBar.tsx';
import { customsApi, type DeclareRow } from './customs-api.ts';
import { CountryPicker, CurrencyPicker, CustomsCodePicker } from './Pickers.tsx';
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

export function DeclareHeader({
  declare,
  editable,
  lang,
  run,
}: {
  declare: DeclareRow;
  editable: boolean;
  lang: Lang;
  run: Run;
}) {
  const { t } = useTranslation();
  // The last refusal to go to review (or further), every missing thing on its own line until fixed.
  const [refusal, setRefusal] = useState<string[] | null>(null);
  const [form] = Form.useForm();
  useEffect(() => {
    form.setFieldsValue(declare);
  }, [declare, form]);

  return (
    <Card
      size="small"
      className="pw-card"
      title={
        <Space wrap>
          <span>{t(`customs.direction.${declare.direction}`)}</span>
          <StatusTag dict="declare_status" value={declare.status} testId="declare-status" />
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
            // `edit` is a button only where the machine makes it a reopen (a returned declaration back to
            // draft); on a draft it keeps the state, and the draft is edited as it is.
            only={[
              'submit',
              'back',
              'approve',
              'archive',
              ...(changesState(declareMachine, declare.status, 'edit') ? (['edit'] as const) : []),
            ]}
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
              await run(() => customsApi.updateDeclare(body as unknown as DeclareRow), t('customs.saved'));
            }}
          >
            {t('customs.save')}
          </Button>
        ) : null}
      </Form>
    </Card>
  );
}
