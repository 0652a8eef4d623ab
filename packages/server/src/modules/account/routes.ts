// The personal centre (spec /userCenter) and the company certification flow (spec §2 reminder, §4 trial).

import { CheckStatus, certificationMachine, certificationStatusLabels, translate } from '@tradelane/contract';
import { accountOps as ops } from '@tradelane/contract/api/account';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { tenants, users } from '../../db/schema.ts';
import { caller } from '../../http/auth.ts';
import { AppError, badRequest, langOf } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { defineCommand, registerCommands } from '../../workflow/kernel.ts';
import { publicUser } from '../auth/login-answer.ts';
import { loginHistory } from '../auth/login-history.ts';
import { revokeSessions } from '../auth/sessions.ts';
import { fileRow, saveUpload } from '../files/service.ts';

/** A certification paper must be a file this tenant uploaded (its /files/<id>/… url). */
async function ownFile(db: Db, url: string, tenantId: number): Promise<boolean> {
  const id = Number(/^\/files\/(\d+)\//.exec(url)?.[1]);
  if (!id) return false;
  return (await fileRow(db, id))?.tenantId === tenantId;
}

/**
 * POST /api/enterpriseInfo/certification: the tenant submits its papers (certification machine: not
 * submitted or rejected → submitted). The spec's answer: status 0 = accepted for review, status 1 =
 * refused with a message (already certified, already under review).
 */
export const submitCertification = defineCommand({
  name: 'tenant.submit',
  operation: ops.certification,
  machine: certificationMachine,
  event: 'submit',
  labels: certificationStatusLabels,
  table: tenants,
  statusColumn: 'checkStatus',
  entity: 'tenant',
  who: { own: (ctx, row) => row.id === ctx.auth.tenantId },
  target: async (ctx) => ctx.auth.tenantId,
  scope: (ctx) => eq(tenants.id, ctx.auth.tenantId),
  early: async (ctx) => {
    const lang = langOf(ctx.request);
    const [t] = await ctx.db.select().from(tenants).where(eq(tenants.id, ctx.auth.tenantId));
    if (t?.checkStatus === CheckStatus.certified)
      return { status: 1, message: translate('tenant.cert_done', lang) };
    if (t?.checkStatus === CheckStatus.submitted)
      return { status: 1, message: translate('tenant.cert_pending', lang) };
    return undefined;
  },
  guards: {
    always: async ({ ctx, input, row }) => {
      if (!(await ownFile(ctx.db, input.corporateCodeimg, row.id))) return 'tenant.cert_licence_required';
      if (!(await ownFile(ctx.db, input.authorizationLetter, row.id))) return 'tenant.cert_letter_required';
      const [dupe] = await ctx.db
        .select({ id: tenants.id })
        .from(tenants)
        .where(and(eq(tenants.corporateName, input.corporateName), ne(tenants.id, row.id)));
      return dupe ? badRequest('unique.generic', { field: input.corporateName }) : undefined;
    },
  },
  set: ({ input }) => ({
    corporateName: input.corporateName,
    ...(input.corporateEnName !== undefined ? { corporateEnName: input.corporateEnName || null } : {}),
    corporateCode: input.corporateCode,
    businessLicence: input.corporateCodeimg,
    authorizationLetter: input.authorizationLetter,
    checkReason: null,
    submitTime: new Date(),
  }),
  record: (row) => ({ tenantId: row.id }),
  notify: ({ input }) => [
    {
      to: { platformAdmins: true },
      title: 'notice.cert_to_review',
      params: { company: input.corporateName },
      link: '/system/tenant',
      type: 'certification',
    },
  ],
  reply: (ctx) => ({
    status: 0,
    message: translate('tenant.cert_submitted', langOf(ctx.request)),
    tenant_checksatus: CheckStatus.submitted,
  }),
});

export async function accountRoutes(app: FastifyInstance) {
  const { db } = app;

  const me = async (userId: number) => (await db.select().from(users).where(eq(users.id, userId)))[0];

  mount(app, ops.current, async (request) => publicUser(db, await me(caller(request).userId)));

  mount(app, ops.emailTaken, async (request) => {
    const auth = caller(request);
    const { email } = request.query;
    // Answers whether an address is taken, without revealing whose it is.
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { exists: Boolean(row), isMine: row?.id === auth.userId };
  });

  mount(app, ops.center, async (request) => {
    const auth = caller(request);
    const body = request.body;
    const set: Partial<typeof users.$inferInsert> = { updateTime: new Date(), updateBy: auth.username };
    if (body.nickName !== undefined) set.nickName = body.nickName;
    if (body.gender !== undefined) set.gender = body.gender || null;
    if (body.phone !== undefined) set.phone = body.phone || null;
    await db.update(users).set(set).where(eq(users.id, auth.userId));
    return publicUser(db, await me(auth.userId));
  });

  mount(app, ops.updatePass, async (request) => {
    const auth = caller(request);
    const body = request.body;
    const user = await me(auth.userId);
    if (!(await verifyPassword(body.oldPass, user.passwordHash))) throw badRequest('auth.old_password_wrong');
    if (body.oldPass === body.newPass) throw badRequest('auth.same_password');
    await db
      .update(users)
      .set({
        passwordHash: await hashPassword(body.newPass),
        pwdResetTime: new Date(),
        updateTime: new Date(),
      })
      .where(eq(users.id, auth.userId));
    // Every session of the account ends, this one too: whoever else knew the old password is out on
    // every node, and this browser asks for the new password (it says why; its socket closes quietly).
    await revokeSessions(db, { userId: auth.userId, exceptSessionId: auth.sessionId });
    await revokeSessions(db, { sessionId: auth.sessionId }, { notice: 'ended' });
    return { ok: true as const };
  });

  mount(app, ops.updateEmail, async (request) => {
    const auth = caller(request);
    const body = request.body;
    const user = await me(auth.userId);
    if (!(await verifyPassword(body.password, user.passwordHash))) throw badRequest('auth.password_wrong');
    await db
      .update(users)
      .set({ email: body.email, updateTime: new Date() })
      .where(eq(users.id, auth.userId));
    return publicUser(db, await me(auth.userId));
  });

  mount(app, ops.updateAvatar, async (request) => {
    const auth = caller(request);
    const part = await request.file();
    if (!part) throw badRequest('file.missing');
    const data = await part.toBuffer().catch(() => {
      throw new AppError(413, 'file.too_large', { max: '2M' });
    });
    const saved = await saveUpload(db, app.storage, auth, { filename: part.filename, data }, 'avatar');
    await db
      .update(users)
      .set({ avatarPath: saved.url, updateTime: new Date() })
      .where(eq(users.id, auth.userId));
    return { avatarPath: saved.url };
  });

  mount(app, ops.loginHistory, async (request) => {
    const auth = caller(request);
    const q = request.query;
    const { rows, total } = await loginHistory(db, auth.userId, q.page, q.size);
    return { content: rows, totalElements: total };
  });

  mount(app, ops.corporateName, async (request) => {
    const auth = caller(request);
    const [t] = await db.select().from(tenants).where(eq(tenants.id, auth.tenantId));
    return {
      corporateName: t.corporateName,
      corporateEnName: t.corporateEnName,
      corporateCode: t.corporateCode,
      checkStatus: t.checkStatus,
      checkReason: t.checkReason,
    };
  });

  registerCommands(app, [submitCertification]);
}
