// GET /api/dictDetail/map?dictName=a,b → {a:[…], b:[…]}: several dictionaries in one call.
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dictDetails, dicts } from '../../db/schema.ts';

export async function dictRoutes(app: FastifyInstance) {
  app.get(
    '/api/dictDetail/map',
    {
      config: { signedIn: true },
      schema: {
        tags: ['dictDetail'],
        querystring: z.object({ dictName: z.string().trim().min(1).max(1000) }),
      },
    },
    async (request) => {
      const names = (request.query as { dictName: string }).dictName
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
    },
  );
}
