// GET /api/auxiliary/getHomePageData: what this user must do next, and counts for their role.
// Domain modules add their own items (addHomeContributor, from their register functions).

import { CheckStatus, RoleType } from '@tradelane/contract';
import { homeOps } from '@tradelane/contract/api/account';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mayOpen, pagePaths } from '../../access/pages.ts';
import type { Db } from '../../db/client.ts';
import { tenants, users } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth.ts';
import { caller } from '../../http/auth.ts';
import { mount } from '../../http/mount.ts';
import { stopdayOf } from '../auth/login-answer.ts';
import { liveSessionCount } from '../auth/sessions.ts';
import { unreadCount } from '../messages/service.ts';
import { partnershipCount, pendingInvitationCount } from '../project/partnerships.ts';
import { openFeedbackCount } from '../system/feedback-commands.ts';

export interface HomeTodo {
  key: string;
  count: number;
  path: string;
}
export type HomeContributor = (
  db: Db,
  auth: AuthContext,
) => Promise<{ todos?: HomeTodo[]; counts?: Record<string, number> }>;

const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);

const base: HomeContributor = async (db, auth) => {
  const todos: HomeTodo[] = [];
  const counts: Record<string, number> = { unread: await unreadCount(db, auth) };
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, auth.tenantId));
  const [user] = await db.select().from(users).where(eq(users.id, auth.userId));
  if (auth.isPlatformAdmin) {
    counts.pendingCertifications = await n(
      db.select({ n: count() }).from(tenants).where(eq(tenants.checkStatus, CheckStatus.submitted)),
    );
    counts.tenants = await n(db.select({ n: count() }).from(tenants));
    counts.users = await n(db.select({ n: count() }).from(users));
    counts.openFeedback = await openFeedbackCount(db);
    counts.onlineSessions = await liveSessionCount(db);
    if (counts.pendingCertifications)
      todos.push({
        key: 'reviewCertifications',
        count: counts.pendingCertifications,
        path: '/system/tenant',
      });
    if (counts.openFeedback)
      todos.push({ key: 'answerFeedback', count: counts.openFeedback, path: '/system/feedback' });
  } else {
    if (user.roleType === RoleType.shipperTrial && tenant.checkStatus !== CheckStatus.certified) {
      counts.trialDaysLeft = stopdayOf(user, tenant);
      if (tenant.checkStatus !== CheckStatus.submitted)
        todos.push({ key: 'certifyCompany', count: 1, path: '/userCenter' });
    }
    counts.partners = await partnershipCount(db, auth.tenantId, tenant.end === 0);
    if (tenant.end !== 0) {
      const pending = await pendingInvitationCount(db, auth.tenantId);
      if (pending) todos.push({ key: 'acceptInvitations', count: pending, path: '/userCenter' });
    }
    counts.colleagues = await n(
      db.select({ n: count() }).from(users).where(eq(users.tenantId, auth.tenantId)),
    );
  }
  if (counts.unread) todos.push({ key: 'readMessages', count: counts.unread, path: '/news/center' });
  return { todos, counts };
};

/** The base part, then the domain modules' parts in registration order (so home imports no domain
 * module); a module adds its part from its register function, and adding one twice adds nothing. */
const homeContributors = new Set<HomeContributor>([base]);
export function addHomeContributor(contribute: HomeContributor) {
  homeContributors.add(contribute);
}

export async function homeRoutes(app: FastifyInstance) {
  mount(app, homeOps.pageData, async (request) => {
    const auth = caller(request);
    const todos: HomeTodo[] = [];
    const counts: Record<string, number> = {};
    for (const contribute of homeContributors) {
      const part = await contribute(app.db, auth);
      todos.push(...(part.todos ?? []));
      Object.assign(counts, part.counts ?? {});
    }
    // A to-do opens its page: one the user was not given is work for someone else of the company.
    const paths = await pagePaths(app.db);
    const open: HomeTodo[] = [];
    for (const todo of todos) if (await mayOpen(app.db, auth, todo.path, paths)) open.push(todo);
    return { roleType: auth.roleType, todos: open, counts };
  });
}
