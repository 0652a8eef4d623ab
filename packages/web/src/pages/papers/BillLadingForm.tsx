// One bill of lading in a dialog: its form (parties, voyage, cargo with the containers, issue), the
// reason it was rejected, and its commands — PDF, download, save while editable, and the machine's
// commands the server's `actions` allow. The PDF preview is a dialog of its own.
import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { BillLadingStatus, billLadingUpdate, freightTerms } from '@tradelane/contract';
import {
  Alert,
  Button,
  Col,
  Divider,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { DateField } from '../../components/domain/DateField.tsx';
import { PortSelect } from '../../components/domain/PortSelect.tsx';
import { fieldRules } from '../../components/resource/schema-rules.ts';
import type { DeclContext } from '../../components/resource/types.ts';
import { StatusTag } from '../../components/status/status.tsx';
import { CommandBar } from '../../components/workflow/CommandBar.tsx';
import { type BlField, COMMANDS, commandSpecs, REQUIRED } from './bill-lading-decl.tsx';
import type { BillLadingRow } from './lading-api.ts';
import { VesselNameSelect } from './VesselSelect.tsx';

export function BillLadingForm(props: {
  row: BillLadingRow | null;
  form: FormInstance;
  editable: boolean;
  ctx: DeclContext;
  onClose: () => void;
  onSave: () => unknown;
  onPreview: () => unknown;
  onDownload: (row: BillLadingRow) => unknown;
  command: (event: string, reason?: string) => Promise<unknown>;
  onCommandDone: () => unknown;
}) {
  const { row: open, form, editable, ctx } = props;
  const { t, lang } = ctx;
  const field = (name: BlField, node: ReactNode, span = 12) => (
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
      onCancel={props.onClose}
      destroyOnHidden
      footer={
        open && (
          <Space wrap className="bl-commands">
            <Button icon={<FilePdfOutlined />} onClick={() => void props.onPreview()}>
              {t('lading.bl.pdf')}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => void props.onDownload(open)}>
              {t('lading.bl.download')}
            </Button>
            {editable && <Button onClick={() => void props.onSave()}>{t('lading.bl.save')}</Button>}
            <CommandBar
              entity="billLading"
              actions={open.actions}
              status={open.status}
              only={COMMANDS}
              run={props.command}
              onDone={props.onCommandDone}
              commands={commandSpecs(open.blNumber ?? open.id)}
            />
          </Space>
        )
      }
    >
      {open?.reason && open.status === BillLadingStatus.rejected && (
        <Alert type="error" showIcon message={t('lading.bl.rejectedBecause', { reason: open.reason })} />
      )}
      {open && !editable && open.mine && (
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
          {field('originals', <Select options={[1, 2, 3].map((n) => ({ value: n, label: String(n) }))} />, 6)}
          {field('placeOfIssue', <Input maxLength={100} />, 6)}
          {field('dateOfIssue', <DateField />, 6)}
          {field('remark', area(2), 24)}
        </Row>
      </Form>
    </Modal>
  );
}

/** A PDF shown in a dialog (the B/L's preview, marked DRAFT until confirmed). */
export function PdfPreview(props: { url: string | null; title: string; onClose: () => void }) {
  return (
    <Modal
      open={props.url !== null}
      width={900}
      title={props.title}
      footer={null}
      onCancel={props.onClose}
      destroyOnHidden
    >
      {props.url && (
        <iframe title={props.title} src={props.url} style={{ width: '100%', height: '75vh', border: 0 }} />
      )}
    </Modal>
  );
}
