// Material rows as a declaration: the dense table of one list and the row form (HS search-select with
// the earlier classification as a suggestion). Write actions exist only while the list is editable.
import { suppliesCreate } from '@tradelane/contract';
import { Tag, Tooltip, Typography } from 'antd';
import { formatAmount } from '../../components/domain/dicts.ts';
import { refLabel } from '../../components/domain/lookups.ts';
import type { ResourceDecl } from '../../components/resource/types.ts';
import { upTo } from '../../utils/numbers.ts';
import type { Country, Currency, SuppliesRow } from '../project/project-api.ts';
import { HsCodeSelect, type HsCodeSelectProps } from '../tools/hs/HsCodeSelect.tsx';
import { formatHs } from '../tools/hs/hs-query.ts';
import { PolicyBadge } from '../tools/trade-policy/PolicyNotes.tsx';
import { TranslateInput } from '../tools/translate/TranslateInput.tsx';
import { UnitInput } from './UnitInput.tsx';

export type SuppliesValues = Omit<
  SuppliesRow,
  'id' | 'listId' | 'supplierTenantId' | 'totalPrice' | 'tags' | 'supplierName' | 'suggestedHsCode'
>;

interface Deps {
  batchId: number;
  listId: number | null;
  editable: boolean;
  showSupplier: boolean;
  currencies: Currency[];
  countries: Country[];
  onTags: (r: SuppliesRow) => void;
}

const num = (v: number | null | undefined, digits = 2) =>
  v === null || v === undefined ? '-' : upTo(v, digits);

export function suppliesResource(d: Deps): ResourceDecl<SuppliesRow, SuppliesValues> {
  const write = d.editable;
  return {
    name: 'supplies',
    defaultSort: 'lineNo,asc',
    pageSize: 20,
    exportable: false,
    fixedParams: d.listId ? { listId: d.listId } : { batchId: d.batchId },
    filters: [
      { name: 'blurry', labelKey: 'admin.common.keyword', type: 'text', width: 200 },
      { name: 'hsCode', type: 'text', width: 140 },
      {
        name: 'hsMissing',
        type: 'select',
        width: 150,
        options: (ctx) => [{ value: 'true', label: ctx.t('project.supplies.hsMissingYes') }],
      },
      { name: 'tag', type: 'dict', dict: 'material_tag', width: 130 },
    ],
    columns: [
      { key: 'lineNo', width: 64, sortable: true, fixed: 'left' },
      { key: 'materialCode', width: 120, kind: 'ellipsis' },
      {
        key: 'name',
        width: 180,
        render: (r) => (
          <div className="pw-stack">
            <span className="rp-ellipsis">{r.name}</span>
            {r.enName && <div className="pw-sub pw-secondary rp-ellipsis">{r.enName}</div>}
          </div>
        ),
      },
      { key: 'spec', width: 170, kind: 'ellipsis' },
      { key: 'brand', optional: true, width: 80, kind: 'ellipsis' },
      {
        key: 'hsCode',
        width: 120,
        sortable: true,
        render: (r, ctx) =>
          r.hsCode ? (
            <span className="hs-code">
              {formatHs(r.hsCode)}
              <PolicyBadge scope={{ batchId: d.batchId }} code={r.hsCode} />
            </span>
          ) : r.suggestedHsCode ? (
            <Tooltip title={ctx.t('project.hs.suggested', { code: formatHs(r.suggestedHsCode) })}>
              <Typography.Text type="warning">{`${formatHs(r.suggestedHsCode)}?`}</Typography.Text>
            </Tooltip>
          ) : (
            <Typography.Text type="danger">{ctx.t('project.supplies.noHs')}</Typography.Text>
          ),
      },
      // The unit rides with the quantity and the currency with the total, as on a packing list: two
      // narrow columns fewer, so a supplier's editable list (check boxes, three actions) fits 1440 px.
      {
        key: 'quantity',
        width: 110,
        sortable: true,
        render: (r) => (
          <span className="pw-num">
            {num(r.quantity, 3)}
            {r.unit && <span className="pw-secondary"> {r.unit}</span>}
          </span>
        ),
      },
      {
        key: 'unitPrice',
        width: 90,
        render: (r) => <span className="pw-num">{num(r.unitPrice, 4)}</span>,
      },
      {
        key: 'totalPrice',
        width: 140,
        sortable: true,
        render: (r) => (
          <span className="pw-num">
            {formatAmount(r.totalPrice)}
            {r.currency && <span className="pw-secondary"> {r.currency}</span>}
          </span>
        ),
      },
      { key: 'originCountry', optional: true, width: 70 },
      {
        key: 'netWeight',
        optional: true,
        width: 100,
        render: (r) => <span className="pw-num">{num(r.netWeight)}</span>,
      },
      {
        key: 'grossWeight',
        optional: true,
        width: 100,
        render: (r) => <span className="pw-num">{num(r.grossWeight)}</span>,
      },
      {
        key: 'tags',
        optional: true,
        width: 130,
        render: (r, ctx) =>
          (r.tags ?? []).map((tag) => (
            <Tag key={tag} color={tag === 'dangerous' ? 'red' : tag === 'urgent' ? 'orange' : 'blue'}>
              {ctx.dictLabel('material_tag', tag)}
            </Tag>
          )),
      },
      { key: 'remark', optional: true, width: 140, kind: 'ellipsis' },
      ...(d.showSupplier
        ? [
            {
              key: 'supplierName',
              width: 160,
              kind: 'ellipsis' as const,
            },
          ]
        : []),
    ],
    permissions: write
      ? {
          add: { permission: ['supplies:add'], fn: 'add' },
          edit: { permission: ['supplies:edit'], fn: 'edit' },
          del: { permission: ['supplies:del'], fn: 'del' },
        }
      : {},
    selectable: write,
    rowActions: write
      ? [
          {
            key: 'tags',
            labelKey: 'project.supplies.tags',
            need: { permission: ['supplies:edit'] },
            run: d.onTags,
          },
        ]
      : [],
    form: write
      ? {
          mode: 'drawer',
          schema: suppliesCreate,
          width: 640,
          fields: [
            { name: 'lineNo', type: 'number', half: true },
            { name: 'materialCode', half: true },
            { name: 'name', labelKey: 'project.supplies.nameZh', required: true, half: true },
            {
              name: 'enName',
              half: true,
              type: 'custom',
              render: (_c, p) => <TranslateInput {...p} sourceField="name" />,
            },
            { name: 'spec', half: true },
            { name: 'brand', half: true },
            {
              name: 'hsCode',
              type: 'custom',
              render: (_c, p) => <HsCodeSelect {...(p as HsCodeSelectProps)} />,
            },
            {
              name: 'quantity',
              type: 'number',
              required: true,
              half: true,
            },
            {
              name: 'unit',
              required: true,
              half: true,
              type: 'custom',
              render: (_c, p) => <UnitInput {...p} />,
            },
            { name: 'unitPrice', type: 'number', half: true },
            {
              name: 'currency',
              type: 'select',
              half: true,
              options: (ctx) => d.currencies.map((c) => ({ value: c.code, label: refLabel(ctx.lang, c) })),
            },
            {
              name: 'originCountry',
              type: 'select',
              half: true,
              options: (ctx) => d.countries.map((c) => ({ value: c.code, label: refLabel(ctx.lang, c) })),
            },
            { name: 'netWeight', type: 'number', half: true },
            {
              name: 'grossWeight',
              type: 'number',
              half: true,
            },
            { name: 'remark', type: 'textarea' },
          ],
          toBody: (v, row) => {
            const body: Record<string, unknown> = {};
            for (const [k, val] of Object.entries(v)) body[k] = val === undefined || val === '' ? null : val;
            if (!row) body.batchId = d.batchId;
            if (body.lineNo === null) delete body.lineNo;
            return body;
          },
        }
      : undefined,
  };
}
