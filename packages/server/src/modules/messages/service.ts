// The message centre: who sees which message, unread counts, and delivering notifications from the outbox.
import { RoleType, translate } from '@tradelane/contract';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { holdsPage, pagePaths, pagesOfLink } from '../../access/pages.ts';
import type { Db } from '../../db/client.ts';
import { rawRows } from '../../db/raw-rows.ts';
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

/**
 * Whether the viewer has read the message: a view record of theirs for it. The message's time is matched
 * too, so the planner can walk the viewer's view records (view_record_user_time_idx) in the message
 * centre's own order and merge them with the messages, rather than probe once per message.
 */
function viewedBy(v: Viewer): SQL {
  return sql`select 1 from ${viewRecords} where ${viewRecords.userId} = ${v.userId} and ${viewRecords.messageTime} = ${messages.createTime} and ${viewRecords.messageId} = ${messages.id}`;
}

export function unreadBy(v: Viewer): SQL {
  return sql`not exists (${viewedBy(v)})`;
}

/** Read by the viewer: a view record of theirs holds the message. */
export function readBy(v: Viewer): SQL {
  return sql`exists (${viewedBy(v)})`;
}

/**
 * The three sides of what a viewer sees (visibleTo), each read newest first through its own index
 * (message_center_user_time_idx, _tenant_time_idx, _all_time_idx). As one OR the planner read every
 * message of the platform for a page or a count: 380–700 ms at 1M messages (docs/BENCHMARKS.md).
 */
function sides(v: Viewer): SQL[] {
  // Disjoint (the user's own; no user; an announcement not already the user's own), so they are
  // appended, not deduplicated: a count stops at its bound instead of hashing every row first.
  return [
    sql`${messages.userId} = ${v.userId}`,
    sql`${messages.audience} = 'tenant' and ${messages.tenantId} = ${v.tenantId} and ${messages.userId} is null`,
    sql`${messages.audience} = 'all' and ${messages.userId} is distinct from ${v.userId}`,
  ];
}

const NEWEST = sql`${messages.createTime} desc nulls last, ${messages.id} desc nulls last`;

/** The ids of the messages a viewer sees (and, with `extra`, that also pass it), the sides appended. */
function seen(v: Viewer, extra: SQL | undefined, limit?: number): SQL {
  const branch = (side: SQL) =>
    sql`(select ${messages.id} as id, ${messages.createTime} as t from ${messages} where ${side}${extra ? sql` and ${extra}` : sql``}${
      limit === undefined ? sql`` : sql` order by ${NEWEST} limit ${limit}`
    })`;
  return sql.join(sides(v).map(branch), sql` union all `);
}

/** Every message the viewer sees that passes `extra`, as its id and time (each once: the sides are disjoint). */
export function seenRows(v: Viewer, extra?: SQL): SQL {
  return sql`select id, t from (${seen(v, extra)}) s`;
}

/** Counted up to this many: past it the centre says "about" (a badge shows 99+ long before). */
const COUNT_UP_TO = 10_000;

/** How many messages of the viewer pass `extra`: exact up to COUNT_UP_TO, then that bound and not exact. */
export async function countSeen(db: Db, v: Viewer, extra?: SQL): Promise<{ n: number; exact: boolean }> {
  const [counted] = rawRows(
    await db.execute(
      sql`select count(*)::int as n from (select id from (${seen(v, extra)}) m limit ${COUNT_UP_TO + 1}) c`,
    ),
  );
  const n = Number(counted?.n ?? 0);
  return n > COUNT_UP_TO ? { n: COUNT_UP_TO, exact: false } : { n, exact: true };
}

/** One page of the viewer's messages, newest first: each side's first rows merged, then the page. */
export function pageOfSeen(v: Viewer, extra: SQL | undefined, page: number, size: number): SQL {
  const upTo = (page + 1) * size;
  return sql`select id from (${seen(v, extra, upTo)}) m order by t desc nulls last, id desc nulls last limit ${size} offset ${page * size}`;
}

export async function unreadCount(db: Db, v: Viewer): Promise<number> {
  return (await countSeen(db, v, unreadBy(v))).n;
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

/** Messages straight to one user (no outbox: the browser tests' hook fills a message centre), pushed live. */
export async function addMessages(
  db: Db,
  to: Viewer,
  items: Pick<typeof messages.$inferInsert, 'title' | 'enTitle' | 'content' | 'enContent' | 'type'>[],
) {
  await db.insert(messages).values(items.map((m) => ({ ...m, userId: to.userId, tenantId: to.tenantId })));
  await pushUnread(db, [to]);
}

export async function pushUnread(db: Db, viewers: Viewer[]) {
  for (const v of viewers) {
    if (!realtime.isConnected(v.userId)) continue;
    realtime.publish(v.userId, { type: 'unread', count: await unreadCount(db, v) });
  }
}
