// Alipay open-platform signatures with node:crypto alone (RSA2 = SHA256withRSA, UTF-8, Base64).
// Request (自行实现签名): every parameter but `sign` and the empty ones, sorted by key in ASCII order,
// joined as key=value with '&' (values raw, not URL-encoded). Asynchronous notification (异步通知验签):
// the same string from every parameter received but `sign` and `sign_type`, checked with the platform's
// public key.
import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto';

export type Params = Record<string, string | null | undefined>;

/** The string to sign: keys in ASCII order, `key=value` joined by '&', skipping `omit` and empty values. */
export function signContent(params: Params, omit: readonly string[] = ['sign']): string {
  return Object.keys(params)
    .filter((k) => !omit.includes(k) && params[k] !== undefined && params[k] !== null && params[k] !== '')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** PEM as given, or bare Base64 (what Alipay's key tool and console hand out) wrapped as PEM. */
function pem(key: string, label: string): string {
  const k = key.trim();
  if (k.startsWith('-----BEGIN')) return k;
  const body = k.replace(/\s+/g, '');
  return `-----BEGIN ${label}-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END ${label}-----\n`;
}

const rsa2048 = (k: KeyObject) =>
  k.asymmetricKeyType === 'rsa' && (k.asymmetricKeyDetails?.modulusLength ?? 0) >= 2048;

/** An RSA private key of at least 2048 bits (PKCS#8 or PKCS#1, PEM or Base64), or null. */
export function readPrivateKey(key: string): KeyObject | null {
  for (const label of ['PRIVATE KEY', 'RSA PRIVATE KEY']) {
    try {
      const k = createPrivateKey(pem(key, label));
      return rsa2048(k) ? k : null;
    } catch {
      /* try the other form */
    }
  }
  return null;
}

/** An RSA public key of at least 2048 bits (SPKI or PKCS#1, PEM or Base64), or null. */
export function readPublicKey(key: string): KeyObject | null {
  for (const label of ['PUBLIC KEY', 'RSA PUBLIC KEY']) {
    try {
      const k = createPublicKey(pem(key, label));
      return rsa2048(k) ? k : null;
    } catch {
      /* try the other form */
    }
  }
  return null;
}

export function rsa2Sign(content: string, privateKey: KeyObject): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}

export function rsa2Verify(content: string, signature: string, publicKey: KeyObject): boolean {
  if (!signature || !/^[A-Za-z0-9+/=\s]+$/.test(signature)) return false;
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** Signs request parameters: adds `sign` over everything else that is not empty. */
export function signRequest(params: Params, privateKey: KeyObject): Record<string, string> {
  const kept = Object.fromEntries(
    Object.entries(params).filter(
      (e): e is [string, string] => e[1] !== undefined && e[1] !== null && e[1] !== '',
    ),
  );
  return { ...kept, sign: rsa2Sign(signContent(kept), privateKey) };
}

/** Verifies a notification (or a return): RSA2 only, over everything but `sign` and `sign_type`. */
export function verifyNotification(params: Params, publicKey: KeyObject): boolean {
  if (params.sign_type !== 'RSA2') return false;
  return rsa2Verify(signContent(params, ['sign', 'sign_type']), params.sign ?? '', publicKey);
}

/** Alipay's timestamp: yyyy-MM-dd HH:mm:ss in China time (GMT+8). */
export function alipayTimestamp(at = new Date()): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}
