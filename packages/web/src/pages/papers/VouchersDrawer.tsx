// Payments of one statement of charges (spec §7 `voucherProcess`): what is due, paid
// (confirmed vouchers), waiting and outstanding per currency; the vouchers with their bank slips; the
// shipper uploads one (or corrects a rejected one and submits it again), the logistics provider
// confirms the money arrived or rejects the voucher with a reason. Buttons follow the server's `actions`.
import { PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import { ReconciliationStatus, VoucherStatus } from '@tradelane/contract';
import { App, Button, Drawer, Popconfirm, Space, Table, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../access/permissions.ts';
import { StatusTag } from '../../components/status/status.tsx';
import { CommandBar } from '../../components/workflow/CommandBar.tsx';
import type { StatementRow } from './papers-api.ts';
import { type VoucherDraft, VoucherForm } from './VoucherForm.tsx';
import { type StatementWithPayments, type VoucherRow, vouchersApi } from './vouchers-api.ts';
import './vouchers.css';

const today = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

export function VouchersDrawer(props: {
  statement: StatementRow | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const id = props.statement?.id ?? null;
  const [statement, setStatement] = useState<StatementWithPayments | null>(null);
  const [rows, setRows] = useState<VoucherRow[]>([]);
  const [draft, setDraft] = useState<VoucherDraft | null>(null);

  const load = useCallback(async () => {
    if (id === null) return;
    const [s, list] = await Promise.all([vouchersApi.statement(id), vouchersApi.list(id)]);
    setStatement(s);
    setRows(list.content);
  }, [id]);
  useEffect(() => {
    setStatement(null);
    setRows([]);
    load().catch(() => undefined);
  }, [load]);

  /** Runs a call; on success says so and reloads the drawer and the statements list. */
  const run = async (call: () => Promise<unknown>, okKey: string) => {
    try {
      await call();
      message.success(t(okKey));
      await load();
      props.onChanged();
      return true;
    } catch {
      return false;
    }
  };

  const currencies = statement?.payments.map((p) => p.currency) ?? [];
  // The form starts on the first currency still left to pay (outstanding beyond what waits).
  const open = statement?.payments.find(
    (p) => BigInt(p.outstandingMinor) - BigInt(p.pendingMinor) > 0n,
  )?.currency;
  const confirmed = statement?.status === ReconciliationStatus.confirmed;
  const mayAdd = confirmed;
  return (
    <Drawer
      open={props.statement !== null}
      width={980}
      className="voucher-drawer"
      onClose={props.onClose}
      title={t('vouchers.drawerTitle', {
        no: props.statement?.statementNo ?? `#${props.statement?.id ?? ''}`,
      })}
      destroyOnHidden
      extra={
        can({ permission: ['voucherProcess:add'] }) &&
        statement?.mine === false && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!mayAdd}
            title={mayAdd ? undefined : t('vouchers.onlyConfirmed')}
            onClick={() =>
              setDraft({
                amount: '',
                currency: open ?? currencies[0] ?? 'USD',
                paymentDate: today(),
                bankReference: '',
                remark: '',
                fileIds: [],
                files: [],
              })
            }
          >
            {t('vouchers.add')}
          </Button>
        )
      }
    >
      <Table
        size="small"
        rowKey="currency"
        pagination={false}
        dataSource={statement?.payments ?? []}
        className="voucher-summary"
        scroll={{ x: 'max-content' }}
        columns={(['currency', 'total', 'paid', 'pending', 'outstanding'] as const).map((k) => ({
          key: k,
          title: t(`vouchers.${k}`),
          align: k === 'currency' ? undefined : ('right' as const),
          render: (_: unknown, p: StatementWithPayments['payments'][number]) =>
            k === 'outstanding' ? (
              <Typography.Text
                strong
                type={p.outstandingMinor === '0' ? 'success' : 'warning'}
                className="pw-num"
              >
                {p.outstanding}
              </Typography.Text>
            ) : (
              <span className="pw-num">{p[k]}</span>
            ),
        }))}
      />
      {!confirmed && statement && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {t('vouchers.onlyConfirmed')}
        </Typography.Paragraph>
      )}
      <Typography.Title level={5} style={{ marginTop: 20 }}>
        {t('vouchers.title')}
      </Typography.Title>
      <Table<VoucherRow>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('vouchers.none') }}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: t('vouchers.amount'),
            width: 150,
            render: (_, v) => <span className="pw-num">{`${v.currency} ${v.amount}`}</span>,
          },
          { title: t('vouchers.paymentDate'), dataIndex: 'paymentDate', width: 110 },
          { title: t('vouchers.bankReference'), dataIndex: 'bankReference', width: 170 },
          {
            title: t('vouchers.files'),
            render: (_, v) => (
              <Space size={4} wrap>
                {v.files.map((f) => (
                  <a
                    key={f.id}
                    href={f.viewUrl}
                    target="_blank"
                    rel="noreferrer"
                    title={t('vouchers.preview')}
                  >
                    <PaperClipOutlined /> {f.name}
                  </a>
                ))}
              </Space>
            ),
          },
          {
            title: t('vouchers.status'),
            width: 180,
            render: (_, v) => (
              <Space direction="vertical" size={0}>
                <StatusTag
                  dict="voucher_status"
                  value={v.status}
                  label={t(`vouchers.statusLabels.${v.status}`)}
                />
                {v.reason && <Typography.Text type="danger">{v.reason}</Typography.Text>}
              </Space>
            ),
          },
          {
            title: '',
            width: 220,
            render: (_, v) => (
              <Space size={4} wrap>
                <CommandBar
                  entity="voucherProcess"
                  actions={v.actions}
                  status={v.status}
                  only={['confirm', 'reject', 'submit']}
                  size="small"
                  link
                  refresh={['reconciliation']}
                  run={(event, reason) => vouchersApi.command(event, v.id, reason)}
                  onDone={async () => {
                    await load();
                    props.onChanged();
                  }}
                  commands={{
                    confirm: {
                      labelKey: 'vouchers.confirm',
                      confirmKey: 'vouchers.confirmConfirm',
                      doneKey: 'vouchers.confirmed',
                    },
                    reject: {
                      labelKey: 'vouchers.reject',
                      doneKey: 'vouchers.rejected',
                      reasonTitleKey: 'vouchers.rejectTitle',
                      reasonLabelKey: 'vouchers.reason',
                      reasonPlaceholderKey: 'vouchers.reasonPlaceholder',
                      reasonOkKey: 'vouchers.reject',
                      params: { amount: `${v.currency} ${v.amount}` },
                    },
                    submit: {
                      labelKey: 'vouchers.resubmit',
                      confirmKey: false,
                      doneKey: 'vouchers.resubmitted',
                    },
                  }}
                />
                {v.mine &&
                  v.status === VoucherStatus.rejected &&
                  can({ permission: ['voucherProcess:edit'] }) && (
                    <Button
                      size="small"
                      type="link"
                      onClick={() =>
                        setDraft({
                          id: v.id,
                          amount: v.amount,
                          currency: v.currency,
                          paymentDate: v.paymentDate,
                          bankReference: v.bankReference,
                          remark: v.remark ?? '',
                          fileIds: v.fileIds,
                          files: v.files.map((f) => ({ id: f.id, name: f.name })),
                        })
                      }
                    >
                      {t('vouchers.edit')}
                    </Button>
                  )}
                {v.mine &&
                  v.status === VoucherStatus.rejected &&
                  can({ permission: ['voucherProcess:del'] }) && (
                    <Popconfirm
                      title={t('admin.common.deleteConfirm')}
                      onConfirm={() => run(() => vouchersApi.remove(v.id), 'vouchers.deleted')}
                    >
                      <Button size="small" type="link" danger>
                        {t('admin.common.delete')}
                      </Button>
                    </Popconfirm>
                  )}
              </Space>
            ),
          },
        ]}
      />
      <VoucherForm draft={draft} setDraft={setDraft} currencies={currencies} statementId={id} run={run} />
    </Drawer>
  );
}
