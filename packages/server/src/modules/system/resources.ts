// The admin families as declarations: the engine supplies list/create/update/delete for each.

import {
  certificationMachine,
  deptCreate,
  dictCreate,
  dictDetailCreate,
  enterpriseInfoCreate,
  enterpriseInfoUpdate,
  feedbackCreate,
  functionPermissionCreate,
  logCreate,
  menuCreate,
  roleCreate,
  sysRolesFunctionCreate,
  tenantStandingMachine,
  userCreate,
  userUpdate,
} from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { and, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  depts,
  dictDetails,
  dicts,
  feedback,
  functionPermissions,
  logs,
  menus,
  roles,
  sysRolesFunction,
  tenants,
  users,
  usersRoles,
} from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { type Ctx, defineResource, type Row, type RowOf, sameValue } from '../../resources/engine.ts';
import { actionsFor } from '../../workflow/kernel.ts';
import { acceptedPartnerIds, acceptedShipperIds } from '../project/access.ts';
import { checkLevel, roleHooks } from './role-hooks.ts';
import { deptHooks, menuHooks } from './tree-hooks.ts';
import { canManageUser, staffRoleType, userHooks } from './user-hooks.ts';

const timeFilters = { createTime: 'between' } as const;

/** User rows carry their department and roles (ids and names) for lists and edit forms. */
async function decorateUsers(ctx: Ctx, rows: RowOf<typeof users>[]): Promise<Row[]> {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return rows;
  const deptIds = [...new Set(rows.map((r) => r.deptId).filter((d): d is number => d !== null))];
  const deptRows = deptIds.length
    ? await ctx.db.select({ id: depts.id, name: depts.name }).from(depts).where(inArray(depts.id, deptIds))
    : [];
  const roleRows = await ctx.db
    .select({ userId: usersRoles.userId, id: roles.id, name: roles.name, level: roles.level })
    .from(usersRoles)
    .innerJoin(roles, eq(roles.id, usersRoles.roleId))
    .where(inArray(usersRoles.userId, ids));
  return rows.map((r) => ({
    ...r,
    dept: deptRows.find((d) => d.id === r.deptId) ?? null,
    roles: roleRows.filter((x) => x.userId === r.id).map(({ id, name, level }) => ({ id, name, level })),
  }));
}

/** Tenant rows for the platform's tenant screen: how many users, and the first (main) account. */
async function decorateTenants(ctx: Ctx, rows: RowOf<typeof tenants>[]): Promise<Row[]> {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return rows;
  const members = await ctx.db
    .select({ tenantId: users.tenantId, id: users.id, username: users.username, phone: users.phone })
    .from(users)
    .where(inArray(users.tenantId, ids))
    .orderBy(users.id);
  return rows.map((r) => {
    const mine = members.filter((m) => m.tenantId === r.id);
    return {
      ...r,
      userCount: mine.length,
      mainAccount: mine[0] ? { id: mine[0].id, username: mine[0].username, phone: mine[0].phone } : null,
      actions: [...actionsFor(ctx, certificationMachine, r), ...actionsFor(ctx, tenantStandingMachine, r)],
    };
  });
}

/** Users: a tenant's own, narrowed by the caller's data scope (departments). */
export const usersResource = defineResource({
  family: families.users,
  table: users,
  create: userCreate,
  update: userUpdate,
  filters: {
    ...timeFilters,
    id: 'equal',
    username: 'like',
    nickName: 'like',
    phone: 'like',
    email: 'like',
    deptId: 'equal',
    tenantId: 'equal',
    roleType: 'equal',
    enabled: 'equal',
    blurry: { op: 'blurry', columns: ['username', 'nickName', 'email', 'phone'] },
  },
  permissions: { list: 'user:list', create: 'user:add', update: 'user:edit', delete: 'user:del' },
  functions: { menu: 'user:list', create: 'add', update: 'edit', delete: 'del' },
  // Nobody changes their own account type, roles, enabled flag, tenant or department (docs/decisions.md):
  // a user manager sets them for others, the account type only a platform administrator.
  writable: {
    roleType: (ctx, existing, value) =>
      ctx.auth.isPlatformAdmin
        ? !isSelf(ctx, existing)
        : !existing && Number(value) === staffRoleType(ctx.auth.roleType),
    roles: (ctx, existing, value) => !isSelf(ctx, existing) || sameValue(value, ctx.auth.roleIds),
    enabled: (ctx, existing) => !isSelf(ctx, existing),
    deptId: (ctx, existing) => !isSelf(ctx, existing),
    tenantId: (ctx, existing) => ctx.auth.isPlatformAdmin && !isSelf(ctx, existing),
  },
  references: { deptId: { to: () => deptsResource }, roles: { to: () => rolesResource } },
  canWrite: canManageUser,
  scope: (ctx: Ctx) => {
    if (ctx.auth.isPlatformAdmin) return undefined;
    const own = eq(users.tenantId, ctx.auth.tenantId);
    if (!ctx.auth.deptScope) return own;
    return and(
      own,
      ctx.auth.deptScope.length ? inArray(users.deptId, ctx.auth.deptScope) : eq(users.id, ctx.auth.userId),
    );
  },
  hidden: ['passwordHash'],
  hooks: { ...userHooks, decorate: decorateUsers },
});

/** Roles: platform templates (tenantId null) are visible to all, editable by platform admins only. */
export const rolesResource = defineResource({
  family: families.roles,
  table: roles,
  create: roleCreate,
  filters: {
    ...timeFilters,
    name: 'like',
    level: 'equal',
    tenantId: 'equal',
    blurry: { op: 'blurry', columns: ['name', 'description'] },
  },
  defaultSort: ['level,asc'],
  permissions: { list: 'roles:list', create: 'roles:add', update: 'roles:edit', delete: 'roles:del' },
  functions: { menu: 'roles:list', create: 'add', update: 'edit', delete: 'del' },
  serverOwned: ['code', 'isDefault'],
  references: { depts: { to: () => deptsResource } },
  canWrite: canEditRole,
  scope: (ctx: Ctx) =>
    ctx.auth.isPlatformAdmin ? undefined : or(eq(roles.tenantId, ctx.auth.tenantId), isNull(roles.tenantId)),
  hooks: roleHooks,
});

export const deptsResource = defineResource({
  family: families.dept,
  table: depts,
  create: deptCreate,
  filters: {
    ...timeFilters,
    name: 'like',
    pid: 'equal',
    enabled: 'equal',
    tenantId: 'equal',
    pidIsNull: {
      op: 'custom',
      build: (v) => (v[0] === 'true' ? isNull(depts.pid) : undefined),
    },
  },
  defaultSort: ['sort,asc'],
  // Whoever manages users also needs the departments to place them in.
  permissions: {
    list: ['dept:list', 'user:list'],
    create: 'dept:add',
    update: 'dept:edit',
    delete: 'dept:del',
  },
  functions: { menu: 'dept:list', create: 'add', update: 'edit', delete: 'del' },
  scope: 'tenant',
  hooks: deptHooks,
});

export const menusResource = defineResource({
  family: families.menus,
  table: menus,
  create: menuCreate,
  filters: {
    ...timeFilters,
    pid: 'equal',
    type: 'equal',
    title: 'like',
    pidIsNull: { op: 'custom', build: (v) => (v[0] === 'true' ? isNull(menus.pid) : undefined) },
    blurry: { op: 'blurry', columns: ['title', 'enTitle', 'component', 'permission'] },
  },
  defaultSort: ['sort,asc'],
  permissions: { list: 'menu:list', create: 'menu:add', update: 'menu:edit', delete: 'menu:del' },
  scope: 'platform',
  hooks: menuHooks,
});

export const dictResource = defineResource({
  family: families.dict,
  table: dicts,
  create: dictCreate,
  filters: { ...timeFilters, name: 'equal', blurry: { op: 'blurry', columns: ['name', 'description'] } },
  permissions: { list: 'dict:list', create: 'dict:add', update: 'dict:edit', delete: 'dict:del' },
  scope: 'platform',
  hooks: {
    beforeDelete: async (ctx, rows) => {
      await ctx.db.delete(dictDetails).where(
        inArray(
          dictDetails.dictId,
          rows.map((r) => r.id),
        ),
      );
    },
  },
});

/** Every select in the product reads dictionaries: listing needs only a login. */
export const dictDetailResource = defineResource({
  family: families.dictDetail,
  table: dictDetails,
  create: dictDetailCreate,
  filters: {
    dictId: 'equal',
    label: 'like',
    value: 'equal',
    dictName: {
      op: 'custom',
      build: (v) =>
        sql`${dictDetails.dictId} in (select ${dicts.id} from ${dicts} where ${inArray(
          dicts.name,
          v.flatMap((n) => n.split(',')),
        )})`,
    },
  },
  defaultSort: ['dictSort,asc'],
  permissions: { create: 'dict:add', update: 'dict:edit', delete: 'dict:del' },
  scope: 'platform',
});

export const functionPermissionResource = defineResource({
  family: families.functionPermission,
  table: functionPermissions,
  create: functionPermissionCreate,
  filters: { menuId: 'equal', functionName: 'like', belongEnd: 'equal', belongMenu: 'equal' },
  defaultSort: ['belongEnd,asc', 'belongMenu,asc'],
  permissions: {
    list: 'functionPermission:list',
    create: 'functionPermission:add',
    update: 'functionPermission:edit',
    delete: 'functionPermission:del',
  },
  scope: 'platform',
});

export const sysRolesFunctionResource = defineResource({
  family: families.sysRolesFunction,
  table: sysRolesFunction,
  create: sysRolesFunctionCreate,
  filters: { roleId: 'equal', functionPermissionId: 'equal' },
  permissions: { list: 'roles:list', create: 'roles:edit', update: 'roles:edit', delete: 'roles:edit' },
  scope: (ctx) =>
    ctx.auth.isPlatformAdmin ? undefined : inArray(sysRolesFunction.roleId, editableRoleIds(ctx)),
  // Every write — create, update, delete — names a role the caller may edit (tenant and level).
  references: {
    roleId: { to: () => rolesResource, writable: true },
    functionPermissionId: { to: () => functionPermissionResource },
  },
  canWrite: async (ctx, row) => {
    const [role] = await ctx.db.select().from(roles).where(eq(roles.id, row.roleId));
    return Boolean(role && canEditRole(ctx, role));
  },
});

function editableRoleIds(ctx: Ctx) {
  return ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.tenantId, ctx.auth.tenantId));
}

/**
 * A role one may edit: one's own tenant's (templates are the platform's), at or below one's level —
 * a role ranked above the caller is refused with the level rule's own message.
 */
function canEditRole(ctx: Ctx, role: Pick<RowOf<typeof roles>, 'tenantId' | 'level'>): boolean {
  if (ctx.auth.isPlatformAdmin) return true;
  if (role.tenantId !== ctx.auth.tenantId) return false;
  checkLevel(ctx, role.level);
  return true;
}

const isSelf = (ctx: Ctx, existing: Row | undefined) => existing?.id === ctx.auth.userId;

/**
 * A tenant sees its own company record and those of its accepted partners (a pending invitation
 * shows no company record: the invitation itself names the inviter); platform admins see all.
 */
function tenantVisibility(ctx: Ctx): SQL | undefined {
  if (ctx.auth.isPlatformAdmin) return undefined;
  const partnerIds = acceptedPartnerIds(ctx.db, ctx.auth.tenantId);
  const shipperIds = acceptedShipperIds(ctx.db, ctx.auth.tenantId);
  // One array of ids looked up on the primary key (an OR of `in (subquery)` scans the table).
  return sql`${tenants.id} = any(array(select ${ctx.auth.tenantId}::bigint union all ${partnerIds} union all ${shipperIds}))`;
}

/** Another tenant's record shows only its public face: name, code and end. */
const PUBLIC_COMPANY_FIELDS = [
  'id',
  'corporateName',
  'corporateEnName',
  'corporateCode',
  'end',
  'checkStatus',
];
async function publicCompanyFields(ctx: Ctx, rows: Row[]): Promise<Row[]> {
  if (ctx.auth.isPlatformAdmin) return rows;
  return rows.map((r) =>
    r.id === ctx.auth.tenantId
      ? r
      : Object.fromEntries(Object.entries(r).filter(([k]) => PUBLIC_COMPANY_FIELDS.includes(k))),
  );
}

const tenantFilters = {
  ...timeFilters,
  corporateName: 'like',
  corporateCode: 'equal',
  end: 'equal',
  checkStatus: 'equal',
  active: 'equal',
  blurry: { op: 'blurry', columns: ['corporateName', 'corporateCode', 'contactPhone'] },
} as const;
/** What a tenant may search other companies by: their public face only (no contact phone to probe). */
const companyFilters = {
  ...tenantFilters,
  blurry: { op: 'blurry', columns: ['corporateName', 'corporateCode'] },
} as const;

export const enterpriseInfoResource = defineResource({
  family: families.enterpriseInfo,
  table: tenants,
  create: enterpriseInfoCreate,
  update: enterpriseInfoUpdate.extend({}),
  filters: companyFilters,
  permissions: { create: 'admin', delete: 'admin' },
  scope: tenantVisibility,
  // Only a tenant's own people (or platform admins) edit its record; partners only read it.
  canWrite: (ctx, row) => ctx.auth.isPlatformAdmin || row.id === ctx.auth.tenantId,
  hooks: { decorate: publicCompanyFields },
  actions: ['list', 'create', 'update'],
});

/** The platform's tenant administration (list and edit); actions live in tenant-routes.ts. */
export const tenantUserResource = defineResource({
  family: families.tenantUser,
  table: tenants,
  create: enterpriseInfoCreate,
  update: enterpriseInfoUpdate.extend({}),
  filters: tenantFilters,
  permissions: { list: 'tenant:list', update: 'tenant:edit', delete: 'admin' },
  scope: 'platform',
  actions: ['list', 'update', 'delete'],
  hooks: {
    decorate: decorateTenants,
    beforeDelete: async (ctx, rows) => {
      if (rows.some((r) => r.id === ctx.auth.tenantId)) throw badRequest('user.self_delete');
      const ids = rows.map((r) => r.id);
      const [member] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.tenantId, ids))
        .limit(1);
      if (member) throw new AppError(400, 'resource.in_use', { what: 'tenant' });
    },
  },
});

export const feedbackResource = defineResource({
  family: families.feedback,
  table: feedback,
  create: feedbackCreate,
  // Its PUT is the feedback machine's command (feedback-commands.ts).
  actions: ['list', 'create', 'delete'],
  filters: {
    ...timeFilters,
    status: 'equal',
    phone: 'like',
    blurry: { op: 'blurry', columns: ['commentsOrFeedback', 'createUnit', 'phone'] },
  },
  permissions: { delete: 'feedback:del' },
  scope: (ctx) => (ctx.auth.isPlatformAdmin ? undefined : eq(feedback.userId, ctx.auth.userId)),
  hooks: {
    beforeCreate: async (ctx, data) => ({
      ...data,
      userId: ctx.auth.userId,
      tenantId: ctx.auth.tenantId,
      status: 0,
    }),
  },
});

export const logResource = defineResource({
  family: families.log,
  table: logs,
  create: logCreate,
  filters: {
    ...timeFilters,
    logType: 'equal',
    username: 'like',
    method: 'equal',
    status: 'equal',
    requestIp: 'equal',
    blurry: { op: 'blurry', columns: ['username', 'description', 'path', 'requestIp'] },
  },
  permissions: { list: 'log:list' },
  // The error log (stack traces, SQL) is the platform's: a tenant reads its own INFO entries only.
  scope: (ctx) =>
    ctx.auth.isPlatformAdmin
      ? undefined
      : and(eq(logs.tenantId, ctx.auth.tenantId), ne(logs.logType, 'ERROR')),
  actions: ['list', 'create'],
  hooks: {
    // A client-reported log entry (spec: POST log) is stamped with who sent it.
    beforeCreate: async (ctx, data) => ({
      ...data,
      tenantId: ctx.auth.tenantId,
      username: ctx.auth.username,
      requestIp: ctx.request.ip,
      method: 'CLIENT',
    }),
  },
});

export const systemResources = [
  usersResource,
  rolesResource,
  deptsResource,
  menusResource,
  dictResource,
  dictDetailResource,
  functionPermissionResource,
  sysRolesFunctionResource,
  enterpriseInfoResource,
  tenantUserResource,
  feedbackResource,
  logResource,
];
