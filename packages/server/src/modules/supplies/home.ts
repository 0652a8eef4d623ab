// The home page's part for material lists: the lists waiting for this user (the shipper confirms
// submitted ones; a supplier fixes returned ones and submits drafts), each to-do opening the oldest.
import { MaterialListStatus } from '@tradelane/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import { materialLists } from '../../db/schema-project.ts';
import type { Ctx } from '../../resources/engine.ts';
import type { HomeContributor, HomeTodo } from '../home/routes.ts';
import { partyOf } from '../project/access.ts';
import { materialListScope } from './access.ts';

const SUPPLIES_PATH = '/supplies/index';

export const materialListsHome: HomeContributor = async (db, auth) => {
  const ctx = { db, auth } as Ctx;
  const party = partyOf(auth);
  const waiting = (status: number) => and(materialListScope(ctx), eq(materialLists.status, status));
  /** The to-do opens the first list waiting in that status (the oldest), not just the page. */
  const firstIn = async (status: number) => {
    const [row] = await db
      .select({ id: materialLists.id, batchId: materialLists.batchId })
      .from(materialLists)
      .where(waiting(status))
      .orderBy(asc(materialLists.id))
      .limit(1);
    return row ? `${SUPPLIES_PATH}?batchId=${row.batchId}&listId=${row.id}` : SUPPLIES_PATH;
  };
  const todos: HomeTodo[] = [];
  const todo = async (key: string, status: number) => {
    const [{ n }] = await db.select({ n: count() }).from(materialLists).where(waiting(status));
    if (Number(n)) todos.push({ key, count: Number(n), path: await firstIn(status) });
  };
  if (party === 'shipper') await todo('confirmMaterialLists', MaterialListStatus.submitted);
  if (party === 'supplier') {
    await todo('fixReturnedLists', MaterialListStatus.returned);
    await todo('submitMaterialLists', MaterialListStatus.draft);
  }
  return { todos };
};
