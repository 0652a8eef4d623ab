// Projects as a declaration: list, filters and the project form (country from the reference endpoint).
import { projectCreate } from '@tradelane/contract';
import { DateField, type DateFieldProps } from '../../components/domain/DateField.tsx';
import { refLabel } from '../../components/domain/lookups.ts';
import type { ResourceDecl } from '../../components/resource/types.ts';
import { StatusTag } from '../../components/status/status.tsx';
import { pick } from '../../i18n/index.ts';
import type { Country, ProjectRow } from './project-api.ts';

export type ProjectValues = Omit<ProjectRow, 'id' | 'tenantName' | 'createTime'>;

export function projectResource(
  countries: Country[],
  onWorkbench: (r: ProjectRow) => void,
): ResourceDecl<ProjectRow, ProjectValues> {
  const countryName = new Map(countries.map((c) => [c.code, c]));
  return {
    name: 'project',
    defaultSort: 'createTime,desc',
    exportable: false,
    filters: [
      { name: 'blurry', labelKey: 'admin.common.keyword', type: 'text', width: 200 },
      { name: 'status', type: 'dict', dict: 'project_status', width: 140 },
    ],
    columns: [
      { key: 'code', width: 120, sortable: true, fixed: 'left' },
      {
        key: 'name',
        width: 240,
        kind: 'ellipsis',
        render: (r, ctx) => pick(ctx.lang, r.name, r.enName),
      },
      {
        key: 'country',
        width: 140,
        render: (r, ctx) => {
          const c = r.country ? countryName.get(r.country) : undefined;
          return c ? refLabel(ctx.lang, c) : (r.country ?? '-');
        },
      },
      { key: 'site', width: 220, kind: 'ellipsis' },
      {
        key: 'dates',
        width: 190,
        render: (r) => `${r.startDate ?? '…'} ~ ${r.endDate ?? '…'}`,
      },
      {
        key: 'status',
        width: 100,
        sortable: true,
        render: (r, ctx) => <StatusTag dict="project_status" value={r.status} ctx={ctx} />,
      },
      { key: 'tenantName', width: 180, kind: 'ellipsis' },
    ],
    permissions: {
      add: { permission: ['project:add'], fn: 'add' },
      edit: { permission: ['project:edit'], fn: 'edit' },
      del: { permission: ['project:del'], fn: 'del' },
    },
    rowActions: [{ key: 'workbench', labelKey: 'project.open', run: onWorkbench }],
    form: {
      schema: projectCreate,
      mode: 'drawer',
      width: 600,
      fields: [
        { name: 'name', labelKey: 'project.nameZh', required: true },
        { name: 'enName' },
        { name: 'code', required: true, half: true },
        {
          name: 'status',
          type: 'select',
          dict: 'project_status',
          valueType: 'number',
          half: true,
          initial: 0,
        },
        {
          name: 'country',
          type: 'select',
          half: true,
          options: (ctx) => countries.map((c) => ({ value: c.code, label: refLabel(ctx.lang, c) })),
        },
        { name: 'site', half: true },
        {
          name: 'startDate',
          type: 'custom',
          half: true,
          render: (_ctx, p) => <DateField {...(p as DateFieldProps)} />,
        },
        {
          name: 'endDate',
          type: 'custom',
          half: true,
          notBefore: 'startDate',
          render: (_ctx, p) => <DateField {...(p as DateFieldProps)} />,
        },
        { name: 'description', type: 'textarea' },
      ],
      toValues: (r) => ({ ...r, status: r.status }),
      toBody: (v) => ({
        name: v.name,
        enName: v.enName || null,
        code: v.code,
        country: v.country || null,
        site: v.site || null,
        description: v.description || null,
        startDate: v.startDate || null,
        endDate: v.endDate || null,
        status: v.status ?? 0,
      }),
    },
  };
}
