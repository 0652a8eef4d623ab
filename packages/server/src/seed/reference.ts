// Reference data every installation needs: menus, template roles, function permissions, dictionaries.
import {
  certificationStatusLabels,
  documentStatusLabels,
  feedbackStatusLabels,
  logisticsStatusLabels,
  type Permission,
} from '@tradelane/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  dictDetails,
  dicts,
  functionPermissions,
  menus,
  roles,
  rolesMenus,
  sysRolesFunction,
} from '../db/schema.ts';
import { adminMenus, type MenuSeed, templateRoleMenus } from './menus.ts';

export async function insertMenus(db: Db, seeds: MenuSeed[], pid: number | null, belongMenu?: string) {
  for (const m of seeds) {
    const [row] = await db
      .insert(menus)
      .values({
        menuKey: m.key,
        pid,
        type: m.type,
        title: m.title,
        enTitle: m.enTitle,
        path: m.path,
        component: m.component,
        componentName: m.componentName,
        permission: m.permission,
        icon: m.icon,
        sort: m.sort,
        hidden: m.hidden ?? false,
        cache: m.cache ?? true,
        createBy: 'system',
      })
      .returning({ id: menus.id });
    for (const f of m.functions ?? []) {
      await db.insert(functionPermissions).values({
        menuId: row.id,
        functionName: f.name,
        description: f.zh,
        enDescription: f.en,
        belongEnd: f.end,
        belongMenu: belongMenu ?? m.title,
        createBy: 'system',
      });
    }
    if (m.children) await insertMenus(db, m.children, row.id, m.title);
  }
}

export async function grantMenusToRole(db: Db, roleCode: string, keys: string[]) {
  if (!keys.length) return;
  const [role] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.code, roleCode), isNull(roles.tenantId)));
  if (role) await grantMenus(db, role.id, keys);
}

/** Grants a role (template or a tenant's own) the menus named by key, with their functions. */
export async function grantMenus(db: Db, roleId: number, keys: string[]) {
  if (!keys.length) return;
  const rows = await db.select({ id: menus.id }).from(menus).where(inArray(menus.menuKey, keys));
  if (rows.length) {
    await db
      .insert(rolesMenus)
      .values(rows.map((r) => ({ roleId, menuId: r.id })))
      .onConflictDoNothing();
    // The role also gets every function offered on those menus.
    const fps = await db
      .select({ id: functionPermissions.id })
      .from(functionPermissions)
      .where(
        inArray(
          functionPermissions.menuId,
          rows.map((r) => r.id),
        ),
      );
    if (fps.length) {
      await db
        .insert(sysRolesFunction)
        .values(fps.map((f) => ({ roleId, functionPermissionId: f.id, createBy: 'system' })))
        .onConflictDoNothing();
    }
  }
}

const templateRoles = [
  { code: 'admin', name: '超级管理员', description: 'Platform administrator', level: 1 },
  { code: 'shipper', name: '货主管理员', description: 'Shipper administrator', level: 2 },
  { code: 'supplier', name: '供应商管理员', description: 'Supplier administrator', level: 2 },
  { code: 'logistics', name: '物流商管理员', description: 'Logistics provider administrator', level: 2 },
  { code: 'default', name: '默认角色', description: 'Default role', level: 3 },
];

export const LOGISTICS_STATUSES: [string, string, string][] = Object.entries(logisticsStatusLabels).map(
  ([value, l]) => [value, l.zh, l.en],
);

/** A function button (menu type 2) under a page: its key is its permission. */
export const button = (permission: Permission, title: string, enTitle: string, sort: number): MenuSeed => ({
  key: permission,
  title,
  enTitle,
  type: 2,
  permission,
  sort,
});

const allKeys = (m: MenuSeed): string[] => [m.key, ...(m.children ?? []).flatMap(allKeys)];

/**
 * A domain's reference data: its menus (every one granted to the platform admin role), the menus each
 * template role gets, and its dictionaries.
 */
export async function seedDomainReference(
  db: Db,
  seed: { menus: MenuSeed[]; roleMenus: Record<string, string[]>; dictionaries: DictSeed[] },
) {
  await insertMenus(db, seed.menus, null);
  await grantMenusToRole(db, 'admin', seed.menus.flatMap(allKeys));
  for (const [code, keys] of Object.entries(seed.roleMenus)) await grantMenusToRole(db, code, keys);
  await insertDictionaries(db, seed.dictionaries);
}

/** A dictionary's entries from a state machine's labels. */
export const labelEntries = (m: Record<number, { zh: string; en: string }>): [string, string, string][] =>
  Object.entries(m).map(([v, l]) => [v, l.zh, l.en]);

/** A dictionary with its entries as [value, zh label, en label]. */
export interface DictSeed {
  name: string;
  description: string;
  entries: [string, string, string][];
}

/** Inserts dictionaries and their entries; one that already exists is left as it is. */
export async function insertDictionaries(db: Db, seeds: DictSeed[]) {
  for (const d of seeds) {
    const [dict] = await db
      .insert(dicts)
      .values({ name: d.name, description: d.description, createBy: 'system' })
      .onConflictDoNothing()
      .returning();
    if (!dict) continue;
    await db.insert(dictDetails).values(
      d.entries.map(([value, label, enLabel], i) => ({
        dictId: dict.id,
        value,
        label,
        enLabel,
        dictSort: i + 1,
        createBy: 'system',
      })),
    );
  }
}

const dictionaries: DictSeed[] = [
  {
    name: 'account_end',
    description: '账号端 / account end',
    entries: [
      ['0', '货主端', 'Shipper'],
      ['1', '供应商端', 'Supplier'],
      ['2', '物流商端', 'Logistics provider'],
      ['3', '其他', 'Other'],
      ['9', '平台', 'Platform'],
    ],
  },
  { name: 'logistics_status', description: '物流状态 / logistics status', entries: LOGISTICS_STATUSES },
  {
    name: 'document_status',
    description: '单证状态 / document status',
    entries: labelEntries(documentStatusLabels),
  },
  {
    name: 'message_status',
    description: '消息状态 / message status',
    entries: [
      ['0', '未读', 'Unread'],
      ['1', '已读', 'Read'],
    ],
  },
  {
    name: 'account_status',
    description: '账号状态 / account status',
    entries: [
      ['true', '正常', 'Normal'],
      ['false', '停用', 'Disabled'],
    ],
  },
  {
    name: 'tenant_checksatus',
    description: '企业认证状态 / certification status',
    entries: labelEntries(certificationStatusLabels),
  },
  {
    name: 'feedback_status',
    description: '反馈状态 / feedback status',
    entries: labelEntries(feedbackStatusLabels),
  },
  {
    name: 'divide_status',
    description: '分票状态 / division status',
    entries: [
      ['0', '未分票', 'Undivided'],
      ['1', '已分票', 'Divided'],
    ],
  },
];

export async function seedReference(db: Db) {
  for (const r of templateRoles) {
    await db.insert(roles).values({
      ...r,
      tenantId: null,
      dataScope: 'all',
      isDefault: r.code === 'default',
      createBy: 'system',
    });
  }
  await insertMenus(db, adminMenus, null);
  const all = await db.select({ key: menus.menuKey }).from(menus);
  await grantMenusToRole(db, 'admin', all.map((m) => m.key ?? '').filter(Boolean));
  for (const [code, keys] of Object.entries(templateRoleMenus)) await grantMenusToRole(db, code, keys);
  await insertDictionaries(db, dictionaries);
}
