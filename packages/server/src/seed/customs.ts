// Seed step 14: the customs declaration workbench and the exchange-rate table. The logistics
// provider (customs broker) prepares declarations; the shipper's reviewer approves them; the platform
// administrator maintains the exchange rates.
import { clearanceStatusLabels, declareStatusLabels, tradeModes, transportModes } from '@tradelane/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { menus } from '../db/schema.ts';
import { seedCustomsCodes } from '../modules/customs/codes.ts';
import type { MenuSeed } from './menus.ts';
import { button, grantMenusToRole, insertMenus, labelEntries, seedDomainReference } from './reference.ts';

export const customsMenus: MenuSeed[] = [
  {
    key: 'customs',
    title: '报关管理',
    enTitle: 'Customs',
    type: 0,
    path: 'customs',
    icon: 'documentation',
    sort: 30,
    children: [
      {
        key: 'customs:list',
        title: '报关工作台',
        enTitle: 'Declaration workbench',
        type: 1,
        path: 'index',
        component: 'customs/index',
        componentName: 'Customs',
        permission: 'customs:list',
        icon: 'documentation',
        sort: 1,
        children: [
          button('customs:edit', '编制报关单', 'Prepare declarations', 1),
          button('customs:approve', '审核报关单', 'Review declarations', 2),
        ],
      },
      {
        key: 'exchangeRate:list',
        title: '汇率表',
        enTitle: 'Exchange rates',
        type: 1,
        path: 'rates',
        component: 'customs/rates',
        componentName: 'ExchangeRates',
        icon: 'money',
        sort: 2,
        children: [button('exchangeRate:edit', '维护汇率', 'Maintain exchange rates', 1)],
      },
    ],
  },
];

export const seedCustoms = (db: Db) =>
  seedDomainReference(db, {
    menus: customsMenus,
    roleMenus: {
      shipper: ['customs', 'customs:list', 'customs:approve', 'exchangeRate:list'],
      logistics: ['customs', 'customs:list', 'customs:edit', 'exchangeRate:list'],
    },
    dictionaries: [
      {
        name: 'declare_status',
        description: '报关单状态 / declaration status',
        entries: labelEntries(declareStatusLabels),
      },
      {
        name: 'clearance_status',
        description: '清关进度 / clearance progress',
        entries: labelEntries(clearanceStatusLabels),
      },
      {
        name: 'trade_mode',
        description: '监管方式 / trade mode',
        entries: tradeModes.map((t) => [t.code, `${t.code} ${t.zh}`, `${t.code} ${t.en}`]),
      },
      {
        name: 'transport_mode',
        description: '运输方式 / transport mode',
        entries: transportModes.map((t) => [t.code, t.zh, t.en]),
      },
    ],
  });

/** The code tables' page under the customs menu: everyone reads the tables; the administrator keeps them. */
const customsCodesMenu: MenuSeed = {
  key: 'customsCode:list',
  title: '海关代码表',
  enTitle: 'Customs code tables',
  type: 1,
  path: 'codes',
  component: 'customs/codes',
  componentName: 'CustomsCodes',
  icon: 'book',
  sort: 3,
};

/** Seed step 12: China customs' code tables and their page (an installation past step 5 gets both). */
export async function seedCustomsCodeTables(db: Db) {
  await seedCustomsCodes(db);
  const [parent] = await db.select({ id: menus.id }).from(menus).where(eq(menus.menuKey, 'customs'));
  if (!parent) return;
  await insertMenus(db, [customsCodesMenu], parent.id, '报关管理');
  for (const role of ['admin', 'shipper', 'logistics'])
    await grantMenusToRole(db, role, [customsCodesMenu.key]);
}
