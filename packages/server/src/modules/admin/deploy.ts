// Release packages for the platform's administrators (the spec's POST /api/deploy/upload): a package of
// the product (.tar.gz, .tgz or .zip) is kept with its version, size and SHA-256 so an operator can
// fetch exactly what was handed over and check it. The server never unpacks or runs a package: it is
// stored and served back as bytes, nothing more (docs/decisions.md).

import { createHash } from 'node:crypto';
import { adminOps } from '@tradelane/contract/api/admin';
import { families } from '@tradelane/contract/api/families';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { releases } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { sniff } from '../../lib/sniff.ts';
import { ctxOf, defineResource } from '../../resources/engine.ts';
import { readCapped } from '../files/service.ts';

/** Largest package taken (it is held in memory once to hash it). */
export const RELEASE_MAX_BYTES = 200 * 1024 * 1024;
const VERSION = /^\d{1,4}\.\d{1,4}\.\d{1,6}(-[0-9A-Za-z.-]{1,40})?$/;

const releaseFields = z.object({
  version: z.string().trim().regex(VERSION, { message: 'deploy.bad_version' }),
  notes: z.string().trim().max(2000).nullish(),
  /** The checksum the uploader expects; a different file is refused. */
  sha256: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/)
    .nullish(),
});

/** GET /api/deploy: the packages kept, newest first (platform administrators only). */
export const releaseResource = defineResource({
  family: families.deploy,
  table: releases,
  create: releaseFields.omit({ sha256: true }),
  filters: { version: 'like', createTime: 'between' },
  // Newest first by id (the primary key's order: no sort of the whole table).
  defaultSort: ['id,desc'],
  permissions: { list: 'admin' },
  scope: 'platform',
  hidden: ['storageKey'],
  actions: ['list'],
});

const fieldOf = (fields: Record<string, unknown>, name: string) => {
  const f = fields[name] as { value?: unknown } | undefined;
  return typeof f?.value === 'string' ? f.value : undefined;
};

export async function deployRoutes(app: FastifyInstance) {
  mount(
    app,
    adminOps.uploadRelease,
    async (request, reply) => {
      const ctx = ctxOf(app, request);
      const part = request.isMultipart()
        ? await request.file({ limits: { fileSize: RELEASE_MAX_BYTES + 1, files: 1 } })
        : undefined;
      if (!part) throw badRequest('file.missing');
      const data = await readCapped(part.file, RELEASE_MAX_BYTES);
      const fields = releaseFields.parse({
        version: fieldOf(part.fields, 'version'),
        notes: fieldOf(part.fields, 'notes'),
        sha256: fieldOf(part.fields, 'sha256'),
      });
      if (!data.length) throw badRequest('file.missing');
      const type = sniff(data);
      const name = (part.filename || 'release').replace(/[^\w.+-]/g, '_').slice(0, 200);
      const archive =
        (type?.ext === 'gz' && /\.(tar\.gz|tgz)$/i.test(name)) ||
        (type?.ext === 'zip' && /\.zip$/i.test(name));
      if (!archive) throw badRequest('file.bad_type', { type: type?.ext ?? name.split('.').pop() ?? '?' });
      const sha256 = createHash('sha256').update(data).digest('hex');
      if (fields.sha256 && fields.sha256.toLowerCase() !== sha256)
        throw badRequest('deploy.checksum_mismatch', { actual: sha256 });
      const [taken] = await app.db
        .select({ id: releases.id })
        .from(releases)
        .where(eq(releases.version, fields.version));
      if (taken) throw new AppError(409, 'deploy.version_exists', { version: fields.version });
      const storageKey = `releases/${sha256}.${type?.ext === 'zip' ? 'zip' : 'tar.gz'}`;
      if (!(await app.storage.exists(storageKey))) await app.storage.put(storageKey, data, type?.mime);
      const [row] = await app.db
        .insert(releases)
        .values({
          version: fields.version,
          fileName: name,
          mime: type?.mime ?? 'application/octet-stream',
          size: data.length,
          sha256,
          storageKey,
          notes: fields.notes ?? null,
          createBy: ctx.auth.username,
          updateBy: ctx.auth.username,
        })
        .returning();
      const { storageKey: _, ...shown } = row;
      reply.status(201);
      return shown;
    },
    { config: { describe: 'keep a release package' } },
  );

  mount(app, adminOps.releaseFile, async (request, reply) => {
    const { id } = request.query;
    const [row] = await app.db.select().from(releases).where(eq(releases.id, id));
    if (!row) throw notFound();
    reply.header('content-type', row.mime);
    reply.header('content-length', row.size);
    reply.header('x-content-sha256', row.sha256);
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.fileName)}`);
    return reply.send(await app.storage.get(row.storageKey));
  });
}
