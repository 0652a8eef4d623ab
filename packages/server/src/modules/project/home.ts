// The home page's part for projects and material lists: what is waiting for this user.

import { MaterialListStatus } from '@tradelane/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import { materialLists, projectBatches, projects } from '../../db/schema-project.ts';
import type { Ctx } from '../../resources/engine.ts';
import type { HomeContributor, HomeTodo } from '../home/routes.ts';
import { batchScope, materialListScope, partyOf, projectScope } from './access.ts';

const SUPPLIES_PATH = '/supplies/index';

export const projectHome: HomeContributor = async (db, auth) => {
  const ctx = { db, auth } as Ctx;
  const party = partyOf(auth);
  const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);
  const lists = (status: number) =>
    n(
      db
        .select({ n: count() })
        .from(materialLists)
        .where(and(materialListScope(ctx), eq(materialLists.status, status))),
    );
  const counts = {
    projects: await n(db.select({ n: count() }).from(projects).where(projectScope(ctx))),
    batches: await n(db.select({ n: count() }).from(projectBatches).where(batchScope(ctx))),
  };
  /** The to-do opens the first list waiting in that status (the oldest), not just the page. */
  const firstIn = async (status: number) => {
    const [row] = await db
      .select({ id: materialLists.id, batchId: materialLists.batchId })
      .from(materialLists)
      .where(and(materialListScope(ctx), eq(materialLists.status, status)))
      .orderBy(asc(materialLists.id))
      .limit(1);
    return row ? `${SUPPLIES_PATH}?batchId=${row.batchId}&listId=${row.id}` : SUPPLIES_PATH;
  };
  const todos: HomeTodo[] = [];
  const todo = async (key: string, status: number) => {
    const waiting = await lists(status);
    if (waiting) todos.push({ key, count: waiting, path: await firstIn(status) });
  };
  if (party === 'shipper') await todo('confirmMaterialLists', MaterialListStatus.submitted);
  if (party === 'supplier') {
    await todo('fixReturnedLists', MaterialListStatus.returned);
    await todo('submitMaterialLists', MaterialListStatus.draft);
  }
  return { todos, counts };
};
