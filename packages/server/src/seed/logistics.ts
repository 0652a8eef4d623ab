// Seed step 7: the logistics tracking menu, its function buttons and who gets them, the
// abnormal-record dictionaries, and the "back to supplier" logistics status on installations seeded
// before it existed.
import { abnormalStatusLabels, abnormalTypes, logisticsLabels } from '@tradelane/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { dictDetails, dicts } from '../db/schema.ts';
import type { MenuSeed } from './menus.ts';
import { button, type DictSeed, labelEntries, seedDomainReference } from './reference.ts';

export const logisticsMenus: MenuSeed[] = [
  {
    key: 'logistics',
    title: '物流管理',
    enTitle: 'Logistics',
    type: 0,
    path: 'logistics',
    icon: 'truck',
    sort: 27,
    children: [
      {
        key: 'accessoryInfo:list',
        title: '物流跟踪',
        enTitle: 'Logistics tracking',
        type: 1,
        path: 'index',
        component: 'logistics/index',
        componentName: 'Logistics',
        permission: 'accessoryInfo:list',
        icon: 'truck',
        sort: 1,
        children: [
          button('logistics:load', '装车', 'Load vehicles', 1),
          button('logistics:ship', '发运', 'Ship', 2),
          button('container:list', '集装箱查看', 'View containers', 3),
          button('container:stuff', '装集装箱', 'Stuff containers', 4),
          button('logistics:vessel', '船运（装船、卸船、拆箱）', 'Sea leg (on board, unload, unpack)', 5),
          button('logistics:deliver', '送达', 'Deliver', 6),
          button('logistics:receive', '收货与签收', 'Receive and sign', 7),
          button('abnormalRecord:list', '异常查看', 'View abnormalities', 8),
          button('abnormalRecord:add', '登记异常', 'Raise abnormality', 9),
          button('abnormalRecord:resolve', '处理异常', 'Resolve abnormality', 10),
        ],
      },
    ],
  },
];

export const logisticsRoleMenus: Record<string, string[]> = {
  shipper: [
    'logistics',
    'accessoryInfo:list',
    'container:list',
    'logistics:deliver',
    'logistics:receive',
    'abnormalRecord:list',
    'abnormalRecord:add',
    'abnormalRecord:resolve',
  ],
  supplier: [
    'logistics',
    'accessoryInfo:list',
    'logistics:load',
    'logistics:ship',
    'abnormalRecord:list',
    'abnormalRecord:add',
  ],
  logistics: [
    'logistics',
    'accessoryInfo:list',
    'logistics:load',
    'logistics:ship',
    'container:list',
    'container:stuff',
    'logistics:vessel',
    'logistics:deliver',
    'abnormalRecord:list',
    'abnormalRecord:add',
  ],
};

const logisticsDictionaries: DictSeed[] = [
  {
    name: 'abnormal_type',
    description: '异常类型 / abnormality type',
    entries: abnormalTypes.map((a) => [a.code, a.zh, a.en]),
  },
  {
    name: 'abnormal_status',
    description: '异常状态 / abnormality status',
    entries: labelEntries(abnormalStatusLabels),
  },
];

export async function seedLogisticsReference(db: Db) {
  await seedDomainReference(db, {
    menus: logisticsMenus,
    roleMenus: logisticsRoleMenus,
    dictionaries: logisticsDictionaries,
  });
  // Installations seeded before "back to supplier" existed get its entry.
  const [dict] = await db.select().from(dicts).where(eq(dicts.name, 'logistics_status'));
  if (!dict) return;
  const [has] = await db
    .select({ id: dictDetails.id })
    .from(dictDetails)
    .where(and(eq(dictDetails.dictId, dict.id), eq(dictDetails.value, '11')));
  if (!has)
    await db.insert(dictDetails).values({
      dictId: dict.id,
      value: '11',
      label: logisticsLabels[11]?.zh ?? '',
      enLabel: logisticsLabels[11]?.en ?? '',
      dictSort: 12,
      createBy: 'system',
    });
}
