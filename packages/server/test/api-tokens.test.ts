// Machine access: a company's administrator issues a named, scoped, expiring API token, shown
// once and stored hashed; a system calling with it acts as that company, only within its scopes (decided
// by the route the router matched), every call in the operation log; expired or revoked it is a 401, and
// another company can neither see nor revoke it.
import { createHash } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { logs } from '../src/db/schema.ts';
import { apiTokens } from '../src/db/schema-tower.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const bearer = (token: string) => `Bearer ${token}`;

let tok: Record<string, string>;
/** Every answer the test saw: none may hold a token's hash. */
const answers: string[] = [];
async function api(...args: Parameters<typeof call>) {
  const res = await call(...args);
  answers.push(res.raw.body);
  return res;
}

let lists: { id: number; token: string };
let events: { id: number; token: string };
let acts: { id: number; token: string };

async function issue(name: string, scopes: string[]) {
  const res = await api(t.app, 'POST', '/api/apiTokens', {
    token: tok.shipper,
    body: { name, scopes, expiresAt: day(30), tokenHash: 'f'.repeat(64), userId: 1 },
  });
  expect(res.status).toBe(201);
  return { id: res.body.id as number, token: res.body.token as string, body: res.body };
}

beforeAll(async () => {
  tok = await loginAll(t.app, ['shipper', 'supplier']);
});

describe('API tokens', () => {
  it('issues a token once: random, recognisable, stored as its hash only', async () => {
    const first = await issue('ERP sync', ['lists']);
    lists = first;
    expect(first.token).toMatch(/^tlk_[A-Za-z0-9_-]{43}$/);
    expect(first.body.hint).toBe(`tlk_…${first.token.slice(-4)}`);
    expect(first.body.tokenHash).toBeUndefined();
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, first.id));
    // What the body tried to set (hash, user) is not what the table holds.
    expect(row.tokenHash).toBe(sha256(first.token));
    expect(row.userId).not.toBe(1);
    expect(row.scopes).toEqual(['lists']);
    events = await issue('Tower feed', ['events']);
    acts = await issue('Ticketing', ['exceptions']);

    const list = await api(t.app, 'GET', '/api/apiTokens', { token: tok.shipper });
    expect(list.status).toBe(200);
    const shown = list.body.content.find((r: { id: number }) => r.id === first.id);
    expect(shown).toMatchObject({
      name: 'ERP sync',
      scopes: ['lists'],
      expiresAt: day(30),
      createBy: 'shipper',
    });
    expect(shown.token).toBeUndefined();
    expect(shown.tokenHash).toBeUndefined();
  });

  it('refuses a past expiry in the caller’s language, and stores nothing', async () => {
    const before = await t.db.select().from(apiTokens);
    for (const lang of ['zh', 'en'] as const) {
      const res = await api(t.app, 'POST', '/api/apiTokens', {
        token: tok.shipper,
        lang,
        body: { name: 'old', scopes: ['lists'], expiresAt: day(-1) },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('apiToken.expiry_past');
      expect(res.body.message).toBe(
        lang === 'zh' ? '到期日期须晚于今天' : 'The expiry date must be after today',
      );
    }
    expect(await t.db.select().from(apiTokens)).toHaveLength(before.length);
  });

  it('reads the lists its scope allows, as its company', async () => {
    const bySession = await api(t.app, 'GET', '/api/projectBatch', { token: tok.shipper });
    const byToken = await api(t.app, 'GET', '/api/projectBatch', { token: bearer(lists.token) });
    expect(byToken.status).toBe(200);
    expect(byToken.body.totalElements).toBe(bySession.body.totalElements);
    expect(byToken.body.totalElements).toBeGreaterThan(0);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, lists.id));
    expect(row.lastUsedAt).not.toBeNull();
    // A list as a sheet: the same rows, for a system that takes Excel.
    const sheet = await t.app.inject({
      method: 'GET',
      url: '/api/projectBatch/download',
      headers: { authorization: bearer(lists.token) },
    });
    expect(sheet.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].rowCount - 1).toBe(bySession.body.totalElements);
    const refused = await api(t.app, 'GET', '/api/projectBatch/download', { token: bearer(events.token) });
    expect(refused.status).toBe(403);
  });

  it('is refused (403, localized) on a write and on any route outside its scopes', async () => {
    const refusals: [string, string, object | undefined][] = [
      ['POST', '/api/projectBatch', { projectId: 1, batchNumber: 'X' }],
      ['DELETE', '/api/projectBatch', [1]],
      ['GET', '/api/tower/summary', undefined],
      ['GET', '/api/apiTokens', undefined],
      ['GET', '/auth/info', undefined],
      ['POST', '/api/exceptions/resolve', { id: 1, resolution: 'x' }],
    ];
    for (const [method, url, body] of refusals) {
      const res = await api(t.app, method as 'GET', url, { token: bearer(lists.token), body, lang: 'en' });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.code).toBe('apiToken.scope_missing');
      expect(res.body.message).toBe('This API token has no scope for this call');
    }
    const zh = await api(t.app, 'GET', '/api/tower/summary', { token: bearer(lists.token), lang: 'zh' });
    expect(zh.body.message).toBe('该 API 令牌没有调用此接口的权限范围');
    // The events token reads the tower, not the lists.
    expect((await api(t.app, 'GET', '/api/tower/summary', { token: bearer(events.token) })).status).toBe(200);
    expect((await api(t.app, 'GET', '/api/exceptions', { token: bearer(events.token) })).status).toBe(200);
    expect((await api(t.app, 'GET', '/api/projectBatch', { token: bearer(events.token) })).status).toBe(403);
  });

  it('acts on exceptions with that scope, and every call is in the operation log naming the token', async () => {
    const open = await api(t.app, 'GET', '/api/exceptions', {
      token: tok.shipper,
      query: { open: true, size: 100 },
    });
    const mine = open.body.content.find((e: { actions: string[] }) => e.actions.includes('resolve'));
    expect(mine).toBeTruthy();
    const res = await api(t.app, 'POST', '/api/exceptions/resolve', {
      token: bearer(acts.token),
      body: { id: mine.id, resolution: 'Closed by the ticketing system' },
    });
    expect(res.status).toBe(200);
    expect(res.body.resolution).toBe('Closed by the ticketing system');
    // The log line is written once the answer is sent.
    const logged = await vi.waitFor(async () => {
      const found = await t.db.select().from(logs).where(like(logs.description, 'API token "%'));
      expect(found.some((l) => l.path?.startsWith('/api/exceptions/resolve'))).toBe(true);
      return found;
    });
    const line = (name: string, method: string, path: string) =>
      logged.find(
        (l) =>
          l.description?.startsWith(`API token "${name}"`) && l.method === method && l.path?.startsWith(path),
      );
    expect(line('ERP sync', 'GET', '/api/projectBatch')).toMatchObject({ username: 'shipper', status: 200 });
    expect(line('ERP sync', 'POST', '/api/projectBatch')).toMatchObject({ status: 403 });
    expect(line('Ticketing', 'POST', '/api/exceptions/resolve')).toMatchObject({ status: 200 });
    // No log line holds a token.
    for (const l of logged)
      for (const x of [lists, events, acts]) expect(JSON.stringify(l)).not.toContain(x.token);
  });

  it('answers 401 once expired or revoked; another company can neither see nor revoke it', async () => {
    await t.db
      .update(apiTokens)
      .set({ expiresAt: day(-1) })
      .where(eq(apiTokens.id, events.id));
    expect((await api(t.app, 'GET', '/api/exceptions', { token: bearer(events.token) })).status).toBe(401);

    const theirs = await api(t.app, 'GET', '/api/apiTokens', { token: tok.supplier });
    expect(theirs.status).toBe(200);
    expect(theirs.body.content.map((r: { id: number }) => r.id)).not.toContain(lists.id);
    const revokeTheirs = await api(t.app, 'DELETE', '/api/apiTokens', {
      token: tok.supplier,
      body: [lists.id],
    });
    expect(revokeTheirs.status).toBe(404);
    expect((await api(t.app, 'GET', '/api/projectBatch', { token: bearer(lists.token) })).status).toBe(200);

    const revoke = await api(t.app, 'DELETE', '/api/apiTokens', { token: tok.shipper, body: [lists.id] });
    expect(revoke.status).toBe(200);
    expect(
      await t.db
        .select()
        .from(apiTokens)
        .where(and(eq(apiTokens.id, lists.id))),
    ).toHaveLength(0);
    expect((await api(t.app, 'GET', '/api/projectBatch', { token: bearer(lists.token) })).status).toBe(401);
  });

  it('never answered a token’s hash', () => {
    for (const x of [lists, events, acts]) for (const a of answers) expect(a).not.toContain(sha256(x.token));
  });
});
