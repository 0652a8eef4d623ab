// The boxes screen's parts: the list's toolbar, each supplier's totals (with the return of its packing list where the
// server offers it), the label and document options, and the reason dialog of a return.
import {
  DownloadOutlined,
  InboxOutlined,
  PrinterOutlined,
  RollbackOutlined,
  SendOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { BoxStatus, type DocLang, type LabelFormat } from '@tradelane/contract';
import { Button, Checkbox, Dropdown, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import type { BoxRow } from './boxes-api.ts';

type T = (key: string, params?: Record<string, unknown>) => string;

export interface SupplierTotal {
  supplierTenantId: number;
  supplierName: string | null;
  boxes: number;
  gross: number;
  volume: number;
  outOfGauge: number;
  submitted: number;
  /** The server offers the caller the return of this supplier's packing list (a box's `back`). */
  returnable: boolean;
}

export function totalsOf(boxes: BoxRow[]): SupplierTotal[] {
  const by = new Map<number, SupplierTotal>();
  for (const b of boxes) {
    const s = by.get(b.supplierTenantId) ?? {
      supplierTenantId: b.supplierTenantId,
      supplierName: b.supplierName,
      boxes: 0,
      gross: 0,
      volume: 0,
      outOfGauge: 0,
      submitted: 0,
      returnable: false,
    };
    s.boxes++;
    s.gross += Number(b.grossWeight);
    s.volume += Number(b.volume);
    s.outOfGauge += b.outOfGauge ? 1 : 0;
    s.submitted += b.status === BoxStatus.submitted ? 1 : 0;
    s.returnable ||= b.actions.includes('back');
    by.set(b.supplierTenantId, s);
  }
  return [...by.values()];
}

const r3 = (n: number) => Math.round(n * 1000) / 1000;

export function SupplierTotals(props: {
  totals: SupplierTotal[];
  /** The caller may return packing lists (its permission); each row still needs the server's offer. */
  mayReturn: boolean;
  onReturn: (s: SupplierTotal) => void;
  t: T;
}) {
  const { t } = props;
  return (
    <Table<SupplierTotal>
      size="small"
      rowKey="supplierTenantId"
      pagination={false}
      title={() => t('project.boxes.totals')}
      dataSource={props.totals}
      // On a phone the table scrolls sideways instead of breaking the supplier's name letter by letter.
      scroll={{ x: 'max-content' }}
      columns={[
        { title: t('project.boxes.supplier'), dataIndex: 'supplierName', minWidth: 180 },
        { title: t('project.boxes.boxes'), dataIndex: 'boxes', width: 90 },
        { title: t('project.boxes.grossWeight'), width: 130, render: (_, s) => r3(s.gross) },
        { title: t('project.boxes.volume'), width: 120, render: (_, s) => r3(s.volume) },
        {
          title: t('project.boxes.outOfGauge'),
          width: 100,
          render: (_, s) => (s.outOfGauge ? <Tag color="red">{s.outOfGauge}</Tag> : 0),
        },
        {
          title: t('project.boxes.submittedCount'),
          width: 120,
          render: (_, s) => `${s.submitted}/${s.boxes}`,
        },
        ...(props.mayReturn
          ? [
              {
                title: '',
                width: 150,
                render: (_: unknown, s: SupplierTotal) =>
                  s.returnable && (
                    <Button size="small" danger icon={<RollbackOutlined />} onClick={() => props.onReturn(s)}>
                      {t('project.boxes.back')}
                    </Button>
                  ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** How labels and packing lists are printed: the label format, the language, GS1 SSCCs and their prefix. */
export interface PrintOptions {
  format: LabelFormat;
  docLang: DocLang;
  sscc: boolean;
  ssccPrefix: string;
}

/** SSCCs fit every format but the 8-up sheet; a company prefix has 6 to 12 digits. */
export const ssccFits = (o: PrintOptions) => o.format !== 'a4-8';
export const ssccReady = (o: PrintOptions) => /^\d{6,12}$/.test(o.ssccPrefix);

export function PrintOptionsBar(props: {
  value: PrintOptions;
  onChange: (p: Partial<PrintOptions>) => void;
  t: T;
}) {
  const { value: o, onChange, t } = props;
  const fits = ssccFits(o);
  return (
    <Space wrap>
      <Select<LabelFormat>
        value={o.format}
        onChange={(format) => onChange({ format })}
        style={{ width: 200 }}
        aria-label={t('project.boxes.labelFormat')}
        options={[
          { value: 'thermal', label: t('project.boxes.thermal') },
          { value: 'a4-4', label: t('project.boxes.a44') },
          { value: 'a4-8', label: t('project.boxes.a48') },
        ]}
      />
      <Select<DocLang>
        value={o.docLang}
        onChange={(docLang) => onChange({ docLang })}
        style={{ width: 120 }}
        aria-label={t('project.boxes.docLang')}
        options={[
          { value: 'zh', label: t('project.boxes.langZh') },
          { value: 'en', label: t('project.boxes.langEn') },
          { value: 'bilingual', label: t('project.boxes.langBilingual') },
        ]}
      />
      <Checkbox
        checked={o.sscc && fits}
        disabled={!fits}
        onChange={(e) => onChange({ sscc: e.target.checked })}
        data-testid="labels-sscc"
      >
        {t('project.boxes.sscc')}
      </Checkbox>
      {o.sscc && fits && (
        <Input
          value={o.ssccPrefix}
          onChange={(e) => onChange({ ssccPrefix: e.target.value.replace(/\D/g, '').slice(0, 12) })}
          status={o.ssccPrefix && !ssccReady(o) ? 'error' : undefined}
          placeholder={t('project.boxes.ssccPrefix')}
          aria-label={t('project.boxes.ssccPrefix')}
          style={{ width: 190 }}
          inputMode="numeric"
          data-testid="labels-sscc-prefix"
        />
      )}
    </Space>
  );
}

/** The reason a supplier's packing list goes back, asked before it does. */
export function ReturnDialog(props: {
  returning: SupplierTotal | null;
  reason: string;
  setReason: (reason: string) => void;
  onCancel: () => void;
  onOk: () => unknown;
  t: T;
}) {
  const { t } = props;
  return (
    <Modal
      open={Boolean(props.returning)}
      title={t('project.boxes.backTitle', { supplier: props.returning?.supplierName ?? '' })}
      okButtonProps={{ disabled: !props.reason.trim(), danger: true }}
      onCancel={props.onCancel}
      onOk={props.onOk}
    >
      <Input.TextArea
        rows={3}
        maxLength={500}
        value={props.reason}
        onChange={(e) => props.setReason(e.target.value)}
        placeholder={t('project.boxes.backReason')}
        aria-label={t('project.boxes.backReason')}
      />
    </Modal>
  );
}

/** The list's toolbar: pack and import (the packer), labels and the packing list, the hand-over. */
export function BoxesToolbar(p: {
  packer: boolean;
  mayImport: boolean;
  hasBoxes: boolean;
  /** How many boxes are selected (labels of those only). */
  selected: number;
  /** Some box's own actions (the server's, from its machine) include the hand-over. */
  canSubmit: boolean;
  onPack: () => void;
  onImport: () => void;
  onLabels: () => void;
  onExport: (kind: 'pdf' | 'xlsx') => void;
  onSubmit: () => unknown;
  t: T;
}) {
  const { t } = p;
  return (
    <>
      {p.packer && (
        <Button icon={<InboxOutlined />} onClick={p.onPack}>
          {t('project.boxes.pack')}
        </Button>
      )}
      {p.mayImport && (
        <Button icon={<UploadOutlined />} onClick={p.onImport}>
          {t('project.boxes.import')}
        </Button>
      )}
      <Button icon={<PrinterOutlined />} disabled={!p.hasBoxes} onClick={p.onLabels}>
        {p.selected ? t('project.boxes.labelsSelected', { count: p.selected }) : t('project.boxes.labels')}
      </Button>
      <Dropdown
        disabled={!p.hasBoxes}
        menu={{
          items: [
            { key: 'pdf', label: t('project.boxes.exportPdf') },
            { key: 'xlsx', label: t('project.boxes.exportXlsx') },
          ],
          onClick: ({ key }) => p.onExport(key as 'pdf' | 'xlsx'),
        }}
      >
        <Button icon={<DownloadOutlined />}>{t('admin.common.export')}</Button>
      </Dropdown>
      {p.canSubmit && (
        <Popconfirm title={t('project.boxes.submitConfirm')} onConfirm={p.onSubmit}>
          <Button type="primary" icon={<SendOutlined />}>
            {t('project.boxes.submit')}
          </Button>
        </Popconfirm>
      )}
    </>
  );
}
