// Message centre (spec §7): messageCenter getCount / getMessageByCurrent / removeCount, viewRecord.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages, viewRecords } from '../../db/schema.ts';
import { caller } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { registerResource } from '../../resources/engine.ts';
import { MESSAGE_KIND } from '../../workflow/notify.ts';
import { directMessagesResource } from './direct.ts';
import {
  countSeen,
  deliverNotice,
  pageOfSeen,
  pushUnread,
  readBy,
  seenIds,
  unreadBy,
  unreadCount,
  visibleTo,
} from './service.ts';

const pageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(200).default(10),
});
const tags = ['messageCenter'];

export async function messageRoutes(app: FastifyInstance) {
  const { db } = app;
  app.outbox.handle(MESSAGE_KIND, (tx, payload) => deliverNotice(tx, payload, db));
  registerResource(app, directMessagesResource);

  app.get(
    '/api/messageCenter/getCount',
    {
      config: { signedIn: true },
      schema: { tags, querystring: z.object({ userId: z.coerce.number().optional() }) },
    },
    async (request) => {
      return { count: await unreadCount(db, caller(request)) };
    },
  );

  const listQuery = pageQuery.extend({ read: z.enum(['true', 'false']).optional() });
  const list = async (request: { query: unknown }, viewer: { userId: number; tenantId: number }) => {
    const q = listQuery.parse(request.query);
    // Written out in full: inside a select list drizzle would not qualify the columns, and `id` would bind to view_record.
    const readExpr = sql<boolean>`exists (select 1 from "view_record" vr where vr."message_id" = "message_center"."id" and vr."user_id" = ${viewer.userId})`;
    const extra = q.read === 'false' ? unreadBy(db, viewer) : q.read === 'true' ? readBy(viewer) : undefined;
    const [rows, total] = await Promise.all([
      db
        .select({
          id: messages.id,
          title: messages.title,
          enTitle: messages.enTitle,
          content: messages.content,
          enContent: messages.enContent,
          type: messages.type,
          link: messages.link,
          createTime: messages.createTime,
          read: readExpr,
        })
        .from(messages)
        .where(sql`${messages.id} = any(array(${pageOfSeen(viewer, extra, q.page, q.size)}))`)
        .orderBy(desc(messages.createTime), desc(messages.id)),
      countSeen(db, viewer, extra),
    ]);
    return { content: rows, totalElements: total.n, ...(total.exact ? {} : { totalExact: false as const }) };
  };

  app.get(
    '/api/messageCenter/getMessageByCurrent',
    { config: { signedIn: true }, schema: { tags } },
    async (request) => list(request, caller(request)),
  );
  app.get('/api/messageCenter', { config: { signedIn: true }, schema: { tags } }, async (request) =>
    list(request, caller(request)),
  );

  /** Announcements for everybody, also before login (the public message centre). */
  app.get(
    '/api/messageCenter/announcements',
    { config: { public: true }, schema: { tags } },
    async (request) => {
      const q = pageQuery.parse(request.query);
      const where = eq(messages.audience, 'all');
      const rows = await db
        .select({
          id: messages.id,
          title: messages.title,
          enTitle: messages.enTitle,
          content: messages.content,
          enContent: messages.enContent,
          type: messages.type,
          createTime: messages.createTime,
        })
        .from(messages)
        .where(where)
        .orderBy(desc(messages.createTime))
        .limit(q.size)
        .offset(q.page * q.size);
      const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(messages).where(where);
      return { content: rows, totalElements: Number(total?.n ?? 0) };
    },
  );

  /** The message-read call: everything the caller can see becomes read. */
  app.post(
    '/api/messageCenter/removeCount',
    { config: { signedIn: true }, schema: { tags } },
    async (request) => {
      const viewer = caller(request);
      // One statement: the unread ids of the viewer's sides go straight into their view records.
      const marked = (await db.execute(
        sql`insert into ${viewRecords} (message_id, user_id, create_by)
            select id, ${viewer.userId}, ${viewer.username} from (${seenIds(viewer, unreadBy(db, viewer))}) m
            on conflict do nothing`,
      )) as unknown as { rowCount?: number | null; affectedRows?: number };
      await pushUnread(db, [viewer]);
      return { count: 0, marked: Number(marked.rowCount ?? marked.affectedRows ?? 0) };
    },
  );

  app.post(
    '/api/viewRecord/readMessage',
    {
      config: { signedIn: true },
      schema: { tags: ['viewRecord'], body: z.object({ messageId: z.coerce.number().int().positive() }) },
    },
    async (request) => {
      const viewer = caller(request);
      const { messageId } = request.body as { messageId: number };
      const [visible] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.id, messageId), visibleTo(viewer)));
      if (!visible) throw notFound();
      await db
        .insert(viewRecords)
        .values({ messageId, userId: viewer.userId, createBy: viewer.username })
        .onConflictDoNothing();
      await pushUnread(db, [viewer]);
      return { ok: true, count: await unreadCount(db, viewer) };
    },
  );

  app.get(
    '/api/viewRecord/getReadList',
    { config: { signedIn: true }, schema: { tags: ['viewRecord'] } },
    async (request) => {
      const viewer = caller(request);
      const q = pageQuery.parse(request.query);
      const rows = await db
        .select({ id: viewRecords.id, messageId: viewRecords.messageId, createTime: viewRecords.createTime })
        .from(viewRecords)
        .where(eq(viewRecords.userId, viewer.userId))
        .orderBy(desc(viewRecords.createTime))
        .limit(q.size)
        .offset(q.page * q.size);
      const [total] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(viewRecords)
        .where(eq(viewRecords.userId, viewer.userId));
      return { content: rows, totalElements: Number(total?.n ?? 0) };
    },
  );
}
