// The storage tool: a tenant's uploads stop at its quota (STORAGE_QUOTA_MB) with a clear
// message and nothing stored; administrators see the driver and each tenant's files and bytes.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { files, users } from '../src/db/schema.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp({ DATA_DIR: `/tmp/tradelane-test-storage-${process.pid}`, STORAGE_QUOTA_MB: '1' });
let tok: Record<string, string>;

/** A PNG header followed by `size` bytes (a distinct picture each time: the last byte varies). */
function picture(size: number, seed: number) {
  const head = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const tail = Buffer.alloc(size);
  tail[size - 1] = seed;
  return Buffer.concat([head, tail]);
}

async function upload(token: string, filename: string, data: Buffer) {
  const boundary = '----storage-tool-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/localStorage/pictures',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: token,
      'accept-language': 'en',
    },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  tok = await loginAll(t.app, ['trial', 'admin', 'shipper']);
});

describe('storage quota and the storage tool', () => {
  it('refuses an upload over the tenant’s quota and stores nothing', async () => {
    const [trial] = await t.db.select().from(users).where(eq(users.username, 'trial'));
    const first = await upload(tok.trial, 'a.png', picture(600_000, 1));
    expect(first.status).toBe(201);
    const before = (await t.db.select().from(files).where(eq(files.tenantId, trial.tenantId))).length;
    const second = await upload(tok.trial, 'b.png', picture(600_000, 2));
    expect(second.status).toBe(413);
    expect(second.body.message).toMatch(/^Out of storage: 0\.6 MB used of a 1 MB quota$/);
    expect((await t.db.select().from(files).where(eq(files.tenantId, trial.tenantId))).length).toBe(before);
  });

  it('two uploads at once that each fit but not together: one is stored, the other refused', async () => {
    const [shipper] = await t.db.select().from(users).where(eq(users.username, 'shipper'));
    const used = (await t.db.select().from(files).where(eq(files.tenantId, shipper.tenantId))).reduce(
      (n, f) => n + f.size,
      0,
    );
    const room = 2 ** 20 - used;
    expect(room).toBeGreaterThan(200_000);
    const size = Math.floor(room * 0.6);
    const answers = await Promise.all([
      upload(tok.shipper, 'c.png', picture(size, 3)),
      upload(tok.shipper, 'd.png', picture(size, 4)),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 413]);
    const after = (await t.db.select().from(files).where(eq(files.tenantId, shipper.tenantId))).reduce(
      (n, f) => n + f.size,
      0,
    );
    expect(after).toBeLessThanOrEqual(2 ** 20);
  });

  it('shows administrators the driver and each tenant’s use; nobody else', async () => {
    const res = await call(t.app, 'GET', '/api/storage/usage', { token: tok.admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ driver: 'local', quotaBytes: 2 ** 20 });
    const [trial] = await t.db.select().from(users).where(eq(users.username, 'trial'));
    const row = res.body.tenants.find((r: { tenantId: number }) => r.tenantId === trial.tenantId);
    const held = await t.db.select().from(files).where(eq(files.tenantId, trial.tenantId));
    expect(row).toMatchObject({ files: held.length, bytes: held.reduce((n, f) => n + f.size, 0) });
    expect((await call(t.app, 'GET', '/api/storage/usage', { token: tok.shipper })).status).toBe(403);
  });
});
