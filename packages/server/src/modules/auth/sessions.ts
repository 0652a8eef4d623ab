// Sessions end in one place: revoked here, and the browsers that held them are told ("kicked") through
// the outbox once the revocation commits. The live ones are listed here for the admin's online users.
import { and, count, desc, eq, gt, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, tenants, users } from '../../db/schema.ts';
import { push } from '../../workflow/notify.ts';

export interface WhichSessions {
  userId?: number;
  sessionId?: number;
  tokenHash?: string;
  /** Keep this one (the user changing their password stays logged in here). */
  exceptSessionId?: number;
}

/**
 * Revokes the sessions named and closes their websockets on every node once the revocation commits.
 * `kicked` tells the browsers holding them that they were logged out; `ended` closes quietly (one's own
 * logout, or the session a password was just changed in: that browser says so itself).
 */
export async function revokeSessions(
  db: Db,
  which: WhichSessions,
  { notice = 'kicked' }: { notice?: 'kicked' | 'ended' } = {},
) {
  const conds: (SQL | undefined)[] = [
    eq(sessions.revoked, false),
    which.userId !== undefined ? eq(sessions.userId, which.userId) : undefined,
    which.sessionId !== undefined ? eq(sessions.id, which.sessionId) : undefined,
    which.tokenHash !== undefined ? eq(sessions.tokenHash, which.tokenHash) : undefined,
    which.exceptSessionId !== undefined ? ne(sessions.id, which.exceptSessionId) : undefined,
  ];
  // Never everything at once by mistake: at least one selector besides "not revoked".
  if (conds.filter(Boolean).length < 2) throw new Error('revokeSessions needs a selector');
  const rows = await db
    .update(sessions)
    .set({ revoked: true, updateTime: new Date() })
    .where(and(...conds))
    .returning({ id: sessions.id, userId: sessions.userId });
  for (const r of rows) await push(db, r.userId, { type: notice }, r.id);
  return rows;
}

/** Ends every session of a user at once (disabled, stopped tenant, password reset). */
export async function revokeUserSessions(db: Db, userId: number): Promise<number[]> {
  return (await revokeSessions(db, { userId })).map((r) => r.id);
}

/** Ends one session (admin kick-out of an online user). */
export async function revokeSession(db: Db, sessionId: number): Promise<boolean> {
  return (await revokeSessions(db, { sessionId })).length > 0;
}

/**
 * A page of the live sessions (not revoked, not expired), the last seen first, with their users and
 * companies, and how many there are: of one company when named, matched on user name or address when
 * `blurry` is given.
 */
export async function liveSessions(
  db: Db,
  which: { tenantId?: number; blurry?: string },
  page: number,
  size: number,
) {
  const live = and(
    eq(sessions.revoked, false),
    gt(sessions.expiresAt, new Date()),
    which.tenantId === undefined ? undefined : eq(sessions.tenantId, which.tenantId),
    which.blurry
      ? sql`(${users.username} ilike ${`%${which.blurry}%`} or ${sessions.ip} ilike ${`%${which.blurry}%`})`
      : undefined,
  );
  const rows = await db
    .select({
      id: sessions.id,
      userId: users.id,
      username: users.username,
      nickName: users.nickName,
      corporateName: tenants.corporateName,
      ip: sessions.ip,
      browser: sessions.browser,
      loginTime: sessions.createTime,
      lastSeen: sessions.lastSeen,
      expiresAt: sessions.expiresAt,
      remember: sessions.remember,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(tenants, eq(tenants.id, sessions.tenantId))
    .where(live)
    .orderBy(desc(sessions.lastSeen))
    .limit(size)
    .offset(page * size);
  const [total] = await db
    .select({ n: count() })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(live);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The sessions of these ids (of one company when named), revoked or not. */
export async function sessionsOf(db: Db, ids: number[], tenantId?: number): Promise<{ id: number }[]> {
  if (!ids.length) return [];
  return db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(inArray(sessions.id, ids), tenantId === undefined ? undefined : eq(sessions.tenantId, tenantId)),
    );
}

/** How many sessions are live (not revoked, not expired), every company's. */
export async function liveSessionCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.revoked, false), gt(sessions.expiresAt, new Date())));
  return Number(row?.n ?? 0);
}
