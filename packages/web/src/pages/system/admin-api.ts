// Calls of the admin area beyond plain CRUD (docs/api.md, server modules/admin). Generic CRUD lives in
// components/resource/resource-api.ts.
import {
  type deptAnswer,
  FeedbackStatus,
  type functionAnswer,
  type InputOf,
  type menuAnswer,
  type menuLazyAnswer,
  type onlineAnswer,
  type projectStatisticsAnswer,
  type roleAnswer,
  type roleDetailAnswer,
  type tenantAnswer,
  type toolsStatisticsAnswer,
  type userAnswer,
  type usersStatisticsAnswer,
} from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { menuOps, monitorOps, roleOps, tenantOps, userAdminOps } from '@tradelane/contract/api/system';
import type { z } from 'zod';
import { call } from '../../api/client.ts';
import type { FunctionGroup } from '../../api/types.ts';

export interface Row {
  id: number;
  createTime?: string;
  updateTime?: string;
  createBy?: string | null;
  updateBy?: string | null;
}

export type UserRow = z.infer<typeof userAnswer>;
export type RoleRow = z.infer<typeof roleAnswer>;
export type RoleDetail = z.infer<typeof roleDetailAnswer>;
/** A menu row; rows of the lazy tree (menus/lazy) also say how many children they have. */
export type MenuRow = z.infer<typeof menuAnswer> &
  Partial<Pick<z.infer<typeof menuLazyAnswer>, 'subCount' | 'hasChildren' | 'leaf'>>;
export type DeptRow = z.infer<typeof deptAnswer>;
export type FunctionRow = z.infer<typeof functionAnswer>;
export type { FunctionGroup };
export type TenantRow = z.infer<typeof tenantAnswer>;
export type OnlineRow = z.infer<typeof onlineAnswer>;
export type { DictEntry } from '../../api/types.ts';
export type UsersStatistics = z.infer<typeof usersStatisticsAnswer>;
export type ProjectStatistics = z.infer<typeof projectStatisticsAnswer>;
export type ToolsStatistics = z.infer<typeof toolsStatisticsAnswer>;

export const adminApi = {
  enableUsers: (ids: number[]) => call(userAdminOps.enable, ids),
  disableUsers: (ids: number[]) => call(userAdminOps.disable, ids),
  deleteUsers: (ids: number[]) => call(userAdminOps.remove, ids),
  resetPassword: (ids: number[], password: string) => call(userAdminOps.resetPassword, { ids, password }),
  role: (id: number) => call(roleOps.detail, { id }),
  allRoles: () => call(roleOps.all),
  roleLevel: () => call(roleOps.level),
  setRoleMenus: (id: number, menus: number[]) => call(roleOps.menus, { id, menus }),
  setRoleFunctions: (roleId: number, functionPermissionIds: number[]) =>
    call(roleOps.functions, { roleId, functionPermissionIds }),
  functionCatalogue: () => call(roleOps.functionCatalogue),
  menusLazy: (pid?: number) => call(menuOps.lazy, { pid }),
  allMenus: () => call(families.menus.list, { page: 0, size: 5000, sort: 'sort,asc' }),
  depts: () => call(families.dept.list, { page: 0, size: 1000, sort: 'sort,asc' }),
  checkTenant: (id: number) => call(tenantOps.check, { id }),
  uncheckTenant: (id: number, reason: string) => call(tenantOps.uncheck, { id, reason }),
  authorizeTenant: (id: number, days: number) => call(tenantOps.extendTrial, { id, days }),
  stopTenant: (id: number) => call(tenantOps.stop, { id }),
  activateTenant: (id: number) => call(tenantOps.activate, { id }),
  addTenantUser: (body: InputOf<typeof tenantOps.addUser>) => call(tenantOps.addUser, body),
  confirmFeedback: (id: number, reply: string) =>
    call(families.feedback.update, { id, status: FeedbackStatus.confirmed, reply }),
  online: (params: InputOf<typeof monitorOps.online>) => call(monitorOps.online, params),
  kick: (ids: number[]) => call(monitorOps.kick, ids),
  usersStatistics: () => call(monitorOps.users),
  projectStatistics: () => call(monitorOps.projects),
  toolsStatistics: () => call(monitorOps.tools),
};
