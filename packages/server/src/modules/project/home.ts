// The home page's part for projects: how many projects and batches this user's company sees (the
// material lists' to-dos are the supplies module's part).
import { count } from 'drizzle-orm';
import { projectBatches, projects } from '../../db/schema-project.ts';
import type { Ctx } from '../../resources/engine.ts';
import type { HomeContributor } from '../home/routes.ts';
import { batchScope, projectScope } from './access.ts';

export const projectHome: HomeContributor = async (db, auth) => {
  const ctx = { db, auth } as Ctx;
  const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);
  return {
    counts: {
      projects: await n(db.select({ n: count() }).from(projects).where(projectScope(ctx))),
      batches: await n(db.select({ n: count() }).from(projectBatches).where(batchScope(ctx))),
    },
  };
};
