// The admin area's menu tree; later domains append their own trees in their seed steps.
import { type CrudFamily, P, type Permission } from '@tradelane/contract';

export interface MenuSeed {
  key: string;
  title: string;
  enTitle: string;
  type: 0 | 1 | 2;
  path?: string;
  component?: string;
  componentName?: string;
  /** A permission of the contract's catalogue: a typo fails typecheck. */
  permission?: Permission;
  icon?: string;
  sort: number;
  hidden?: boolean;
  cache?: boolean;
  children?: MenuSeed[];
  /** Function permissions (menuId + functionName) offered on this menu. */
  functions?: { name: string; zh: string; en: string; end: number }[];
}

const crudButtons = (prefix: CrudFamily, zh: string, en: string): MenuSeed[] => [
  {
    key: `${prefix}:add`,
    title: `${zh}新增`,
    enTitle: `Add ${en}`,
    type: 2,
    permission: P[prefix].add,
    sort: 1,
  },
  {
    key: `${prefix}:edit`,
    title: `${zh}编辑`,
    enTitle: `Edit ${en}`,
    type: 2,
    permission: P[prefix].edit,
    sort: 2,
  },
  {
    key: `${prefix}:del`,
    title: `${zh}删除`,
    enTitle: `Delete ${en}`,
    type: 2,
    permission: P[prefix].del,
    sort: 3,
  },
];

const crudFunctions = (end: number) => [
  { name: 'add', zh: '新增', en: 'Add', end },
  { name: 'edit', zh: '编辑', en: 'Edit', end },
  { name: 'del', zh: '删除', en: 'Delete', end },
];

export const adminMenus: MenuSeed[] = [
  {
    key: 'system',
    title: '系统管理',
    enTitle: 'System',
    type: 0,
    path: 'system',
    icon: 'setting',
    sort: 90,
    children: [
      {
        key: 'user:list',
        title: '用户管理',
        enTitle: 'Users',
        type: 1,
        path: 'user',
        component: 'system/user/index',
        componentName: 'User',
        permission: 'user:list',
        icon: 'user',
        sort: 1,
        children: crudButtons('user', '用户', 'user'),
        functions: [...crudFunctions(0), { name: 'resetPwd', zh: '重置密码', en: 'Reset password', end: 0 }],
      },
      {
        key: 'roles:list',
        title: '角色管理',
        enTitle: 'Roles',
        type: 1,
        path: 'role',
        component: 'system/role/index',
        componentName: 'Role',
        permission: 'roles:list',
        icon: 'team',
        sort: 2,
        children: crudButtons('roles', '角色', 'role'),
        functions: crudFunctions(0),
      },
      {
        key: 'menu:list',
        title: '菜单管理',
        enTitle: 'Menus',
        type: 1,
        path: 'menu',
        component: 'system/menu/index',
        componentName: 'Menu',
        permission: 'menu:list',
        icon: 'menu',
        sort: 3,
        children: crudButtons('menu', '菜单', 'menu'),
      },
      {
        key: 'dept:list',
        title: '部门管理',
        enTitle: 'Departments',
        type: 1,
        path: 'dept',
        component: 'system/dept/index',
        componentName: 'Dept',
        permission: 'dept:list',
        icon: 'apartment',
        sort: 4,
        children: crudButtons('dept', '部门', 'department'),
        functions: crudFunctions(0),
      },
      {
        key: 'dict:list',
        title: '字典管理',
        enTitle: 'Dictionaries',
        type: 1,
        path: 'dict',
        component: 'system/dict/index',
        componentName: 'Dict',
        permission: 'dict:list',
        icon: 'book',
        sort: 5,
        children: crudButtons('dict', '字典', 'dictionary'),
      },
      {
        key: 'functionPermission:list',
        title: '功能权限',
        enTitle: 'Function permissions',
        type: 1,
        path: 'function',
        component: 'system/function/index',
        componentName: 'FunctionPermission',
        permission: 'functionPermission:list',
        icon: 'safety',
        sort: 6,
        children: crudButtons('functionPermission', '功能权限', 'function permission'),
      },
      {
        key: 'tenant:list',
        title: '租户管理',
        enTitle: 'Tenants',
        type: 1,
        path: 'tenant',
        component: 'system/tenant/index',
        componentName: 'Tenant',
        permission: 'tenant:list',
        icon: 'bank',
        sort: 7,
        children: [
          {
            key: 'tenant:edit',
            title: '租户审核',
            enTitle: 'Review tenants',
            type: 2,
            permission: 'tenant:edit',
            sort: 1,
          },
        ],
      },
      {
        key: 'feedback:list',
        title: '意见反馈',
        enTitle: 'Feedback',
        type: 1,
        path: 'feedback',
        component: 'system/feedback/index',
        componentName: 'FeedbackAdmin',
        permission: 'feedback:list',
        icon: 'message',
        sort: 8,
        children: [
          {
            key: 'feedback:edit',
            title: '反馈处理',
            enTitle: 'Handle feedback',
            type: 2,
            permission: 'feedback:edit',
            sort: 1,
          },
        ],
      },
    ],
  },
  {
    key: 'monitor',
    title: '系统监控',
    enTitle: 'Monitoring',
    type: 0,
    path: 'monitor',
    icon: 'monitor',
    sort: 91,
    children: [
      {
        key: 'log:list',
        title: '操作日志',
        enTitle: 'Operation log',
        type: 1,
        path: 'logs',
        component: 'monitor/log/index',
        componentName: 'Log',
        permission: 'log:list',
        icon: 'profile',
        sort: 1,
      },
      {
        key: 'log:error',
        title: '异常日志',
        enTitle: 'Error log',
        type: 1,
        path: 'errorLog',
        component: 'monitor/log/errorLog',
        componentName: 'ErrorLog',
        permission: 'log:list',
        icon: 'bug',
        sort: 2,
      },
      {
        key: 'online:list',
        title: '在线用户',
        enTitle: 'Online users',
        type: 1,
        path: 'online',
        component: 'monitor/online/index',
        componentName: 'OnlineUser',
        permission: 'online:list',
        icon: 'wifi',
        sort: 3,
        children: [
          {
            key: 'online:del',
            title: '强制下线',
            enTitle: 'Kick out',
            type: 2,
            permission: 'online:del',
            sort: 1,
          },
        ],
      },
      {
        key: 'statistics:list',
        title: '统计分析',
        enTitle: 'Statistics',
        type: 1,
        path: 'statistics',
        component: 'monitor/statistics/index',
        componentName: 'Statistics',
        permission: 'statistics:list',
        icon: 'chart',
        sort: 4,
      },
    ],
  },
];

/** Which template roles get which menus (by key); platform admins hold everything through `admin`. */
export const templateRoleMenus: Record<string, string[]> = {
  shipper: [
    'monitor',
    'log:list',
    'system',
    'user:list',
    'user:add',
    'user:edit',
    'user:del',
    'roles:list',
    'roles:add',
    'roles:edit',
    'roles:del',
    'dept:list',
    'dept:add',
    'dept:edit',
    'dept:del',
  ],
  supplier: [
    'system',
    'user:list',
    'user:add',
    'user:edit',
    'user:del',
    'dept:list',
    'dept:add',
    'dept:edit',
    'dept:del',
  ],
  logistics: [
    'system',
    'user:list',
    'user:add',
    'user:edit',
    'user:del',
    'dept:list',
    'dept:add',
    'dept:edit',
    'dept:del',
  ],
  default: [],
};
