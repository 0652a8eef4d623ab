// Comments on an exception: the parties who see an exception talk about it where it is kept, instead of
// by mail. Whoever sees the exception reads its comments and, with the right to raise exceptions, adds
// one (a closed exception takes no more). The other companies on it (the shipper, the owner, the opener)
// hear of a new comment; the author's own company does not.

import { ExceptionStatus, exceptionCommentCreate, type Lang } from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { and, eq, inArray } from 'drizzle-orm';
import { anyOf } from '../../db/any-of.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { exceptionComments, towerExceptions } from '../../db/schema-tower.ts';
import { AppError, badRequest, langOf } from '../../http/errors.ts';
import { type Ctx, defineResource, type RowOf } from '../../resources/engine.ts';
import { notify } from '../../workflow/notify.ts';
import { nameIn, tenantNames } from '../project/names.ts';
import { exceptionScope, titleOf } from './exceptions.ts';

/** The exceptions the caller sees, as a subquery (the comments' scope). */
const visibleExceptions = (ctx: Pick<Ctx, 'db' | 'auth'>) =>
  ctx.db.select({ id: towerExceptions.id }).from(towerExceptions).where(exceptionScope(ctx));

async function visibleException(ctx: Ctx, id: number) {
  const [e] = await ctx.db
    .select()
    .from(towerExceptions)
    .where(and(eq(towerExceptions.id, id), exceptionScope(ctx)));
  // One answer for "no such exception" and "not yours": the caller learns nothing of others' exceptions.
  if (!e) throw new AppError(404, 'not_found');
  return e;
}

/** Who wrote each comment (the user's nickname) and for which company, in the caller's language. */
async function authors(db: Db, rows: RowOf<typeof exceptionComments>[], lang: Lang) {
  const names = [...new Set(rows.map((r) => String(r.createBy ?? '')))].filter(Boolean);
  const people = names.length
    ? await db
        .select({ username: users.username, nickName: users.nickName })
        .from(users)
        .where(inArray(users.username, names))
    : [];
  const companies = await tenantNames(
    db,
    rows.map((r) => r.authorTenantId),
  );
  return (r: RowOf<typeof exceptionComments>) => {
    return {
      authorName: people.find((p) => p.username === r.createBy)?.nickName ?? r.createBy,
      authorCompany: nameIn(companies.get(r.authorTenantId), lang),
    };
  };
}

/** GET and POST /api/exceptions/comments (?exceptionId=): oldest first, as a conversation reads. */
export const exceptionCommentResource = defineResource({
  family: families.exceptionComments,
  table: exceptionComments,
  create: exceptionCommentCreate,
  actions: ['list', 'create'],
  permissions: { list: 'exception:list', create: 'exception:add' },
  tokenScopes: ['lists'],
  // The visible exceptions as a value (an InitPlan's array): each one's comments by the index. As an
  // `in (subquery)` the planner hash-joined every comment of the platform against them.
  scope: (ctx) => anyOf(exceptionComments.exceptionId, visibleExceptions(ctx)),
  filters: { exceptionId: 'equal' },
  sortable: ['createTime', 'id'],
  defaultSort: ['createTime,asc', 'id,asc'],
  serverOwned: ['tenantId', 'authorTenantId'],
  hidden: ['tenantId', 'updateTime', 'updateBy'],
  hooks: {
    beforeCreate: async (ctx, data) => {
      const e = await visibleException(ctx, data.exceptionId);
      if (e.status === ExceptionStatus.closed) throw badRequest('exception.comment_closed');
      // The shipper's record: the comment belongs to the exception's company, its author's is kept beside.
      return { ...data, tenantId: e.tenantId, authorTenantId: ctx.auth.tenantId };
    },
    afterCreate: async (ctx, row) => {
      const [e] = await ctx.db.select().from(towerExceptions).where(eq(towerExceptions.id, row.exceptionId));
      if (!e) return;
      const others = [e.tenantId, e.ownerTenantId, e.openedByTenantId].filter(
        (t): t is number => typeof t === 'number' && t !== ctx.auth.tenantId,
      );
      await notify(
        ctx.db,
        {
          to: { tenants: [...new Set(others)] },
          title: 'notice.exception_comment',
          // Each reader's title in its own language (a product exception's title is a catalogue entry).
          params: { title: { zh: titleOf(e, 'zh'), en: titleOf(e, 'en') } },
          link: `/tower/exceptions?id=${e.id}`,
          type: 'business',
        },
        ctx.auth.username,
      );
    },
    decorate: async (ctx, rows) => {
      const who = await authors(ctx.db, rows, langOf(ctx.request));
      return rows.map((r) => ({ ...r, ...who(r), mine: r.createBy === ctx.auth.username }));
    },
  },
});
