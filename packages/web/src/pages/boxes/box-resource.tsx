// Boxes as a declaration: filters (state, package type, out of gauge, text), the columns, and the box
// form. Write actions exist only for the supplier that packs (the server refuses them once submitted).
import { boxCreate, boxMachine, editable } from '@tradelane/contract';
import { Button, Space, Tag } from 'antd';
import type { ResourceDecl } from '../../components/resource/types.ts';
import { StatusTag } from '../../components/status/status.tsx';
import { upTo } from '../../utils/numbers.ts';
import type { BoxRow } from './boxes-api.ts';

export type BoxValues = Pick<
  BoxRow,
  | 'boxNumber'
  | 'packageType'
  | 'length'
  | 'width'
  | 'height'
  | 'grossWeight'
  | 'netWeight'
  | 'stackable'
  | 'thisSideUp'
  | 'fragile'
  | 'remark'
> & { batchId: number };

export const BOX_DICTS = ['box_status', 'package_type'];

const num = (v: number | null | undefined, digits = 3) =>
  v === null || v === undefined ? '-' : upTo(Number(v), digits);

interface Deps {
  batchId: number;
  packer: boolean;
  onDetail: (row: BoxRow) => void;
}

export function boxResource(d: Deps): ResourceDecl<BoxRow, BoxValues> {
  return {
    name: 'boxPiece',
    defaultSort: 'boxNumber,asc',
    pageSize: 20,
    exportable: false,
    selectable: true,
    fixedParams: { batchId: d.batchId },
    filters: [
      { name: 'blurry', labelKey: 'admin.common.keyword', type: 'text', width: 180 },
      { name: 'status', type: 'dict', dict: 'box_status', width: 130 },
      {
        name: 'packageType',
        type: 'dict',
        dict: 'package_type',
        width: 130,
      },
      {
        name: 'outOfGauge',
        type: 'select',
        width: 150,
        options: (ctx) => [{ value: 'true', label: ctx.t('project.boxes.outOfGaugeOnly') }],
      },
    ],
    columns: [
      {
        key: 'boxNumber',
        width: 190,
        sortable: true,
        fixed: 'left',
        render: (r) => (
          <Button type="link" size="small" onClick={() => d.onDetail(r)} data-box={r.boxNumber}>
            {r.boxNumber}
          </Button>
        ),
      },
      { key: 'supplierName', width: 160, kind: 'ellipsis' },
      { key: 'packageType', optional: true, width: 120, dict: 'package_type' },
      {
        key: 'size',
        width: 210,
        render: (r, ctx) => (
          <Space size={4}>
            <span className="pw-num">{`${r.length}×${r.width}×${r.height}`}</span>
            {r.outOfGauge && <Tag color="red">{ctx.t('project.boxes.outOfGauge')}</Tag>}
          </Space>
        ),
      },
      {
        key: 'grossWeight',
        width: 110,
        sortable: true,
        render: (r) => <span className="pw-num">{num(r.grossWeight)}</span>,
      },
      {
        key: 'netWeight',
        optional: true,
        width: 100,
        render: (r) => <span className="pw-num">{num(r.netWeight)}</span>,
      },
      {
        key: 'volume',
        optional: true,
        width: 100,
        render: (r) => <span className="pw-num">{num(r.volume)}</span>,
      },
      {
        key: 'contentCount',
        width: 200,
        render: (r, ctx) => (
          <span className="rp-ellipsis" title={r.contents.map((c) => `${c.name} ×${c.quantity}`).join('; ')}>
            {r.contents.length
              ? r.contents.map((c) => `${c.name} ×${Number(c.quantity)}`).join('; ')
              : ctx.t('project.boxes.contentCount', { count: 0 })}
          </span>
        ),
      },
      {
        key: 'status',
        width: 100,
        render: (r, ctx) => <StatusTag dict="box_status" value={r.status} ctx={ctx} />,
      },
    ],
    form: {
      schema: boxCreate,
      mode: 'drawer',
      width: 520,
      fields: [
        { name: 'boxNumber', half: true },
        {
          name: 'packageType',
          type: 'select',
          dict: 'package_type',
          required: true,
          half: true,
        },
        {
          name: 'length',
          type: 'number',
          required: true,
          min: 1,
          half: true,
        },
        {
          name: 'width',
          type: 'number',
          required: true,
          min: 1,
          half: true,
        },
        {
          name: 'height',
          type: 'number',
          required: true,
          min: 1,
          half: true,
        },
        {
          name: 'grossWeight',
          type: 'number',
          required: true,
          min: 0,
          half: true,
        },
        {
          name: 'netWeight',
          type: 'number',
          required: true,
          min: 0,
          half: true,
        },
        { name: 'stackable', type: 'switch', initial: true, half: true },
        {
          name: 'thisSideUp',
          type: 'switch',
          initial: false,
          half: true,
        },
        { name: 'fragile', type: 'switch', initial: false, half: true },
        { name: 'remark', type: 'textarea' },
      ],
      toBody: (values, row) => (row ? { ...values, batchId: undefined } : { ...values, batchId: d.batchId }),
    },
    permissions: d.packer
      ? {
          add: { permission: ['boxPiece:add'] },
          edit: { permission: ['boxPiece:edit'] },
          del: { permission: ['boxPiece:del'] },
        }
      : {},
    rowActions: [{ key: 'detail', labelKey: 'project.boxes.detail', run: (r) => d.onDetail(r) }],
    // A box handed over to the shipper is locked (the server refuses it too): no edit or delete offered.
    rowWritable: (r) => editable(boxMachine, r.status),
  };
}
