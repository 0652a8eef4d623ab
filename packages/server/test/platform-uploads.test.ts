// The spec's two platform uploads, each with a real job that never runs what it is given:
// POST /api/deploy/upload keeps release packages with their version and SHA-256; POST
// /api/database/upload restores a company from an archive this product exported, on another
// installation (here a fresh embedded database), checked and all or nothing.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { CheckStatus, RoleType, TenantEnd } from '@tradelane/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, migrateDatabase, openDatabase } from '../src/db/client.ts';
import { files, roles, tenants, users, usersRoles } from '../src/db/schema.ts';
import { hashPassword } from '../src/lib/password.ts';
import { storageFromConfig } from '../src/lib/storage.ts';
import { runSeeds } from '../src/seed/index.ts';
import { call, login, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;

function multipart(fields: Record<string, string>, file: { name: string; data: Buffer }) {
  const boundary = '----platform-uploads';
  const parts = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  return {
    payload: Buffer.concat([
      ...parts,
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    'content-type': `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(
  app: FastifyInstance,
  token: string,
  url: string,
  fields: Record<string, string>,
  file: { name: string; data: Buffer },
) {
  const { payload, 'content-type': type } = multipart(fields, file);
  const res = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: { authorization: token, 'content-type': type, 'accept-language': 'en' },
  });
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  tok = await loginAll(t.app, ['admin', 'shipper']);
});

describe('POST /api/deploy/upload', () => {
  const pkg = gzipSync(Buffer.from('tradelane-1.4.0/package.json\n'.repeat(200)));
  const sha = createHash('sha256').update(pkg).digest('hex');

  it('keeps a package with its version and checksum, and gives the same bytes back', async () => {
    const res = await upload(
      t.app,
      tok.admin,
      '/api/deploy/upload',
      { version: '1.4.0', notes: '正式版', sha256: sha },
      {
        name: 'tradelane-1.4.0.tar.gz',
        data: pkg,
      },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      version: '1.4.0',
      sha256: sha,
      size: pkg.length,
      fileName: 'tradelane-1.4.0.tar.gz',
    });
    expect(res.body.storageKey).toBeUndefined();
    const list = await call(t.app, 'GET', '/api/deploy', { token: tok.admin });
    expect(list.body.content.map((r: { version: string }) => r.version)).toEqual(['1.4.0']);
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/deploy/file?id=${res.body.id}`,
      headers: { authorization: tok.admin },
    });
    expect(got.statusCode).toBe(200);
    expect(got.headers['x-content-sha256']).toBe(sha);
    expect(createHash('sha256').update(got.rawPayload).digest('hex')).toBe(sha);
  });

  it('refuses a second package of a version, a wrong checksum, a bad version and what is not an archive', async () => {
    const again = await upload(
      t.app,
      tok.admin,
      '/api/deploy/upload',
      { version: '1.4.0' },
      { name: 'a.tar.gz', data: pkg },
    );
    expect(again.status).toBe(409);
    const wrong = await upload(
      t.app,
      tok.admin,
      '/api/deploy/upload',
      { version: '1.4.1', sha256: 'a'.repeat(64) },
      {
        name: 'a.tar.gz',
        data: pkg,
      },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(`The file’s SHA-256 is not the one given (it is ${sha})`);
    const version = await upload(
      t.app,
      tok.admin,
      '/api/deploy/upload',
      { version: 'latest' },
      { name: 'a.tar.gz', data: pkg },
    );
    expect(version.status).toBe(400);
    const script = await upload(
      t.app,
      tok.admin,
      '/api/deploy/upload',
      { version: '1.4.2' },
      {
        name: 'install.tar.gz',
        data: Buffer.from('#!/bin/sh\nrm -rf /\n'),
      },
    );
    expect(script.status).toBe(400);
    const list = await call(t.app, 'GET', '/api/deploy', { token: tok.admin });
    expect(list.body.totalElements).toBe(1);
  });

  it('is the platform administrators’ only', async () => {
    const res = await upload(
      t.app,
      tok.shipper,
      '/api/deploy/upload',
      { version: '9.9.9' },
      { name: 'a.tar.gz', data: pkg },
    );
    expect(res.status).toBe(403);
    expect((await call(t.app, 'GET', '/api/deploy', { token: tok.shipper })).status).toBe(403);
  });
});

describe('a company moved to another installation (GET /api/database/export, POST /api/database/upload)', () => {
  let target: FastifyInstance;
  let targetDb: Database;
  let dataDir: string;
  let archive: Buffer;
  let shipperTenant: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tl-move-'));
    targetDb = await openDatabase({ kind: 'pglite' });
    await migrateDatabase(targetDb);
    const config = loadConfig({ CAPTCHA: 'off', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: dataDir });
    await runSeeds(targetDb.db, { demo: false, storage: storageFromConfig(config) });
    // The new installation's own platform administrator, as its operator sets one up.
    const [platform] = await targetDb.db
      .insert(tenants)
      .values({ corporateName: '新平台', end: TenantEnd.platform, checkStatus: CheckStatus.certified })
      .returning();
    const [admin] = await targetDb.db
      .insert(users)
      .values({
        tenantId: platform.id,
        username: 'admin',
        passwordHash: await hashPassword('Admin@2026'),
        roleType: RoleType.admin,
      })
      .returning();
    const [adminRole] = await targetDb.db.select().from(roles).where(eq(roles.code, 'admin'));
    await targetDb.db.insert(usersRoles).values({ userId: admin.id, roleId: adminRole.id });
    target = await buildApp(config, targetDb);
    await target.ready();
    [{ id: shipperTenant }] = await t.db
      .select({ id: tenants.id })
      .from(tenants)
      .where(
        eq(
          tenants.corporateName,
          (await call(t.app, 'GET', '/auth/info', { token: tok.shipper })).body.user.corporateName,
        ),
      );
  }, 120_000);
  afterAll(async () => {
    await target?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exports a company for the platform administrator only', async () => {
    expect(
      (
        await call(t.app, 'GET', '/api/database/export', {
          token: tok.shipper,
          query: { tenantId: shipperTenant },
        })
      ).status,
    ).toBe(403);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/database/export?tenantId=${shipperTenant}`,
      headers: { authorization: tok.admin },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    archive = res.rawPayload;
    const manifest = JSON.parse(gunzipSync(archive).toString('utf8').split('\n')[0]);
    expect(manifest).toMatchObject({ format: 'tradelane-tenant-archive', tenant: { id: shipperTenant } });
    expect(manifest.counts.project).toBeGreaterThan(0);
  });

  it('restores it on a fresh installation: its people log in and find their projects and files', async () => {
    const admin = await login(target, 'admin');
    const res = await upload(
      target,
      admin,
      '/api/database/upload',
      {},
      { name: 'shipper.tradelane.gz', data: archive },
    );
    expect(res.status).toBe(200);
    expect(res.body.tables.project).toBeGreaterThan(0);
    // Its suppliers and logistics provider are other companies: restored from their own archives.
    expect(res.body.missingCompanies.length).toBeGreaterThan(0);
    const shipper = await login(target, 'shipper');
    const projects = await call(target, 'GET', '/api/project', { token: shipper });
    const before = await call(t.app, 'GET', '/api/project', { token: tok.shipper });
    expect(projects.body.content.map((p: { name: string }) => p.name)).toEqual(
      before.body.content.map((p: { name: string }) => p.name),
    );
    const site = await login(target, 'site');
    expect((await call(target, 'GET', '/api/menus/build', { token: site })).body.length).toBeGreaterThan(0);
    const [file] = await targetDb.db.select().from(files).where(eq(files.tenantId, shipperTenant)).limit(1);
    if (file)
      expect(await storageFromConfig(loadConfig({ DATA_DIR: dataDir })).exists(file.storageKey)).toBe(true);
    // New rows after the move get new ids, past the restored ones.
    const next = await call(target, 'POST', '/api/project', {
      token: shipper,
      body: { name: '迁移后的新项目', code: 'MOVED-1' },
    });
    expect(next.status).toBe(201);
    expect(next.body.id).toBeGreaterThan(Math.max(...projects.body.content.map((p: { id: number }) => p.id)));
  });

  it('refuses the same archive twice, a changed one and one of another database version; nothing changes', async () => {
    const admin = await login(target, 'admin');
    const count = async () =>
      Number(
        (
          (await targetDb.db.execute(sql`select count(*)::int as n from project`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0].n,
      );
    const before = await count();
    const twice = await upload(target, admin, '/api/database/upload', {}, { name: 'a.gz', data: archive });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('archive.tenant_exists');
    const text = gunzipSync(archive).toString('utf8');
    const nl = text.indexOf('\n');
    const changed = gzipSync(
      Buffer.from(text.slice(0, nl + 1) + text.slice(nl + 1).replace('雅加达', '雅加达X')),
    );
    const damaged = await upload(target, admin, '/api/database/upload', {}, { name: 'a.gz', data: changed });
    expect(damaged.body.code).toBe('archive.damaged');
    const manifest = JSON.parse(text.slice(0, nl));
    const older = gzipSync(
      Buffer.from(`${JSON.stringify({ ...manifest, schema: '0003_old' })}\n${text.slice(nl + 1)}`),
    );
    const version = await upload(target, admin, '/api/database/upload', {}, { name: 'a.gz', data: older });
    expect(version.status).toBe(400);
    expect(version.body.code).toBe('archive.schema_mismatch');
    // Rows of another company smuggled in, with a checksum made to match: refused.
    const data = JSON.parse(text.slice(nl + 1));
    data.tables.project[0].tenant_id = 1;
    const body = JSON.stringify(data);
    const sha256 = createHash('sha256').update(body).digest('hex');
    const smuggled = gzipSync(Buffer.from(`${JSON.stringify({ ...manifest, sha256 })}\n${body}`));
    const foreign = await upload(target, admin, '/api/database/upload', {}, { name: 'a.gz', data: smuggled });
    expect(foreign.body.code).toBe('archive.foreign_row');
    const junk = await upload(
      target,
      admin,
      '/api/database/upload',
      {},
      { name: 'a.gz', data: Buffer.from('select 1;') },
    );
    expect(junk.body.code).toBe('archive.unreadable');
    expect(await count()).toBe(before);
    const shipper = await login(target, 'shipper');
    const wrong = await upload(target, shipper, '/api/database/upload', {}, { name: 'a.gz', data: archive });
    expect(wrong.status).toBe(403);
  });
});
