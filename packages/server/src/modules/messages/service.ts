// The message centre: who sees which message, unread counts, and notifying people (with a push).
import { and, eq, inArray, isNull, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messages, users, viewRecords } from '../../db/schema.ts';
import { realtime } from '../realtime/hub.ts';

export interface Viewer {
  userId: number;
  tenantId: number;
}

/** A message is for one user, for a whole tenant, or for everybody (announcements). */
export function visibleTo(v: Viewer): SQL {
  return or(
    eq(messages.userId, v.userId),
    and(eq(messages.audience, 'tenant'), eq(messages.tenantId, v.tenantId), isNull(messages.userId)),
    eq(messages.audience, 'all'),
  ) as SQL;
}

export function unreadBy(db: Db, v: Viewer): SQL {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(viewRecords)
      .where(and(eq(viewRecords.messageId, messages.id), eq(viewRecords.userId, v.userId))),
  );
}

export async function unreadCount(db: Db, v: Viewer): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(visibleTo(v), unreadBy(db, v)));
  return Number(row?.n ?? 0);
}

export interface NewMessage {
  title: string;
  enTitle: string;
  content?: string;
  enContent?: string;
  type?: string;
  link?: string;
  data?: unknown;
}

/** Sends a message to users (one row each) and pushes their new unread counts. */
export async function notifyUsers(db: Db, userIds: number[], message: NewMessage, by = 'system') {
  const ids = [...new Set(userIds)];
  if (!ids.length) return;
  const rows = await db
    .select({ id: users.id, tenantId: users.tenantId })
    .from(users)
    .where(inArray(users.id, ids));
  if (!rows.length) return;
  await db.insert(messages).values(
    rows.map((u) => ({
      ...message,
      userId: u.id,
      tenantId: u.tenantId,
      audience: 'user',
      type: message.type ?? 'notice',
      createBy: by,
    })),
  );
  await pushUnread(
    db,
    rows.map((u) => ({ userId: u.id, tenantId: u.tenantId })),
  );
}

/** Sends a message to every user of the given tenants. */
export async function notifyTenants(db: Db, tenantIds: number[], message: NewMessage, by = 'system') {
  if (!tenantIds.length) return;
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.tenantId, tenantIds));
  await notifyUsers(
    db,
    rows.map((r) => r.id),
    message,
    by,
  );
}

export async function pushUnread(db: Db, viewers: Viewer[]) {
  for (const v of viewers) {
    if (!realtime.isConnected(v.userId)) continue;
    realtime.publish(v.userId, { type: 'unread', count: await unreadCount(db, v) });
  }
}
