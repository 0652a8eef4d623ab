// Saving uploads: size and type checked against the kind, stored once per content hash.
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { sniff, type UploadKind, uploadKinds } from '../../lib/sniff.ts';
import type { Storage } from '../../lib/storage.ts';

export interface Uploader {
  userId: number;
  tenantId: number;
  username: string;
}

export function fileUrl(row: { id: number; name: string }) {
  return `/files/${row.id}/${encodeURIComponent(row.name)}`;
}

export async function saveUpload(
  db: Db,
  storage: Storage,
  who: Uploader,
  upload: { filename: string; data: Buffer },
  kind: UploadKind,
) {
  const rule = uploadKinds[kind];
  if (upload.data.length === 0) throw badRequest('file.missing');
  if (upload.data.length > rule.max) {
    throw new AppError(413, 'file.too_large', { max: `${Math.round(rule.max / 1024 / 1024)}M` });
  }
  const type = sniff(upload.data);
  if (!type || !(rule.exts as readonly string[]).includes(type.ext)) {
    throw badRequest('file.bad_type', { type: type?.ext ?? upload.filename.split('.').pop() ?? '?' });
  }
  const sha256 = createHash('sha256').update(upload.data).digest('hex');
  const key = `${sha256.slice(0, 2)}/${sha256}.${type.ext}`;
  if (!(await storage.exists(key))) await storage.put(key, upload.data);
  // Control characters (a NUL cannot be stored at all) and path or quote characters become '_'.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  const name = upload.filename.replace(/[\\/"\u0000-\u001f\u007f]/g, '_').slice(0, 200) || `file.${type.ext}`;
  const [row] = await db
    .insert(files)
    .values({
      tenantId: who.tenantId,
      userId: who.userId,
      name,
      mime: type.mime,
      size: upload.data.length,
      sha256,
      storageKey: key,
      kind,
      createBy: who.username,
    })
    .returning();
  return { id: row.id, url: fileUrl(row), name: row.name, size: row.size, type: row.mime };
}
