// Saving uploads: size and type checked against the kind, stored once per content hash; reading an
// upload stream with a cap, so an oversized file is refused without being held whole.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { type Sniffed, sniff, type UploadKind, uploadKinds } from '../../lib/sniff.ts';
import type { Storage } from '../../lib/storage.ts';

export interface Uploader {
  userId: number;
  tenantId: number;
  username: string;
}

export function fileUrl(row: { id: number; name: string }) {
  return `/files/${row.id}/${encodeURIComponent(row.name)}`;
}

const megabytes = (n: number) => `${Math.round(n / 1024 / 1024)}M`;

/** Reads a stream up to `max` bytes; one byte more is a 413 (the rest is drained, not kept). */
export async function readCapped(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.resume();
      throw new AppError(413, 'file.too_large', { max: megabytes(max) });
    }
    chunks.push(chunk as Buffer);
  }
  // @fastify/multipart truncates at its own limit and says so on the stream.
  if ((stream as Readable & { truncated?: boolean }).truncated)
    throw new AppError(413, 'file.too_large', { max: megabytes(max) });
  return Buffer.concat(chunks);
}

/** The upload kind named by a multipart field (own keys only: `__proto__` is an unknown kind). */
export function kindOf(part: MultipartFile, fallback: UploadKind): UploadKind {
  const field = part.fields.kind as { value?: unknown } | undefined;
  const kind = field?.value ?? fallback;
  if (typeof kind !== 'string' || !Object.hasOwn(uploadKinds, kind))
    throw badRequest('validation', { field: 'kind', reason: String(kind) });
  return kind as UploadKind;
}

export interface CheckedUpload {
  name: string;
  data: Buffer;
  type: Sniffed;
  sha256: string;
  key: string;
  kind: UploadKind;
}

/** Size and sniffed type against the kind; nothing stored yet. */
export function checkUpload(upload: { filename: string; data: Buffer }, kind: UploadKind): CheckedUpload {
  const rule = uploadKinds[kind];
  if (upload.data.length === 0) throw badRequest('file.missing');
  if (upload.data.length > rule.max) throw new AppError(413, 'file.too_large', { max: megabytes(rule.max) });
  const type = sniff(upload.data);
  if (!type || !(rule.exts as readonly string[]).includes(type.ext)) {
    throw badRequest('file.bad_type', { type: type?.ext ?? upload.filename.split('.').pop() ?? '?' });
  }
  const sha256 = createHash('sha256').update(upload.data).digest('hex');
  // Control characters (a NUL cannot be stored at all) and path or quote characters become '_'.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  const name = upload.filename.replace(/[\\/"\u0000-\u001f\u007f]/g, '_').slice(0, 200) || `file.${type.ext}`;
  return { name, data: upload.data, type, sha256, key: `${sha256.slice(0, 2)}/${sha256}.${type.ext}`, kind };
}

/** Stores checked uploads (each object once) and records them in one transaction, within the quota. */
/** Bytes a tenant may keep STORAGE_QUOTA_MB; set by the files module when the app starts. */
let quotaBytes = Number.POSITIVE_INFINITY;
export function setStorageQuota(bytes: number) {
  quotaBytes = bytes;
}
export const storageQuota = () => quotaBytes;

/** The advisory-lock class of a tenant's quota (the tenant id is the lock's second key). */
const QUOTA_LOCK = 0x71756f74;

/** Refuses uploads that would take a tenant over its quota (nothing is stored). */
async function checkQuota(db: Db, tenantId: number, adding: number) {
  if (!Number.isFinite(quotaBytes)) return;
  const [{ used }] = await db
    .select({ used: sql<number>`coalesce(sum(${files.size}), 0)::float8` })
    .from(files)
    .where(eq(files.tenantId, tenantId));
  if (Number(used) + adding > quotaBytes) {
    const mb = (n: number) => Math.round((n / 2 ** 20) * 10) / 10;
    throw new AppError(413, 'file.quota', { used: mb(Number(used)), quota: mb(quotaBytes) });
  }
}

export async function storeUploads(db: Db, storage: Storage, who: Uploader, uploads: CheckedUpload[]) {
  if (!uploads.length) return [];
  // One tenant's uploads are counted and recorded one at a time (a lock per tenant held to the end of the
  // transaction), so two uploads that each fit cannot both pass the quota check and together exceed it.
  const rows = await db.transaction(async (txDb) => {
    if (Number.isFinite(quotaBytes))
      await txDb.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}::int, ${who.tenantId}::int)`);
    await checkQuota(
      txDb,
      who.tenantId,
      uploads.reduce((n, u) => n + u.data.length, 0),
    );
    for (const u of uploads)
      if (!(await storage.exists(u.key))) await storage.put(u.key, u.data, u.type.mime);
    return txDb
      .insert(files)
      .values(
        uploads.map((u) => ({
          tenantId: who.tenantId,
          userId: who.userId,
          name: u.name,
          mime: u.type.mime,
          size: u.data.length,
          sha256: u.sha256,
          storageKey: u.key,
          kind: u.kind,
          createBy: who.username,
        })),
      )
      .returning();
  });
  return rows.map((row) => ({
    id: row.id,
    url: fileUrl(row),
    name: row.name,
    size: row.size,
    type: row.mime,
  }));
}

export async function saveUpload(
  db: Db,
  storage: Storage,
  who: Uploader,
  upload: { filename: string; data: Buffer },
  kind: UploadKind,
) {
  const [saved] = await storeUploads(db, storage, who, [checkUpload(upload, kind)]);
  return saved;
}

/** Objects no file row refers to any more (content-addressed: one object may serve several rows). */
export async function orphanKeys(db: Db, keys: string[]) {
  if (!keys.length) return [];
  const used = await db
    .select({ key: files.storageKey })
    .from(files)
    .where(inArray(files.storageKey, [...new Set(keys)]));
  const still = new Set(used.map((u) => u.key));
  return [...new Set(keys)].filter((k) => !still.has(k));
}

/** A stored file's row (`tenantId`: only if that company holds it). */
export async function fileRow(db: Db, id: number, tenantId?: number) {
  const [row] = await db
    .select()
    .from(files)
    .where(tenantId === undefined ? eq(files.id, id) : and(eq(files.id, id), eq(files.tenantId, tenantId)));
  return row;
}

/** Name, type and size of stored files by id: what a paper or a record shows of its attachments. */
export async function fileSummaries(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: files.id, name: files.name, mime: files.mime, size: files.size })
    .from(files)
    .where(inArray(files.id, ids));
}
