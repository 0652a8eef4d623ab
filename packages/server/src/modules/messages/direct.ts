// directMessages (spec §7): a user writes to a user of a partner tenant; the recipient finds it in the
// message centre. Only the two of them see it; the sender edits it until it is read; either deletes it.

import { families } from '@tradelane/contract/api/families';
import { eq, or } from 'drizzle-orm';
import { z } from 'zod';
import { directMessages, tenants, users } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { defineResource, type Row } from '../../resources/engine.ts';
import { notify } from '../../workflow/notify.ts';
import { arePartners } from '../project/access.ts';

const content = z
  .string({ message: 'validation.required' })
  .trim()
  .min(1, { message: 'validation.required' })
  .max(2000);
export const directMessageCreate = z.object({ toUserId: z.coerce.number().int().positive(), content });
export const directMessageUpdate = z.object({ content: content.optional(), read: z.boolean().optional() });

export const directMessagesResource = defineResource({
  family: families.directMessages,
  table: directMessages,
  create: directMessageCreate,
  update: directMessageUpdate,
  filters: { toUserId: 'equal', fromUserId: 'equal', createTime: 'between' },
  large: true,
  sortable: ['createTime', 'id'],
  defaultSort: ['createTime,desc'],
  permissions: {},
  serverOwned: ['fromUserId', 'toTenantId', 'readTime'],
  // Private between the two users, platform administrators included.
  scope: (ctx) =>
    or(eq(directMessages.fromUserId, ctx.auth.userId), eq(directMessages.toUserId, ctx.auth.userId)),
  hooks: {
    beforeCreate: async (ctx, data) => {
      const [to] = await ctx.db
        .select({ id: users.id, tenantId: users.tenantId })
        .from(users)
        .where(eq(users.id, data.toUserId));
      const mine = ctx.auth.tenantId;
      if (!to || !(await arePartners(ctx.db, ctx.auth.tenantId, to.tenantId)))
        throw badRequest('dm.not_partner');
      return {
        content: data.content,
        toUserId: to.id,
        toTenantId: to.tenantId,
        fromUserId: ctx.auth.userId,
        tenantId: mine,
      };
    },
    afterCreate: async (ctx, row) => {
      const [me] = await ctx.db
        .select({ nickName: users.nickName, company: tenants.corporateName })
        .from(users)
        .innerJoin(tenants, eq(tenants.id, users.tenantId))
        .where(eq(users.id, ctx.auth.userId));
      await notify(
        ctx.db,
        {
          to: { users: [row.toUserId] },
          title: 'notice.direct_message',
          body: 'notice.direct_message_body',
          params: {
            from: me?.nickName ?? ctx.auth.username,
            company: me?.company ?? '',
            content: row.content,
          },
          type: 'direct',
        },
        ctx.auth.username,
      );
    },
    beforeUpdate: async (ctx, existing, data) => {
      const out: Row = {};
      if (data.content !== undefined) {
        if (existing.fromUserId !== ctx.auth.userId) throw new AppError(403, 'dm.not_sender');
        if (existing.readTime) throw badRequest('dm.already_read');
        out.content = data.content;
      }
      if (data.read !== undefined) {
        // Only the recipient marks it read.
        if (existing.toUserId !== ctx.auth.userId) throw new AppError(403, 'forbidden');
        out.readTime = data.read ? new Date() : null;
      }
      return out;
    },
  },
});
