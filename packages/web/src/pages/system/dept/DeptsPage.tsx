import { useMemo } from 'react';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import type { ResourceDecl } from '../../../components/resource/types.ts';
import { useSession } from '../../../stores/session.ts';
import { adminApi, type DeptRow } from '../admin-api.ts';
import { deptTreeOptions, useDepts, useTenants } from '../lookups.ts';
import { descendantIds, toTree } from '../tree.ts';

interface DeptValues {
  name: string;
  pid?: number | null;
  sort: number;
  enabled: boolean;
}

/** Departments as a tree: loaded at once, filtered by name on the client side of the tree. */
export default function DeptsPage() {
  const isAdmin = useSession((s) => s.roles.includes('admin'));
  const depts = useDepts();
  const tenants = useTenants();
  const decl = useMemo((): ResourceDecl<DeptRow, DeptValues> => {
    const tenantName = new Map(tenants.map((t) => [t.id, t.corporateName]));
    return {
      name: 'dept',
      exportable: true,
      deleteConfirmKey: 'admin.dept.deleteConfirm',
      filters: [
        { name: 'name', type: 'text' },
        { name: 'enabled', type: 'bool' },
      ],
      // The whole tree in one call; filters narrow it, matches keep their place under their parents.
      list: async (params) => {
        const page = await adminApi.depts();
        const name = typeof params.name === 'string' ? params.name.toLowerCase() : '';
        const enabled = params.enabled;
        const all = page.content;
        const hit = all.filter(
          (d) =>
            (!name || d.name.toLowerCase().includes(name)) &&
            (enabled === undefined || d.enabled === enabled),
        );
        const keep = new Set<number>();
        const byId = new Map(all.map((d) => [d.id, d]));
        for (const h of hit) {
          let cur: DeptRow | undefined = h;
          while (cur) {
            keep.add(cur.id);
            cur = cur.pid !== null ? byId.get(cur.pid) : undefined;
          }
        }
        const tree = toTree(all.filter((d) => keep.has(d.id)));
        return { content: tree, totalElements: tree.length };
      },
      pageSize: 100,
      columns: [
        { key: 'name', width: 260 },
        ...(isAdmin
          ? [
              {
                key: 'tenantId',
                width: 220,
                render: (r: DeptRow) => tenantName.get(r.tenantId ?? -1) ?? '-',
              },
            ]
          : []),
        { key: 'sort', width: 80 },
        { key: 'enabled', width: 100, kind: 'enabled' },
        { key: 'createTime', width: 170, kind: 'datetime' },
      ],
      permissions: {
        add: { permission: ['dept:add'], fn: 'add' },
        edit: { permission: ['dept:edit'], fn: 'edit' },
        del: { permission: ['dept:del'], fn: 'del' },
      },
      form: {
        mode: 'modal',
        fields: [
          { name: 'name', required: true, max: 100 },
          {
            name: 'pid',
            type: 'treeSelect',
            treeData: () => deptTreeOptions(depts, tenants),
          },
          { name: 'sort', type: 'number', min: 0, initial: 999, half: true },
          { name: 'enabled', type: 'switch', initial: true, half: true },
        ],
        toValues: (r) => ({ name: r.name, pid: r.pid, sort: r.sort, enabled: r.enabled }),
        toBody: (v, row) => {
          // A department cannot move under itself or its children.
          if (row && v.pid && descendantIds(depts, row.id).includes(v.pid)) return { ...v, pid: row.pid };
          return { ...v, pid: v.pid ?? null };
        },
      },
    };
  }, [depts, tenants, isAdmin]);
  return <ResourcePage decl={decl} titleKey="admin.dept.what" />;
}
