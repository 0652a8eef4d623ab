// Packing-list import: the template downloads, a sheet with any error saves nothing and lists
// its errors by row and column, a clean sheet creates boxes and packs them — on the material-list
// import's own mechanism (progress in import_task).
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { boxPieceDetails, boxPieces } from '../src/db/schema-boxes.ts';
import { projectBatches } from '../src/db/schema-project.ts';
import { call, loginAll, postSheet, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
let b001: number;

beforeAll(async () => {
  tok = await loginAll(t.app, ['shipper', 'supplier', 'supplier2']);
  b001 = (await t.db.select().from(projectBatches)).find((b) => b.batchNumber === 'JKT2-B001')!.id;
});

const header = [
  '箱号',
  '包装类型',
  '长(mm)',
  '宽(mm)',
  '高(mm)',
  '毛重(kg)',
  '净重(kg)',
  '物料序号',
  '物料编码',
  '装箱数量',
];
type Cell = string | number | null;

async function workbook(rows: Cell[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('装箱单');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(token: string, data: Buffer, lang: 'zh' | 'en' = 'zh', batchId = b001) {
  return postSheet(t.app, '/api/boxPiece/import', {
    token,
    fields: { batchId },
    file: data,
    name: 'packing.xlsx',
    lang,
  });
}

const counts = async () => ({
  boxes: (await t.db.select().from(boxPieces)).length,
  details: (await t.db.select().from(boxPieceDetails)).length,
});

describe('packing-list import', () => {
  it('downloads a template with zh and en headers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/boxPiece/importTemplate',
      headers: { authorization: tok.supplier },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getRow(1).getCell(1).value).toBe('*箱号');
    expect(wb.worksheets[0].getRow(2).getCell(1).value).toBe('Box No.');
  });

  it('any error and nothing is saved; errors come by row and column', async () => {
    const before = await counts();
    const res = await upload(
      tok.supplier,
      await workbook([
        ['IMP-1', '木箱', 2400, 2000, 2300, 10000, 9000, 4, null, 6],
        ['IMP-1', null, null, null, null, null, null, 1, null, 5],
        ['IMP-2', null, null, null, null, null, null, 4, null, 1],
        ['IMP-3', '纸箱', 1200, 800, 900, 300, 250, 99, null, 1],
      ]),
      'en',
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('boxes.import_invalid');
    expect(res.body.errors).toEqual([
      expect.objectContaining({
        row: 3,
        column: 'Quantity packed',
        message: 'Too much of "主变压器" packed: 1 left, 5 asked',
      }),
      expect.objectContaining({
        row: 4,
        column: 'Box No.',
        message: 'a new box needs package type, size and gross weight',
      }),
      expect.objectContaining({
        row: 5,
        column: 'Material line No.',
        message: 'is not a row of your confirmed material list',
      }),
    ]);
    expect(res.body.message).toContain('3 errors, nothing was imported');
    expect(await counts()).toEqual(before);
    const bad = await upload(
      tok.supplier,
      await workbook([['IMP-9', '箱子', 'x', 2000, 2300, 10, 9, 4, null, 1]]),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { column: string }) => e.column)).toEqual(['包装类型', '长(mm)']);
  });

  it('a clean sheet creates and packs the boxes; progress is in the shared task table', async () => {
    const before = await counts();
    const res = await upload(
      tok.supplier,
      await workbook([
        ['IMP-1', '木箱', 2400, 2000, 2300, 10000, 9000, 4, null, 6],
        ['IMP-1', null, null, null, null, null, null, null, 'SE-TR-180', 1],
        ['IMP-2', 'Carton', 1200, 800, 900, 300, 250, 4, null, 2],
      ]),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'done', imported: 3, boxes: 2 });
    expect(await counts()).toEqual({ boxes: before.boxes + 2, details: before.details + 3 });
    const progress = await call(t.app, 'GET', '/api/supplies/getImportProgress', {
      token: tok.supplier,
      query: { taskId: res.body.taskId },
    });
    expect(progress.body).toMatchObject({ status: 'done', imported: 3, percent: 100 });
    const row = await call(t.app, 'GET', '/api/boxPiece/packingProgress', {
      token: tok.supplier,
      query: { batchId: b001 },
    });
    const mns = row.body.rows.find((r: { materialCode: string }) => r.materialCode === 'SE-LV-MNS');
    expect(mns).toMatchObject({ packed: 8, left: 10, progress: 1 });
  });

  it('only a supplier with a confirmed list imports', async () => {
    const file = await workbook([['X-1', '木箱', 2400, 2000, 2300, 10000, 9000, 1, null, 1]]);
    expect((await upload(tok.supplier2, file)).status).toBe(404);
    expect((await upload(tok.shipper, file)).status).toBe(403);
  });
});
