// A state change needs the token in the Authorization header; the session cookie
// alone (what a cross-site page makes the browser send) authorizes safe reads only. No `?token=` except
// on the websocket, which checks Origin.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../src/db/schema.ts';
import { materialLists, supplies } from '../../src/db/schema-project.ts';
import { TOKEN_COOKIE } from '../../src/http/auth.ts';
import { call, loginAll, useTestApp } from '../helpers.ts';

const t = useTestApp({ WS_ORIGINS: 'https://partner.example.com' });
let tok: Record<string, string>;
let rowId: number;

const cookie = (token: string) => ({ cookie: `${TOKEN_COOKIE}=${encodeURIComponent(token)}` });

beforeAll(async () => {
  tok = await loginAll(t.app, ['supplier', 'shipper']);
  const [tenant] = await t.db.select().from(tenants).where(eq(tenants.corporateName, '上海电气设备有限公司'));
  // A row of a draft list of the supplier's: one it may tag.
  const [row] = await t.db
    .select({ id: supplies.id })
    .from(supplies)
    .innerJoin(materialLists, eq(materialLists.id, supplies.listId))
    .where(and(eq(supplies.supplierTenantId, tenant.id), eq(materialLists.status, 0)))
    .limit(1);
  rowId = row.id;
});

const tagsOf = async (id: number) =>
  (await t.db.select({ tags: supplies.tags }).from(supplies).where(eq(supplies.id, id)))[0].tags;

describe('the cookie alone authorizes safe reads only', () => {
  it('a safe read (a download opened in a new tab) works with the cookie', async () => {
    const res = await call(t.app, 'GET', '/auth/info', { headers: cookie(tok.supplier) });
    expect(res.status).toBe(200);
    expect(res.body.user.username).toBe('supplier');
  });

  it.each([
    ['tag', () => `/api/supplies/tag/${rowId}?tags=urgent`],
    ['sendHsCode', () => `/api/supplies/sendHsCode/${rowId}?hsCode=850434`],
  ])(
    'the state-changing GET %s refuses the cookie and changes nothing; the header works',
    async (_n, url) => {
      const before = await tagsOf(rowId);
      const forged = await call(t.app, 'GET', url(), { headers: cookie(tok.supplier), lang: 'en' });
      expect(forged.status).toBe(403);
      expect(forged.body.code).toBe('auth.header_required');
      expect(forged.body.message).toBe('This action needs the session token in the Authorization header');
      expect(await tagsOf(rowId)).toEqual(before);
      const real = await call(t.app, 'GET', url(), { token: tok.supplier });
      expect(real.status).toBe(200);
    },
  );

  it('supplies/back refuses the cookie too (declared as writing)', async () => {
    const res = await call(t.app, 'GET', '/api/supplies/back/1?reason=x', { headers: cookie(tok.shipper) });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('auth.header_required');
  });

  it('POST, PUT and DELETE refuse the cookie', async () => {
    for (const [method, url, body] of [
      ['POST', '/api/feedback', { content: 'forged' }],
      ['PUT', '/api/supplies', { id: rowId, remark: 'forged' }],
      ['DELETE', '/api/supplies', [rowId]],
    ] as const) {
      const res = await call(t.app, method, url, { headers: cookie(tok.supplier), body });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    const [row] = await t.db.select().from(supplies).where(eq(supplies.id, rowId));
    expect(row).toBeDefined();
    expect(row.remark).not.toBe('forged');
  });
});

describe('no token in URLs', () => {
  it('`?token=` does not authenticate an API call', async () => {
    const bare = tok.supplier.replace(/^Bearer /, '');
    const res = await call(t.app, 'GET', `/auth/info?token=${encodeURIComponent(bare)}`);
    expect(res.status).toBe(401);
  });
});

describe('the websocket checks Origin', () => {
  const open = async (origin: string | undefined, host = 'localhost:80') => {
    const bare = tok.supplier.replace(/^Bearer /, '');
    const headers: Record<string, string> = { host };
    if (origin) headers.origin = origin;
    // Listeners go on before the upgrade: the server speaks first.
    return new Promise<{ code?: number; first?: string }>((resolve) => {
      void t.app
        .injectWS(
          `/websocket?token=${encodeURIComponent(bare)}`,
          { headers },
          {
            onInit: (ws) => {
              ws.on('message', (data: Buffer) => {
                resolve({ first: data.toString() });
                ws.terminate();
              });
              ws.on('close', (code: number) => resolve({ code }));
            },
          },
        )
        .catch(() => resolve({ code: -1 }));
    });
  };

  it('a page of another origin is refused', async () => {
    expect(await open('https://evil.example')).toEqual({ code: 4403 });
  });

  it('the same origin, a configured origin, or no Origin (not a browser) is served', async () => {
    expect(JSON.parse((await open('http://localhost:80')).first ?? '{}').type).toBe('unread');
    expect(JSON.parse((await open('https://partner.example.com')).first ?? '{}').type).toBe('unread');
    expect(JSON.parse((await open(undefined)).first ?? '{}').type).toBe('unread');
  });
});
