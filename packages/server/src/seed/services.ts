// Seed step: the payment tool (platform administrators only), and the weather and translation
// pages under the tools directory for every template role; the service settings button is the admin's.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { menus } from '../db/schema.ts';
import type { MenuSeed } from './menus.ts';
import { button, grantMenusToRole, insertMenus } from './reference.ts';

const serviceMenus: MenuSeed[] = [
  {
    key: 'aliPay:list',
    title: '支付工具',
    enTitle: 'Payment tool',
    type: 1,
    path: 'aliPay',
    component: 'tools/aliPay/index',
    componentName: 'AliPay',
    permission: 'aliPay:list',
    icon: 'finance',
    sort: 13,
    children: [button('aliPay:edit', '支付设置与测试支付', 'Payment settings and test payment', 1)],
  },
  {
    key: 'weather:use',
    title: '天气',
    enTitle: 'Weather',
    type: 1,
    path: 'weather',
    component: 'tools/weather/index',
    componentName: 'Weather',
    permission: 'weather:use',
    icon: 'international',
    sort: 14,
    children: [button('services:edit', '翻译与天气服务设置', 'Translation and weather settings', 1)],
  },
  {
    key: 'translate:use',
    title: '翻译',
    enTitle: 'Translation',
    type: 1,
    path: 'translate',
    component: 'tools/translate/index',
    componentName: 'Translate',
    permission: 'translate:use',
    icon: 'message',
    sort: 15,
  },
];

export async function seedServices(db: Db) {
  const [tools] = await db.select({ id: menus.id }).from(menus).where(eq(menus.menuKey, 'tools'));
  await insertMenus(db, serviceMenus, tools?.id ?? null, '工具箱');
  await grantMenusToRole(db, 'admin', [
    'aliPay:list',
    'aliPay:edit',
    'weather:use',
    'services:edit',
    'translate:use',
  ]);
  for (const role of ['shipper', 'supplier', 'logistics'])
    await grantMenusToRole(db, role, ['weather:use', 'translate:use']);
}
