// Calls of the admin area beyond plain CRUD (docs/api.md, server modules/admin). Generic CRUD lives in
// components/resource/resource-api.ts.
import type {
  deptAnswer,
  functionAnswer,
  menuAnswer,
  menuLazyAnswer,
  onlineAnswer,
  projectStatisticsAnswer,
  roleAnswer,
  roleDetailAnswer,
  tenantAnswer,
  toolsStatisticsAnswer,
  userAnswer,
  usersStatisticsAnswer,
} from '@tradelane/contract';
import type { z } from 'zod';
import { http } from '../../api/request.ts';
import type { FunctionGroup, Page } from '../../api/types.ts';

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
  enableUsers: (ids: number[]) => http.put<unknown>('/api/users/enable', ids),
  disableUsers: (ids: number[]) => http.put<unknown>('/api/users/unenable', ids),
  deleteUsers: (ids: number[]) => http.post<unknown>('/api/users/deleteuser', ids),
  resetPassword: (ids: number[], password: string) =>
    http.put<unknown>('/api/users/resetPwd', { ids, password }),
  role: (id: number) => http.get<RoleDetail>(`/api/roles/${id}`),
  allRoles: () => http.get<RoleRow[]>('/api/roles/all'),
  roleLevel: () => http.get<{ level: number }>('/api/roles/level'),
  setRoleMenus: (id: number, menus: number[]) => http.put<unknown>('/api/roles/menu', { id, menus }),
  setRoleFunctions: (roleId: number, functionPermissionIds: number[]) =>
    http.post<unknown>('/api/sysRolesFunction/buildSysRoleFunction', { roleId, functionPermissionIds }),
  functionCatalogue: () => http.get<FunctionGroup[]>('/api/functionPermission/viewFunctionPermissionMenu'),
  menusLazy: (pid?: number) => http.get<z.infer<typeof menuLazyAnswer>[]>('/api/menus/lazy', { pid }),
  allMenus: () => http.get<Page<MenuRow>>('/api/menus', { page: 0, size: 5000, sort: 'sort,asc' }),
  depts: () => http.get<Page<DeptRow>>('/api/dept', { page: 0, size: 1000, sort: 'sort,asc' }),
  checkTenant: (id: number) => http.post<unknown>('/api/tenantUser/checkTenant', { id }),
  uncheckTenant: (id: number, reason: string) =>
    http.post<unknown>('/api/tenantUser/uncheckTenant', { id, reason }),
  authorizeTenant: (id: number, days: number) =>
    http.post<unknown>('/api/tenantUser/authorization', { id, days }),
  stopTenant: (id: number) => http.post<unknown>('/api/tenantUser/stopTenant', { id }),
  activateTenant: (id: number) => http.post<unknown>('/api/tenantUser/activate', { id }),
  addTenantUser: (body: {
    tenantId: number;
    username: string;
    password: string;
    phone?: string;
    email?: string;
    nickName?: string;
  }) => http.post<unknown>('/api/tenantUser/adduser', body),
  confirmFeedback: (id: number, reply: string) =>
    http.put<unknown>('/api/feedback', { id, status: 1, reply }),
  online: (params: { page: number; size: number; blurry?: string }) =>
    http.get<Page<OnlineRow>>('/api/online', params),
  kick: (ids: number[]) => http.del<unknown>('/api/online', { data: ids }),
  usersStatistics: () => http.get<UsersStatistics>('/api/usersstatistics'),
  projectStatistics: () => http.get<ProjectStatistics>('/api/projectstatistics'),
  toolsStatistics: () => http.get<ToolsStatistics>('/api/toolsstatistics'),
};
