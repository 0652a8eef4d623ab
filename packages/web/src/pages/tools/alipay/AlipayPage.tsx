// The payment tool: Alipay-style settings (the private key is write-only: the page only learns
// whether one is kept), a test payment — the server signs the page-pay request and the browser opens it
// at the gateway in a new window — and the test payments with the status their notifications gave them.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AnswerOf,
  alipayConfigInput,
  alipayTestPayInput,
  PaymentStatus,
  paymentStatusLabels,
} from '@tradelane/contract';
import { servicesOps } from '@tradelane/contract/api/services';
import { Alert, App, Button, Card, Col, Empty, Form, Input, InputNumber, Row, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { call } from '../../../api/client.ts';
import { ContractField } from '../../../components/resource/ContractField.tsx';
import { requiredText } from '../../../components/resource/schema-rules.ts';
import { StatusTag } from '../../../components/status/status.tsx';
import '../../../components/domain/project.css';

type Payment = AnswerOf<typeof servicesOps.payments>['content'][number];

/** The settings' and the test payment's fields, checked as the server's bodies check them. */
const PAY_FIELDS = { ...alipayConfigInput.shape, ...alipayTestPayInput.shape };

export default function AlipayPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm();
  const [test] = Form.useForm();
  const [busy, setBusy] = useState<'save' | 'pay' | null>(null);
  const [page, setPage] = useState(0);
  const [search] = useSearchParams();
  const settings = useQuery({ queryKey: ['aliPay'], queryFn: () => call(servicesOps.alipaySettings) });
  const trades = useQuery({
    queryKey: ['aliPay', 'trades', page],
    queryFn: () => call(servicesOps.payments, { page, size: 10 }),
    // A payment moves when the gateway's notification arrives: look again while one is open.
    refetchInterval: (q) => (q.state.data?.content.some((p) => p.status < PaymentStatus.paid) ? 3000 : false),
  });
  useEffect(() => {
    const s = settings.data;
    const origin = window.location.origin;
    if (s?.configured) form.setFieldsValue({ ...s, privateKey: '' });
    else if (s)
      form.setFieldsValue({
        notifyUrl: `${origin}${servicesOps.paymentNotice.path}`,
        returnUrl: `${origin}${servicesOps.paymentReturn.path}`,
      });
  }, [settings.data, form]);

  const save = async () => {
    const values = await form.validateFields();
    setBusy('save');
    try {
      await call(servicesOps.saveAlipaySettings, { ...values, privateKey: values.privateKey || undefined });
      void message.success(t('services.pay.saved'));
      await qc.invalidateQueries({ queryKey: ['aliPay'] });
    } catch {
      /* shown by the request client */
    } finally {
      setBusy(null);
    }
  };
  const pay = async () => {
    const values = await test.validateFields();
    setBusy('pay');
    // Opened while the click still counts as the user's (no popup blocker), pointed at the gateway once
    // the server has signed the request; the gateway gets no handle on this page.
    const payer = window.open('', '_blank');
    if (payer) payer.opener = null;
    try {
      const start = await call(servicesOps.testPayment, values);
      if (payer) payer.location.href = start.url;
      else window.location.href = start.url;
    } catch {
      payer?.close();
    } finally {
      setBusy(null);
      await qc.invalidateQueries({ queryKey: ['aliPay', 'trades'] });
    }
  };
  const s = settings.data;
  // Whether a private key is stored (only a configured setting can hold one).
  const keyKept = s?.configured === true && s.hasPrivateKey;
  const returned = search.get('verified');
  return (
    <div className="pw-page" data-testid="payment-tool">
      {returned === '1' && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('services.pay.returned', { no: search.get('outTradeNo') })}
        />
      )}
      {returned === '0' && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t('services.pay.returnForged')} />
      )}
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('services.pay.settings')} loading={settings.isLoading}>
            {s && !s.configured && (
              <Typography.Paragraph type="secondary">{t('services.pay.notConfigured')}</Typography.Paragraph>
            )}
            <Form form={form} layout="vertical" requiredMark>
              <Row gutter={12}>
                <Col span={12}>
                  <ContractField shape={PAY_FIELDS} name="appId" labelKey="services.pay.appId">
                    <Input autoComplete="off" />
                  </ContractField>
                </Col>
                <Col span={12}>
                  <ContractField shape={PAY_FIELDS} name="gatewayUrl" labelKey="services.pay.gatewayUrl">
                    <Input />
                  </ContractField>
                </Col>
              </Row>
              <ContractField
                shape={PAY_FIELDS}
                name="privateKey"
                labelKey="services.pay.privateKey"
                // Required only while none is stored (an empty one keeps the stored key): the server's state.
                rules={
                  keyKept
                    ? []
                    : [{ required: true, message: requiredText(t('services.pay.privateKey'), lang) }]
                }
                extra={keyKept ? t('services.pay.privateKeyKept') : t('services.pay.privateKeyExtra')}
              >
                <Input.TextArea rows={3} autoComplete="off" spellCheck={false} />
              </ContractField>
              <ContractField
                shape={PAY_FIELDS}
                name="publicKey"
                labelKey="services.pay.publicKey"
                extra={t('services.pay.publicKeyExtra')}
              >
                <Input.TextArea rows={3} spellCheck={false} />
              </ContractField>
              <Row gutter={12}>
                <Col span={12}>
                  <ContractField shape={PAY_FIELDS} name="notifyUrl" labelKey="services.pay.notifyUrl">
                    <Input />
                  </ContractField>
                </Col>
                <Col span={12}>
                  <ContractField shape={PAY_FIELDS} name="returnUrl" labelKey="services.pay.returnUrl">
                    <Input />
                  </ContractField>
                </Col>
              </Row>
              <Typography.Paragraph type="secondary">{t('services.pay.signType')}</Typography.Paragraph>
              <Button type="primary" loading={busy === 'save'} onClick={() => void save()}>
                {t('services.pay.save')}
              </Button>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('services.pay.test')} style={{ height: '100%' }}>
            <Form form={test} layout="vertical" requiredMark>
              <ContractField
                shape={PAY_FIELDS}
                name="subject"
                labelKey="services.pay.subject"
                initialValue={t('services.pay.testSubject')}
              >
                <Input maxLength={128} />
              </ContractField>
              <ContractField
                shape={PAY_FIELDS}
                name="totalAmount"
                labelKey="services.pay.totalAmount"
                initialValue={0.01}
              >
                <InputNumber
                  min={0.01}
                  max={100_000_000}
                  step={0.01}
                  precision={2}
                  style={{ width: '100%' }}
                />
              </ContractField>
              <Form.Item name="body" label={t('services.pay.body')}>
                <Input maxLength={128} />
              </Form.Item>
              <Typography.Paragraph type="secondary">{t('services.pay.payHint')}</Typography.Paragraph>
              <Button
                type="primary"
                loading={busy === 'pay'}
                disabled={!s?.configured}
                onClick={() => void pay()}
              >
                {t('services.pay.pay')}
              </Button>
            </Form>
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('services.pay.trades')} className="pw-card" style={{ marginTop: 12 }}>
        <Table<Payment>
          size="small"
          rowKey="id"
          loading={trades.isLoading}
          dataSource={trades.data?.content ?? []}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('services.pay.noTrades')} />
            ),
          }}
          scroll={{ x: 900 }}
          pagination={{
            current: page + 1,
            pageSize: 10,
            total: trades.data?.totalElements ?? 0,
            onChange: (p) => setPage(p - 1),
          }}
          columns={[
            {
              title: t('services.pay.time'),
              dataIndex: 'createTime',
              width: 170,
              render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
            },
            { title: t('services.pay.outTradeNo'), dataIndex: 'outTradeNo', width: 240 },
            { title: t('services.pay.subject'), dataIndex: 'subject', ellipsis: true },
            {
              title: t('services.pay.amount'),
              dataIndex: 'totalAmount',
              width: 110,
              align: 'right',
              render: (v: number) => Number(v).toFixed(2),
            },
            {
              title: t('services.pay.status'),
              dataIndex: 'status',
              width: 130,
              render: (v: number) => (
                <StatusTag
                  dict="payment_status"
                  value={v}
                  label={paymentStatusLabels[v]?.[lang] ?? String(v)}
                />
              ),
            },
            { title: t('services.pay.tradeNo'), dataIndex: 'tradeNo', width: 220, ellipsis: true },
            {
              title: t('services.pay.paidAt'),
              dataIndex: 'paidAt',
              width: 170,
              render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '-'),
            },
          ]}
        />
      </Card>
    </div>
  );
}
