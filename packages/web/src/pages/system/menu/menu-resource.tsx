// Menus as a declaration: a tree table loaded level by level (menus/lazy?pid), one form for
// directories, menus and buttons (fields follow the type).
import { Select, Space, Tag } from 'antd';
import { resourceApi } from '../../../components/resource/resource-api.ts';
import type { ResourceDecl } from '../../../components/resource/types.ts';
import { pick } from '../../../i18n/index.ts';
import { menuIcon } from '../../../shell/menu-icons.tsx';
import { adminApi, type MenuRow } from '../admin-api.ts';
import { menuTreeOptions } from '../lookups.ts';

export interface MenuValues {
  type: 0 | 1 | 2;
  title: string;
  enTitle?: string;
  icon?: string;
  path?: string;
  componentName?: string;
  component?: string;
  permission?: string;
  sort: number;
  pid?: number | null;
  iFrame: boolean;
  cache: boolean;
  hidden: boolean;
}

/** Icon names the shell's sidebar knows (shell/menu-icons.tsx), plus those of the seeded menus. */
export const ICON_NAMES = [
  'dashboard',
  'system',
  'setting',
  'user',
  'team',
  'peoples',
  'project',
  'batch',
  'box',
  'container',
  'logistics',
  'truck',
  'customs',
  'documents',
  'finance',
  'bank',
  'statistics',
  'chart',
  'monitor',
  'tool',
  'message',
  'supplier',
  'international',
  'menu',
  'apartment',
  'book',
  'safety',
  'profile',
  'bug',
  'wifi',
];

const TYPE_KEYS = ['admin.menu.typeDir', 'admin.menu.typeMenu', 'admin.menu.typeButton'];
const TYPE_COLORS = ['blue', 'green', 'default'];

export function menuResource(all: MenuRow[]): ResourceDecl<MenuRow, MenuValues> {
  const notButton = (v: Partial<MenuValues>) => v.type !== 2;
  return {
    name: 'menus',
    pageSize: 50,
    deleteConfirmKey: 'admin.menu.deleteConfirm',
    filters: [
      { name: 'blurry', labelKey: 'admin.common.keyword', type: 'text', width: 200 },
      { name: 'createTime', type: 'dateRange' },
    ],
    // Without a filter: the top level, children on expand. With one: the flat matches.
    list: async (p) => {
      if (p.blurry || p.createTime) return resourceApi.list<MenuRow>('menus', p);
      const rows = await adminApi.menusLazy();
      return { content: rows, totalElements: rows.length };
    },
    lazyTree: { hasChildren: (r) => Boolean(r.hasChildren), children: (id) => adminApi.menusLazy(id) },
    columns: [
      {
        key: 'title',
        width: 220,
        render: (r, ctx) => pick(ctx.lang, r.title, r.enTitle),
      },
      {
        key: 'icon',
        width: 70,
        render: (r) => (r.type === 2 ? '' : menuIcon(r.icon ?? undefined)),
      },
      {
        key: 'type',
        width: 80,
        render: (r, ctx) => <Tag color={TYPE_COLORS[r.type]}>{ctx.t(TYPE_KEYS[r.type])}</Tag>,
      },
      { key: 'sort', width: 70 },
      { key: 'permission', width: 190, kind: 'ellipsis' },
      { key: 'path', width: 110, kind: 'ellipsis' },
      { key: 'component', width: 190, kind: 'ellipsis' },
      { key: 'iFrame', width: 80, kind: 'bool' },
      { key: 'cache', width: 70, kind: 'bool' },
      {
        key: 'hidden',
        titleKey: 'admin.menu.visible',
        width: 70,
        render: (r, ctx) => ctx.t(r.hidden ? 'common.no' : 'common.yes'),
      },
      { key: 'createTime', width: 170, kind: 'datetime' },
    ],
    permissions: {
      add: { permission: ['menu:add'] },
      edit: { permission: ['menu:edit'] },
      del: { permission: ['menu:del'] },
    },
    form: {
      mode: 'modal',
      width: 680,
      fields: [
        {
          name: 'type',
          type: 'radio',
          required: true,
          initial: 1,
          options: (ctx) => TYPE_KEYS.map((k, i) => ({ value: i, label: ctx.t(k) })),
        },
        {
          name: 'icon',
          type: 'custom',
          when: notButton,
          render: (ctx, props) => (
            <Select
              {...props}
              allowClear
              showSearch
              placeholder={ctx.t('admin.menu.icon')}
              options={ICON_NAMES.map((n) => ({
                value: n,
                label: (
                  <Space size={6}>
                    {menuIcon(n)}
                    {n}
                  </Space>
                ),
              }))}
            />
          ),
        },
        { name: 'title', required: true, half: true, max: 100 },
        { name: 'enTitle', half: true, max: 100 },
        { name: 'path', half: true, when: notButton, required: true, max: 255 },
        { name: 'sort', type: 'number', half: true, min: 0, initial: 999 },
        {
          name: 'componentName',
          half: true,
          when: (v) => v.type === 1,
        },
        { name: 'component', half: true, when: (v) => v.type === 1 },
        { name: 'permission', when: (v) => v.type !== 0, max: 255 },
        {
          name: 'pid',
          type: 'treeSelect',
          treeData: (ctx) => menuTreeOptions(all, ctx.lang, false),
        },
        {
          name: 'iFrame',
          type: 'switch',
          half: true,
          initial: false,
          when: notButton,
        },
        {
          name: 'cache',
          type: 'switch',
          half: true,
          initial: true,
          when: (v) => v.type === 1,
        },
        {
          name: 'hidden',
          type: 'switch',
          half: true,
          initial: false,
          when: notButton,
        },
      ],
      toValues: (r) => ({
        type: r.type,
        title: r.title,
        enTitle: r.enTitle ?? undefined,
        icon: r.icon ?? undefined,
        path: r.path ?? undefined,
        componentName: r.componentName ?? undefined,
        component: r.component ?? undefined,
        permission: r.permission ?? undefined,
        sort: r.sort,
        pid: r.pid,
        iFrame: r.iFrame,
        cache: r.cache,
        hidden: r.hidden,
      }),
      toBody: (v) => ({ ...v, pid: v.pid ?? null }),
    },
  };
}
