// The mail tool: SMTP settings (the password is write-only: the page only learns whether one
// is kept), a test mail, and the log of every mail the product sent.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type AnswerOf, mailConfigInput, mailSecurity, mailTestInput } from '@tradelane/contract';
import { mailToolOps } from '@tradelane/contract/api/system';
import { App, Button, Card, Col, Form, Input, InputNumber, Row, Select, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client.ts';
import { ContractField } from '../../../components/resource/ContractField.tsx';
import '../../../components/domain/project.css';

type MailLog = AnswerOf<typeof mailToolOps.logs>['content'][number];

/** The settings' and the test mail's fields, checked as the server's bodies check them. */
const MAIL_FIELDS = { ...mailConfigInput.shape, ...mailTestInput.shape };

export default function EmailPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm();
  const [test] = Form.useForm();
  const [busy, setBusy] = useState<'save' | 'send' | null>(null);
  const [page, setPage] = useState(0);
  const settings = useQuery({ queryKey: ['email'], queryFn: () => call(mailToolOps.settings) });
  const logs = useQuery({
    queryKey: ['email', 'logs', page],
    queryFn: () => call(mailToolOps.logs, { page, size: 10 }),
  });
  useEffect(() => {
    const s = settings.data;
    if (s?.configured) form.setFieldsValue({ ...s, password: '' });
  }, [settings.data, form]);
  const save = async () => {
    const values = await form.validateFields();
    setBusy('save');
    try {
      await call(mailToolOps.save, { ...values, password: values.password || undefined });
      void message.success(t('admin.mailTool.saved'));
      await qc.invalidateQueries({ queryKey: ['email'] });
    } catch {
      /* shown by the request client */
    } finally {
      setBusy(null);
    }
  };
  const send = async () => {
    const values = await test.validateFields();
    setBusy('send');
    try {
      await call(mailToolOps.test, values);
      void message.success(t('admin.mailTool.sent', { to: values.to }));
    } catch {
      /* shown by the request client */
    } finally {
      setBusy(null);
      await qc.invalidateQueries({ queryKey: ['email', 'logs'] });
    }
  };
  const s = settings.data;
  return (
    <div className="pw-page" data-testid="mail-tool">
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={12}>
          <Card
            size="small"
            title={t('admin.mailTool.settings')}
            loading={settings.isLoading}
            style={{ height: '100%' }}
          >
            {s && !s.configured && (
              <Typography.Paragraph type="secondary">
                {t(s.fromEnvironment ? 'admin.mailTool.fromEnvironment' : 'admin.mailTool.notConfigured')}
              </Typography.Paragraph>
            )}
            <Form form={form} layout="vertical" initialValues={{ port: 465, security: 'tls' }} requiredMark>
              <Row gutter={12}>
                <Col span={12}>
                  <ContractField shape={MAIL_FIELDS} name="host" labelKey="admin.mailTool.host">
                    <Input placeholder={t('admin.mailTool.hostPlaceholder')} />
                  </ContractField>
                </Col>
                <Col span={6}>
                  <ContractField shape={MAIL_FIELDS} name="port" labelKey="admin.mailTool.port">
                    <InputNumber min={1} max={65535} style={{ width: '100%' }} />
                  </ContractField>
                </Col>
                <Col span={6}>
                  <ContractField shape={MAIL_FIELDS} name="security" labelKey="admin.mailTool.security">
                    <Select
                      options={mailSecurity.map((v) => ({ value: v, label: t(`admin.mailTool.sec_${v}`) }))}
                    />
                  </ContractField>
                </Col>
              </Row>
              <Row gutter={12}>
                <Col span={12}>
                  <Form.Item name="username" label={t('admin.mailTool.username')}>
                    <Input autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    name="password"
                    label={t('admin.mailTool.password')}
                    extra={s?.configured && s.hasPassword ? t('admin.mailTool.passwordKept') : undefined}
                  >
                    <Input.Password
                      autoComplete="new-password"
                      placeholder={s?.configured && s.hasPassword ? '••••••' : ''}
                    />
                  </Form.Item>
                </Col>
              </Row>
              <ContractField shape={MAIL_FIELDS} name="fromAddress" labelKey="admin.mailTool.from">
                <Input placeholder={t('admin.mailTool.fromPlaceholder')} />
              </ContractField>
              <Button type="primary" loading={busy === 'save'} onClick={() => void save()}>
                {t('admin.mailTool.save')}
              </Button>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('admin.mailTool.test')} style={{ height: '100%' }}>
            <Form form={test} layout="vertical" requiredMark>
              <ContractField shape={MAIL_FIELDS} name="to" labelKey="admin.mailTool.to">
                <Input />
              </ContractField>
              <ContractField
                shape={MAIL_FIELDS}
                name="subject"
                labelKey="admin.mailTool.subject"
                initialValue={t('admin.mailTool.testSubject')}
              >
                <Input maxLength={200} />
              </ContractField>
              <ContractField
                shape={MAIL_FIELDS}
                name="content"
                labelKey="admin.mailTool.content"
                initialValue={t('admin.mailTool.testContent')}
              >
                <Input.TextArea rows={4} maxLength={5000} />
              </ContractField>
              <Button type="primary" loading={busy === 'send'} onClick={() => void send()}>
                {t('admin.mailTool.send')}
              </Button>
            </Form>
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('admin.mailTool.log')} className="pw-card" style={{ marginTop: 12 }}>
        <Table<MailLog>
          size="small"
          rowKey="id"
          loading={logs.isLoading}
          dataSource={logs.data?.content ?? []}
          pagination={{
            current: page + 1,
            pageSize: 10,
            total: logs.data?.totalElements ?? 0,
            onChange: (p) => setPage(p - 1),
          }}
          columns={[
            {
              title: t('admin.mailTool.time'),
              dataIndex: 'createTime',
              width: 170,
              render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
            },
            { title: t('admin.mailTool.to'), dataIndex: 'toAddress', width: 220, ellipsis: true },
            { title: t('admin.mailTool.subject'), dataIndex: 'subject', ellipsis: true },
            {
              title: t('admin.mailTool.kind'),
              dataIndex: 'kind',
              width: 110,
              render: (k: string) => t(`admin.mailTool.kind_${k}`),
            },
            {
              title: t('admin.mailTool.outcome'),
              dataIndex: 'ok',
              width: 100,
              render: (ok: boolean) => (
                <Tag color={ok ? 'green' : 'red'}>
                  {t(ok ? 'admin.mailTool.ok' : 'admin.mailTool.failed')}
                </Tag>
              ),
            },
            { title: t('admin.mailTool.error'), dataIndex: 'error', ellipsis: true },
          ]}
        />
      </Card>
    </div>
  );
}
