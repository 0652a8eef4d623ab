// Seed step 45: the control tower's buttons under the batch workbench — read a batch's plan
// (every party of the batch), edit it and save its baseline (the shipper) — and the daily re-projection
// of batches whose planned date passed with no event.
import { P } from '@tradelane/contract';
import { Cron } from 'croner';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { menus } from '../db/schema.ts';
import { jobs } from '../db/schema-jobs.ts';
import type { MenuSeed } from './menus.ts';
import { button, grantMenusToRole, insertMenus } from './reference.ts';

const readKeys = [P.plan.list, P.exception.list, P.exception.add, P.exception.resolve];
const shipperKeys = [...readKeys, P.plan.edit, P.exception.assign];

/** A seeded menu by its key (the parent a later step adds pages under). */
async function menuByKey(db: Db, key: string) {
  const [menu] = await db
    .select({ id: menus.id, title: menus.title })
    .from(menus)
    .where(eq(menus.menuKey, key));
  return menu;
}

export async function seedTowerReference(db: Db) {
  const batch = await menuByKey(db, P.projectBatch.list);
  if (batch)
    await insertMenus(
      db,
      [
        button(P.plan.list, '批次计划查看', 'View batch plan', 10),
        button(P.plan.edit, '批次计划编辑', 'Edit batch plan', 11),
        button(P.exception.list, '异常查看', 'View exceptions', 12),
        button(P.exception.add, '异常登记', 'Raise exception', 13),
        button(P.exception.assign, '异常指派', 'Assign exception', 14),
        button(P.exception.resolve, '异常解决', 'Resolve exception', 15),
      ],
      batch.id,
      batch.title,
    );
  await grantMenusToRole(db, 'admin', shipperKeys);
  await grantMenusToRole(db, 'shipper', shipperKeys);
  for (const role of ['supplier', 'logistics']) await grantMenusToRole(db, role, readKeys);
  const cron = '30 0 * * *';
  await db.insert(jobs).values({
    name: '控制塔重新推算 / Control tower re-projection',
    handler: 'towerReproject',
    cron,
    status: 1,
    nextRunAt: new Cron(cron, { paused: true }).nextRun() ?? null,
    createBy: 'system',
  });
}

/**
 * Seed step 46: the button that lets a company's administrator keep its webhooks (events pushed to its
 * own systems). Every template role a company's own account holds gets it: each side hears of its batches.
 */
export async function seedWebhookReference(db: Db) {
  const batch = await menuByKey(db, P.projectBatch.list);
  if (batch)
    await insertMenus(
      db,
      [button(P.webhook.edit, 'Webhook 管理', 'Manage webhooks', 16)],
      batch.id,
      batch.title,
    );
  for (const role of ['admin', 'shipper', 'supplier', 'logistics'])
    await grantMenusToRole(db, role, [P.webhook.edit]);
}

/**
 * Seed step 48: the control tower's own pages — the exception inbox (where its notices and to-dos lead) for
 * every side that sees exceptions, and the webhooks page for a company's administrator (the holders of the
 * webhooks button).
 */
export const towerMenus: MenuSeed[] = [
  {
    key: 'tower',
    title: '控制塔',
    enTitle: 'Control tower',
    type: 0,
    path: 'tower',
    icon: 'alert',
    sort: 12,
    children: [
      {
        key: 'tower:exceptions',
        title: '异常收件箱',
        enTitle: 'Exception inbox',
        type: 1,
        path: 'exceptions',
        component: 'tower/exceptions',
        componentName: 'TowerExceptions',
        permission: P.exception.list,
        icon: 'alert',
        sort: 1,
      },
      {
        key: 'tower:webhooks',
        title: 'Webhook 推送',
        enTitle: 'Webhooks',
        type: 1,
        path: 'webhooks',
        component: 'tower/webhooks',
        componentName: 'TowerWebhooks',
        permission: P.webhook.edit,
        icon: 'api',
        sort: 2,
      },
    ],
  },
];

export async function seedTowerPages(db: Db) {
  await insertMenus(db, towerMenus, null);
  for (const role of ['admin', 'shipper', 'supplier', 'logistics'])
    await grantMenusToRole(db, role, ['tower', 'tower:exceptions', 'tower:webhooks']);
}

/**
 * Seed step 49: the API tokens page in the System menu, with its issue and revoke buttons, for each
 * company's own account (the administrator who connects the company's systems) and the platform admin.
 */
export async function seedApiTokenReference(db: Db) {
  const system = await menuByKey(db, 'system');
  if (system)
    await insertMenus(
      db,
      [
        {
          key: P.apiToken.list,
          title: 'API 令牌',
          enTitle: 'API tokens',
          type: 1,
          path: 'apiTokens',
          component: 'system/api-tokens/index',
          componentName: 'ApiTokens',
          permission: P.apiToken.list,
          icon: 'key',
          sort: 9,
          children: [
            button(P.apiToken.add, '签发令牌', 'Issue tokens', 1),
            button(P.apiToken.del, '吊销令牌', 'Revoke tokens', 2),
          ],
        },
      ],
      system.id,
      system.title,
    );
  const keys = [P.apiToken.list, P.apiToken.add, P.apiToken.del];
  for (const role of ['admin', 'shipper', 'supplier', 'logistics']) await grantMenusToRole(db, role, keys);
}

/**
 * Seed step 50: the on-time-in-full page in the control tower, for every side that reads plans (the
 * shipper reads its partners, a partner itself).
 */
export async function seedOtifPage(db: Db) {
  const tower = await menuByKey(db, 'tower');
  if (!tower) return;
  await insertMenus(
    db,
    [
      {
        key: 'tower:otif',
        title: '准时足量 (OTIF)',
        enTitle: 'On time in full',
        type: 1,
        path: 'otif',
        component: 'tower/otif',
        componentName: 'TowerOtif',
        permission: P.plan.list,
        icon: 'chart',
        sort: 3,
      },
    ],
    tower.id,
    tower.title,
  );
  for (const role of ['admin', 'shipper', 'supplier', 'logistics'])
    await grantMenusToRole(db, role, ['tower:otif']);
}

/**
 * Seed step 51: the lane defaults page in the control tower (planned days of each leg per port pair), for
 * the sides that plan legs: the shipper and its logistics providers.
 */
export async function seedLanePage(db: Db) {
  const tower = await menuByKey(db, 'tower');
  if (!tower) return;
  await insertMenus(
    db,
    [
      {
        key: 'tower:lanes',
        title: '航线默认工期',
        enTitle: 'Lane defaults',
        type: 1,
        path: 'lanes',
        component: 'tower/lanes',
        componentName: 'TowerLanes',
        permission: P.laneDefault.list,
        icon: 'international',
        sort: 4,
        children: [
          button(P.laneDefault.add, '新增航线工期', 'Add lane defaults', 1),
          button(P.laneDefault.edit, '编辑航线工期', 'Edit lane defaults', 2),
          button(P.laneDefault.del, '删除航线工期', 'Delete lane defaults', 3),
        ],
      },
    ],
    tower.id,
    tower.title,
  );
  const keys = ['tower:lanes', P.laneDefault.list, P.laneDefault.add, P.laneDefault.edit, P.laneDefault.del];
  for (const role of ['admin', 'shipper', 'logistics']) await grantMenusToRole(db, role, keys);
}
