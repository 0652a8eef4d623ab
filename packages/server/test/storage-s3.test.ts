// The S3 driver against a real S3 protocol server (s3rver) on loopback: the app uploads, streams back,
// refuses a foreign download and deletes through it; plus the stored-XSS case on either driver.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { s3Storage } from '../src/lib/storage.ts';
import { call, createTestApp, loginAll } from './helpers.ts';

let s3: S3rver;
let dir: string;
let endpoint: string;
let t: Awaited<ReturnType<typeof createTestApp>>;
let tok: Record<string, string>;

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
// A "PDF" of 3 MB: the magic bytes, then noise (so no two runs share a hash-named object by chance).
const bigPdf = Buffer.concat([
  Buffer.from('%PDF-1.7\n'),
  Buffer.alloc(3 * 1024 * 1024, Math.random().toString()),
]);
const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
);

function multipart(files: { filename: string; data: Buffer }[], fields: Record<string, string> = {}) {
  const boundary = '----tradelane-s3-boundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(token: string, url: string, files: { filename: string; data: Buffer }[], fields = {}) {
  const body = multipart(files, fields);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, authorization: token },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const download = (token: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: token } });

const driver = () =>
  s3Storage({
    endpoint,
    bucket: 'tradelane-test',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    pathStyle: true,
  });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tradelane-s3rver-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'tradelane-test' }],
  });
  const address = (await s3.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
  t = await createTestApp({
    DATA_DIR: join(dir, 'data'),
    STORAGE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: 'tradelane-test',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  tok = await loginAll(t.app, ['shipper', 'trial']);
});

afterAll(async () => {
  await t?.close();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('configuration', () => {
  it('STORAGE=s3 needs a bucket, both keys or neither, and an endpoint that is an origin', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'k' })).toThrow(/give both/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b-1', S3_ENDPOINT: 'ftp://x' })).toThrow(
      /S3_ENDPOINT/,
    );
    expect(() => loadConfig({ STORAGE: 'nfs' })).toThrow(/STORAGE/);
    const c = loadConfig({ STORAGE: 's3', S3_BUCKET: 'b-1', S3_ENDPOINT: 'http://127.0.0.1:9000/' });
    expect(c.storage).toMatchObject({ driver: 's3', endpoint: 'http://127.0.0.1:9000', pathStyle: true });
    expect(loadConfig({}).storage).toEqual({ driver: 'local' });
  });
});

describe('the S3 driver', () => {
  it('puts, streams back in chunks, tells existence and deletes', async () => {
    const s = driver();
    const key = 'zz/driver-test.pdf';
    await s.put(key, bigPdf, 'application/pdf');
    expect(await s.exists(key)).toBe(true);
    const stream: Readable = await s.get(key);
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.compare(Buffer.concat(chunks), bigPdf)).toBe(0);
    await s.delete(key);
    expect(await s.exists(key)).toBe(false);
    await expect(s.get(key)).rejects.toThrow();
  });
});

describe('the app on S3', () => {
  it('uploads to the bucket, streams it back to its tenant, refuses a foreign download, deletes the object', async () => {
    const up = await upload(tok.shipper, '/api/file', [{ filename: '提单.pdf', data: bigPdf }]);
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ name: '提单.pdf', size: bigPdf.length, type: 'application/pdf' });
    const [row] = (await call(t.app, 'GET', '/api/file', { token: tok.shipper, query: { id: up.body.id } }))
      .body.content;
    expect(row.storageKey).toBeUndefined();

    const got = await download(tok.shipper, up.body.url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toMatch(/^inline;/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(got.rawPayload, bigPdf)).toBe(0);

    expect((await download(tok.trial, up.body.url)).statusCode).toBe(404);
    const del = await call(t.app, 'DELETE', '/api/file', { token: tok.trial, body: [up.body.id] });
    expect(del.status).toBeGreaterThanOrEqual(400);

    const key = (await t.db.query.files.findFirst({ where: (f, { eq }) => eq(f.id, up.body.id) }))
      ?.storageKey;
    expect(key).toBeTruthy();
    expect(await driver().exists(key as string)).toBe(true);
    expect(
      (await call(t.app, 'DELETE', '/api/file', { token: tok.shipper, body: [up.body.id] })).status,
    ).toBe(200);
    expect(await driver().exists(key as string)).toBe(false);
    expect((await download(tok.shipper, up.body.url)).statusCode).toBe(404);
  });

  it('keeps an object another row still refers to (same content uploaded twice)', async () => {
    const a = await upload(tok.shipper, '/api/localStorage/pictures', [{ filename: 'a.png', data: png }]);
    const b = await upload(tok.trial, '/api/qiNiuContent', [{ filename: 'b.png', data: png }]);
    expect([a.status, b.status]).toEqual([201, 201]);
    await call(t.app, 'DELETE', '/api/file', { token: tok.shipper, body: [a.body.id] });
    const got = await download(tok.trial, b.body.url);
    expect(got.statusCode).toBe(200);
    expect(Buffer.compare(got.rawPayload, png)).toBe(0);
  });

  it('batchCreate stores several files, or none when one is refused', async () => {
    const ok = await upload(tok.shipper, '/api/file/batchCreate', [
      { filename: 'one.png', data: png },
      { filename: 'two.pdf', data: Buffer.from('%PDF-1.4 two') },
    ]);
    expect(ok.status).toBe(201);
    expect(ok.body.map((f: { name: string }) => f.name)).toEqual(['one.png', 'two.pdf']);
    const before = (await call(t.app, 'GET', '/api/file', { token: tok.shipper })).body.totalElements;
    const bad = await upload(tok.shipper, '/api/file/batchCreate', [
      { filename: 'three.png', data: png },
      { filename: 'evil.html', data: Buffer.from('<html><script>alert(1)</script></html>') },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/html/);
    expect((await call(t.app, 'GET', '/api/file', { token: tok.shipper })).body.totalElements).toBe(before);
  });
});

describe('stored XSS', () => {
  it('an uploaded .html is refused; an .svg with script is only ever an attachment under a sandbox', async () => {
    const html = await upload(tok.shipper, '/api/localStorage', [
      { filename: 'x.html', data: Buffer.from('<!doctype html><script>alert(1)</script>') },
    ]);
    expect(html.status).toBe(400);
    const up = await upload(tok.shipper, '/api/localStorage', [{ filename: 'x.svg', data: svg }]);
    expect(up.status).toBe(201);
    const got = await download(tok.shipper, up.body.url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/svg+xml');
    expect(got.headers['content-disposition']).toMatch(/^attachment;/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toMatch(/sandbox/);
    expect(got.headers['content-security-policy']).toMatch(/default-src 'none'/);
    // Asked for as a download, even a picture is an attachment.
    const png1 = await upload(tok.shipper, '/api/localStorage/pictures', [{ filename: 'p.png', data: png }]);
    expect((await download(tok.shipper, png1.body.url)).headers['content-disposition']).toMatch(/^inline;/);
    expect((await download(tok.shipper, `${png1.body.url}?download`)).headers['content-disposition']).toMatch(
      /^attachment;/,
    );
  });

  it('a picture path accepts pictures only', async () => {
    const pdf = await upload(tok.shipper, '/api/localStorage/pictures', [
      { filename: 'p.pdf', data: Buffer.from('%PDF-1.4 x') },
    ]);
    expect(pdf.status).toBe(400);
  });
});
