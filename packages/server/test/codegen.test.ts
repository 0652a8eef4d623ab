// The code generator: an administrator picks a fresh table of the running database, keeps
// per column its labels, list/form presence, control, query kind and rules, previews the generated
// family and downloads it as a zip; every refusal is localized and changes nothing; nobody else gets in.
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { genConfigs } from '../src/db/schema-codegen.ts';
import { DEMO_TABLE, demoSettings } from './codegen-fixture.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;

beforeAll(async () => {
  tok = await loginAll(t.app, ['admin', 'shipper', 'supplier', 'logistics']);
  for (const statement of DEMO_TABLE.split(';').filter((s) => s.trim()))
    await t.db.execute(sql.raw(statement));
});

const kept = async () => (await t.db.select().from(genConfigs)).length;

describe('code generator', () => {
  it('lists the business tables with their tenant scope, never the product’s own sys_ tables', async () => {
    const res = await call(t.app, 'GET', '/api/generator/tables', { token: tok.admin, query: { size: 500 } });
    expect(res.status).toBe(200);
    const names = res.body.content.map((r: { tableName: string }) => r.tableName);
    expect(names).toContain('cg_demo_order');
    expect(names).toContain('reconciliation');
    expect(names.filter((n: string) => n.startsWith('sys_'))).toEqual([]);
    const demo = res.body.content.find((r: { tableName: string }) => r.tableName === 'cg_demo_order');
    expect(demo).toMatchObject({ comment: '演示订单', tenantScoped: true, hasId: true, configured: false });
    const recon = res.body.content.find((r: { tableName: string }) => r.tableName === 'reconciliation');
    expect(recon.family).toBe('reconciliation');
    const found = await call(t.app, 'GET', '/api/generator/tables', {
      token: tok.admin,
      query: { name: 'demo_ord' },
    });
    expect(found.body.content.map((r: { tableName: string }) => r.tableName)).toEqual(['cg_demo_order']);
  });

  it('starts from the columns as the database describes them', async () => {
    const res = await call(t.app, 'GET', '/api/generator/config', {
      token: tok.admin,
      query: { tableName: 'cg_demo_order' },
    });
    expect(res.status).toBe(200);
    expect(res.body.saved).toBe(false);
    expect(res.body.config).toMatchObject({ family: 'cgDemoOrder', titleZh: '演示订单' });
    const col = (n: string) =>
      res.body.config.columns.find((c: { columnName: string }) => c.columnName === n);
    expect(col('order_no')).toMatchObject({
      labelZh: '订单号',
      required: true,
      maxLength: 32,
      formVisible: true,
    });
    expect(col('tenant_id')).toMatchObject({ formVisible: false, listVisible: false });
    expect(col('create_time')).toMatchObject({ queryType: 'between', formVisible: false });
    expect(col('quantity')).toMatchObject({ formType: 'number', required: false });
    const info = res.body.table.columns.find((c: { name: string }) => c.name === 'meta');
    expect(info).toMatchObject({ supported: false, formTypes: [], queryTypes: [] });
    const tenant = res.body.table.columns.find((c: { name: string }) => c.name === 'tenant_id');
    expect(tenant).toMatchObject({ serverOwned: true, queryTypes: ['equal', 'in', 'between'] });
    // A table that is already a family starts from that family's name and column titles.
    const recon = await call(t.app, 'GET', '/api/generator/config', {
      token: tok.admin,
      query: { tableName: 'reconciliation' },
    });
    expect(recon.body.config.family).toBe('reconciliation');
    const no = recon.body.config.columns.find((c: { columnName: string }) => c.columnName === 'statement_no');
    expect(no).toMatchObject({ labelZh: '对账单号', labelEn: 'Statement no.' });
  });

  it('refuses settings that do not fit the table, in the caller’s language, keeping nothing', async () => {
    const base = (
      await call(t.app, 'GET', '/api/generator/config', {
        token: tok.admin,
        query: { tableName: 'cg_demo_order' },
      })
    ).body.config;
    const good = demoSettings(base);
    const cases: [unknown, 'zh' | 'en', RegExp][] = [
      [
        {
          ...good,
          columns: good.columns.map((c) => (c.columnName === 'amount' ? { ...c, queryType: 'like' } : c)),
        },
        'en',
        /^Column amount cannot be searched with like$/,
      ],
      [
        {
          ...good,
          columns: good.columns.map((c) => (c.columnName === 'status' ? { ...c, dictName: null } : c)),
        },
        'zh',
        /^列 status 为下拉或单选，须指定字典$/,
      ],
      [
        {
          ...good,
          columns: good.columns.map((c) => (c.columnName === 'order_no' ? { ...c, formVisible: false } : c)),
        },
        'en',
        /^Column order_no is required with no default: it must be on the form$/,
      ],
      [
        { ...good, family: 'reconciliation' },
        'en',
        /^The family name reconciliation is already used for another table$/,
      ],
      [{ ...good, columns: good.columns.slice(1) }, 'en', /^Column id is not in the table, or missing/],
      [
        {
          ...good,
          columns: good.columns.map((c) => (c.columnName === 'title' ? { ...c, pattern: '([' } : c)),
        },
        'en',
        /Not a valid regular expression/,
      ],
      [{ ...good, tableName: 'sys_user' }, 'en', /^The database has no table sys_user$/],
    ];
    for (const [body, lang, message] of cases) {
      const res = await call(t.app, 'PUT', '/api/generator/config', { token: tok.admin, lang, body });
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.message).toMatch(message);
    }
    expect(await kept()).toBe(0);
  });

  it('is for platform administrators only: others are refused and nothing is kept', async () => {
    const base = (
      await call(t.app, 'GET', '/api/generator/config', {
        token: tok.admin,
        query: { tableName: 'cg_demo_order' },
      })
    ).body.config;
    for (const who of ['shipper', 'supplier', 'logistics']) {
      const q = { tableName: 'cg_demo_order' };
      expect((await call(t.app, 'GET', '/api/generator/tables', { token: tok[who] })).status).toBe(403);
      expect((await call(t.app, 'GET', '/api/generator/config', { token: tok[who], query: q })).status).toBe(
        403,
      );
      expect((await call(t.app, 'GET', '/api/generator/preview', { token: tok[who], query: q })).status).toBe(
        403,
      );
      expect(
        (await call(t.app, 'GET', '/api/generator/download', { token: tok[who], query: q })).status,
      ).toBe(403);
      const put = await call(t.app, 'PUT', '/api/generator/config', {
        token: tok[who],
        body: demoSettings(base),
      });
      expect(put.status).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/generator/tables')).status).toBe(401);
    expect(await kept()).toBe(0);
  });

  it('keeps the settings, previews the family with them and downloads the same files as a zip', async () => {
    const base = (
      await call(t.app, 'GET', '/api/generator/config', {
        token: tok.admin,
        query: { tableName: 'cg_demo_order' },
      })
    ).body.config;
    const saved = await call(t.app, 'PUT', '/api/generator/config', {
      token: tok.admin,
      body: demoSettings(base),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.saved).toBe(true);
    expect(await kept()).toBe(1);
    const again = await call(t.app, 'GET', '/api/generator/config', {
      token: tok.admin,
      query: { tableName: 'cg_demo_order' },
    });
    const orderNo = again.body.config.columns.find(
      (c: { columnName: string }) => c.columnName === 'order_no',
    );
    expect(orderNo).toMatchObject({ labelZh: '订单编号', labelEn: 'Order number', queryType: 'like' });

    const preview = await call(t.app, 'GET', '/api/generator/preview', {
      token: tok.admin,
      query: { tableName: 'cg_demo_order' },
    });
    expect(preview.status).toBe(200);
    const files = Object.fromEntries(
      preview.body.files.map((f: { path: string; content: string }) => [f.path, f.content]),
    ) as Record<string, string>;
    expect(Object.keys(files).sort()).toEqual([
      'docs/generated/cg-demo-order.md',
      'packages/contract/src/cg-demo-order.ts',
      'packages/server/src/db/schema-cg-demo-order.ts',
      'packages/server/src/modules/cg-demo-order/resource.ts',
      'packages/server/src/seed/cg-demo-order.ts',
      'packages/web/src/i18n/en/cg-demo-order.ts',
      'packages/web/src/i18n/zh/cg-demo-order.ts',
      'packages/web/src/pages/cg-demo-order/CgDemoOrderPage.tsx',
    ]);
    const contract = files['packages/contract/src/cg-demo-order.ts'];
    expect(contract).toContain('export const cgDemoOrderCreate = z.object({');
    expect(contract).toContain("declare module './permissions.ts' {");
    expect(contract).toContain("'cgDemoOrder:del': true;");
    expect(contract).toContain('const ORDER_NO_PATTERN = /^[A-Z]{2}\\/\\d+$/;');
    expect(contract).toMatch(
      /orderNo: z\s+\.string\(\)\s+\.trim\(\)\s+\.min\(1, \{ message: 'validation\.required' \}\)\s+\.max\(32\)/,
    );
    expect(contract).toMatch(/title: z\.string\(\)\.trim\(\)\.max\(100\)\.nullish\(\)/);
    const resource = files['packages/server/src/modules/cg-demo-order/resource.ts'];
    expect(resource).toContain("scope: 'tenant'");
    expect(resource).toMatch(/filters: \{[^}]*orderNo: 'like',[^}]*amount: 'between',[^}]*status: 'in',/s);
    expect(resource).toContain("orderNo: '订单编号'");
    const schema = files['packages/server/src/db/schema-cg-demo-order.ts'];
    expect(schema).toContain('...base,');
    expect(schema).toContain("index('cg_demo_order_no_idx').on(t.tenantId, t.orderNo)");
    expect(schema).toContain("index('cg_demo_order_status_idx').on(t.tenantId, t.status)");
    const page = files['packages/web/src/pages/cg-demo-order/CgDemoOrderPage.tsx'];
    expect(page).toContain("labelKey: 'resources.cgDemoOrder.fields.orderNo'");
    expect(page).toContain("type: 'dict'");
    expect(page).toContain('<DateField');
    expect(files['packages/web/src/i18n/zh/cg-demo-order.ts']).toContain("orderNo: '订单编号'");
    expect(files['packages/web/src/i18n/en/cg-demo-order.ts']).toContain(`title: "Buyer's title"`);

    const zip = await call(t.app, 'GET', '/api/generator/download', {
      token: tok.admin,
      query: { tableName: 'cg_demo_order' },
    });
    expect(zip.status).toBe(200);
    expect(zip.raw.headers['content-type']).toBe('application/zip');
    expect(zip.raw.headers['content-disposition']).toContain('cg-demo-order.zip');
    const entries = unzipSync(new Uint8Array(zip.raw.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(Object.keys(files).sort());
    for (const [path, bytes] of Object.entries(entries))
      expect(new TextDecoder().decode(bytes)).toBe(files[path]);
  });

  it('answers a table that is not there, not a name, without an id or with odd column names with a 4xx', async () => {
    const missing = await call(t.app, 'GET', '/api/generator/preview', {
      token: tok.admin,
      lang: 'en',
      query: { tableName: 'no_such_table' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('The database has no table no_such_table');
    const bad = await call(t.app, 'GET', '/api/generator/config', {
      token: tok.admin,
      query: { tableName: 'x"; drop table project; --' },
    });
    expect(bad.status).toBe(400);
    await t.db.execute(sql.raw('create table cg_no_id (code varchar(10) primary key, name text)'));
    await t.db.execute(sql.raw('create table cg_quoted (id bigserial primary key, "Weird Name" text)'));
    const noId = await call(t.app, 'GET', '/api/generator/preview', {
      token: tok.admin,
      lang: 'en',
      query: { tableName: 'cg_no_id' },
    });
    expect(noId.status).toBe(400);
    expect(noId.body.message).toBe('Table cg_no_id has no id column: no family can be generated for it');
    const quoted = await call(t.app, 'GET', '/api/generator/config', {
      token: tok.admin,
      lang: 'zh',
      query: { tableName: 'cg_quoted' },
    });
    expect(quoted.status).toBe(400);
    expect(quoted.body.message).toBe('只支持小写字母、数字和下划线组成的表名和列名');
  });
});
