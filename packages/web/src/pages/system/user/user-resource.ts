// Users as a declaration: list filters, columns, form and the user-specific row actions.
import { userCreate } from '@tradelane/contract';
import type { ResourceDecl, TreeOption } from '../../../components/resource/types.ts';
import { adminApi, type RoleRow, type UserRow } from '../admin-api.ts';
import type { CompanyRow } from '../lookups.ts';
import { roleOptions, roleTypeOptions } from '../lookups.ts';

export interface UserValues {
  username: string;
  nickName?: string;
  phone?: string;
  email?: string;
  password?: string;
  deptId?: number | null;
  tenantId?: number | null;
  roles?: number[];
  roleType: number;
  gender?: string;
  enabled: boolean;
}

interface Deps {
  isAdmin: boolean;
  deptTree: TreeOption[];
  deptName: (id: number | null) => string;
  tenants: CompanyRow[];
  roles: RoleRow[];
  onToggle: (row: UserRow) => unknown;
  onResetPassword: (row: UserRow) => void;
}

export function userResource(d: Deps): ResourceDecl<UserRow, UserValues> {
  const tenantName = new Map(d.tenants.map((x) => [x.id, x.corporateName]));
  return {
    name: 'users',
    defaultSort: 'createTime,desc',
    selectable: true,
    filters: [
      { name: 'username', type: 'text', width: 150 },
      { name: 'phone', type: 'text', width: 150 },
      { name: 'email', type: 'text', width: 170 },
      {
        name: 'deptId',
        type: 'select',
        valueType: 'number',
        width: 170,
        options: () => flatten(d.deptTree),
      },
      ...(d.isAdmin
        ? [
            {
              name: 'tenantId',
              type: 'select' as const,
              valueType: 'number' as const,
              width: 200,
              options: () => d.tenants.map((x) => ({ value: x.id, label: x.corporateName })),
            },
          ]
        : []),
      { name: 'enabled', type: 'bool', width: 110 },
      { name: 'createTime', type: 'dateRange' },
    ],
    columns: [
      { key: 'username', width: 130, sortable: true, fixed: 'left' },
      { key: 'nickName', optional: true, width: 120 },
      { key: 'phone', width: 130 },
      { key: 'email', optional: true, width: 200, kind: 'ellipsis' },
      { key: 'deptId', width: 170, render: (r) => d.deptName(r.deptId) },
      ...(d.isAdmin
        ? [
            {
              key: 'tenantId',
              width: 200,
              kind: 'ellipsis' as const,
              render: (r: UserRow) => tenantName.get(r.tenantId) ?? String(r.tenantId),
            },
          ]
        : []),
      {
        key: 'roleType',
        width: 130,
        sortable: true,
        render: (r, ctx) => ctx.t(`admin.roleType.r${r.roleType}`),
      },
      { key: 'enabled', width: 90, kind: 'enabled', sortable: true },
      {
        key: 'createTime',
        optional: true,
        width: 170,
        kind: 'datetime',
        sortable: true,
      },
    ],
    permissions: {
      add: { permission: ['user:add'], fn: 'add' },
      edit: { permission: ['user:edit'], fn: 'edit' },
      del: { permission: ['user:del'], fn: 'del' },
    },
    remove: adminApi.deleteUsers,
    rowActions: [
      {
        key: 'toggle',
        labelKey: (r) => (r.enabled ? 'admin.user.disable' : 'admin.user.enable'),
        need: { permission: ['user:edit'], fn: 'edit' },
        confirmKey: (r) => (r.enabled ? 'admin.user.disableConfirm' : 'admin.user.enableConfirm'),
        run: d.onToggle,
      },
      {
        key: 'resetPwd',
        labelKey: 'admin.user.resetPwd',
        need: { permission: ['user:edit'], fn: 'resetPwd' },
        run: d.onResetPassword,
      },
    ],
    form: {
      mode: 'drawer',
      width: 560,
      // The contract's user body: the name's length, the phone, the e-mail and the password's strength.
      schema: userCreate,
      fields: [
        { name: 'username', required: true, half: true },
        { name: 'nickName', half: true },
        { name: 'phone', half: true },
        { name: 'email', half: true },
        { name: 'password', type: 'password', required: true, createOnly: true },
        ...(d.isAdmin
          ? [
              {
                name: 'tenantId',
                type: 'select' as const,
                options: () => d.tenants.map((x) => ({ value: x.id, label: x.corporateName })),
              },
            ]
          : []),
        { name: 'deptId', type: 'treeSelect', treeData: () => d.deptTree },
        {
          name: 'roles',
          type: 'multiSelect',
          editExtraKey: 'admin.user.rolesKeep',
          options: (ctx) => roleOptions(d.roles, ctx.t),
        },
        // The account type follows the tenant; only platform administrators choose it (server rule).
        ...(d.isAdmin
          ? [
              {
                name: 'roleType',
                type: 'select' as const,
                required: true,
                half: true,
                initial: 5,
                options: (ctx: { t: (k: string) => string }) => roleTypeOptions(ctx.t, d.isAdmin),
              },
            ]
          : []),
        {
          name: 'gender',
          type: 'radio',
          half: true,
          options: (ctx) => [
            { value: 'male', label: ctx.t('admin.gender.male') },
            { value: 'female', label: ctx.t('admin.gender.female') },
          ],
        },
        { name: 'enabled', type: 'switch', initial: true },
      ],
      toValues: (r) => ({
        username: r.username,
        nickName: r.nickName ?? undefined,
        phone: r.phone ?? undefined,
        email: r.email ?? undefined,
        deptId: r.deptId,
        tenantId: r.tenantId,
        roleType: r.roleType,
        gender: r.gender === '男' ? 'male' : r.gender === '女' ? 'female' : (r.gender ?? undefined),
        enabled: r.enabled,
      }),
      toBody: (v, row) => {
        const body: Record<string, unknown> = {
          ...v,
          phone: v.phone ?? '',
          email: v.email ?? '',
          deptId: v.deptId ?? null,
        };
        // The list carries no roles (see .tmp notes): an empty choice keeps the user's roles when editing.
        if (row && !v.roles?.length) delete body.roles;
        if (!d.isAdmin) {
          delete body.tenantId;
          delete body.roleType;
        }
        if (row) delete body.password;
        return body;
      },
    },
  };
}

function flatten(tree: TreeOption[], depth = 0): { value: number; label: string }[] {
  return tree.flatMap((n) => [
    { value: n.value, label: `${'\u3000'.repeat(depth)}${n.title}` },
    ...flatten(n.children ?? [], depth + 1),
  ]);
}
