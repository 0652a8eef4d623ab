// Seed step 3: the tools directory with the 3D loading tool, for every template role.
import type { Db } from '../db/client.ts';
import type { MenuSeed } from './menus.ts';
import { grantMenusToRole, insertMenus } from './reference.ts';

export const toolMenus: MenuSeed[] = [
  {
    key: 'tools',
    title: '工具箱',
    enTitle: 'Tools',
    type: 0,
    path: 'tools',
    icon: 'tool',
    sort: 60,
    children: [
      {
        key: 'loadPlan:use',
        title: '3D装箱',
        enTitle: '3D loading',
        type: 1,
        path: 'loadplan',
        component: 'tools/loadplan/index',
        componentName: 'LoadPlan',
        permission: 'loadPlan:use',
        icon: 'box',
        sort: 1,
      },
    ],
  },
];

export async function seedTools(db: Db) {
  await insertMenus(db, toolMenus, null);
  for (const role of ['admin', 'shipper', 'supplier', 'logistics'])
    await grantMenusToRole(db, role, ['tools', 'loadPlan:use']);
}
