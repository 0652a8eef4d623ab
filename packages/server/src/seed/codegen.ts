// Seed step 33: the code generator under the tools directory, platform administrators only.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { menus } from '../db/schema.ts';
import type { MenuSeed } from './menus.ts';
import { button, grantMenusToRole, insertMenus } from './reference.ts';

const generatorMenu: MenuSeed = {
  key: 'generator:list',
  title: '代码生成',
  enTitle: 'Code generation',
  type: 1,
  path: 'generator',
  component: 'tools/generator/index',
  componentName: 'GeneratorIndex',
  permission: 'generator:list',
  icon: 'code',
  sort: 14,
  children: [button('generator:edit', '生成配置', 'Generator settings', 1)],
};

export async function seedCodegen(db: Db) {
  const [tools] = await db.select({ id: menus.id }).from(menus).where(eq(menus.menuKey, 'tools'));
  await insertMenus(db, [generatorMenu], tools?.id ?? null, '工具箱');
  await grantMenusToRole(db, 'admin', ['generator:list', 'generator:edit']);
}
