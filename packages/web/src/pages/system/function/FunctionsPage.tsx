import { useMemo } from 'react';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import type { ResourceDecl } from '../../../components/resource/types.ts';
import { currentLang, pick } from '../../../i18n/index.ts';
import type { FunctionRow } from '../admin-api.ts';
import { menuTreeOptions, useAllMenus } from '../lookups.ts';

interface FnValues {
  menuId: number;
  functionName: string;
  description?: string;
  enDescription?: string;
  belongEnd: number;
  belongMenu?: string;
}

/** Function permissions: menuId + functionName, listed grouped (sorted) by end and menu. */
export default function FunctionsPage() {
  const menus = useAllMenus();
  const decl = useMemo((): ResourceDecl<FunctionRow, FnValues> => {
    const byId = new Map(menus.map((m) => [m.id, m]));
    const menuTitle = (id: number) => {
      const m = byId.get(id);
      // Until the menus arrive the cell stays empty rather than showing a bare id.
      if (!m) return menus.length ? String(id) : '';
      return pick(currentLang(), m.title, m.enTitle);
    };
    // The group is stored as the menu directory's Chinese title; show that menu's title in the user's language.
    const byTitle = new Map(menus.map((m) => [m.title, m]));
    const groupTitle = (g: string | null | undefined) => {
      const m = g ? byTitle.get(g) : undefined;
      if (m) return pick(currentLang(), m.title, m.enTitle);
      // The stored title is Chinese: until the menus arrive it is not shown in another language.
      return menus.length || currentLang() === 'zh' ? (g ?? '-') : '';
    };
    return {
      name: 'functionPermission',
      defaultSort: 'belongEnd,asc',
      pageSize: 20,
      selectable: true,
      filters: [
        {
          name: 'belongEnd',
          type: 'dict',
          dict: 'account_end',
          valueType: 'number',
        },
        {
          name: 'menuId',
          type: 'select',
          valueType: 'number',
          width: 200,
          options: () =>
            menus.filter((m) => m.type === 1).map((m) => ({ value: m.id, label: menuTitle(m.id) })),
        },
        { name: 'functionName', type: 'text' },
      ],
      columns: [
        {
          key: 'belongEnd',
          width: 120,
          dict: 'account_end',
          kind: 'tag',
          sortable: true,
        },
        {
          key: 'belongMenu',
          width: 150,
          sortable: true,
          render: (r) => groupTitle(r.belongMenu),
        },
        { key: 'menuId', width: 150, render: (r) => menuTitle(r.menuId) },
        { key: 'functionName', width: 140, sortable: true },
        {
          key: 'description',
          width: 180,
          render: (r, ctx) => pick(ctx.lang, r.description, r.enDescription) || '-',
        },
        { key: 'createTime', width: 170, kind: 'datetime' },
      ],
      permissions: {
        add: { permission: ['functionPermission:add'] },
        edit: { permission: ['functionPermission:edit'] },
        del: { permission: ['functionPermission:del'] },
      },
      form: {
        mode: 'modal',
        fields: [
          {
            name: 'menuId',
            type: 'treeSelect',
            required: true,
            treeData: (ctx) => menuTreeOptions(menus, ctx.lang, false),
          },
          { name: 'functionName', required: true, max: 64, half: true },
          {
            name: 'belongEnd',
            type: 'select',
            dict: 'account_end',
            valueType: 'number',
            required: true,
            initial: 0,
            half: true,
          },
          { name: 'description', labelKey: 'admin.fn.description', max: 100, half: true },
          { name: 'enDescription', max: 100, half: true },
          { name: 'belongMenu', max: 100 },
        ],
        toValues: (r) => ({
          menuId: r.menuId,
          functionName: r.functionName,
          description: r.description ?? undefined,
          enDescription: r.enDescription ?? undefined,
          belongEnd: r.belongEnd,
          belongMenu: r.belongMenu ?? undefined,
        }),
        toBody: (v) => ({ ...v, belongMenu: v.belongMenu || byId.get(v.menuId)?.title || null }),
      },
    };
  }, [menus]);
  return <ResourcePage decl={decl} titleKey="admin.fn.what" />;
}
