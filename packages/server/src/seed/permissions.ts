// Seed step 41: the permissions of the contract's catalogue that no earlier step seeded —
// the feedback page's delete button (the feedback family and the web's delete button named
// 'feedback:del', but no menu carried it, so only platform administrators passed).
import { P } from '@tradelane/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { menus } from '../db/schema.ts';
import { button, grantMenusToRole, insertMenus } from './reference.ts';

export async function seedPermissionCatalogue(db: Db) {
  const [feedback] = await db
    .select({ id: menus.id, title: menus.title })
    .from(menus)
    .where(eq(menus.menuKey, P.feedback.list));
  if (!feedback) return;
  await insertMenus(
    db,
    [button(P.feedback.del, '反馈删除', 'Delete feedback', 2)],
    feedback.id,
    feedback.title,
  );
  await grantMenusToRole(db, 'admin', [P.feedback.del]);
}
