// The operations of the administration screens: the app's public settings, dictionaries, menus and the
// caller's menu tree, roles and their grants, user administration, online sessions, statistics and the
// mail tool.
import { z } from 'zod';
import { appConfigAnswer, menuRouteAnswer } from '../answers/account.ts';
import { listOf } from '../answers/common.ts';
import {
  addedUserAnswer,
  certificationDecisionAnswer,
  databaseFiguresAnswer,
  deletedAnswer,
  dictMapAnswer,
  functionGroupAnswer,
  grantableMenuAnswer,
  mailConfigAnswer,
  mailLogAnswer,
  menuLazyAnswer,
  menuNodeAnswer,
  onlineAnswer,
  projectStatisticsAnswer,
  roleAnswer,
  roleDetailAnswer,
  roleFunctionsAnswer,
  roleMenusAnswer,
  serverFiguresAnswer,
  tenantStandingAnswer,
  toolsStatisticsAnswer,
  trialAnswer,
  updatedAnswer,
  usersEnabledAnswer,
  usersStatisticsAnswer,
} from '../answers/system.ts';
import { mailConfigInput, mailTestInput } from '../mail.ts';
import {
  addTenantUserBody,
  authorizationBody,
  buildSysRoleFunctionBody,
  tenantIdBody,
  uncheckTenantBody,
} from '../system.ts';
import { zPassword } from '../validators.ts';
import { idsBody, operation } from './operation.ts';

const signedIn = { signedIn: true } as const;
const id = z.coerce.number().int().positive();

export const systemOps = {
  config: operation({
    method: 'GET',
    path: '/api/auxiliary/config',
    summary: 'What the login page and the shell need before anyone signs in',
    tags: ['auxiliary'],
    caller: { public: true },
    answer: appConfigAnswer,
  }),
  uuid: operation({
    method: 'GET',
    path: '/api/auxiliary/getUuid',
    also: ['/auxiliary/getUuid'],
    summary: 'A new UUID',
    tags: ['auxiliary'],
    caller: signedIn,
    answer: z.strictObject({ uuid: z.string() }),
  }),
  dictMap: operation({
    method: 'GET',
    path: '/api/dictDetail/map',
    summary: 'The entries of the named dictionaries (dictName=a,b)',
    tags: ['dictDetail'],
    caller: signedIn,
    query: z.object({ dictName: z.string().trim().min(1).max(1000) }),
    answer: dictMapAnswer,
  }),
};

const menus = ['menus'] as const;
const menuList = { permission: 'menu:list' } as const;
export const menuOps = {
  build: operation({
    method: 'GET',
    path: '/api/menus/build',
    summary: 'The caller’s menu tree',
    tags: menus,
    caller: signedIn,
    answer: z.array(menuRouteAnswer),
  }),
  tree: operation({
    method: 'GET',
    path: '/api/menus/tree',
    summary: 'The menus (with buttons) the caller holds, as a tree: what a role editor may grant',
    tags: menus,
    caller: { permission: ['roles:list', 'menu:list'] },
    answer: z.array(grantableMenuAnswer),
  }),
  lazy: operation({
    method: 'GET',
    path: '/api/menus/lazy',
    summary: 'One level of the menu tree (pid; none: the top), each with its count of children',
    tags: menus,
    caller: menuList,
    query: z.object({ pid: z.coerce.number().int().optional() }),
    answer: z.array(menuLazyAnswer),
  }),
  child: operation({
    method: 'GET',
    path: '/api/menus/child',
    summary: 'A menu’s id and those of all its descendants',
    tags: menus,
    caller: menuList,
    query: z.object({ id: z.coerce.number().int() }),
    answer: z.array(z.number()),
  }),
  superior: operation({
    method: 'POST',
    path: '/api/menus/superior',
    summary: 'The ancestors (and their siblings) of the given menus, as a tree',
    tags: menus,
    caller: menuList,
    body: z.array(z.coerce.number().int()).max(500),
    answer: z.array(menuNodeAnswer),
  }),
};

const roles = ['roles'] as const;
export const roleOps = {
  level: operation({
    method: 'GET',
    path: '/api/roles/level',
    summary: 'The caller’s role level',
    tags: roles,
    caller: signedIn,
    answer: z.strictObject({ level: z.number() }),
  }),
  all: operation({
    method: 'GET',
    path: '/api/roles/all',
    summary: 'Every role the caller sees, by level',
    tags: roles,
    caller: { permission: ['roles:list', 'user:list'] },
    answer: z.array(roleAnswer),
  }),
  detail: operation({
    method: 'GET',
    path: '/api/roles/:id',
    summary: 'A role with the menus, departments and functions it grants',
    tags: roles,
    caller: { permission: 'roles:list' },
    query: z.object({ id }),
    answer: roleDetailAnswer,
  }),
  menus: operation({
    method: 'PUT',
    path: '/api/roles/menu',
    summary: 'assign menus to role',
    tags: roles,
    caller: { permission: 'roles:edit' },
    body: z.object({ id, menus: z.array(id).max(2000) }),
    answer: roleMenusAnswer,
    changes: ['roles'],
  }),
  functions: operation({
    method: 'POST',
    path: '/api/sysRolesFunction/buildSysRoleFunction',
    summary: 'assign functions to role',
    tags: ['sysRolesFunction'],
    caller: { permission: 'roles:edit' },
    body: buildSysRoleFunctionBody,
    answer: roleFunctionsAnswer,
    changes: ['roles', 'sysRolesFunction'],
  }),
  functionCatalogue: operation({
    method: 'GET',
    path: '/api/functionPermission/viewFunctionPermissionMenu',
    summary: 'The function permissions grouped by end and menu',
    tags: ['functionPermission'],
    caller: { permission: ['functionPermission:list', 'roles:list'] },
    answer: z.array(functionGroupAnswer),
  }),
};

/** The spec's clients send either a bare array of ids or {ids}/{id}. */
const someUsers = z.union([idsBody, z.object({ ids: idsBody.optional(), id: id.optional() })]);
const users = ['users'] as const;
export const userAdminOps = {
  enable: operation({
    method: 'PUT',
    path: '/api/users/enable',
    summary: 'enable users',
    tags: users,
    caller: { permission: 'user:edit', fn: ['user:list', 'edit'] },
    body: someUsers,
    answer: usersEnabledAnswer,
    changes: ['users'],
  }),
  disable: operation({
    method: 'PUT',
    path: '/api/users/unenable',
    summary: 'disable users',
    tags: users,
    caller: { permission: 'user:edit', fn: ['user:list', 'edit'] },
    body: someUsers,
    answer: usersEnabledAnswer,
    changes: ['users'],
  }),
  remove: operation({
    method: 'POST',
    path: '/api/users/deleteuser',
    summary: 'delete users',
    tags: users,
    caller: { permission: 'user:del', fn: ['user:list', 'del'] },
    body: someUsers,
    answer: deletedAnswer,
    changes: ['users'],
  }),
  resetPassword: operation({
    method: 'PUT',
    path: '/api/users/resetPwd',
    summary: 'reset passwords',
    tags: users,
    caller: { permission: 'user:edit', fn: ['user:list', 'resetPwd'] },
    body: z.object({ ids: idsBody, password: zPassword }),
    answer: updatedAnswer,
  }),
};

const statistics = { permission: 'statistics:list' } as const;
export const monitorOps = {
  online: operation({
    method: 'GET',
    path: '/api/online',
    summary: 'The signed-in sessions (blurry: user name or address)',
    tags: ['online'],
    caller: { permission: 'online:list' },
    query: z.object({
      page: z.coerce.number().int().min(0).default(0),
      size: z.coerce.number().int().min(1).max(500).default(10),
      blurry: z.string().trim().max(100).optional(),
    }),
    answer: listOf(onlineAnswer),
  }),
  kick: operation({
    method: 'DELETE',
    path: '/api/online',
    summary: 'kick out sessions',
    tags: ['online'],
    caller: { permission: 'online:del' },
    body: idsBody,
    answer: z.strictObject({ kicked: z.number() }),
  }),
  users: operation({
    method: 'GET',
    path: '/api/usersstatistics',
    summary: 'Users by end, sign-ups and logins over 30 days',
    tags: ['statistics'],
    caller: statistics,
    answer: usersStatisticsAnswer,
  }),
  projects: operation({
    method: 'GET',
    path: '/api/projectstatistics',
    summary: 'Companies, projects, batches and boxes in motion',
    tags: ['statistics'],
    caller: statistics,
    answer: projectStatisticsAnswer,
  }),
  tools: operation({
    method: 'GET',
    path: '/api/toolsstatistics',
    summary: 'Uploads, messages, feedback and tool use over 30 days',
    tags: ['statistics'],
    caller: statistics,
    answer: toolsStatisticsAnswer,
  }),
};

const email = ['email'] as const;
export const mailToolOps = {
  settings: operation({
    method: 'GET',
    path: '/api/email',
    summary: 'The mail settings (never the password)',
    tags: email,
    caller: { permission: 'email:list' },
    answer: mailConfigAnswer,
  }),
  save: operation({
    method: 'PUT',
    path: '/api/email',
    summary: 'mail settings',
    tags: email,
    caller: { permission: 'email:edit' },
    body: mailConfigInput,
    answer: mailConfigAnswer,
  }),
  test: operation({
    method: 'POST',
    path: '/api/email',
    summary: 'send a test mail',
    tags: email,
    caller: { permission: 'email:edit' },
    body: mailTestInput,
    answer: z.strictObject({ sent: z.literal(true) }),
  }),
  logs: operation({
    method: 'GET',
    path: '/api/email/logs',
    summary: 'The log of every mail the product sent',
    tags: email,
    caller: { permission: 'email:list' },
    query: z.object({
      page: z.coerce.number().int().min(0).default(0),
      size: z.coerce.number().int().min(1).max(200).default(10),
    }),
    answer: listOf(mailLogAnswer),
  }),
};

const tenantUser = ['tenantUser'] as const;
const tenantEdit = { permission: 'tenant:edit' } as const;
/** The platform's decisions on companies: certification, standing, trial, users. */
export const tenantOps = {
  check: operation({
    method: 'POST',
    path: '/api/tenantUser/checkTenant',
    summary: 'Approve certification',
    tags: tenantUser,
    caller: tenantEdit,
    body: tenantIdBody,
    answer: certificationDecisionAnswer,
    changes: ['tenantUser', 'enterpriseInfo'],
  }),
  uncheck: operation({
    method: 'POST',
    path: '/api/tenantUser/uncheckTenant',
    summary: 'Reject certification',
    tags: tenantUser,
    caller: tenantEdit,
    body: uncheckTenantBody,
    answer: certificationDecisionAnswer,
    changes: ['tenantUser', 'enterpriseInfo'],
  }),
  stop: operation({
    method: 'POST',
    path: '/api/tenantUser/stopTenant',
    summary: 'Stop a tenant',
    tags: tenantUser,
    caller: tenantEdit,
    body: tenantIdBody,
    answer: tenantStandingAnswer,
    changes: ['tenantUser'],
  }),
  activate: operation({
    method: 'POST',
    path: '/api/tenantUser/activate',
    summary: 'Activate a tenant',
    tags: tenantUser,
    caller: tenantEdit,
    body: tenantIdBody,
    answer: tenantStandingAnswer,
    changes: ['tenantUser'],
  }),
  extendTrial: operation({
    method: 'POST',
    path: '/api/tenantUser/authorization',
    summary: 'Extend a trial',
    tags: tenantUser,
    caller: tenantEdit,
    body: authorizationBody,
    answer: trialAnswer,
    changes: ['tenantUser'],
  }),
  addUser: operation({
    method: 'POST',
    path: '/api/tenantUser/adduser',
    summary: 'add user to tenant',
    tags: tenantUser,
    caller: tenantEdit,
    body: addTenantUserBody,
    answer: addedUserAnswer,
    status: 201,
    changes: ['tenantUser', 'users'],
  }),
};

export const systemMonitorOps = {
  server: operation({
    method: 'GET',
    path: '/api/monitor/server',
    summary: 'This node now',
    tags: ['monitor'],
    caller: { permission: 'monitor:server' },
    answer: serverFiguresAnswer,
  }),
  database: operation({
    method: 'GET',
    path: '/api/monitor/database',
    summary: 'Connections, sizes, index use, slowest statements',
    tags: ['monitor'],
    caller: { permission: 'monitor:database' },
    answer: databaseFiguresAnswer,
  }),
};
