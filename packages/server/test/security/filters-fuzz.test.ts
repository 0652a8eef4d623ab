// Filters that used to answer 500, and the attack suite's schema-derived fuzz: every route of the app (from its OpenAPI
// document, the engine's declared filters and the hidden routes) gets hostile inputs — wrong types, huge
// numbers, NUL bytes, unicode, __proto__, overlong strings, bad dates, arrays for scalars, other tenants'
// ids — from every demo party and a stranger. No answer may be a 5xx, and a refused request changes no row.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { registeredResources } from '../../src/resources/engine.ts';
import { call, useTestApp } from '../helpers.ts';
import { type PartyName, tokensOf } from './fixtures.ts';

const t = useTestApp();
let tok: Record<PartyName, string>;
let parties: PartyName[];

beforeAll(async () => {
  tok = await tokensOf(t.app);
  parties = Object.keys(tok) as PartyName[];
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  format?: string;
  pattern?: string;
  anyOf?: JsonSchema[];
}
interface Op {
  method: Method;
  url: string;
  params: string[];
  query: Record<string, JsonSchema>;
  body?: JsonSchema;
}

/** Routes whose success ends the caller's session or another's: fuzzed, but never with a well-formed input. */
const SESSION_ENDING = /logout|\/api\/online|updatePass|resetPass|updateEmail/;

function operations(): Op[] {
  const doc = t.app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string; schema?: JsonSchema }[];
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        }
      >
    >;
  };
  const ops: Op[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase() as Method;
      if (!['GET', 'POST', 'PUT', 'DELETE'].includes(method)) continue;
      const query: Record<string, JsonSchema> = {};
      for (const p of op.parameters ?? []) if (p.in === 'query') query[p.name] = p.schema ?? {};
      ops.push({
        method,
        url: path,
        params: [...path.matchAll(/\{(\w+)\}/g)].map((x) => x[1]),
        query,
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  // The engine's list filters are declared, not in the route schema: each one is fuzzed by name.
  for (const r of registeredResources()) {
    const list = ops.find((o) => o.method === 'GET' && o.url === `/api/${r.name}`);
    if (!list) continue;
    for (const f of Object.keys(r.filters ?? {})) list.query[f] ??= {};
    for (const c of ['id', 'createTime', 'updateTime', 'tenantId']) if (r.columns[c]) list.query[c] ??= {};
  }
  // Routes hidden from the document (files, websocket handshake…) are still routes.
  for (const r of t.app.routeTable) {
    const url = r.url.replace(/:(\w+)/g, '{$1}');
    if (!['GET', 'POST', 'PUT', 'DELETE'].includes(r.method) || r.url.startsWith('/swagger-ui')) continue;
    if (ops.some((o) => o.method === r.method && o.url === url)) continue;
    ops.push({
      method: r.method as Method,
      url,
      params: [...url.matchAll(/\{(\w+)\}/g)].map((x) => x[1]),
      query: {},
    });
  }
  return ops;
}

const NUL = 'a\u0000b';
const LONG = 'x'.repeat(100_000);
const UNICODE = '\u202e😀𝕏\uFEFF\u200b';
/** Hostile values for one scalar place, whatever its declared type. */
const HOSTILE_SCALARS: string[] = [
  '99999-01-01,99999-12-31',
  '1.5',
  '1e20',
  '-99999999999999999999',
  NUL,
  '2026-13-45',
  '__proto__',
  UNICODE,
  LONG.slice(0, 5000),
  'NaN',
  ',',
  '1,2,x',
];
const PATH_VALUES = [
  '1.5',
  '1e20',
  '-1',
  '99999999999999999999',
  '%00',
  'abc',
  '__proto__',
  '%E2%80%AE',
  '1',
  '2',
  '3',
];

const typeOf = (s: JsonSchema | undefined): string =>
  (Array.isArray(s?.type) ? s?.type.find((x) => x !== 'null') : s?.type) ??
  s?.anyOf?.map(typeOf).find((x) => x !== 'null' && x !== 'object') ??
  'string';

/** Bodies that break the schema in one way each; `wellFormed` ones may legitimately succeed. */
function hostileBodies(schema: JsonSchema | undefined): { label: string; body: unknown }[] {
  const props = Object.entries(schema?.properties ?? {});
  const each = (f: (name: string, s: JsonSchema) => unknown) =>
    Object.fromEntries(props.map(([name, s]) => [name, f(name, s)]));
  const wrongType = (s: JsonSchema) => {
    const ty = typeOf(s);
    return ty === 'string' ? { $gt: '' } : ty === 'array' ? 'not-an-array' : 'not-a-number';
  };
  const out: { label: string; body: unknown }[] = [
    { label: 'wrong types', body: each((_n, s) => wrongType(s)) },
    { label: 'NUL bytes', body: each((_n, s) => (typeOf(s) === 'string' ? NUL : 1)) },
    {
      label: 'huge',
      body: each((_n, s) => {
        const ty = typeOf(s);
        return ty === 'integer' ? 1e20 : ty === 'number' ? 1e308 : ty === 'string' ? LONG : [LONG];
      }),
    },
    { label: 'arrays for scalars', body: each((_n, s) => (typeOf(s) === 'array' ? [[{}]] : [1, 'x'])) },
    {
      label: 'bad dates and unicode',
      body: each((n, s) =>
        /date|time/i.test(n)
          ? '99999-01-01'
          : typeOf(s) === 'string'
            ? UNICODE
            : typeOf(s) === 'integer'
              ? 1.5
              : UNICODE,
      ),
    },
    { label: 'nulls', body: { ...each(() => null), tenantId: null, id: null } },
    { label: 'not an object', body: [NUL, 1e20, null] },
  ];
  return out;
}

/** Every row of every table, as a checksum per table (tables that record requests are left out). */
const RECORDING = new Set([
  'sys_log',
  'sys_session',
  'sys_login_attempt',
  'sys_captcha',
  'sys_reset_code',
  'import_task',
  'view_record',
]);
let tablesSql: ReturnType<typeof sql.raw> | null = null;
async function snapshot(): Promise<Map<string, string>> {
  if (!tablesSql) {
    const rows = (await t.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )) as unknown as { rows?: { table_name: string }[] } | { table_name: string }[];
    const names = (Array.isArray(rows) ? rows : (rows.rows ?? []))
      .map((r) => r.table_name)
      .filter((n) => !RECORDING.has(n) && !n.startsWith('__drizzle'));
    tablesSql = sql.raw(
      names
        .map(
          (n) =>
            // The count and the sum of the rows' creating transactions: an insert or a delete moves the
            // count, and an update writes a new row version with a new xmin — even one that sets the same
            // values (a hash of the rows' text missed those, and cost a text rendering of every row).
            `select '${n}' as t, count(*)::text || ':' || coalesce(sum(x.xmin::text::bigint)::text, '') as h from "${n}" x`,
        )
        .join(' union all '),
    );
  }
  const res = (await t.db.execute(tablesSql)) as unknown as
    | { rows?: { t: string; h: string }[] }
    | { t: string; h: string }[];
  return new Map((Array.isArray(res) ? res : (res.rows ?? [])).map((r) => [r.t, r.h]));
}

function changed(a: Map<string, string>, b: Map<string, string>): string[] {
  return [...a.keys()].filter((k) => a.get(k) !== b.get(k));
}

interface Attempt {
  who: PartyName;
  method: Method;
  url: string;
  query?: Record<string, string | string[]>;
  body?: unknown;
  label: string;
}

function attemptsFor(op: Op, index: number): Attempt[] {
  const out: Attempt[] = [];
  const party = (i: number) => parties[(index + i) % parties.length];
  const fill = (value: string) => op.url.replace(/\{(\w+)\}/g, value);
  const base = fill('1');
  // Path parameters.
  if (op.params.length) {
    PATH_VALUES.forEach((v, i) => {
      const wellFormed = /^\d$/.test(v);
      if (wellFormed && op.method !== 'GET') return;
      out.push({ who: party(i), method: op.method, url: fill(v), label: `path ${v}` });
    });
  }
  // Query parameters: every one hostile at once, one hostile kind per request.
  const names = Object.keys(op.query);
  if (names.length) {
    HOSTILE_SCALARS.forEach((v, i) => {
      out.push({
        who: party(i),
        method: op.method,
        url: base,
        query: Object.fromEntries(names.map((n) => [n, v])),
        label: `query ${JSON.stringify(v.slice(0, 20))}`,
      });
    });
    out.push({
      who: party(1),
      method: op.method,
      url: base,
      query: Object.fromEntries(names.map((n) => [n, ['1', NUL, '1e20']])),
      label: 'query arrays',
    });
  }
  if (op.method === 'GET') {
    // Paging and sorting every list takes, and another tenant's ids.
    out.push({
      who: party(2),
      method: 'GET',
      url: base,
      query: { page: '1e20', size: '-1', sort: '__proto__,desc' },
      label: 'paging',
    });
    for (const [i, id] of ['1', '2', '3', '5', '8'].entries())
      out.push({ who: party(i), method: 'GET', url: base, query: { id }, label: `foreign id ${id}` });
  } else {
    for (const [i, b] of hostileBodies(op.body).entries())
      out.push({ who: party(i), method: op.method, url: base, body: b.body, label: `body ${b.label}` });
    if (op.method === 'DELETE')
      for (const [i, ids] of [[1.5], [1e20], [-1], [null], [NUL], [0, Number.MAX_SAFE_INTEGER + 2]].entries())
        out.push({
          who: party(i),
          method: 'DELETE',
          url: base,
          body: ids,
          label: `ids ${JSON.stringify(ids)}`,
        });
    out.push({
      who: party(3),
      method: op.method,
      url: base,
      raw: '{"__proto__":{"isPlatformAdmin":true,"tenantId":1},"constructor":{"prototype":{"polluted":1}}}',
      label: 'body __proto__',
    } as Attempt & { raw: string });
  }
  return out;
}

function declaresWrites(op: Op): boolean {
  const url = op.url.replace(/\{(\w+)\}/g, ':$1');
  return t.app.routeTable.some((r) => r.method === op.method && r.url === url && r.config.writes);
}

async function send(a: Attempt & { raw?: string }) {
  if (a.raw !== undefined) {
    const res = await t.app.inject({
      method: a.method,
      url: a.url,
      headers: { authorization: tok[a.who], 'content-type': 'application/json' },
      payload: a.raw,
    });
    let body: { code?: string } | undefined;
    try {
      body = res.json();
    } catch {
      body = undefined;
    }
    return { status: res.statusCode, body };
  }
  return call(t.app, a.method, a.url, { token: tok[a.who], query: a.query, body: a.body });
}

describe('schema-derived fuzz of every route', () => {
  it('finds the routes (OpenAPI, declared filters, hidden routes)', () => {
    const ops = operations();
    expect(declaresWrites({ method: 'GET', url: '/api/supplies/tag/{id}', params: [], query: {} })).toBe(
      true,
    );
    expect(declaresWrites({ method: 'GET', url: '/api/users', params: [], query: {} })).toBe(false);
    expect(ops.length).toBeGreaterThan(200);
    expect(ops.some((o) => o.url === '/api/supplies/back/{id}')).toBe(true);
    const users = ops.find((o) => o.method === 'GET' && o.url === '/api/users');
    expect(Object.keys(users?.query ?? {})).toEqual(expect.arrayContaining(['createTime', 'blurry']));
  });

  it('the row snapshot sees an insert, a delete, and an update that sets the same values', async () => {
    const a = await snapshot();
    await t.db.execute(
      sql`update "project" set "name" = "name" where "id" = (select min("id") from "project")`,
    );
    const b = await snapshot();
    expect(changed(a, b)).toEqual(['project']);
    await t.db.execute(sql`insert into "sscc_serial" ("company_prefix") values ('999999999')`);
    const c = await snapshot();
    expect(changed(b, c)).toEqual(['sscc_serial']);
    await t.db.execute(sql`delete from "sscc_serial" where "company_prefix" = '999999999'`);
    expect(changed(c, await snapshot())).toEqual(['sscc_serial']);
  });

  it('answers no hostile input with a 5xx; a refused request changes no row', {
    timeout: 600_000,
  }, async () => {
    const fivexx: string[] = [];
    const moved: string[] = [];
    let before = await snapshot();
    let sent = 0;
    const statuses: Record<number, number> = {};
    // CI runs this file on PGlite and on PostgreSQL: each takes every other route (the union is every
    // route, each database gets routes of every family). FUZZ_ALL=1 walks them all on one database.
    const half = process.env.FUZZ_ALL ? null : process.env.TEST_DB === 'postgres' ? 1 : 0;
    for (const [i, op] of operations().entries()) {
      if (half !== null && i % 2 !== half) continue;
      if (SESSION_ENDING.test(op.url) && op.method !== 'GET') continue;
      let accepted = false;
      for (const a of attemptsFor(op, i)) {
        const res = await send(a);
        sent++;
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status >= 500)
          fivexx.push(`${res.status} ${a.who} ${a.method} ${a.url} ${a.label} ${JSON.stringify(res.body)}`);
        if (res.status < 400) accepted = true;
      }
      // Rows are compared after each route's batch. A GET that does not declare `writes` changes nothing
      // even when it answers; any other route changes nothing when every attempt was refused.
      const after = await snapshot();
      const diff = changed(before, after);
      if (diff.length && (!accepted || (op.method === 'GET' && !declaresWrites(op))))
        moved.push(`${op.method} ${op.url}${accepted ? ' (some answered)' : ''}: ${diff.join(', ')}`);
      before = after;
    }
    expect(sent).toBeGreaterThan(half === null ? 2000 : 1000);
    console.log('fuzz:', sent, 'requests', JSON.stringify(statuses));
    expect(fivexx).toEqual([]);
    expect(moved).toEqual([]);
    // The sessions held: the fuzz really ran as the parties, not as strangers.
    for (const who of parties)
      expect((await call(t.app, 'GET', '/auth/info', { token: tok[who] })).status, who).toBe(200);
  });
});

describe('the inputs that were 500s are localized 400s', () => {
  it.each([
    ['/api/projectBatch', { createTime: '99999-01-01,99999-12-31' }, 'validation.date_range'],
    ['/api/projectBatch', { createTime: '2026-13-45,2026-12-31' }, 'validation.date_range'],
    ['/api/projectBatch', { plannedShipDate: '2026-02-30,2026-03-01' }, 'validation.date_range'],
    ['/api/supplies', { projectId: '1e20' }, 'validation.integer_range'],
    ['/api/users', { id: '1.5' }, 'validation.integer_range'],
    ['/api/users', { id: '99999999999999999999' }, 'validation.integer_range'],
    ['/api/project', { name: 'a\u0000b' }, 'validation.nul_byte'],
    ['/api/projectBatch', { status: `${'0,'.repeat(1000)}1` }, 'validation.too_many_values'],
  ])('GET %s %j', async (url, query, code) => {
    const res = await call(t.app, 'GET', url, { token: tok.admin, query, lang: 'en' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
    expect(res.body.message).toMatch(/^Invalid input: \w+ /);
  });

  it('a NUL byte in the path or a body is a 400, and the operation log records the refusal', async () => {
    const path = await call(t.app, 'GET', '/api/supplies/tag/1%00', { token: tok.supplier });
    expect(path.status).toBe(400);
    expect(path.body.code).toBe('validation.nul_byte');
    const body = await call(t.app, 'POST', '/api/feedback', {
      token: tok.shipper,
      body: { commentsOrFeedback: 'a\u0000b', phone: '13800000001' },
      lang: 'en',
    });
    expect(body.status).toBe(400);
    expect(body.body.message).toBe('Invalid input: commentsOrFeedback contains a NUL character');
    // The log is written when the response has gone (onResponse): on a server it may land a moment later.
    const lastRefusal = async () => {
      const rows = (await t.db.execute(
        sql`select path, params from sys_log where path = '/api/feedback' and status = 400 order by id desc limit 1`,
      )) as unknown as { rows?: { params: string }[] } | { params: string }[];
      const [row] = Array.isArray(rows) ? rows : (rows.rows ?? []);
      return row?.params ?? '';
    };
    await expect.poll(lastRefusal, { timeout: 5000 }).toContain('a\\\\0b');
  });
});
