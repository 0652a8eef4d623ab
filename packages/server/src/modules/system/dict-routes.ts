// GET /api/dictDetail/map?dictName=a,b → {a:[…], b:[…]}: several dictionaries in one call.

import { systemOps } from '@tradelane/contract/api/system';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dictDetails, dicts } from '../../db/schema.ts';
import { mount } from '../../http/mount.ts';

export async function dictRoutes(app: FastifyInstance) {
  mount(app, systemOps.dictMap, async (request) => {
    const names = request.query.dictName
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const rows = await app.db
      .select({ detail: dictDetails, dictName: dicts.name })
      .from(dictDetails)
      .innerJoin(dicts, eq(dicts.id, dictDetails.dictId))
      .where(inArray(dicts.name, names))
      .orderBy(asc(dictDetails.dictSort), asc(dictDetails.id));
    const out: Record<string, (typeof dictDetails.$inferSelect)[]> = Object.fromEntries(
      names.map((n) => [n, []]),
    );
    for (const r of rows) out[r.dictName].push(r.detail);
    return out;
  });
}
