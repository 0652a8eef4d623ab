// The home page's to-dos of shipping instructions: the provider's instructions waiting to be accepted,
// the shipper's returned ones to correct — each opening the batch of the oldest one waiting.
import { EntrustStatus } from '@tradelane/contract';
import { and, asc, count, eq, isNotNull, type SQL } from 'drizzle-orm';
import { partyOf } from '../../access/party.ts';
import { deliveryEntrusts } from '../../db/schema-entrust.ts';
import type { HomeContributor, HomeTodo } from '../home/routes.ts';

const PATH = '/papers/entrust';

export const entrustHome: HomeContributor = async (db, auth) => {
  const party = partyOf(auth);
  const todos: HomeTodo[] = [];
  const todo = async (key: string, where: SQL | undefined) => {
    const [{ n }] = await db.select({ n: count() }).from(deliveryEntrusts).where(where);
    if (!n) return;
    const [first] = await db
      .select({ batchId: deliveryEntrusts.batchId })
      .from(deliveryEntrusts)
      .where(where)
      .orderBy(asc(deliveryEntrusts.id))
      .limit(1);
    todos.push({ key, count: Number(n), path: `${PATH}?batchId=${first.batchId}` });
  };
  if (party === 'logistics')
    await todo(
      'acceptEntrusts',
      and(
        eq(deliveryEntrusts.partyTenantId, auth.tenantId),
        eq(deliveryEntrusts.status, EntrustStatus.submitted),
      ),
    );
  if (party === 'shipper')
    await todo(
      'fixReturnedEntrusts',
      and(
        eq(deliveryEntrusts.tenantId, auth.tenantId),
        eq(deliveryEntrusts.status, EntrustStatus.draft),
        isNotNull(deliveryEntrusts.reason),
      ),
    );
  return { todos };
};
