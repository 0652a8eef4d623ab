// The `file` family and the upload paths (spec §7): POST /api/file/upload, POST /api/file,
// POST /api/file/batchCreate, /api/localStorage, /api/localStorage/pictures, /api/qiNiuContent — every
// one sniffed and limited, stored through the one storage interface — and GET /files/:id/:name, which
// streams a file to a caller who may see the row it belongs to.

import multipart from '@fastify/multipart';
import { fileOps as ops } from '@tradelane/contract/api/account';
import { families } from '@tradelane/contract/api/families';
import { and, eq, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { anyOf } from '../../db/any-of.ts';
import { files, tenants } from '../../db/schema.ts';
import { caller } from '../../http/auth.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { inlineMimes, type UploadKind, uploadKinds } from '../../lib/sniff.ts';
import { type Storage, storageFromConfig } from '../../lib/storage.ts';
import { type Ctx, defineResource } from '../../resources/engine.ts';
import {
  type CheckedUpload,
  checkUpload,
  kindOf,
  orphanKeys,
  readCapped,
  setStorageQuota,
  storeUploads,
} from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/**
 * What another module adds: the ids of files a caller may fetch beyond its tenant's (e.g. contract files),
 * as a sub-select of one `id` column; this module matches its files against them.
 */
export type FileVisibilityExtension = (ctx: Pick<Ctx, 'auth' | 'db'>) => SQLWrapper;
const fileVisibilityExtensions = new Set<FileVisibilityExtension>();
/** Called from a module's register function; adding one twice (a second app in a test) adds nothing. */
export function extendFileVisibility(extension: FileVisibilityExtension) {
  fileVisibilityExtensions.add(extension);
}

/** Who may fetch a stored file: its tenant, platform admins (who review certification papers), and
 * whoever an extension lets in (with `db` given). */
export function fileVisibility(ctx: Pick<Ctx, 'auth'> & { db?: Ctx['db'] }): SQL | undefined {
  if (ctx.auth.isPlatformAdmin) return undefined;
  const own = eq(files.tenantId, ctx.auth.tenantId);
  const { db } = ctx;
  if (!db || !fileVisibilityExtensions.size) return own;
  return or(
    own,
    ...[...fileVisibilityExtensions].map((extend) => anyOf(files.id, extend({ auth: ctx.auth, db }))),
  );
}

/** Storage keys of deleted file rows, removed once the answer is sent (after the commit). */
const deletedKeys = new WeakMap<FastifyRequest, string[]>();

export const fileResource = defineResource({
  family: families.file,
  table: files,
  create: z.object({ name: z.string().trim().min(1).max(255) }),
  filters: { id: 'equal', name: 'like', kind: 'equal', mime: 'equal', createTime: 'between' },
  permissions: {},
  // Listing and editing stay with the owning tenant; extensions only widen downloads.
  scope: (ctx) => fileVisibility({ auth: ctx.auth }),
  serverOwned: ['userId', 'mime', 'size', 'sha256', 'storageKey', 'kind'],
  hidden: ['storageKey'],
  // Created by upload only (POST /api/file is multipart, below).
  actions: ['list', 'update', 'delete'],
  hooks: {
    beforeDelete: (ctx, rows) => {
      deletedKeys.set(ctx.request, [
        ...(deletedKeys.get(ctx.request) ?? []),
        ...rows.map((r) => r.storageKey),
      ]);
    },
    decorate: (_ctx, rows) =>
      rows.map((r) => ({ ...r, url: `/files/${r.id}/${encodeURIComponent(r.name)}` })),
  },
});

const MAX_FILES = 20;
const biggest = Math.max(...Object.values(uploadKinds).map((k) => k.max));

/** One file of a multipart body: its kind (field `kind`, else the path's), read up to the kind's limit. */
async function oneUpload(request: FastifyRequest, fallback: UploadKind): Promise<CheckedUpload> {
  if (!request.isMultipart()) throw badRequest('file.missing');
  const part = await request.file({ limits: { fileSize: biggest + 1, files: 1, fields: 10 } });
  if (!part) throw badRequest('file.missing');
  let kind: UploadKind;
  try {
    kind = kindOf(part, fallback);
  } catch (err) {
    part.file.resume();
    throw err;
  }
  const data = await readCapped(part.file, uploadKinds[kind].max);
  return checkUpload({ filename: part.filename, data }, kind);
}

export async function fileRoutes(app: FastifyInstance) {
  app.decorate('storage', storageFromConfig(app.config));
  setStorageQuota(app.config.storageQuotaMb ? app.config.storageQuotaMb * 2 ** 20 : Number.POSITIVE_INFINITY);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024 + 1, files: 1, fields: 10 } });

  // Before the answer leaves (not on onResponse, which runs after the caller has it): a caller told
  // "deleted" finds the object gone, and a failed removal is logged, never the request's failure.
  app.addHook('onSend', async (request, reply, payload) => {
    const keys = deletedKeys.get(request);
    if (!keys || reply.statusCode >= 300) return payload;
    for (const key of await orphanKeys(app.db, keys))
      await app.storage.delete(key).catch((err) => request.log.warn({ err, key }, 'stored file not removed'));
    return payload;
  });

  const single = (op: typeof ops.upload, kind: UploadKind) =>
    mount(app, op, async (request) => {
      const auth = caller(request);
      const upload = await oneUpload(request, kind);
      const [saved] = await storeUploads(app.db, app.storage, auth, [upload]);
      return saved;
    });
  single(ops.uploadFile, 'document');
  single(ops.upload, 'document');
  single(ops.localStorage, 'document');
  single(ops.picture, 'image');
  single(ops.qiNiu, 'document');

  // Several files at once, all or none: every one is checked before any is stored.
  mount(app, ops.batchCreate, async (request) => {
    const auth = caller(request);
    if (!request.isMultipart()) throw badRequest('file.missing');
    const uploads: CheckedUpload[] = [];
    let kind: UploadKind = 'document';
    const parts = request.parts({ limits: { fileSize: biggest + 1, files: MAX_FILES, fields: 10 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'kind') {
          if (typeof part.value !== 'string' || !Object.hasOwn(uploadKinds, part.value))
            throw badRequest('validation', { field: 'kind', reason: String(part.value) });
          kind = part.value as UploadKind;
        }
        continue;
      }
      const data = await readCapped(part.file, uploadKinds[kind].max);
      uploads.push(checkUpload({ filename: part.filename, data }, kind));
    }
    if (!uploads.length) throw badRequest('file.missing');
    return storeUploads(app.db, app.storage, auth, uploads);
  });

  app.get(
    '/files/:id/:name',
    { config: { signedIn: true }, schema: { hide: true } },
    async (request, reply) => {
      const auth = caller(request);
      const { id } = z.object({ id: z.coerce.number().int().positive() }).parse(request.params);
      const [row] = await app.db
        .select()
        .from(files)
        .where(and(eq(files.id, id), fileVisibility({ auth, db: app.db })));
      if (!row) throw notFound();
      const download = (request.query as { download?: string }).download !== undefined;
      return sendStored(app, reply, row, download);
    },
  );
}

/**
 * Streams a stored file with its sniffed type and `nosniff`. Only plain images and PDF are shown
 * inline; anything else (an .svg or .html that could run script in our origin) is an attachment, and
 * a sandboxing CSP covers what is not a PDF (a PDF viewer does not run under `sandbox`).
 */
export async function sendStored(
  app: FastifyInstance,
  reply: FastifyReply,
  row: { name: string; mime: string; size: number; storageKey: string },
  download = false,
) {
  const inline = !download && inlineMimes.includes(row.mime);
  let body: Awaited<ReturnType<Storage['get']>>;
  try {
    body = await app.storage.get(row.storageKey);
  } catch (err) {
    reply.log.warn({ err, key: row.storageKey }, 'stored file missing');
    throw notFound();
  }
  reply.header('content-type', row.mime);
  reply.header('content-length', row.size);
  reply.header('cache-control', 'private, max-age=3600');
  reply.header('x-content-type-options', 'nosniff');
  if (row.mime !== 'application/pdf')
    reply.header(
      'content-security-policy',
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    );
  reply.header('content-disposition', contentDisposition(row.name, { inline, fallback: 'file' }));
  return reply.send(body);
}

/** The storage tool: the driver in use, and each tenant's files, bytes and quota. */
export async function storageToolRoutes(app: FastifyInstance) {
  mount(app, ops.storageUsage, async () => {
    const rows = await app.db
      .select({
        tenantId: files.tenantId,
        tenantName: tenants.corporateName,
        files: sql<number>`count(*)::int`,
        bytes: sql<number>`coalesce(sum(${files.size}), 0)::float8`,
      })
      .from(files)
      .leftJoin(tenants, eq(tenants.id, files.tenantId))
      .groupBy(files.tenantId, tenants.corporateName)
      .orderBy(sql`coalesce(sum(${files.size}), 0) desc`);
    const quota = app.config.storageQuotaMb ? app.config.storageQuotaMb * 2 ** 20 : null;
    const s3 = app.config.storage.driver === 's3' ? app.config.storage : null;
    return {
      driver: app.config.storage.driver,
      location: s3 ? `${s3.endpoint ?? 's3'}/${s3.bucket}` : 'DATA_DIR/files',
      quotaBytes: quota,
      tenants: rows.map((r) => ({ ...r, bytes: Number(r.bytes), files: Number(r.files) })),
    };
  });
}
