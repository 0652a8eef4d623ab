// A user's login attempts, newest first, for the personal centre: the auth module records them.
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema.ts';

/** A page of the user's login attempts, the latest first, and how many there are. */
export async function loginHistory(db: Db, userId: number, page: number, size: number) {
  const where = eq(loginAttempts.userId, userId);
  const rows = await db
    .select({
      createTime: loginAttempts.createTime,
      ip: loginAttempts.ip,
      browser: loginAttempts.browser,
      success: loginAttempts.success,
      reason: loginAttempts.reason,
    })
    .from(loginAttempts)
    .where(where)
    .orderBy(desc(loginAttempts.createTime))
    .limit(size)
    .offset(page * size);
  const [total] = await db.select({ n: count() }).from(loginAttempts).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}
