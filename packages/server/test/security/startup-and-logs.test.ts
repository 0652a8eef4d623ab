// The error log is the platform's; imports interrupted by a crash are failed
// when a server starts.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { logs, tenants, users } from '../../src/db/schema.ts';
import { importTasks } from '../../src/db/schema-project.ts';
import { call, login, useTestApp } from '../helpers.ts';

const t = useTestApp();

describe('the error log', () => {
  it('a tenant administrator reads its INFO entries, never ERROR ones; the platform admin reads both', async () => {
    const [shipper] = await t.db.select().from(users).where(eq(users.username, 'shipper'));
    await t.db.insert(logs).values([
      {
        logType: 'ERROR',
        tenantId: shipper.tenantId,
        description: 'boom',
        exceptionDetail: 'select * from x',
      },
      { logType: 'INFO', tenantId: shipper.tenantId, description: 'edited a project' },
    ]);
    const tok = { shipper: await login(t.app, 'shipper'), admin: await login(t.app, 'admin') };
    const errors = await call(t.app, 'GET', '/api/log', { token: tok.shipper, query: { logType: 'ERROR' } });
    expect(errors.status).toBe(200);
    expect(errors.body.content).toEqual([]);
    const all = await call(t.app, 'GET', '/api/log', { token: tok.shipper, query: { size: 1000 } });
    expect(all.status).toBe(200);
    expect(all.body.content.map((r: { description: string }) => r.description)).toContain('edited a project');
    expect(all.body.content.some((r: { logType: string }) => r.logType === 'ERROR')).toBe(false);
    const platform = await call(t.app, 'GET', '/api/log', { token: tok.admin, query: { logType: 'ERROR' } });
    expect(platform.body.content.map((r: { description: string }) => r.description)).toContain('boom');
  });
});

describe('imports interrupted by a crash', () => {
  it('are failed when a server starts; a task another server is still running is left alone', async () => {
    const [supplier] = await t.db.select().from(users).where(eq(users.username, 'supplier'));
    const [tenant] = await t.db.select().from(tenants).where(eq(tenants.id, supplier.tenantId));
    const hourAgo = new Date(Date.now() - 3_600_000);
    const base = { tenantId: tenant.id, userId: supplier.id, kind: 'supplies' };
    await t.db.insert(importTasks).values([
      { ...base, taskKey: 'crashed-reading', status: 'reading', updateTime: hourAgo, createTime: hourAgo },
      { ...base, taskKey: 'crashed-saving', status: 'saving', updateTime: hourAgo, createTime: hourAgo },
      // Another node's import, its lease renewed a moment ago.
      {
        ...base,
        taskKey: 'running-now',
        status: 'reading',
        leaseNode: 'another-node:1:abcdef',
        leaseUntil: new Date(Date.now() + 60_000),
      },
      { ...base, taskKey: 'done-long-ago', status: 'done', updateTime: hourAgo, createTime: hourAgo },
    ]);
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' }), t.app.database);
    await app.ready();
    await app.close();
    const status = Object.fromEntries(
      (await t.db.select().from(importTasks)).map((r) => [r.taskKey, r.status]),
    );
    expect(status).toMatchObject({
      'crashed-reading': 'failed',
      'crashed-saving': 'failed',
      // On PostgreSQL other nodes may be at work: a live lease is left alone. PGlite's database belongs to
      // one process, so at start nothing else can be working on a task (docs/decisions.md, leases).
      'running-now': t.kind === 'postgres' ? 'reading' : 'failed',
      'done-long-ago': 'done',
    });
    const progress = await call(t.app, 'GET', '/api/supplies/getImportProgress', {
      token: await login(t.app, 'supplier'),
      query: { taskId: 'crashed-saving' },
    });
    expect(progress.body).toMatchObject({ status: 'failed', percent: 100 });
  });
});
