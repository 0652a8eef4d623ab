// File storage: local disk under DATA_DIR/files (content-addressed). The interface is what an
// S3-compatible store implements too.
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';

export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
}

export function localStorage(root: string): Storage {
  const pathOf = (key: string) => {
    if (!/^[a-z0-9/._-]+$/i.test(key) || key.includes('..')) throw new Error(`bad storage key ${key}`);
    return join(root, key);
  };
  return {
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
  };
}
