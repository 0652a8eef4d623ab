// Every workbook the product writes, read back with openpyxl (outside-reader.ts), cell types asserted: a
// figure is a number Excel sums, a time is a date cell on the reader's company clock with its zone named,
// a code (HS 0102.21, 8537.10) is a text cell formatted as text, a list is words and an empty one is an
// empty cell — never "[]".
import { familyLabels } from '@tradelane/contract/labels';
import { commonLabels } from '@tradelane/contract/labels/common';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../src/db/schema.ts';
import { projectBatches, supplies } from '../src/db/schema-project.ts';
import { registeredResources } from '../src/resources/engine.ts';
import { call, loginAll, useTestApp } from './helpers.ts';
import {
  type OutsideCell,
  type OutsideSheet,
  readWorkbook,
  readWorkbooks,
  rowsByHeader,
} from './outside-reader.ts';

const t = useTestApp();
let tok: Record<string, string>;
const batch: Record<string, number> = {};

beforeAll(async () => {
  tok = await loginAll(t.app, ['admin', 'shipper', 'supplier', 'logistics']);
  for (const b of await t.db.select().from(projectBatches))
    if (b.batchNumber.startsWith('JKT2-')) batch[b.batchNumber.slice(-4)] = b.id;
});

async function workbook(
  url: string,
  token: string,
  query: Record<string, string | number> = {},
  lang?: 'zh' | 'en',
) {
  const res = await call(t.app, 'GET', url, { token, query, lang });
  expect(res.status, `${url} ${res.body?.message ?? ''}`).toBe(200);
  return readWorkbook(res.raw.rawPayload);
}

const isNumber = (c: OutsideCell | undefined) => c?.t === 'n' && typeof c.v === 'number';
const isDate = (c: OutsideCell | undefined) => c?.t === 'd' && /yy/.test(c.f);
const isText = (c: OutsideCell | undefined) => c?.t === 's' && c.f === '@';

/** Cells that look like a figure but are text, JSON where words belong, dates written as text. */
function textFigures(sheet: OutsideSheet, from = 1): string[] {
  const bad: string[] = [];
  for (const [r, row] of sheet.rows.slice(from).entries())
    for (const [i, c] of row.entries()) {
      if (c.t !== 's' || typeof c.v !== 'string') continue;
      const at = `${sheet.name}!R${r + from + 1}C${i + 1} ${JSON.stringify(c.v)}`;
      if (/^[[{]/.test(c.v)) bad.push(`${at} is JSON`);
      else if (/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/.test(c.v))
        bad.push(`${at} is a date as text`);
      else if (/^-?\d[\d,]*(\.\d+)?$/.test(c.v) && c.f !== '@') bad.push(`${at} is a figure as text`);
    }
  return bad;
}

describe('generic list downloads', () => {
  it('write material rows with numbers, dates, text codes and tags as words', async () => {
    const [row] = await t.db.select().from(supplies).where(eq(supplies.batchId, batch.B001)).limit(1);
    const tagged = await call(t.app, 'GET', `/api/supplies/tag/${row.id}`, {
      token: tok.shipper,
      query: { tags: 'urgent,spare' },
    });
    // A confirmed list is read-only: tag a draft row instead when the demo's first is confirmed.
    const [sheet] = await workbook('/api/supplies/download', tok.shipper, { batchId: batch.B001 });
    const rows = rowsByHeader(sheet);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(isNumber(r.数量), JSON.stringify(r.数量)).toBe(true);
      expect(isDate(r['创建时间（UTC+08:00）']), JSON.stringify(r['创建时间（UTC+08:00）'])).toBe(true);
      if (r.单价.v !== null) expect(isNumber(r.单价)).toBe(true);
      if (r.总价.v !== null) {
        expect(isNumber(r.总价)).toBe(true);
        expect(r.总价.f).toBe('#,##0.00');
      }
      if (r.HS编码.v !== null) expect(isText(r.HS编码), JSON.stringify(r.HS编码)).toBe(true);
      expect(r.标签.v === null || typeof r.标签.v === 'string').toBe(true);
      expect(r.标签.v).not.toBe('[]');
    }
    if (tagged.status === 200) {
      const mine = rows.find((r) => r.物料名称.v === row.name && r.标签.v !== null);
      expect(mine?.标签.v).toBe('加急、备件');
    }
    expect(rows.some((r) => r.标签.v === null)).toBe(true);
  });

  it('show times on the reader company’s clock, named, and follow its zone', async () => {
    const [shipper] = await t.db
      .select()
      .from(tenants)
      .where(eq(tenants.corporateName, '中建国际工程有限公司'));
    const [b] = await t.db.select().from(projectBatches).where(eq(projectBatches.id, batch.B001));
    const cellOf = async () => {
      const [sheet] = await workbook('/api/projectBatch/download', tok.shipper, { id: batch.B001 }, 'en');
      const [r] = rowsByHeader(sheet);
      const key = Object.keys(r).find((k) => k.startsWith('Created ('));
      return { key, cell: r[key as string], planned: r['Planned shipping'] };
    };
    const shanghai = await cellOf();
    expect(shanghai.key).toBe('Created (UTC+08:00)');
    const sec = Math.floor(b.createTime.getTime() / 1000) * 1000;
    const wall = new Date(sec + 8 * 3_600_000).toISOString().slice(0, 19);
    expect(shanghai.cell.v).toBe(wall);
    // A calendar date is a date cell without a time, never shifted.
    expect(isDate(shanghai.planned)).toBe(true);
    expect(String(shanghai.planned.v).slice(0, 10)).toBe(b.plannedShipDate);
    expect(shanghai.planned.f).toBe('yyyy-mm-dd');
    // The company moves to Jakarta (UTC+7): the same instant reads an hour earlier, and says so.
    await t.db.update(tenants).set({ timeZone: 'Asia/Jakarta' }).where(eq(tenants.id, shipper.id));
    try {
      const jakarta = await cellOf();
      expect(jakarta.key).toBe('Created (UTC+07:00)');
      expect(jakarta.cell.v).toBe(new Date(sec + 7 * 3_600_000).toISOString().slice(0, 19));
    } finally {
      await t.db.update(tenants).set({ timeZone: 'Asia/Shanghai' }).where(eq(tenants.id, shipper.id));
    }
  });

  it('title every column in words and type every cell, in every family, for every party', async () => {
    const files: string[] = [];
    const raw: string[] = [];
    for (const resource of registeredResources())
      for (const who of ['admin', 'shipper', 'supplier', 'logistics']) {
        const res = await call(t.app, 'GET', `/api/${resource.name}/download`, { token: tok[who] });
        if (res.status === 403) continue;
        expect(res.status, resource.name).toBe(200);
        files.push(res.raw.rawPayload as unknown as string);
        const known = new Set(Object.values(titlesOf(resource.name)));
        for (const h of await headerRow(res.raw.rawPayload as unknown as ArrayBuffer))
          if (!known.has(h.replace(/（UTC[^）]*）$/, ''))) raw.push(`${resource.name} ${who}: ${h}`);
      }
    expect(raw).toEqual([]);
    const bad = readWorkbooks(files).flatMap((book) => book.flatMap((sheet) => textFigures(sheet)));
    expect(bad).toEqual([]);
  }, 180_000);
});

describe('the product’s own workbooks', () => {
  it('packing list, batch list, HS pre-entry sheet and packing template: figures numbers, codes text, dates dates', async () => {
    const packing = await call(t.app, 'GET', '/api/boxPiece/packingList', {
      token: tok.shipper,
      query: { batchId: batch.B001, format: 'xlsx', lang: 'zh' },
      headers: { origin: 'https://tradelane.example' },
    });
    expect(packing.status).toBe(200);
    const batches = await call(t.app, 'GET', '/api/projectBatch/batchExport', { token: tok.shipper });
    const preentry = await call(t.app, 'GET', '/api/supplies/hsPreentryExport', {
      token: tok.shipper,
      query: { batchId: batch.B001 },
    });
    const template = await call(t.app, 'GET', '/api/boxPiece/importTemplate', { token: tok.supplier });
    for (const r of [batches, preentry, template]) expect(r.status).toBe(200);
    const [[pl], [bl], [pe], [tp]] = readWorkbooks(
      [packing, batches, preentry, template].map((r) => r.raw.rawPayload as unknown as string),
    );
    for (const sheet of [pl, bl, pe, tp]) expect(textFigures(sheet)).toEqual([]);

    const boxes = rowsByHeader(pl).filter((r) => /^JKT2-B001-S\d+-\d+$/.test(String(r.箱号?.v)));
    expect(boxes.length).toBeGreaterThan(0);
    for (const r of boxes) {
      expect(isText(r.箱号)).toBe(true);
      if (r['毛重(kg)'].v !== null) expect(isNumber(r['毛重(kg)'])).toBe(true);
      if (r.HS编码.v !== null) expect(isText(r.HS编码)).toBe(true);
      if (r.数量.v !== null) expect(isNumber(r.数量)).toBe(true);
    }

    const listed = rowsByHeader(bl);
    expect(Object.keys(listed[0])).toContain('创建时间（UTC+08:00）');
    for (const r of listed) {
      expect(isDate(r['创建时间（UTC+08:00）'])).toBe(true);
      if (r.计划发运日期.v !== null)
        expect([r.计划发运日期.t, r.计划发运日期.f]).toEqual(['d', 'yyyy-mm-dd']);
    }

    const groups = rowsByHeader(pe).filter((r) => r.HS编码.v !== '未归类');
    expect(groups.length).toBeGreaterThan(0);
    for (const r of groups) {
      expect(isText(r.HS编码)).toBe(true);
      expect(isNumber(r.数量)).toBe(true);
      if (r.总价.v !== null) expect(isNumber(r.总价)).toBe(true);
    }

    expect(isText(tp.rows[2][0])).toBe(true);
    expect(tp.rows[2][0].v).toBe('BOX-001');
  });
});

/** The family's labels and the catalogue's common words (zh), by field. */
function titlesOf(family: string): Record<string, string> {
  return {
    ...Object.fromEntries(Object.entries(commonLabels).map(([k, v]) => [k, v[0]])),
    ...familyLabels(family, 'zh'),
  };
}

async function headerRow(file: ArrayBuffer): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file);
  return (wb.worksheets[0].getRow(1).values as unknown[]).filter(Boolean).map(String);
}
