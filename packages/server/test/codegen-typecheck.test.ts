// The code generator's output is real code of this project: a family generated for a fresh table, put
// into a copy of the workspace's sources, type-checks with tsc (contract, table, declaration, menu seed,
// page and catalogues in one run), runs on the resource engine (creates, refuses, filters, scopes), and
// the printer lays it out as the project's formatter does.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { GeneratedFile } from '@tradelane/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { readTable } from '../src/modules/codegen/introspect.ts';
import { renderFamily } from '../src/modules/codegen/render.ts';
import type * as Engine from '../src/resources/engine.ts';
import { DEMO_TABLE, demoSettings } from './codegen-fixture.ts';
import { call, login, useTestApp } from './helpers.ts';

const run = promisify(execFile);

const SERVER_WIRING = `import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { seedCgDemoOrder } from './seed/cg-demo-order.ts';
import { cgDemoOrderResource } from './modules/cg-demo-order/resource.ts';
import { registerResource } from './resources/engine.ts';
declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: AppConfig;
  }
}
export const wire = (app: FastifyInstance) => registerResource(app, cgDemoOrderResource);
export const step = { version: 999, name: 'cgDemoOrder menu', run: seedCgDemoOrder };
`;
/** The page as the router's registry loads it; zh and en catalogues of one shape. */
const WEB_WIRING = `import type { ComponentType } from 'react';
import { cgDemoOrder as en } from './i18n/en/cg-demo-order.ts';
import { cgDemoOrder as zh } from './i18n/zh/cg-demo-order.ts';
export const load = (): Promise<{ default: ComponentType }> => import('./pages/cg-demo-order/CgDemoOrderPage.tsx');
export const sameKeys: typeof zh = en;
export const sameKeysBack: typeof en = zh;
`;
const root = fileURLToPath(new URL('../../../', import.meta.url));
const t = useTestApp();
let admin: string;
let files: GeneratedFile[];
const work = mkdtempSync(join(tmpdir(), 'tl-codegen-tsc-'));

beforeAll(async () => {
  admin = await login(t.app, 'admin');
  for (const s of DEMO_TABLE.split(';').filter((x) => x.trim())) await t.db.execute(sql.raw(s));
  const base = (
    await call(t.app, 'GET', '/api/generator/config', { token: admin, query: { tableName: 'cg_demo_order' } })
  ).body.config;
  const saved = await call(t.app, 'PUT', '/api/generator/config', { token: admin, body: demoSettings(base) });
  expect(saved.status).toBe(200);
  files = (
    await call(t.app, 'GET', '/api/generator/preview', {
      token: admin,
      query: { tableName: 'cg_demo_order' },
    })
  ).body.files;
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A copy of the workspace's sources with the generated files in place, wired in as the note says. */
let prepared = false;
function prepare() {
  if (prepared) return;
  prepared = true;
  for (const pkg of ['contract', 'server', 'web'])
    cpSync(join(root, 'packages', pkg, 'src'), join(work, 'packages', pkg, 'src'), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'));
  for (const f of files) {
    mkdirSync(dirname(join(work, f.path)), { recursive: true });
    writeFileSync(join(work, f.path), f.content);
  }
  // Wired in as the generated note says: the contract's export, the app's registration, the catalogues.
  const index = join(work, 'packages/contract/src/index.ts');
  writeFileSync(index, `${readFileSync(index, 'utf8')}export * from './cg-demo-order.ts';\n`);
  writeFileSync(join(work, 'packages/server/src/wire-generated.ts'), SERVER_WIRING);
  writeFileSync(join(work, 'packages/web/src/wire-generated.ts'), WEB_WIRING);
}

describe('generated family', () => {
  it('type-checks inside a copy of the workspace', { timeout: 600_000 }, async (ctx) => {
    // One tsc run is enough for both databases: the files depend only on the table's description.
    if (t.kind === 'postgres') ctx.skip();
    prepare();
    const checked = files.filter((f) => /\.tsx?$/.test(f.path)).map((f) => f.path);
    expect(checked).toHaveLength(7);
    const base = JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8'));
    writeFileSync(
      join(work, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          ...base.compilerOptions,
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          jsx: 'react-jsx',
          types: ['node', 'vite/client'],
          paths: { '@tradelane/contract': ['./packages/contract/src/index.ts'] },
        },
        files: [...checked, 'packages/server/src/wire-generated.ts', 'packages/web/src/wire-generated.ts'],
      }),
    );
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', join(work, 'tsconfig.json')], {
      cwd: work,
      maxBuffer: 10_000_000,
    }).then(
      () => ({ ok: true, out: '' }),
      (e: { stdout?: string }) => ({ ok: false, out: e.stdout ?? String(e) }),
    );
    // Errors in files the generator did not write are someone's work in progress, not the generator's.
    const ours = result.out.split('\n').filter((l) => checked.some((p) => l.startsWith(p)));
    expect(ours).toEqual([]);
    if (!result.ok) expect(result.out).not.toMatch(/error TS/);
  });

  it('runs: the declaration creates, checks, filters and scopes rows on the engine', async () => {
    prepare();
    // The declaration names the contract by package; here it reads the generated body directly.
    const path = join(work, 'packages/server/src/modules/cg-demo-order/resource.ts');
    const text = readFileSync(path, 'utf8');
    writeFileSync(
      path.replace('resource.ts', 'resource-run.ts'),
      text.replace(/'@tradelane\/contract'/, "'../../../../contract/src/cg-demo-order.ts'"),
    );
    const engine = (await import(join(work, 'packages/server/src/resources/engine.ts'))) as typeof Engine;
    const { cgDemoOrderResource: family } = (await import(
      path.replace('resource.ts', 'resource-run.ts')
    )) as {
      cgDemoOrderResource: Engine.Resource;
    };
    const ctxOf = async (username: string) => {
      const [u] = await t.db.select().from(users).where(eq(users.username, username));
      const auth = { isPlatformAdmin: false, tenantId: u.tenantId, userId: u.id, username, permissions: [] };
      return { db: t.db, auth, request: { headers: {} } } as unknown as Engine.Ctx;
    };
    const shipper = await ctxOf('shipper');
    const supplier = await ctxOf('supplier');
    const made = await engine.createRow(family, shipper, {
      orderNo: 'AB/12',
      dueDate: '2026-12-01',
      status: 'open',
      amount: '12.50',
      urgent: true,
    });
    expect(made).toMatchObject({ orderNo: 'AB/12', amount: 12.5, urgent: true, quantity: 0 });
    expect(made.tenantId).toBe((shipper.auth as { tenantId: number }).tenantId);
    await engine.createRow(family, supplier, { orderNo: 'CD/34', dueDate: '2026-12-05', status: 'open' });
    // The rules the administrator set: the pattern, the required date, a real calendar day.
    for (const bad of [
      { orderNo: 'ab12', dueDate: '2026-12-01' },
      { orderNo: 'AB/13' },
      { orderNo: 'AB/14', dueDate: '2026-02-30' },
      { orderNo: 'AB/15', dueDate: '2026-12-01', title: 'x'.repeat(101) },
    ])
      await expect(engine.createRow(family, shipper, bad)).rejects.toThrow();
    const list = async (ctx: Engine.Ctx, query: Record<string, unknown>) =>
      (await engine.listRows(family, ctx, query)).content.map((r) => r.orderNo);
    // Each company sees its own rows; the declared filters work.
    expect(await list(shipper, { status: 'open' })).toEqual(['AB/12']);
    expect(await list(supplier, { status: 'open,closed' })).toEqual(['CD/34']);
    expect(await list(shipper, { orderNo: 'b/1' })).toEqual(['AB/12']);
    expect(await list(shipper, { dueDate: '2026-11-01,2026-12-31', urgent: 'true' })).toEqual(['AB/12']);
    expect(await list(shipper, { dueDate: '2027-01-01,2027-12-31' })).toEqual([]);
    await expect(list(shipper, { note: 'x' })).rejects.toThrow();
  });

  it('names only i18n keys its zh and en catalogues hold', () => {
    const text = (p: string) => files.find((f) => f.path.endsWith(p))?.content ?? '';
    const page = text('CgDemoOrderPage.tsx');
    const keys = [...page.matchAll(/'resources\.cgDemoOrder\.fields\.(\w+)'/g)].map((m) => m[1]);
    expect(keys.length).toBeGreaterThan(10);
    for (const lang of ['zh', 'en'])
      for (const k of keys)
        expect(text(`i18n/${lang}/cg-demo-order.ts`)).toMatch(new RegExp(`\\n    ${k}: `));
    expect(page).toContain('titleKey="resources.cgDemoOrder.what"');
    expect(text('i18n/zh/cg-demo-order.ts')).toContain("what: '演示订单'");
  });

  it('is laid out as the project’s formatter lays it out, before any formatter runs', async () => {
    const table = await readTable(t.db, 'cg_demo_order');
    const base = (
      await call(t.app, 'GET', '/api/generator/config', {
        token: admin,
        query: { tableName: 'cg_demo_order' },
      })
    ).body.config;
    const raw = renderFamily(table!, base);
    const biome = join(root, 'node_modules/.bin/biome');
    for (const f of raw.filter((x) => /\.tsx?$/.test(x.path))) {
      const formatted = await new Promise<string>((resolve, reject) => {
        const child = execFile(
          biome,
          [
            'check',
            '--write',
            `--config-path=${join(root, 'biome.json')}`,
            `--stdin-file-path=${join(root, f.path)}`,
          ],
          (err, stdout) => (err ? reject(err) : resolve(stdout)),
        );
        child.stdin?.end(f.content);
      });
      expect(f.content, f.path).toBe(formatted);
    }
  });
});
