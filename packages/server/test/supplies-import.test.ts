// Excel import of material lists: the template, a file with bad rows reported by row and column with
// nothing imported, then the fixed file imported; progress readable from the database.
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { changeRecords, tenants } from '../src/db/schema.ts';
import { importTasks, materialLists, projectBatches, supplies } from '../src/db/schema-project.ts';
import { IMPORT_CHUNK_ROWS } from '../src/modules/supplies/import.ts';
import { importLimits, readersAtRest, sheetWorkerLimits } from '../src/resources/sheet-import.ts';
import { call, loginAll, useTestApp } from './helpers.ts';
import { readWorkbook } from './outside-reader.ts';

const t = useTestApp();
let tok: Record<string, string>;
const batch: Record<string, number> = {};
let supplierTenant = 0;

beforeAll(async () => {
  tok = await loginAll(t.app, ['shipper', 'supplier', 'supplier2']);
  // The demo project JKT2's batches by their short number (the second demo project has its own B001…).
  for (const b of await t.db.select().from(projectBatches))
    if (b.batchNumber.startsWith('JKT2-')) batch[b.batchNumber.slice(-4)] = b.id;
  [{ id: supplierTenant }] = await t.db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.corporateName, '上海电气设备有限公司'));
});

const zhHeader = [
  '序号',
  '物料编码',
  '*物料名称',
  '英文名称',
  '规格型号',
  '品牌',
  'HS编码',
  '*数量',
  '*单位',
  '单价',
  '币种',
  '原产国',
  '净重(kg)',
  '毛重(kg)',
  '备注',
  '标签',
];
const enHeader = [
  'Line No.',
  'Material code',
  'Name (Chinese)',
  'Name (English)',
  'Spec / model',
  'Brand',
  'HS code',
  'Quantity',
  'Unit',
  'Unit price',
  'Currency',
  'Country of origin',
  'Net weight (kg)',
  'Gross weight (kg)',
  'Remarks',
  'Tags',
];
type Cell = string | number | null;
const good = (i: number): Cell[] => [
  i,
  `SE-BOLT-${i}`,
  `高强度螺栓 M${20 + (i % 10)}`,
  'High-strength bolt',
  '10.9S',
  '上海电气',
  '7318.15',
  100 + i,
  '套',
  12.5,
  'CNY',
  '中国',
  2.1,
  2.3,
  null,
];

async function workbook(headers: Cell[][], rows: Cell[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('物料清单');
  for (const h of headers) ws.addRow(h);
  for (const r of rows) ws.addRow(r);
  wb.addWorksheet('说明').addRow(['notes']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(
  token: string,
  data: Buffer,
  fields: Record<string, string | number>,
  lang: 'zh' | 'en' = 'zh',
) {
  const boundary = '----tradelane-import';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="list.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/supplies/suppliesListImport',
    headers: {
      authorization: token,
      'accept-language': lang,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat(parts),
  });
  return { status: res.statusCode, body: res.json() };
}

const rowsOnB003 = async () => {
  const [list] = await t.db
    .select()
    .from(materialLists)
    .where(and(eq(materialLists.batchId, batch.B003), eq(materialLists.supplierTenantId, supplierTenant)));
  return t.db.select().from(supplies).where(eq(supplies.listId, list.id));
};

describe('the import template', () => {
  it('has zh and en header rows and a notes sheet', async () => {
    const res = await call(t.app, 'GET', '/api/importTemplate/getByTemplateType', {
      token: tok.supplier,
      query: { templateType: 'supplies' },
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, ...zhHeader]);
    expect(ws.getRow(2).values).toEqual([undefined, ...enHeader]);
    expect(wb.worksheets).toHaveLength(2);
    // Read by openpyxl: the HS and material-code columns are text (Excel keeps 8537.10 and 0102.21).
    const [sheet] = readWorkbook(res.raw.rawPayload);
    const sample = sheet.rows[2];
    for (const i of [zhHeader.indexOf('HS编码'), zhHeader.indexOf('物料编码')])
      expect([sample[i].v, sample[i].t, sample[i].f]).toEqual([sample[i].v, 's', '@']);
    expect(sample[zhHeader.indexOf('HS编码')].v).toBe('8504.23');
    expect(sample[zhHeader.indexOf('*数量')].t).toBe('n');
  });
});

describe('importing a material list', () => {
  it('reports every bad row by row and column, in the caller’s language, and imports nothing', async () => {
    const before = await rowsOnB003();
    const file = await workbook(
      [zhHeader, enHeader],
      [
        good(1),
        [2, 'X-2', null, 'no name', null, null, null, 5, '件', 1, 'CNY', 'CN', null, null, null],
        [3, 'X-3', '法兰', 'Flange', null, null, null, 'abc', '件', 1, 'CNY', 'CN', null, null, null],
        [4, 'X-4', '垫片', 'Gasket', null, null, '1234.56', 5, '件', 1, 'XYZ', 'CN', null, null, null],
        [5, 'X-5', '阀门', 'Valve', null, null, '8481.80', 5, '件', 1, 'CNY', '火星', null, null, null],
        good(6),
      ],
    );
    const res = await upload(tok.supplier, file, { batchId: batch.B003, taskId: 'task-bad-0001' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'supplies.import_invalid',
      taskId: 'task-bad-0001',
      errorCount: 5,
    });
    expect(res.body.message).toBe(
      '导入失败，共 5 处错误，未导入任何数据。第一处：第 4 行「物料名称」不能为空',
    );
    expect(res.body.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([
      [4, 'name'],
      [5, 'quantity'],
      [6, 'hsCode'],
      [6, 'currency'],
      [7, 'originCountry'],
    ]);
    expect(res.body.errors[1]).toMatchObject({ column: '数量', message: '须为数字' });
    expect(await rowsOnB003()).toEqual(before);
    const progress = await call(t.app, 'GET', '/api/supplies/getImportProgress', {
      token: tok.supplier,
      query: { taskId: 'task-bad-0001' },
    });
    expect(progress.body).toMatchObject({ status: 'failed', errorCount: 5, total: 6, percent: 100 });
    expect(progress.body.errors).toHaveLength(5);
    const en = await upload(tok.supplier, file, { batchId: batch.B003 }, 'en');
    expect(en.body.errors[0]).toMatchObject({ row: 4, column: 'Name (Chinese)', message: 'is required' });
  });

  it('imports the fixed file (English headers only) and reports progress done', async () => {
    const before = await rowsOnB003();
    const rows = Array.from({ length: 300 }, (_, i) => good(i + 1)).map((r) => [null, ...r.slice(1)]);
    const file = await workbook([enHeader], rows);
    const res = await upload(tok.supplier, file, { batchId: batch.B003, taskId: 'task-good-0001' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'done', imported: 300 });
    const after = await rowsOnB003();
    expect(after).toHaveLength(before.length + 300);
    const last = after.sort((a, b) => a.lineNo - b.lineNo).at(-1);
    expect(last).toMatchObject({
      lineNo: before.length + 300,
      hsCode: '731815',
      originCountry: 'CN',
      totalPrice: 5000,
    });
    const progress = await call(t.app, 'GET', '/api/supplies/getImportProgress', { token: tok.supplier });
    expect(progress.body).toMatchObject({
      taskId: 'task-good-0001',
      status: 'done',
      imported: 300,
      percent: 100,
    });
    const [task] = await t.db.select().from(importTasks).where(eq(importTasks.taskKey, 'task-good-0001'));
    expect(task.status).toBe('done');
    // Its sheet reader read to the end and waits for the next import (a new one costs 1.3 s of CPU).
    expect(readersAtRest()).toBeGreaterThan(0);
    // Someone else cannot read this user's task.
    const other = await call(t.app, 'GET', '/api/supplies/getImportProgress', {
      token: tok.supplier2,
      query: { taskId: 'task-good-0001' },
    });
    expect(other.status).toBe(404);
  });

  it('replace mode swaps the list’s rows; the same task id cannot be reused', async () => {
    const file = await workbook([zhHeader], [good(1), good(2)]);
    const res = await upload(tok.supplier, file, {
      batchId: batch.B003,
      mode: 'replace',
      taskId: 'task-replace-01',
    });
    expect(res.status).toBe(201);
    expect(await rowsOnB003()).toHaveLength(2);
    const dup = await upload(tok.supplier, file, { batchId: batch.B003, taskId: 'task-replace-01' });
    expect(dup.status).toBe(409);
  });

  it('refuses what it cannot read, lists without a header, confirmed lists and non-suppliers', async () => {
    const notExcel = await upload(
      tok.supplier,
      Buffer.from('name,quantity\nbolt,1\n'),
      { batchId: batch.B003 },
      'en',
    );
    expect(notExcel.status).toBe(400);
    expect(notExcel.body.message).toBe('This file cannot be read: use the import template (.xlsx)');
    const noHeader = await upload(tok.supplier, await workbook([], [good(1)]), { batchId: batch.B003 });
    expect(noHeader.body.code).toBe('supplies.import_no_header');
    const empty = await upload(tok.supplier, await workbook([zhHeader, enHeader], []), {
      batchId: batch.B003,
    });
    expect(empty.body.code).toBe('supplies.import_empty');
    const locked = await upload(tok.supplier, await workbook([zhHeader], [good(1)]), { batchId: batch.B001 });
    expect(locked.status).toBe(400);
    expect(locked.body.code).toBe('supplies.locked');
    const shipper = await upload(tok.shipper, await workbook([zhHeader], [good(1)]), { batchId: batch.B003 });
    expect(shipper.status).toBe(403);
    const foreign = await upload(tok.supplier2, await workbook([zhHeader], [good(1)]), {
      batchId: batch.B001,
    });
    expect(foreign.status).toBe(404);
    expect(await rowsOnB003()).toHaveLength(2);
  });

  it('a bad row in a late chunk rolls back the chunks already inserted (replace mode): the list is as before', async () => {
    expect(IMPORT_CHUNK_ROWS).toBeLessThan(2000);
    const before = await rowsOnB003();
    expect(before.length).toBeGreaterThan(0);
    const [{ id: idBefore }] = await t.db
      .select({ id: sql<number>`coalesce(max(${supplies.id}), 0)::int` })
      .from(supplies);
    const [{ count: changesBefore }] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(changeRecords);
    const rows = Array.from({ length: 2100 }, (_, i) => good(i + 1));
    rows[2049] = [
      2050,
      'X-2050',
      '垫片',
      'Gasket',
      null,
      null,
      null,
      -3,
      '件',
      1,
      'CNY',
      'CN',
      null,
      null,
      null,
    ];
    const file = await workbook([zhHeader, enHeader], rows);
    const res = await upload(tok.supplier, file, {
      batchId: batch.B003,
      mode: 'replace',
      taskId: 'task-late-0001',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'supplies.import_invalid', errorCount: 1 });
    expect(res.body.errors).toEqual([expect.objectContaining({ row: 2052, field: 'quantity' })]);
    expect(await rowsOnB003()).toEqual(before);
    const [{ count: changesAfter }] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(changeRecords);
    expect(changesAfter).toBe(changesBefore);
    const ok = await upload(tok.supplier, await workbook([zhHeader], [good(1)]), { batchId: batch.B003 });
    expect(ok.status).toBe(201);
    const [{ id: idNext }] = await t.db.select({ id: sql<number>`max(${supplies.id})::int` }).from(supplies);
    if (t.kind === 'postgres')
      // One read feeds the transaction: the first two chunks were inserted before the bad row was read,
      // their ids were drawn (a sequence is not rolled back), so the next row saved comes after them.
      expect(idNext).toBeGreaterThan(idBefore + 2 * IMPORT_CHUNK_ROWS);
    // On PGlite the sheet is validated before any row is inserted: no id was drawn.
    else expect(idNext).toBe(idBefore + 1);
  });

  // Three imports at once (a large one, and two small ones beside it): more time on a loaded machine.
  it('progress is answered while a large sheet is read, before the import ends (one-connection PGlite too); imports take turns per company', {
    timeout: 120_000,
  }, async () => {
    const rows = Array.from({ length: 12_000 }, (_, i) => good(i + 1));
    const file = await workbook([zhHeader], rows);
    // Two workers (a company may take one) and no import waiting: the same company's second import is
    // refused at once, another company's takes the other worker.
    const savedLimits = { ...importLimits };
    Object.assign(importLimits, { workers: 2, tenantWaiting: 0 });
    onTestFinished(() => {
      Object.assign(importLimits, savedLimits);
    });
    let others: Promise<{ status: number; body: Record<string, unknown> }[]> | undefined;
    let done = false;
    const running = upload(tok.supplier, file, {
      batchId: batch.B003,
      mode: 'replace',
      taskId: 'task-poll-0001',
    });
    void running.then(() => {
      done = true;
    });
    const seen: { status: string; processed: number; whileRunning: boolean }[] = [];
    while (!done) {
      const p = await call(t.app, 'GET', '/api/supplies/getImportProgress', {
        token: tok.supplier,
        query: { taskId: 'task-poll-0001' },
      });
      if (p.status === 200)
        seen.push({ status: p.body.status, processed: p.body.processed, whileRunning: !done });
      // While it reads: the same company's next import, and another company's.
      if (!others && p.body?.status === 'reading' && p.body.processed > 0) {
        const small = await workbook([zhHeader], [good(1)]);
        others = Promise.all([
          upload(tok.supplier, small, { batchId: batch.B003, taskId: 'task-busy-0001' }, 'en'),
          upload(tok.supplier2, small, { batchId: batch.B003 }),
        ]);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const res = await running;
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ imported: 12_000 });
    const [mine, theirs] = (await others) ?? [];
    expect(mine).toMatchObject({
      status: 429,
      body: {
        code: 'import.busy',
        message: 'Your company already has 0 imports waiting; try again when one of them has finished',
      },
    });
    const refused = await call(t.app, 'GET', '/api/supplies/getImportProgress', {
      token: tok.supplier,
      query: { taskId: 'task-busy-0001' },
    });
    expect(refused.body).toMatchObject({ status: 'failed', reason: 'import.busy' });
    // The other company's import had its own turn.
    expect(theirs).toMatchObject({ status: 201, body: { imported: 1 } });
    // Polls were answered as the rows were read (not all at once after the import's transaction): at least
    // three different counts of rows read were seen while it ran.
    const counts = new Set(
      seen.filter((s) => s.whileRunning && s.status === 'reading').map((s) => s.processed),
    );
    counts.delete(0);
    expect(counts.size).toBeGreaterThanOrEqual(3);
  });

  // The reader's heap is the subject, not the database: walked once, on PGlite.
  it.skipIf(process.env.TEST_DB === 'postgres')(
    'a sheet too big for the reader’s capped heap is refused with a clear message, and nothing changes',
    async () => {
      const before = await rowsOnB003();
      const long = (i: number, w: string) => `${w}${i}`.padEnd(190, w);
      const rows = Array.from({ length: 20_000 }, (_, i) => {
        const r = good(i + 1);
        r[2] = long(i, '变压器');
        r[3] = long(i, 'transformer ');
        r[4] = long(i, '型号');
        return r;
      });
      const file = await workbook([zhHeader], rows);
      const cap = sheetWorkerLimits.heapMb;
      sheetWorkerLimits.heapMb = 32;
      try {
        const res = await upload(tok.supplier, file, { batchId: batch.B003, taskId: 'task-heap-0001' }, 'en');
        expect(res.status).toBe(413);
        expect(res.body).toMatchObject({
          code: 'import.sheet_too_large',
          message: 'The sheet holds too much to read: split it and import it in parts',
        });
      } finally {
        sheetWorkerLimits.heapMb = cap;
      }
      expect(await rowsOnB003()).toEqual(before);
      const task = await call(t.app, 'GET', '/api/supplies/getImportProgress', {
        token: tok.supplier,
        query: { taskId: 'task-heap-0001' },
      });
      expect(task.body).toMatchObject({ status: 'failed' });
    },
  );
});

describe('HS codes typed or imported', () => {
  const row = (hs: Cell): Cell[] => {
    const r = good(1);
    r[6] = hs;
    return r;
  };

  it('a malformed code, an unknown one and one not in HS 2022 get three different messages', async () => {
    const file = await workbook([zhHeader], [row('85A7'), row('8537.99'), row('9999.99'), row('7700')]);
    for (const lang of ['zh', 'en'] as const) {
      const res = await upload(tok.supplier, file, { batchId: batch.B003 }, lang);
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([
        'hsCode',
        'hsCode',
        'hsCode',
        'hsCode',
      ]);
      const messages = res.body.errors.map((e: { message: string }) => e.message);
      expect(lang === 'zh' ? messages : messages.map((m: string) => m.replace(/\(under.*\)/, '(…)'))).toEqual(
        lang === 'zh'
          ? [
              'HS 编码「85A7」格式不对：应为 4、6、8 或 10 位数字，可带点，如 8537.10',
              'HS 编码 8537.99 不存在：HS 2022 没有这个品目或子目（8537 下有：8537.10、8537.20）',
              'HS 编码 9999.99 不属于 HS 2022：第 99 章不含协调制度商品（预留或供各国统计自用），请按 HS 2022 归类',
              'HS 编码 7700 不属于 HS 2022：第 77 章不含协调制度商品（预留或供各国统计自用），请按 HS 2022 归类',
            ]
          : [
              'HS code “85A7” is malformed: it has 4, 6, 8 or 10 digits, dots allowed, e.g. 8537.10',
              'HS code 8537.99 does not exist: HS 2022 has no such heading or subheading (…)',
              'HS code 9999.99 is not an HS 2022 code: chapter 99 holds no goods in the Harmonized System (reserved, or for national statistics); classify the goods under HS 2022',
              'HS code 7700 is not an HS 2022 code: chapter 77 holds no goods in the Harmonized System (reserved, or for national statistics); classify the goods under HS 2022',
            ],
      );
    }
  });

  it('codes Excel kept as numbers are read back (8537.1 → 8537.10, 102.21 → 0102.21) or refused with a word on text', async () => {
    const ok = await upload(tok.supplier, await workbook([zhHeader], [row(8537.1), row(102.21)]), {
      batchId: batch.B003,
      mode: 'replace',
    });
    expect(ok.status).toBe(201);
    expect((await rowsOnB003()).map((r) => r.hsCode).sort()).toEqual(['010221', '853710']);
    const bad = await upload(
      tok.supplier,
      await workbook([zhHeader], [row(12.5)]),
      { batchId: batch.B003 },
      'en',
    );
    expect(bad.body.errors[0]).toMatchObject({
      field: 'hsCode',
      message:
        'Excel stored this HS code as the number 12.5, so leading or trailing zeros may be lost: format the HS code column as Text and type the code as written, e.g. 0102.21',
    });
  });

  it('typed into a row: the same three messages, and nothing saved', async () => {
    const before = await rowsOnB003();
    const post = (hsCode: string, lang: 'zh' | 'en' = 'zh') =>
      call(t.app, 'POST', '/api/supplies', {
        token: tok.supplier,
        lang,
        body: { batchId: batch.B003, name: '开关柜', quantity: 1, unit: '台', hsCode },
      });
    const [malformed, unknown, notHs] = [await post('853'), await post('8537.99'), await post('9999.99')];
    expect([malformed.status, unknown.status, notHs.status]).toEqual([400, 400, 400]);
    expect(malformed.body.message).toBe(
      'HS 编码「853」格式不对：应为 4、6、8 或 10 位数字，可带点，如 8537.10',
    );
    expect(unknown.body.message).toMatch(/^HS 编码 8537\.99 不存在/);
    expect(notHs.body.message).toMatch(/^HS 编码 9999\.99 不属于 HS 2022/);
    expect((await post('9999.99', 'en')).body.message).toMatch(/^HS code 9999\.99 is not an HS 2022 code/);
    expect(await rowsOnB003()).toEqual(before);
    expect((await post('0102.21')).status).toBe(201);
  });
});

describe('export and import back', () => {
  it('keeps every column, tags included, and writes codes as text and figures as numbers', async () => {
    const three = [good(1), good(2), good(3)];
    three[1][6] = '0102.21';
    three[2][12] = null;
    three[2][13] = null;
    three[0][14] = '备注一';
    const first = await upload(tok.supplier, await workbook([zhHeader], three), {
      batchId: batch.B003,
      mode: 'replace',
    });
    expect(first.status).toBe(201);
    const rows = (await rowsOnB003()).sort((a, b) => a.lineNo - b.lineNo);
    const tag = await call(t.app, 'GET', `/api/supplies/tag/${rows[0].id}`, {
      token: tok.supplier,
      query: { tags: 'urgent,spare' },
    });
    expect(tag.status).toBe(200);
    const exported = await call(t.app, 'GET', '/api/supplies/export', {
      token: tok.supplier,
      query: { listId: rows[0].listId },
    });
    expect(exported.status).toBe(200);
    const [sheet] = readWorkbook(exported.raw.rawPayload);
    const hs = zhHeader.indexOf('HS编码');
    expect(sheet.rows.slice(2).map((r) => [r[hs].v, r[hs].t, r[hs].f])).toEqual([
      ['7318.15', 's', '@'],
      ['0102.21', 's', '@'],
      ['7318.15', 's', '@'],
    ]);
    expect(sheet.rows.slice(2).map((r) => r[zhHeader.indexOf('标签')].v)).toEqual(['加急、备件', null, null]);
    for (const i of ['*数量', '单价', '净重(kg)'].map((h) => zhHeader.indexOf(h)))
      expect(sheet.rows[2][i].t).toBe('n');

    const back = await upload(tok.supplier, exported.raw.rawPayload, {
      batchId: batch.B003,
      mode: 'replace',
    });
    expect(back.status, JSON.stringify(back.body.errors)).toBe(201);
    const again = (await rowsOnB003()).sort((a, b) => a.lineNo - b.lineNo);
    const columns = (r: (typeof rows)[number]) => {
      const { id, createTime, updateTime, createBy, updateBy, ...rest } = r;
      return rest;
    };
    expect(again.map(columns)).toEqual(
      rows.map((r, i) => columns({ ...r, tags: i === 0 ? ['urgent', 'spare'] : [] })),
    );
  });
});
