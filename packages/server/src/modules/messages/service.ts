// The message centre: who sees which message, unread counts, and delivering notifications from the outbox.
import { RoleType, translate } from '@tradelane/contract';
import { and, eq, inArray, isNull, notExists, or, type SQL, sql } from 'drizzle-orm';
import { holdsPage, pagePaths, pagesOfLink } from '../../access/pages.ts';
import type { Db } from '../../db/client.ts';
import { messages, users, viewRecords } from '../../db/schema.ts';
import { realtime } from '../../realtime/hub.ts';
import type { Notice } from '../../workflow/notify.ts';

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

/**
 * Delivers a notification from the outbox: one message row per recipient, rendered from the catalogue in
 * both languages; after commit, the recipients' new unread counts are pushed.
 */
export async function deliverNotice(tx: Db, payload: Record<string, unknown>, after: Db) {
  const n = payload as unknown as Notice & { by?: string };
  const params = n.params ?? {};
  // A notice to a company reaches its users who have the page it links to (a site receiver is not
  // told to confirm material lists); users named one by one, and platform administrators, hear it anyway.
  const pages = n.link ? pagesOfLink(await pagePaths(tx), n.link) : null;
  const conds = [
    n.to.users?.length ? inArray(users.id, n.to.users) : undefined,
    n.to.tenants?.length
      ? and(inArray(users.tenantId, n.to.tenants), pages?.length ? holdsPage(pages) : undefined)
      : undefined,
    n.to.platformAdmins ? eq(users.roleType, RoleType.admin) : undefined,
  ].filter(Boolean) as SQL[];
  if (!conds.length) return undefined;
  const rows = await tx
    .select({ id: users.id, tenantId: users.tenantId })
    .from(users)
    .where(or(...conds));
  if (!rows.length) return undefined;
  await tx.insert(messages).values(
    rows.map((u) => ({
      title: translate(n.title, 'zh', params),
      enTitle: translate(n.title, 'en', params),
      content: n.body ? translate(n.body, 'zh', params) : null,
      enContent: n.body ? translate(n.body, 'en', params) : null,
      link: n.link ?? null,
      data: { code: n.title, params },
      userId: u.id,
      tenantId: u.tenantId,
      audience: 'user',
      type: n.type ?? 'notice',
      createBy: n.by ?? 'system',
    })),
  );
  return () =>
    pushUnread(
      after,
      rows.map((u) => ({ userId: u.id, tenantId: u.tenantId })),
    );
}

export async function pushUnread(db: Db, viewers: Viewer[]) {
  for (const v of viewers) {
    if (!realtime.isConnected(v.userId)) continue;
    realtime.publish(v.userId, { type: 'unread', count: await unreadCount(db, v) });
  }
}
