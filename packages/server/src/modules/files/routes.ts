// POST /api/file/upload (multipart, type sniffed, size limited) and GET /files/:id/:name (with access check).

import { resolve } from 'node:path';
import multipart from '@fastify/multipart';
import { and, eq, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { files } from '../../db/schema.ts';
import { caller } from '../../http/auth.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { type UploadKind, uploadKinds } from '../../lib/sniff.ts';
import { localStorage, type Storage } from '../../lib/storage.ts';
import { type Ctx, defineResource } from '../../resources/engine.ts';
import { saveUpload } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** Conditions other modules add: files a caller may fetch beyond its tenant's (e.g. contract files). */
export const fileVisibilityExtensions: ((ctx: Pick<Ctx, 'auth' | 'db'>) => SQL)[] = [];

/** Who may fetch a stored file: its tenant, platform admins (who review certification papers), and
 * whoever an extension lets in (with `db` given). */
export function fileVisibility(ctx: Pick<Ctx, 'auth'> & { db?: Ctx['db'] }): SQL | undefined {
  if (ctx.auth.isPlatformAdmin) return undefined;
  const own = eq(files.tenantId, ctx.auth.tenantId);
  const { db } = ctx;
  if (!db || !fileVisibilityExtensions.length) return own;
  return or(own, ...fileVisibilityExtensions.map((extend) => extend({ auth: ctx.auth, db })));
}

export const fileResource = defineResource({
  name: 'file',
  table: files,
  create: z.object({ name: z.string().trim().min(1).max(255) }),
  filters: { name: 'like', kind: 'equal', mime: 'equal', createTime: 'between' },
  permissions: {},
  // Listing and editing stay with the owning tenant; extensions only widen downloads.
  scope: (ctx) => fileVisibility({ auth: ctx.auth }),
  actions: ['list', 'update', 'delete'],
});

export async function fileRoutes(app: FastifyInstance) {
  app.decorate('storage', localStorage(resolve(app.config.dataDir, 'files')));
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024 + 1, files: 1, fields: 10 } });

  app.post(
    '/api/file/upload',
    { config: { describe: 'upload file' }, schema: { tags: ['file'], consumes: ['multipart/form-data'] } },
    async (request, reply) => {
      const auth = caller(request);
      if (!request.isMultipart()) throw badRequest('file.missing');
      const part = await request.file();
      if (!part) throw badRequest('file.missing');
      const data = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'file.too_large', { max: '10M' });
        throw err;
      });
      const kindField = part.fields.kind as { value?: string } | undefined;
      const kind = (kindField?.value ?? 'document') as UploadKind;
      // Own keys only: `kind=__proto__` or `constructor` is an unknown kind, not a property lookup.
      if (typeof kind !== 'string' || !Object.hasOwn(uploadKinds, kind))
        throw badRequest('validation', { field: 'kind', reason: String(kind) });
      reply.status(201);
      return saveUpload(app.db, app.storage, auth, { filename: part.filename, data }, kind);
    },
  );

  app.get('/files/:id/:name', { schema: { hide: true } }, async (request, reply) => {
    const auth = caller(request);
    const { id } = z.object({ id: z.coerce.number().int().positive() }).parse(request.params);
    const [row] = await app.db
      .select()
      .from(files)
      .where(and(eq(files.id, id), fileVisibility({ auth, db: app.db })));
    if (!row) throw notFound();
    reply.header('content-type', row.mime);
    reply.header('content-length', row.size);
    reply.header('cache-control', 'private, max-age=3600');
    reply.header('x-content-type-options', 'nosniff');
    // SVG can carry script: never render it inline from our origin.
    const disposition =
      row.mime === 'image/svg+xml' || !row.mime.startsWith('image/') ? 'attachment' : 'inline';
    reply.header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(row.name)}`);
    return reply.send(await app.storage.get(row.storageKey));
  });
}
