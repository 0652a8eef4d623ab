// Calls of the admin area beyond plain CRUD (docs/api.md, server modules/admin). Generic CRUD lives in
// components/resource/resource-api.ts.
import { http } from '../../api/request.ts';
import type { Page } from '../../api/types.ts';

export interface Row {
  id: number;
  createTime?: string;
  updateTime?: string;
  createBy?: string | null;
  updateBy?: string | null;
}

export interface UserRow extends Row {
  tenantId: number;
  deptId: number | null;
  username: string;
  nickName: string | null;
  email: string | null;
  phone: string | null;
  gender: string | null;
  roleType: number;
  enabled: boolean;
}

export interface RoleRow extends Row {
  tenantId: number | null;
  name: string;
  code: string | null;
  description: string | null;
  level: number;
  dataScope: 'all' | 'ownDept' | 'custom';
  isDefault: boolean;
}

export interface RoleDetail extends RoleRow {
  menus: number[];
  depts: number[];
  functions: number[];
}

export interface MenuRow extends Row {
  pid: number | null;
  type: 0 | 1 | 2;
  title: string;
  enTitle: string | null;
  componentName: string | null;
  component: string | null;
  path: string | null;
  permission: string | null;
  icon: string | null;
  sort: number;
  hidden: boolean;
  cache: boolean;
  iFrame: boolean;
  subCount?: number;
  hasChildren?: boolean;
  children?: MenuRow[];
}

export interface DeptRow extends Row {
  tenantId: number | null;
  pid: number | null;
  name: string;
  sort: number;
  enabled: boolean;
}

export interface FunctionRow extends Row {
  menuId: number;
  functionName: string;
  description: string | null;
  enDescription: string | null;
  belongEnd: number;
  belongMenu: string | null;
}

export interface FunctionGroup {
  belongEnd: number;
  belongMenu: string | null;
  menuId: number;
  menuTitle: string;
  menuEnTitle: string | null;
  functions: FunctionRow[];
}

export interface TenantRow extends Row {
  corporateName: string;
  corporateCode: string | null;
  end: number;
  checkStatus: number;
  checkReason: string | null;
  trialEnd: string | null;
  active: boolean;
  businessLicence: string | null;
  authorizationLetter: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  address: string | null;
  submitTime: string | null;
}

export interface OnlineRow {
  id: number;
  userId: number;
  username: string;
  nickName: string | null;
  corporateName: string;
  ip: string | null;
  browser: string | null;
  loginTime: string;
  lastSeen: string;
  expiresAt: string;
  remember: boolean;
  current: boolean;
}

export interface DictEntry {
  id: number;
  value: string;
  label: string;
  enLabel: string | null;
  dictSort: number;
}

export interface UsersStatistics {
  byEnd: { end: number; enabled: boolean; n: number }[];
  signups: { day: string; n: number }[];
  logins: { day: string; n: number; ok: number }[];
}
export interface ProjectStatistics {
  byCheckStatus: { checkStatus: number; n: number }[];
  byEnd: { end: number; active: boolean; n: number }[];
  projects: number;
  batchesByStatus: { status: number; n: number }[];
  boxesByLogistics: { status: number; n: number }[];
  shippedPerMonth: { month: string; boxes: number; weightKg: number }[];
}
export interface ToolsStatistics {
  uploads: { n: number; bytes: number };
  messages: number;
  feedbackByStatus: { status: number; n: number }[];
  operations: { day: string; n: number; errors: number }[];
  loadPlans: number;
  jobRuns: { n: number; failed: number };
  mails: { n: number; failed: number };
}

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
  functionCatalogueSilent: () =>
    http.get<FunctionGroup[]>('/api/functionPermission/viewFunctionPermissionMenu', undefined, {
      silent: true,
    }),
  menusLazy: (pid?: number) => http.get<MenuRow[]>('/api/menus/lazy', { pid }),
  allMenus: () => http.get<Page<MenuRow>>('/api/menus', { page: 0, size: 5000, sort: 'sort,asc' }),
  depts: () => http.get<Page<DeptRow>>('/api/dept', { page: 0, size: 1000, sort: 'sort,asc' }),
  dictMap: (names: string[]) =>
    http.get<Record<string, DictEntry[]>>('/api/dictDetail/map', { dictName: names.join(',') }),
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
