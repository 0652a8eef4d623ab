// A fresh app on a fresh database per test file; helpers to log in and call the API as a user would.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { cloneDatabase } from './template.ts';

export interface TestApi {
  app: FastifyInstance;
  db: Db;
  kind: 'pglite' | 'postgres';
}

export const passwords: Record<string, string> = {
  admin: 'Admin@2026',
  shipper: 'Shipper@2026',
  supplier: 'Supplier@2026',
  supplier2: 'Supplier@2026',
  logistics: 'Logistics@2026',
  trial: 'Trial@2026',
  site: 'Site@2026',
};

export async function createTestApp(env: Record<string, string> = {}, options: BuildOptions = {}) {
  const { database, drop } = await cloneDatabase(inject('dbTemplate'));
  const config = loadConfig({
    CAPTCHA: 'off',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT: '10000',
    CHECK_ANSWERS: 'on',
    ...env,
  });
  const app = await buildApp(config, database, options);
  await app.ready();
  return {
    app,
    db: database.db,
    kind: database.kind,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** Registers beforeAll/afterAll for a file and returns a handle filled in before the tests run. */
export function useTestApp(env: Record<string, string> = {}) {
  const handle = {} as TestApi & { close: () => Promise<void> };
  beforeAll(async () => {
    Object.assign(handle, await createTestApp(env));
  });
  afterAll(async () => handle.close?.());
  return handle;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | (string | number)[]>;
  lang?: 'zh' | 'en';
  headers?: Record<string, string>;
}

export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: CallOptions = {},
) {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = opts.token;
  if (opts.lang) headers['accept-language'] = opts.lang;
  const query: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(opts.query ?? {}))
    query[k] = Array.isArray(v) ? v.map(String) : String(v);
  const res = await app.inject({
    method,
    url,
    headers,
    query,
    ...(opts.body !== undefined
      ? { payload: JSON.stringify(opts.body), headers: { ...headers, 'content-type': 'application/json' } }
      : {}),
  });
  let json: unknown;
  try {
    json = res.json();
  } catch {
    json = undefined;
  }
  // biome-ignore lint/suspicious/noExplicitAny: test responses are read loosely, asserted precisely
  return { status: res.statusCode, body: json as any, raw: res };
}

export async function login(app: FastifyInstance, username: string, password = passwords[username]) {
  const res = await call(app, 'POST', '/auth/login', { body: { username, password } });
  if (res.status !== 200)
    throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

/** Logs in each named demo user once per app. */
export async function loginAll(app: FastifyInstance, names: string[]) {
  const out: Record<string, string> = {};
  for (const n of names) out[n] = await login(app, n);
  return out;
}

/**
 * POSTs a multipart form (text fields, then one file) as a browser's upload does; answers the status and
 * the JSON body.
 */
export async function postSheet(
  app: FastifyInstance,
  url: string,
  opts: {
    token: string;
    fields: Record<string, string | number>;
    file: Buffer;
    name?: string;
    lang?: 'zh' | 'en';
  },
) {
  const boundary = '----tradelane-upload';
  const payload = Buffer.concat([
    ...Object.entries(opts.fields).map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${opts.name ?? 'sheet.xlsx'}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    opts.file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: opts.token,
      'accept-language': opts.lang ?? 'zh',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}
