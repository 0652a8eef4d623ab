// Seed step 8: the scheduled-jobs page under the tools directory (platform administrators
// only), and the jobs that used to be timers in the server: housekeeping hourly, trial reminders every
// morning, notification retries every minute.
import { Cron } from 'croner';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { menus } from '../db/schema.ts';
import { jobs } from '../db/schema-jobs.ts';
import type { MenuSeed } from './menus.ts';
import { button, grantMenusToRole, insertMenus } from './reference.ts';

const timingMenu: MenuSeed = {
  key: 'timing:list',
  title: '定时任务',
  enTitle: 'Scheduled jobs',
  type: 1,
  path: 'timing',
  component: 'system/timing/index',
  componentName: 'Timing',
  permission: 'timing:list',
  icon: 'clock',
  sort: 10,
  children: [
    button('timing:add', '任务新增', 'Add job', 1),
    button('timing:edit', '任务编辑与运行', 'Edit and run jobs', 2),
    button('timing:del', '任务删除', 'Delete job', 3),
  ],
};

const defaults = [
  { name: '清理过期数据 / Housekeeping', handler: 'janitor', cron: '0 * * * *' },
  { name: '试用到期提醒 / Trial reminders', handler: 'trialReminder', cron: '0 9 * * *' },
  { name: '通知投递重试 / Notification retries', handler: 'outboxRetry', cron: '* * * * *' },
];

export async function seedJobs(db: Db) {
  const [tools] = await db.select({ id: menus.id }).from(menus).where(eq(menus.menuKey, 'tools'));
  await insertMenus(db, [timingMenu], tools?.id ?? null, '工具箱');
  await grantMenusToRole(db, 'admin', ['timing:list', 'timing:add', 'timing:edit', 'timing:del']);
  await db.insert(jobs).values(
    defaults.map((j) => ({
      ...j,
      status: 1,
      nextRunAt: new Cron(j.cron, { paused: true }).nextRun() ?? null,
      createBy: 'system',
    })),
  );
}

const mailMenu: MenuSeed = {
  key: 'email:list',
  title: '邮件工具',
  enTitle: 'Mail',
  type: 1,
  path: 'email',
  component: 'tools/email/index',
  componentName: 'Email',
  permission: 'email:list',
  icon: 'mail',
  sort: 11,
  children: [button('email:edit', '邮件设置与发送', 'Mail settings and test mail', 1)],
};

/** Seed step 10: the mail tool under the tools directory, platform administrators only. */
export async function seedMailTool(db: Db) {
  const [tools] = await db.select({ id: menus.id }).from(menus).where(eq(menus.menuKey, 'tools'));
  await insertMenus(db, [mailMenu], tools?.id ?? null, '工具箱');
  await grantMenusToRole(db, 'admin', ['email:list', 'email:edit']);
}

const storageMenu: MenuSeed = {
  key: 'storage:list',
  title: '存储管理',
  enTitle: 'Storage',
  type: 1,
  path: 'storage',
  component: 'tools/storage/index',
  componentName: 'Storage',
  permission: 'storage:list',
  icon: 'cloud',
  sort: 12,
};

/** Seed step 11: the storage tool under the tools directory, platform administrators only. */
export async function seedStorageTool(db: Db) {
  const [tools] = await db.select({ id: menus.id }).from(menus).where(eq(menus.menuKey, 'tools'));
  await insertMenus(db, [storageMenu], tools?.id ?? null, '工具箱');
  await grantMenusToRole(db, 'admin', ['storage:list']);
}
