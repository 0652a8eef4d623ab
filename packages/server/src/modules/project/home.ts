// The home page's part for projects and material lists: what is waiting for this user.

import { MaterialListStatus } from '@tradelane/contract';
import { and, count, eq } from 'drizzle-orm';
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
  const todos: HomeTodo[] = [];
  if (party === 'shipper') {
    const submitted = await lists(MaterialListStatus.submitted);
    if (submitted) todos.push({ key: 'confirmMaterialLists', count: submitted, path: SUPPLIES_PATH });
  }
  if (party === 'supplier') {
    const returned = await lists(MaterialListStatus.returned);
    if (returned) todos.push({ key: 'fixReturnedLists', count: returned, path: SUPPLIES_PATH });
    const drafts = await lists(MaterialListStatus.draft);
    if (drafts) todos.push({ key: 'submitMaterialLists', count: drafts, path: SUPPLIES_PATH });
  }
  return { todos, counts };
};
