// File storage: one interface, two drivers — local disk under DATA_DIR/files (the default) and any
// S3-compatible store (STORAGE=s3). Keys are content-addressed (`ab/<sha256>.<ext>`); reads stream.
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

export interface Storage {
  /** Which driver, for logs and the health page. */
  readonly driver: 'local' | 's3';
  put(key: string, data: Buffer, mime?: string): Promise<void>;
  /** The object's bytes as a stream (never read whole into memory). */
  get(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
}

function checkKey(key: string) {
  if (!/^[a-z0-9/._-]+$/i.test(key) || key.includes('..') || key.startsWith('/'))
    throw new Error(`bad storage key ${key}`);
  return key;
}

export function localStorage(root: string): Storage {
  const pathOf = (key: string) => join(root, checkKey(key));
  return {
    driver: 'local',
    async put(key, data) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      const tmp = `${p}.${process.pid}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, p);
    },
    async get(key) {
      return createReadStream(pathOf(key));
    },
    async exists(key) {
      try {
        await stat(pathOf(key));
        return true;
      } catch {
        return false;
      }
    },
    async delete(key) {
      await unlink(pathOf(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    },
  };
}

export interface S3Options {
  /** e.g. http://127.0.0.1:9000 for a self-hosted store; unset for AWS itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addressing (http://host/bucket/key), which self-hosted stores need. */
  pathStyle: boolean;
}

export function s3Storage(opts: S3Options): Storage {
  const client = new S3Client({
    endpoint: opts.endpoint,
    region: opts.region,
    forcePathStyle: opts.pathStyle,
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
  });
  const Bucket = opts.bucket;
  return {
    driver: 's3',
    async put(key, data, mime) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: data,
          ContentLength: data.length,
          ContentType: mime ?? 'application/octet-stream',
        }),
      );
    },
    async get(key) {
      const out = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
      // In Node the SDK's body is an http.IncomingMessage: a Readable, streamed as it arrives.
      return out.Body as Readable;
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return true;
      } catch (err) {
        const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) return false;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
  };
}

export interface StorageConfig {
  dataDir: string;
  storage: { driver: 'local' } | ({ driver: 's3' } & S3Options);
}

export function storageFromConfig(config: StorageConfig): Storage {
  const s = config.storage;
  if (s.driver === 's3') return s3Storage(s);
  return localStorage(resolve(config.dataDir, 'files'));
}
