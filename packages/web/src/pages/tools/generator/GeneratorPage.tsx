// The code generator: pick a table of the running database, set per column its zh/en
// labels, list and form presence, form control, query kind and rules; save, preview the generated
// family file by file, download it as a zip.
import { CodeOutlined, DownloadOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AnswerOf,
  type CodegenColumn,
  type CodegenConfig,
  codegenConfigInput,
  type GeneratedFile,
} from '@tradelane/contract';
import { codegenOps } from '@tradelane/contract/api/codegen';
import { families } from '@tradelane/contract/api/families';
import { Alert, App, Button, Card, Col, Form, Input, Row, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Need, useCan } from '../../../access/permissions.ts';
import { call } from '../../../api/client.ts';
import { downloadBlob } from '../../../api/download.ts';
import { useFieldRules } from '../../../components/resource/schema-rules.ts';
import { ColumnsEditor } from './ColumnsEditor.tsx';
import { PreviewModal } from './PreviewModal.tsx';
import './generator.css';

type TableRow = AnswerOf<typeof codegenOps.tables>['content'][number];

const EDIT: Need = { permission: ['generator:edit'] };

export default function GeneratorPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const qc = useQueryClient();
  const rules = useFieldRules(codegenConfigInput.shape);
  const [name, setName] = useState('');
  const [page, setPage] = useState(0);
  const [picked, setPicked] = useState<string | null>(null);
  const [form] = Form.useForm<Omit<CodegenConfig, 'columns'>>();
  const [columns, setColumns] = useState<CodegenColumn[]>([]);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<'save' | 'preview' | 'download' | null>(null);
  const [preview, setPreview] = useState<{ family: string; files: GeneratedFile[] } | null>(null);

  const tables = useQuery({
    queryKey: ['generator', 'tables', name, page],
    queryFn: () => call(codegenOps.tables, { name, page, size: 12 }),
  });
  const config = useQuery({
    queryKey: ['generator', 'config', picked],
    queryFn: () => call(codegenOps.config, { tableName: picked as string }),
    enabled: Boolean(picked),
  });
  const dicts = useQuery({
    queryKey: ['generator', 'dicts'],
    queryFn: () => call(families.dict.list, { page: 0, size: 500 }),
  });

  useEffect(() => {
    const c = config.data?.config;
    if (!c) return;
    form.setFieldsValue({ tableName: c.tableName, family: c.family, titleZh: c.titleZh, titleEn: c.titleEn });
    setColumns(c.columns);
    setDirty(false);
  }, [config.data, form]);

  /** Keeps the settings (when changed or never kept) before what needs them. */
  const save = async (force = false): Promise<boolean> => {
    if (!force && !dirty && config.data?.saved) return true;
    const head = await form.validateFields().catch(() => null);
    if (!head) return false;
    try {
      const answer = await call(codegenOps.saveConfig, { ...head, columns });
      qc.setQueryData(['generator', 'config', picked], answer);
      await qc.invalidateQueries({ queryKey: ['generator', 'tables'] });
      setDirty(false);
      return true;
    } catch {
      return false; // shown by the request client
    }
  };

  const run = async (what: 'save' | 'preview' | 'download') => {
    setBusy(what);
    try {
      if (!(await save(what === 'save'))) return;
      if (what === 'save') void message.success(t('codegen.saved'));
      if (what === 'preview') setPreview(await call(codegenOps.preview, { tableName: picked as string }));
      if (what === 'download') {
        const blob = await call(codegenOps.download, { tableName: picked as string });
        downloadBlob(blob, `${form.getFieldValue('family') ?? picked}.zip`);
      }
    } catch {
      /* shown by the request client */
    } finally {
      setBusy(null);
    }
  };

  const info = config.data?.table;
  return (
    <Row gutter={16} className="cg-page">
      <Col xs={24} xl={7}>
        <Card title={t('codegen.tables')} size="small">
          <Input.Search
            allowClear
            placeholder={t('codegen.search')}
            onSearch={(v) => {
              setName(v.trim());
              setPage(0);
            }}
            style={{ marginBottom: 8 }}
          />
          <Table<TableRow>
            rowKey="tableName"
            size="small"
            loading={tables.isLoading}
            dataSource={tables.data?.content ?? []}
            rowClassName={(r) => (r.tableName === picked ? 'cg-picked' : '')}
            onRow={(r) => ({ onClick: () => setPicked(r.tableName) })}
            pagination={{
              current: page + 1,
              pageSize: 12,
              total: tables.data?.totalElements ?? 0,
              size: 'small',
              showSizeChanger: false,
              onChange: (p) => setPage(p - 1),
            }}
            columns={[
              {
                key: 'tableName',
                title: t('codegen.tableName'),
                render: (_, r) => (
                  <div>
                    <Typography.Text strong className="cg-mono">
                      {r.tableName}
                    </Typography.Text>
                    {r.comment ? <div className="cg-muted">{r.comment}</div> : null}
                  </div>
                ),
              },
              {
                key: 'tags',
                title: t('codegen.scope'),
                width: 120,
                render: (_, r) => (
                  <Space size={2} wrap>
                    <Tag color={r.tenantScoped ? 'blue' : 'default'}>
                      {t(r.tenantScoped ? 'codegen.tenant' : 'codegen.platform')}
                    </Tag>
                    {r.configured ? <Tag color="green">{t('codegen.configured')}</Tag> : null}
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={17}>
        <Card
          size="small"
          title={info ? `${t('codegen.settings')} · ${info.name}` : t('codegen.settings')}
          loading={config.isLoading}
          extra={
            info ? (
              <Space wrap>
                {can(EDIT) ? (
                  <Button icon={<SaveOutlined />} loading={busy === 'save'} onClick={() => void run('save')}>
                    {t('codegen.save')}
                  </Button>
                ) : null}
                <Button
                  icon={<CodeOutlined />}
                  loading={busy === 'preview'}
                  onClick={() => void run('preview')}
                >
                  {t('codegen.preview')}
                </Button>
                <Button
                  type="primary"
                  icon={<DownloadOutlined />}
                  loading={busy === 'download'}
                  onClick={() => void run('download')}
                >
                  {t('codegen.download')}
                </Button>
              </Space>
            ) : null
          }
        >
          {!info ? (
            <Typography.Text type="secondary">{t('codegen.pickTable')}</Typography.Text>
          ) : (
            <>
              {config.data?.saved ? (
                <Typography.Paragraph type="secondary">
                  {t('codegen.savedAt', { time: dayjs(config.data.updateTime).format('YYYY-MM-DD HH:mm') })}
                </Typography.Paragraph>
              ) : (
                <Alert type="info" showIcon title={t('codegen.notSaved')} style={{ marginBottom: 12 }} />
              )}
              {dirty ? (
                <Alert type="warning" showIcon title={t('codegen.unsaved')} style={{ marginBottom: 12 }} />
              ) : null}
              <Form form={form} layout="inline" className="cg-head" onValuesChange={() => setDirty(true)}>
                <Form.Item name="tableName" hidden>
                  <Input />
                </Form.Item>
                <Form.Item
                  name="family"
                  label={t('codegen.familyName')}
                  tooltip={t('codegen.familyHelp')}
                  rules={rules('family', 'codegen.familyName')}
                >
                  <Input className="cg-mono" style={{ width: 200 }} />
                </Form.Item>
                <Form.Item
                  name="titleZh"
                  label={t('codegen.titleZh')}
                  rules={rules('titleZh', 'codegen.titleZh')}
                >
                  <Input style={{ width: 180 }} />
                </Form.Item>
                <Form.Item
                  name="titleEn"
                  label={t('codegen.titleEn')}
                  rules={rules('titleEn', 'codegen.titleEn')}
                >
                  <Input style={{ width: 180 }} />
                </Form.Item>
              </Form>
              <ColumnsEditor
                info={info.columns}
                value={columns}
                dicts={(dicts.data?.content ?? []).map((d) => d.name)}
                onChange={(next) => {
                  setColumns(next);
                  setDirty(true);
                }}
              />
            </>
          )}
        </Card>
      </Col>
      <PreviewModal preview={preview} onClose={() => setPreview(null)} />
    </Row>
  );
}
