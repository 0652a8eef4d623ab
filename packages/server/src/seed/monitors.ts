// Seed step 9: the server and database monitors under system monitoring, platform
// administrators only (the database page is also reached by the spec's /druid/index.html).
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { menus } from '../db/schema.ts';
import type { MenuSeed } from './menus.ts';
import { grantMenusToRole, insertMenus } from './reference.ts';

const monitorMenus: MenuSeed[] = [
  {
    key: 'monitor:server',
    title: '服务监控',
    enTitle: 'Server monitor',
    type: 1,
    path: 'server',
    component: 'monitor/server/index',
    componentName: 'ServerMonitor',
    permission: 'monitor:server',
    icon: 'server',
    sort: 20,
  },
  {
    key: 'monitor:database',
    title: '数据库监控',
    enTitle: 'Database monitor',
    type: 1,
    path: 'druid',
    component: 'monitor/druid/index',
    componentName: 'DatabaseMonitor',
    permission: 'monitor:database',
    icon: 'database',
    sort: 21,
  },
];

export async function seedMonitors(db: Db) {
  const [parent] = await db.select({ id: menus.id }).from(menus).where(eq(menus.menuKey, 'monitor'));
  await insertMenus(db, monitorMenus, parent?.id ?? null, '系统监控');
  await grantMenusToRole(db, 'admin', ['monitor:server', 'monitor:database']);
}
