import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { dictDetails, dicts, logs } from '../src/db/schema.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
let dictId: number;

beforeAll(async () => {
  tok = await loginAll(t.app, ['admin', 'shipper']);
  const res = await call(t.app, 'POST', '/api/dict', {
    token: tok.admin,
    body: { name: 'test_terms', description: '贸易术语' },
  });
  expect(res.status).toBe(201);
  dictId = res.body.id;
  for (const [i, v] of [
    'EXW',
    'FCA',
    'FAS',
    'FOB',
    'CFR',
    'CIF',
    'CPT',
    'CIP',
    'DAP',
    'DPU',
    'DDP',
  ].entries()) {
    const r = await call(t.app, 'POST', '/api/dictDetail', {
      token: tok.admin,
      body: { dictId, value: v, label: `${v} 术语`, enLabel: `${v} term`, dictSort: 20 - i },
    });
    expect(r.status).toBe(201);
  }
});

describe('list: paging, sort, filters', () => {
  it('pages are 0-based with totalElements', async () => {
    const p0 = await call(t.app, 'GET', '/api/dictDetail', {
      token: tok.shipper,
      query: { dictId, page: 0, size: 4, sort: 'value,asc' },
    });
    expect(p0.status).toBe(200);
    expect(p0.body.totalElements).toBe(11);
    expect(p0.body.content.map((r: { value: string }) => r.value)).toEqual(['CFR', 'CIF', 'CIP', 'CPT']);
    const p2 = await call(t.app, 'GET', '/api/dictDetail', {
      token: tok.shipper,
      query: { dictId, page: 2, size: 4, sort: 'value,asc' },
    });
    expect(p2.body.content.map((r: { value: string }) => r.value)).toEqual(['FAS', 'FCA', 'FOB']);
  });

  it('every row carries id, createTime, updateTime, createBy, updateBy', async () => {
    const res = await call(t.app, 'GET', '/api/dictDetail', {
      token: tok.shipper,
      query: { dictId, size: 1 },
    });
    const row = res.body.content[0];
    for (const k of ['id', 'createTime', 'updateTime', 'createBy', 'updateBy']) expect(row).toHaveProperty(k);
    expect(row.createBy).toBe('admin');
    expect(new Date(row.createTime).getTime()).toBeGreaterThan(Date.now() - 3_600_000);
  });

  it('sort repeats, and the default sort applies when none is given', async () => {
    const byDefault = await call(t.app, 'GET', '/api/dictDetail', {
      token: tok.shipper,
      query: { dictId, size: 3 },
    });
    // dictSort ascending: DDP has 10, DPU 11, DAP 12
    expect(byDefault.body.content.map((r: { value: string }) => r.value)).toEqual(['DDP', 'DPU', 'DAP']);
    const twoKeys = await call(t.app, 'GET', '/api/dictDetail', {
      token: tok.shipper,
      query: { dictId, size: 2, sort: ['dictId,asc', 'dictSort,desc'] },
    });
    expect(twoKeys.body.content.map((r: { value: string }) => r.value)).toEqual(['EXW', 'FCA']);
  });

  it('spec lookup: dictName with page 0 and size 9999, and the map of several dictionaries', async () => {
    const res = await call(t.app, 'GET', '/api/dictDetail', {
      token: tok.shipper,
      query: { dictName: 'logistics_status', page: 0, size: 9999 },
    });
    // Every state of the box logistics machine, 'back to supplier' last.
    expect(res.body.totalElements).toBe(12);
    expect(res.body.content[0]).toMatchObject({ value: '0', label: '未装车', enLabel: 'Not loaded' });
    expect(res.body.content[10]).toMatchObject({ label: '已签收', enLabel: 'Signed' });
    expect(res.body.content[11]).toMatchObject({ value: '11', enLabel: 'Back to supplier' });
    const map = await call(t.app, 'GET', '/api/dictDetail/map', {
      token: tok.shipper,
      query: { dictName: 'account_end,test_terms,nope' },
    });
    expect(map.body.account_end.map((r: { label: string }) => r.label)).toEqual([
      '货主端',
      '供应商端',
      '物流商端',
      '其他',
      '平台',
    ]);
    expect(map.body.test_terms).toHaveLength(11);
    expect(map.body.nope).toEqual([]);
  });

  it('like, in, between and blurry filters', async () => {
    const like = await call(t.app, 'GET', '/api/dictDetail', {
      token: tok.shipper,
      query: { dictId, label: 'dp 术' },
    });
    expect(like.body.content.map((r: { value: string }) => r.value)).toEqual(['DDP']);
    const inn = await call(t.app, 'GET', '/api/users', { token: tok.admin, query: { roleType: 1 } });
    expect(inn.body.content.map((u: { username: string }) => u.username).sort()).toEqual([
      'supplier',
      'supplier2',
    ]);
    const blurry = await call(t.app, 'GET', '/api/users', {
      token: tok.admin,
      query: { blurry: '13800000004' },
    });
    expect(blurry.body.content.map((u: { username: string }) => u.username)).toEqual(['logistics']);
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const between = await call(t.app, 'GET', '/api/dict', {
      token: tok.admin,
      query: { createTime: [from, to] },
    });
    expect(between.body.content.map((d: { name: string }) => d.name)).toContain('test_terms');
    const old = await call(t.app, 'GET', '/api/dict', {
      token: tok.admin,
      query: { createTime: ['2000-01-01', '2000-12-31'] },
    });
    expect(old.body.totalElements).toBe(0);
    const likeWildcard = await call(t.app, 'GET', '/api/dictDetail', {
      token: tok.shipper,
      query: { dictId, label: '%' },
    });
    expect(likeWildcard.body.totalElements).toBe(0);
  });

  it('unknown sort or filter fields, and bad values, are a 400, never ignored', async () => {
    const sort = await call(t.app, 'GET', '/api/dictDetail', {
      token: tok.shipper,
      query: { sort: 'password,desc' },
    });
    expect(sort.status).toBe(400);
    expect(sort.body.code).toBe('resource.bad_sort');
    // A large family sorts only by what it declares (what an index serves at a million rows), and some
    // sorts only inside one list: a column it holds but does not declare, and a list's sort asked across
    // the company, are refused in the caller's language, the second naming the filter it needs.
    for (const [path, sortBy, code, en, zh] of [
      [
        '/api/boxPiece',
        'status,asc',
        'resource.bad_sort',
        'Cannot sort by status,asc',
        '不支持按 status,asc 排序',
      ],
      [
        '/api/supplies',
        'quantity,desc',
        'resource.sort_needs_filter',
        'Sorting by quantity needs a filter by listId, batchId first',
        '按 quantity 排序前，请先按 listId, batchId 筛选',
      ],
    ])
      for (const [lang, message] of [
        ['en', en],
        ['zh', zh],
      ] as const) {
        const refused = await call(t.app, 'GET', path, { token: tok.shipper, lang, query: { sort: sortBy } });
        expect([refused.status, refused.body.code, refused.body.message]).toEqual([400, code, message]);
      }
    const byNumber = await call(t.app, 'GET', '/api/boxPiece', {
      token: tok.shipper,
      query: { sort: 'boxNumber,desc', size: 3 },
    });
    expect(byNumber.status).toBe(200);
    const numbers = byNumber.body.content.map((b: { boxNumber: string }) => b.boxNumber);
    expect(numbers.length).toBeGreaterThan(1);
    expect(numbers).toEqual([...numbers].sort().reverse());
    const [list] = (await call(t.app, 'GET', '/api/materialList', { token: tok.shipper, query: { size: 1 } }))
      .body.content;
    const inList = await call(t.app, 'GET', '/api/supplies', {
      token: tok.shipper,
      query: { listId: list.id, sort: 'quantity,desc', size: 100 },
    });
    expect(inList.status).toBe(200);
    const quantities = inList.body.content.map((r: { quantity: number }) => r.quantity);
    expect(quantities.length).toBeGreaterThan(1);
    expect(quantities).toEqual([...quantities].sort((a, b) => b - a));
    const filter = await call(t.app, 'GET', '/api/dictDetail', {
      token: tok.shipper,
      query: { nope: 1 },
      lang: 'en',
    });
    expect(filter.status).toBe(400);
    expect(filter.body.message).toBe('Unknown filter: nope');
    const badNumber = await call(t.app, 'GET', '/api/dictDetail', {
      token: tok.shipper,
      query: { dictId: 'abc' },
    });
    expect(badNumber.status).toBe(400);
    const badPage = await call(t.app, 'GET', '/api/dictDetail', { token: tok.shipper, query: { page: -1 } });
    expect(badPage.status).toBe(400);
    const hidden = await call(t.app, 'GET', '/api/users', {
      token: tok.admin,
      query: { sort: 'passwordHash,asc' },
    });
    expect(hidden.status).toBe(400);
  });
});

describe('create, update, delete', () => {
  it('create validates and names the field; nothing is written on bad input', async () => {
    const before = await t.db.select().from(dictDetails).where(eq(dictDetails.dictId, dictId));
    const bad = await call(t.app, 'POST', '/api/dictDetail', {
      token: tok.admin,
      body: { dictId, value: '' },
      lang: 'en',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation');
    expect(bad.body.message).toMatch(/label|value/);
    const after = await t.db.select().from(dictDetails).where(eq(dictDetails.dictId, dictId));
    expect(after).toHaveLength(before.length);
  });

  it('update by id in body returns the new row; delete takes an array of ids', async () => {
    const created = await call(t.app, 'POST', '/api/dictDetail', {
      token: tok.admin,
      body: { dictId, value: 'X', label: '临时' },
    });
    const updated = await call(t.app, 'PUT', '/api/dictDetail', {
      token: tok.admin,
      body: { id: created.body.id, label: '改过' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, label: '改过', value: 'X', updateBy: 'admin' });
    const gone = await call(t.app, 'DELETE', '/api/dictDetail', {
      token: tok.admin,
      body: [created.body.id],
    });
    expect(gone.body).toEqual({ deleted: 1 });
    const rows = await t.db.select().from(dictDetails).where(eq(dictDetails.id, created.body.id));
    expect(rows).toHaveLength(0);
    const empty = await call(t.app, 'DELETE', '/api/dictDetail', { token: tok.admin, body: [] });
    expect(empty.status).toBe(400);
    const missing = await call(t.app, 'PUT', '/api/dictDetail', {
      token: tok.admin,
      body: { id: 999999, label: 'x' },
    });
    expect(missing.status).toBe(404);
  });

  it('a delete with one unknown id deletes nothing', async () => {
    const a = await call(t.app, 'POST', '/api/dictDetail', {
      token: tok.admin,
      body: { dictId, value: 'A1', label: 'a1' },
    });
    const res = await call(t.app, 'DELETE', '/api/dictDetail', {
      token: tok.admin,
      body: [a.body.id, 987654],
    });
    expect(res.status).toBe(404);
    expect(await t.db.select().from(dictDetails).where(eq(dictDetails.id, a.body.id))).toHaveLength(1);
  });

  it('queryById returns one visible row', async () => {
    const res = await call(t.app, 'GET', '/api/dict/queryById', { token: tok.admin, query: { id: dictId } });
    expect(res.body.name).toBe('test_terms');
  });

  it('without the permission string: 403 and nothing changes', async () => {
    const res = await call(t.app, 'POST', '/api/dict', { token: tok.shipper, body: { name: 'hack' } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ status: 403, code: 'forbidden' });
    expect(await t.db.select().from(dicts).where(eq(dicts.name, 'hack'))).toHaveLength(0);
    const del = await call(t.app, 'DELETE', '/api/dictDetail', { token: tok.shipper, body: [1] });
    expect(del.status).toBe(403);
  });
});

describe('operation log, idempotency, openapi', () => {
  it('mutating requests are logged with secrets removed', async () => {
    await call(t.app, 'POST', '/auth/login', { body: { username: 'shipper', password: 'Shipper@2026' } });
    await call(t.app, 'POST', '/api/dict', { token: tok.admin, body: { name: 'logged_dict' } });
    // The log line is written once the answer is sent.
    const rows = await vi.waitFor(async () => {
      const found = await t.db.select().from(logs);
      expect(found.some((r) => r.path === '/api/dict' && r.params?.includes('logged_dict'))).toBe(true);
      return found;
    });
    const login = rows.find((r) => r.path === '/auth/login' && r.username === 'shipper');
    expect(login).toBeDefined();
    expect(login?.params).not.toContain('Shipper@2026');
    expect(login?.params).toContain('******');
    const created = rows.find(
      (r) => r.path === '/api/dict' && r.method === 'POST' && r.params?.includes('logged_dict'),
    );
    expect(created).toMatchObject({ username: 'admin', status: 201, logType: 'INFO' });
    expect(created?.time).toBeGreaterThanOrEqual(0);
    const all = JSON.stringify(rows);
    expect(all).not.toMatch(/scrypt\$/);
    expect(all).not.toContain('Admin@2026');
  });

  it('a repeated X-Data-Id answers data_id_unique and does not create twice', async () => {
    const headers = { 'x-data-id': 'form-123' };
    const first = await call(t.app, 'POST', '/api/dict', {
      token: tok.admin,
      body: { name: 'once' },
      headers,
    });
    expect(first.status).toBe(201);
    const second = await call(t.app, 'POST', '/api/dict', {
      token: tok.admin,
      body: { name: 'once' },
      headers,
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('data_id_unique');
    expect(await t.db.select().from(dicts).where(eq(dicts.name, 'once'))).toHaveLength(1);
  });

  it('serves the OpenAPI document and its UI', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/swagger-ui.html' });
    expect(ui.statusCode).toBe(302);
    const doc = await t.app.inject({ method: 'GET', url: '/swagger-ui/json' });
    const json = doc.json();
    expect(json.openapi).toMatch(/^3\./);
    expect(Object.keys(json.paths)).toEqual(
      expect.arrayContaining(['/auth/login', '/api/users', '/api/menus/build']),
    );
  });

  it('health says which database', async () => {
    const res = await call(t.app, 'GET', '/api/health');
    expect(res.body).toEqual({ status: 'ok', db: t.kind });
  });

  it('unknown API paths are a localized 404', async () => {
    const res = await call(t.app, 'GET', '/api/nothing-here', { token: tok.admin, lang: 'en' });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });
});

describe('error log', () => {
  it('an unhandled error answers a localized 500 without internals and is logged with its stack', async () => {
    const { createTestApp } = await import('./helpers.ts');
    const local = await createTestApp({ TEST_HOOKS: '1' });
    try {
      const res = await call(local.app, 'GET', '/test/boom', { lang: 'en' });
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({
        status: 500,
        code: 'internal',
        message: 'Server error, contact platform customer service',
      });
      expect(JSON.stringify(res.body)).not.toContain('boom');
      // The log line is written once the answer is sent.
      const rows = await vi.waitFor(async () => {
        const found = await local.db.select().from(logs).where(eq(logs.logType, 'ERROR'));
        expect(found).toHaveLength(1);
        return found;
      });
      expect(rows[0].exceptionDetail).toContain('boom for the error log');
      expect(rows[0].exceptionDetail).toContain('test-hooks.ts');
      expect(rows[0].status).toBe(500);
    } finally {
      await local.close();
    }
  });
});

describe('idempotency after a failure', () => {
  it('a failed request releases its X-Data-Id so the corrected form can be sent', async () => {
    const headers = { 'x-data-id': 'form-retry' };
    const bad = await call(t.app, 'POST', '/api/dict', {
      token: tok.admin,
      body: { name: 'test_terms' },
      headers,
    });
    expect(bad.status).toBe(409);
    expect(bad.body.message).not.toContain('data_id_unique');
    const fixed = await call(t.app, 'POST', '/api/dict', {
      token: tok.admin,
      body: { name: 'retry_ok' },
      headers,
    });
    expect(fixed.status).toBe(201);
  });
});

describe('janitor', () => {
  it('removes expired sessions and captchas, keeps live ones', async () => {
    const { sweep } = await import('../src/db/janitor.ts');
    const { sessions, captchas } = await import('../src/db/schema.ts');
    await t.db.insert(captchas).values([
      { uuid: 'old-one', answer: '1', expiresAt: new Date(Date.now() - 1000) },
      { uuid: 'new-one', answer: '2', expiresAt: new Date(Date.now() + 60_000) },
    ]);
    const live = await t.db.select().from(sessions);
    await t.db.insert(sessions).values({
      tokenHash: 'x'.repeat(64),
      userId: 1,
      tenantId: 1,
      expiresAt: new Date(Date.now() - 8 * 86_400_000),
    });
    await sweep(t.db);
    const left = (await t.db.select().from(captchas)).map((c) => c.uuid);
    expect(left).toContain('new-one');
    expect(left).not.toContain('old-one');
    const after = await t.db.select().from(sessions);
    expect(after.some((s) => s.tokenHash === 'x'.repeat(64))).toBe(false);
    expect(after.length).toBe(live.length);
  });

  it('prunes the mail log past 90 days and keeps the rest', async () => {
    const { sweep } = await import('../src/db/janitor.ts');
    const { mailLogs } = await import('../src/db/schema-mail.ts');
    const day = 86_400_000;
    const entry = (subject: string, age: number) => ({
      toAddress: 'ops@example.com',
      subject,
      kind: 'test',
      ok: true,
      createTime: new Date(Date.now() - age),
    });
    await t.db.insert(mailLogs).values([entry('old mail', 91 * day), entry('recent mail', 89 * day)]);
    await sweep(t.db);
    const subjects = (await t.db.select().from(mailLogs)).map((m) => m.subject);
    expect(subjects).toContain('recent mail');
    expect(subjects).not.toContain('old mail');
  });
});
