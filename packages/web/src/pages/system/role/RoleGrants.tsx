// A role's menus (checkable tree, PUT roles/menu) and functions (grouped by end and menu,
// POST sysRolesFunction/buildSysRoleFunction).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Empty,
  Space,
  Spin,
  Tabs,
  Tree,
  type TreeDataNode,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../access/permissions.ts';
import { useSubmit } from '../../../api/use-submit.ts';
import type { TreeOption } from '../../../components/resource/types.ts';
import { dictOptions, useDictMap } from '../../../components/resource/use-dicts.ts';
import { currentLang, pick } from '../../../i18n/index.ts';
import { useSession } from '../../../stores/session.ts';
import { adminApi, type FunctionGroup, type RoleRow } from '../admin-api.ts';
import { menuTreeOptions, roleName, useAllMenus } from '../lookups.ts';
import { toggleGrant } from './grant-tree.ts';

/** The ids a grants tab has ticked (from the role's, again when they change) and the save of them. */
function useGrants(
  role: RoleRow,
  initial: number[],
  editable: boolean,
  write: (roleId: number, ids: number[]) => Promise<unknown>,
) {
  const qc = useQueryClient();
  const [checked, setChecked] = useState(new Set(initial));
  const { run: save, busy: saving } = useSubmit(() => write(role.id, [...checked]), {
    success: 'admin.common.saved',
    onDone: () => qc.invalidateQueries({ queryKey: ['roleDetail', role.id] }),
  });
  useEffect(() => setChecked(new Set(initial)), [initial]);
  return { checked, setChecked, bar: { count: checked.size, editable, saving, onSave: () => void save() } };
}

/** What a grants tab has ticked, and its save button where the role may be edited. */
function GrantsToolbar(p: {
  count: number;
  editable: boolean;
  saving: boolean;
  onSave: () => void;
  testId: string;
  labelKey: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="rp-toolbar">
      <Typography.Text type="secondary">
        {t('admin.common.selectedCount', { count: p.count })}
      </Typography.Text>
      {p.editable && (
        <Button type="primary" loading={p.saving} onClick={p.onSave} data-testid={p.testId}>
          {t(p.labelKey)}
        </Button>
      )}
    </div>
  );
}

function MenuGrants({ role, initial, editable }: { role: RoleRow; initial: number[]; editable: boolean }) {
  const menus = useAllMenus();
  const { checked, setChecked, bar } = useGrants(role, initial, editable, adminApi.setRoleMenus);
  const tree = useMemo(() => menuTreeOptions(menus, currentLang()), [menus]);
  if (!menus.length) return <Spin />;
  return (
    <>
      <GrantsToolbar {...bar} testId="save-menus" labelKey="admin.role.saveMenus" />
      <Tree
        checkable
        checkStrictly
        defaultExpandAll
        disabled={!editable}
        checkedKeys={[...checked]}
        treeData={tree.map(function conv(n: TreeOption): TreeDataNode {
          return { key: n.value, title: n.title, children: n.children?.map(conv) };
        })}
        onCheck={(_, info) => setChecked((c) => toggleGrant(menus, c, Number(info.node.key), info.checked))}
        style={{ maxHeight: 520, overflow: 'auto' }}
      />
    </>
  );
}

function FunctionGrants({
  role,
  initial,
  editable,
}: {
  role: RoleRow;
  initial: number[];
  editable: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const ends = dictOptions(useDictMap(['account_end']).account_end, lang);
  const catalogue = useQuery({
    queryKey: ['functionCatalogue', 'admin'],
    queryFn: adminApi.functionCatalogue,
  });
  const { checked, setChecked, bar } = useGrants(role, initial, editable, adminApi.setRoleFunctions);
  const byEnd = useMemo(() => {
    const m = new Map<number, FunctionGroup[]>();
    for (const g of catalogue.data ?? []) m.set(g.belongEnd, [...(m.get(g.belongEnd) ?? []), g]);
    return [...m.entries()];
  }, [catalogue.data]);
  if (catalogue.isLoading) return <Spin />;
  if (!byEnd.length) return <Empty description={t('admin.role.noFunctions')} />;
  const set = (ids: number[], on: boolean) =>
    setChecked((c) => {
      const n = new Set(c);
      for (const id of ids)
        if (on) n.add(id);
        else n.delete(id);
      return n;
    });
  return (
    <>
      <GrantsToolbar {...bar} testId="save-functions" labelKey="admin.role.saveFunctions" />
      {byEnd.map(([end, groups]) => (
        <div key={end} style={{ marginBottom: 12 }}>
          <Typography.Title level={5} style={{ margin: '4px 0 8px' }}>
            {ends.find((e) => e.value === String(end))?.label ?? String(end)}
          </Typography.Title>
          {groups.map((g) => {
            const ids = g.functions.map((f) => f.id);
            const all = ids.every((id) => checked.has(id));
            const some = ids.some((id) => checked.has(id));
            return (
              <div
                key={`${g.belongMenu}-${g.menuId}`}
                className="role-fn-group"
                data-testid={`fn-group-${g.menuId}`}
              >
                <Checkbox
                  checked={all}
                  indeterminate={some && !all}
                  disabled={!editable}
                  onChange={(e) => set(ids, e.target.checked)}
                >
                  <b>{pick(lang, g.menuTitle, g.menuEnTitle)}</b>
                  {g.belongMenu && g.belongMenu !== g.menuTitle && (
                    <Typography.Text type="secondary"> · {g.belongMenu}</Typography.Text>
                  )}
                </Checkbox>
                <Space wrap size={[12, 4]} style={{ paddingLeft: 24 }}>
                  {g.functions.map((f) => (
                    <Checkbox
                      key={f.id}
                      checked={checked.has(f.id)}
                      disabled={!editable}
                      onChange={(e) => set([f.id], e.target.checked)}
                    >
                      {pick(lang, f.description, f.enDescription) || f.functionName}
                    </Checkbox>
                  ))}
                </Space>
              </div>
            );
          })}
        </div>
      ))}
    </>
  );
}

export function RoleGrants({ role }: { role: RoleRow | null }) {
  const { t } = useTranslation();
  const roles = useSession((s) => s.roles);
  const can = useCan();
  const detail = useQuery({
    queryKey: ['roleDetail', role?.id],
    queryFn: () => adminApi.role(role?.id ?? 0),
    enabled: Boolean(role),
  });
  if (!role)
    return (
      <Card variant="borderless">
        <Empty description={t('admin.role.pickRole')} />
      </Card>
    );
  const isAdmin = roles.includes('admin');
  const templateLocked = role.tenantId === null && !isAdmin;
  const editable = !templateLocked && can({ permission: ['roles:edit'] });
  const canMenus = isAdmin || roles.includes('menu:list');
  const items = [
    ...(canMenus
      ? [
          {
            key: 'menus',
            label: t('admin.role.menus'),
            children: detail.data ? (
              <MenuGrants role={role} initial={detail.data.menus} editable={editable} />
            ) : (
              <Spin />
            ),
          },
        ]
      : []),
    {
      key: 'functions',
      label: t('admin.role.functions'),
      children: detail.data ? (
        <FunctionGrants role={role} initial={detail.data.functions} editable={editable} />
      ) : (
        <Spin />
      ),
    },
  ];
  return (
    <Card
      variant="borderless"
      title={t('admin.role.grantsOf', { name: roleName(role, t) })}
      data-testid="role-grants"
    >
      {templateLocked && (
        <Alert type="info" showIcon title={t('admin.role.cannotEdit')} style={{ marginBottom: 12 }} />
      )}
      <Tabs items={items} />
    </Card>
  );
}
