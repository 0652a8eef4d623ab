// Secrets kept in the database (the SMTP password) are encrypted with AES-256-GCM under a key from the
// environment (CONFIG_KEY); without one, a random key is made once in DATA_DIR/config.key (0600). Every
// node of a deployment must share the key (docs/operations.md).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const keys = new Map<string, Buffer>();

/** Where the key comes from: CONFIG_KEY, or the key file in DATA_DIR. */
export interface KeySource {
  dataDir: string;
  configKey?: string;
}

function keyOf(config: KeySource): Buffer {
  const id = config.configKey ?? `file:${config.dataDir}`;
  const cached = keys.get(id);
  if (cached) return cached;
  let material = config.configKey;
  if (!material) {
    const file = join(config.dataDir, 'config.key');
    if (!existsSync(file)) {
      mkdirSync(config.dataDir, { recursive: true });
      writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
    }
    material = readFileSync(file, 'utf8').trim();
  }
  const key = createHash('sha256').update(material).digest();
  keys.set(id, key);
  return key;
}

export function encryptSecret(config: KeySource, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** The plain text, or null when it cannot be read with this key (a different key, or tampered). */
export function decryptSecret(config: KeySource, sealed: string): string | null {
  try {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !tag || !body) return null;
    const decipher = createDecipheriv('aes-256-gcm', keyOf(config), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
