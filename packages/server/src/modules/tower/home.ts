// The home page's to-do of the control tower: the open exceptions the caller's company must act on, opening
// the oldest one in the exception inbox (where its notices lead too).
import { ExceptionStatus } from '@tradelane/contract';
import { and, asc, count, eq, lt } from 'drizzle-orm';
import { towerExceptions } from '../../db/schema-tower.ts';
import type { HomeContributor } from '../home/routes.ts';

export const INBOX_PATH = '/tower/exceptions';

export const towerHome: HomeContributor = async (db, auth) => {
  if (auth.isPlatformAdmin) return {};
  const mine = and(
    eq(towerExceptions.ownerTenantId, auth.tenantId),
    lt(towerExceptions.status, ExceptionStatus.resolved),
  );
  const [{ n }] = await db.select({ n: count() }).from(towerExceptions).where(mine);
  if (!n) return {};
  const [first] = await db
    .select({ id: towerExceptions.id })
    .from(towerExceptions)
    .where(mine)
    .orderBy(asc(towerExceptions.createTime), asc(towerExceptions.id))
    .limit(1);
  return { todos: [{ key: 'actOnExceptions', count: Number(n), path: `${INBOX_PATH}?id=${first.id}` }] };
};
