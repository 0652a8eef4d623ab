// Contracts as a declaration: number, supplier (an accepted partner), amount and ISO 4217 currency,
// signing date, Incoterms 2020 and the attached files.
import { PartnershipStatus, projectContractCreate } from '@tradelane/contract';
import { Space } from 'antd';
import { DateField, type DateFieldProps } from '../../../components/domain/DateField.tsx';
import { formatAmount } from '../../../components/domain/dicts.ts';
import { refLabel } from '../../../components/domain/lookups.ts';
import type { ResourceDecl } from '../../../components/resource/types.ts';
import { StatusTag } from '../../../components/status/status.tsx';
import { pick } from '../../../i18n/index.ts';
import {
  type ContractRow,
  type Currency,
  type PartnershipRow,
  type ProjectRow,
  projectApi,
} from '../project-api.ts';
import { FileLink } from './FileLink.tsx';

export type ContractValues = Omit<ContractRow, 'id' | 'supplierName' | 'projectName' | 'files'>;

interface Deps {
  projects: ProjectRow[];
  partners: PartnershipRow[];
  currencies: Currency[];
  onFiles: (r: ContractRow) => void;
}

export function contractResource(d: Deps): ResourceDecl<ContractRow, ContractValues> {
  return {
    name: 'projectContract',
    list: (params) => projectApi.contracts(params),
    exportable: false,
    defaultSort: 'createTime,desc',
    filters: [
      { name: 'blurry', labelKey: 'admin.common.keyword', type: 'text', width: 180 },
      {
        name: 'projectId',
        type: 'select',
        valueType: 'number',
        width: 220,
        options: (ctx) => d.projects.map((p) => ({ value: p.id, label: pick(ctx.lang, p.name, p.enName) })),
      },
      {
        name: 'status',
        type: 'dict',
        dict: 'contract_status',
        width: 130,
      },
    ],
    columns: [
      {
        key: 'contractNumber',
        width: 170,
        fixed: 'left',
        sortable: true,
      },
      { key: 'name', width: 190, kind: 'ellipsis' },
      { key: 'supplierName', width: 180, kind: 'ellipsis' },
      { key: 'projectName', width: 150, kind: 'ellipsis' },
      {
        key: 'amount',
        width: 170,
        sortable: true,
        render: (r) => <span className="pw-num">{formatAmount(r.amount, r.currency)}</span>,
      },
      { key: 'signDate', optional: true, width: 110, sortable: true },
      {
        key: 'incoterm',
        optional: true,
        width: 130,
        render: (r) => (r.incoterm ? `${r.incoterm} ${r.incotermPlace ?? ''}` : '-'),
      },
      {
        key: 'status',
        width: 90,
        render: (r, ctx) => <StatusTag dict="contract_status" value={r.status} ctx={ctx} />,
      },
      {
        key: 'files',
        width: 160,
        render: (r) => (
          <Space direction="vertical" size={0}>
            {(r.files ?? []).map((f) => (
              <FileLink key={f.id} file={f} />
            ))}
          </Space>
        ),
      },
    ],
    permissions: {
      add: { permission: ['projectContract:add'], fn: 'add' },
      edit: { permission: ['projectContract:edit'], fn: 'edit' },
      del: { permission: ['projectContract:del'], fn: 'del' },
    },
    rowActions: [
      {
        key: 'files',
        labelKey: 'project.contract.attach',
        need: { permission: ['projectContract:edit'] },
        run: d.onFiles,
      },
    ],
    form: {
      schema: projectContractCreate,
      mode: 'drawer',
      width: 600,
      fields: [
        {
          name: 'projectId',
          type: 'select',
          required: true,
          options: (ctx) => d.projects.map((p) => ({ value: p.id, label: pick(ctx.lang, p.name, p.enName) })),
        },
        { name: 'contractNumber', required: true, half: true },
        { name: 'name', half: true },
        {
          name: 'supplierTenantId',
          type: 'select',
          required: true,
          extraKey: 'project.contract.supplierHint',
          options: () =>
            d.partners
              .filter((p) => p.direction === 'invited' && p.status === PartnershipStatus.accepted)
              .map((p) => ({ value: p.partnerTenantId, label: p.partnerName ?? `#${p.partnerTenantId}` })),
        },
        {
          name: 'amount',
          type: 'number',
          required: true,
          half: true,
        },
        {
          name: 'currency',
          type: 'select',
          required: true,
          half: true,
          initial: 'CNY',
          options: (ctx) => d.currencies.map((c) => ({ value: c.code, label: refLabel(ctx.lang, c) })),
        },
        {
          name: 'signDate',
          type: 'custom',
          half: true,
          render: (_c, p) => <DateField {...(p as DateFieldProps)} />,
        },
        {
          name: 'status',
          type: 'select',
          dict: 'contract_status',
          valueType: 'number',
          half: true,
          initial: 0,
        },
        {
          name: 'incoterm',
          type: 'select',
          dict: 'incoterms',
          half: true,
        },
        { name: 'incotermPlace', half: true },
        { name: 'remark', type: 'textarea' },
      ],
      toBody: (v) => {
        const body: Record<string, unknown> = {};
        for (const [k, val] of Object.entries(v)) body[k] = val === undefined || val === '' ? null : val;
        return body;
      },
    },
  };
}
