import type { ResourceDecl, TreeOption } from '../../../components/resource/types.ts';
import { adminApi, type RoleRow } from '../admin-api.ts';
import { roleName } from '../lookups.ts';

export interface RoleValues {
  name: string;
  description?: string;
  level: number;
  dataScope: 'all' | 'ownDept' | 'custom';
  depts?: number[];
}

const SCOPE_KEYS = {
  all: 'admin.role.scopeAll',
  ownDept: 'admin.role.scopeOwnDept',
  custom: 'admin.role.scopeCustom',
};

export function roleResource(d: { deptTree: TreeOption[] }): ResourceDecl<RoleRow, RoleValues> {
  return {
    name: 'roles',
    defaultSort: 'level,asc',
    deleteConfirmKey: 'admin.role.deleteConfirm',
    filters: [
      { name: 'blurry', labelKey: 'admin.common.keyword', type: 'text', width: 180 },
      { name: 'createTime', type: 'dateRange' },
    ],
    columns: [
      {
        key: 'name',
        width: 160,
        sortable: true,
        render: (r, ctx) =>
          r.tenantId === null ? `${roleName(r, ctx.t)} · ${ctx.t('admin.role.template')}` : r.name,
      },
      { key: 'level', width: 90, sortable: true },
      {
        key: 'dataScope',
        width: 120,
        render: (r, ctx) => ctx.t(SCOPE_KEYS[r.dataScope] ?? r.dataScope),
      },
      { key: 'description', width: 200, kind: 'ellipsis' },
      {
        key: 'createTime',
        optional: true,
        width: 170,
        kind: 'datetime',
        sortable: true,
      },
    ],
    permissions: {
      add: { permission: ['roles:add'], fn: 'add' },
      edit: { permission: ['roles:edit'], fn: 'edit' },
      del: { permission: ['roles:del'], fn: 'del' },
    },
    form: {
      mode: 'modal',
      // The list row has no departments: the form edits the full role.
      load: (r) => adminApi.role(r.id),
      width: 560,
      fields: [
        { name: 'name', required: true, half: true, max: 64 },
        {
          name: 'level',
          type: 'number',
          required: true,
          half: true,
          min: 1,
          max: 999,
          initial: 3,
          extraKey: 'admin.role.levelHint',
        },
        {
          name: 'dataScope',
          type: 'radio',
          required: true,
          initial: 'all',
          options: (ctx) =>
            (['all', 'ownDept', 'custom'] as const).map((v) => ({ value: v, label: ctx.t(SCOPE_KEYS[v]) })),
        },
        {
          name: 'depts',
          type: 'treeSelect',
          multiple: true,
          required: true,
          when: (v) => v.dataScope === 'custom',
          treeData: () => d.deptTree,
        },
        { name: 'description', type: 'textarea', max: 255 },
      ],
      toValues: (r) => ({
        name: r.name,
        description: r.description ?? undefined,
        level: r.level,
        dataScope: r.dataScope,
        depts: 'depts' in r && Array.isArray(r.depts) ? (r.depts as number[]) : [],
      }),
      toBody: (v) => ({ ...v, depts: v.dataScope === 'custom' ? (v.depts ?? []) : [] }),
    },
  };
}
