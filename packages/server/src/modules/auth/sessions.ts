// Sessions end in one place: revoked here, and the browsers that held them are told ("kicked") through
// the outbox once the revocation commits.
import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
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
