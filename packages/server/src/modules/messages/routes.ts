// Message centre (spec §7): messageCenter getCount / getMessageByCurrent / removeCount, viewRecord.
import { messageOps as ops } from '@tradelane/contract/api/account';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rawRowCount } from '../../db/raw-rows.ts';
import { messages, viewRecords } from '../../db/schema.ts';
import { caller } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { mount, type OperationRequest } from '../../http/mount.ts';
import { registerResource } from '../../resources/engine.ts';
import { MESSAGE_KIND } from '../../workflow/notify.ts';
import { directMessagesResource } from './direct.ts';
import {
  countSeen,
  deliverNotice,
  pageOfSeen,
  pushUnread,
  readBy,
  seenRows,
  unreadBy,
  unreadCount,
  visibleTo,
} from './service.ts';

/** What a message shows, in the centre and among the public announcements. */
const shown = {
  id: messages.id,
  title: messages.title,
  enTitle: messages.enTitle,
  content: messages.content,
  enContent: messages.enContent,
  type: messages.type,
  createTime: messages.createTime,
};

export async function messageRoutes(app: FastifyInstance) {
  const { db } = app;
  app.outbox.handle(MESSAGE_KIND, (tx, payload) => deliverNotice(tx, payload, db));
  registerResource(app, directMessagesResource);

  mount(app, ops.count, async (request) => {
    return { count: await unreadCount(db, caller(request)) };
  });

  const list = async (
    q: OperationRequest<typeof ops.mine>['query'],
    viewer: { userId: number; tenantId: number },
  ) => {
    // Written out in full: inside a select list drizzle would not qualify the columns, and `id` would bind to view_record.
    const readExpr = sql<boolean>`exists (select 1 from "view_record" vr where vr."message_id" = "message_center"."id" and vr."user_id" = ${viewer.userId})`;
    const extra = q.read === 'false' ? unreadBy(viewer) : q.read === 'true' ? readBy(viewer) : undefined;
    const [rows, total] = await Promise.all([
      db
        .select({ ...shown, link: messages.link, read: readExpr })
        .from(messages)
        .where(sql`${messages.id} = any(array(${pageOfSeen(viewer, extra, q.page, q.size)}))`)
        .orderBy(desc(messages.createTime), desc(messages.id)),
      countSeen(db, viewer, extra),
    ]);
    return { content: rows, totalElements: total.n, ...(total.exact ? {} : { totalExact: false as const }) };
  };

  mount(app, ops.mine, async (request) => list(request.query, caller(request)));

  /** Announcements for everybody, also before login (the public message centre). */
  mount(app, ops.announcements, async (request) => {
    const q = request.query;
    const where = eq(messages.audience, 'all');
    const rows = await db
      .select(shown)
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createTime))
      .limit(q.size)
      .offset(q.page * q.size);
    const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(messages).where(where);
    return { content: rows, totalElements: Number(total?.n ?? 0) };
  });

  /** The message-read call: everything the caller can see becomes read. */
  mount(app, ops.readAll, async (request) => {
    const viewer = caller(request);
    // One statement: the unread ids of the viewer's sides go straight into their view records.
    const marked = await db.execute(
      sql`insert into ${viewRecords} (message_id, message_time, user_id, create_by)
          select id, t, ${viewer.userId}, ${viewer.username} from (${seenRows(viewer, unreadBy(viewer))}) m
          on conflict do nothing`,
    );
    await pushUnread(db, [viewer]);
    return { count: 0 as const, marked: rawRowCount(marked) };
  });

  mount(app, ops.read, async (request) => {
    const viewer = caller(request);
    const { messageId } = request.body;
    const [visible] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, messageId), visibleTo(viewer)));
    if (!visible) throw notFound();
    // The message's time is copied inside the database: a JavaScript date would drop its microseconds.
    await db.execute(
      sql`insert into ${viewRecords} (message_id, message_time, user_id, create_by)
          select ${messages.id}, ${messages.createTime}, ${viewer.userId}, ${viewer.username} from ${messages}
          where ${messages.id} = ${messageId}
          on conflict do nothing`,
    );
    await pushUnread(db, [viewer]);
    return { ok: true as const, count: await unreadCount(db, viewer) };
  });

  mount(app, ops.readList, async (request) => {
    const viewer = caller(request);
    const q = request.query;
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
  });
}
