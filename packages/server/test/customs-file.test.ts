// The broker's declaration file, one per ticket, read with openpyxl as the broker's software reads it:
// each ticket declares its own packages, weights, value and currency (never the whole declaration's), the
// tickets add up to the declaration, codes are 10-digit text and figures are numbers.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assorts, declareLines, projectDeclares } from '../src/db/schema-customs.ts';
import { projectBatches } from '../src/db/schema-project.ts';
import { login, useTestApp } from './helpers.ts';
import { type OutsideCell, readWorkbooks, rowsByHeader } from './outside-reader.ts';

const t = useTestApp();

/**
 * The demo's batch JKT2-B001 export, computed by hand from the demo's material list (project-demo.ts) and
 * boxes (boxes.ts). Ticket 1, the transformers: the bare main transformer (148 000 / 145 000 kg) and the
 * station-service transformer's case (23 600 / 21 000 kg); 2 × 4 200 000 + 2 × 680 000 CNY. Ticket 2,
 * switchgear, switchboards and spare parts: two switchgear cases (10 400 / 9 000 kg each) and the spare
 * parts carton (1 600 / 1 200 kg); 24 × 96 000 + 18 × 45 000 + 2 × 58 000 CNY.
 */
const FIXTURE = [
  { ticketNo: 1, lines: 2, packages: 2, gross: 171_600, net: 166_000, value: 9_760_000, currency: 'CNY' },
  { ticketNo: 2, lines: 3, packages: 3, gross: 22_400, net: 19_200, value: 3_230_000, currency: 'CNY' },
];

let shipper: string;
beforeAll(async () => {
  shipper = await login(t.app, 'shipper');
});

describe('the declaration file of each ticket', () => {
  it('carries the ticket’s own packages, weights, value and currency; the tickets add up', async () => {
    const [b1] = await t.db.select().from(projectBatches).where(eq(projectBatches.batchNumber, 'JKT2-B001'));
    const [declare] = await t.db
      .select()
      .from(projectDeclares)
      .where(and(eq(projectDeclares.batchId, b1.id), eq(projectDeclares.direction, 'export')));
    const tickets = await t.db
      .select()
      .from(assorts)
      .where(eq(assorts.declareId, declare.id))
      .orderBy(assorts.ticketNo);
    const files = [];
    for (const ticket of tickets) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/assort/declareFile?id=${ticket.id}`,
        headers: { authorization: shipper },
      });
      expect(res.statusCode).toBe(200);
      files.push(res.rawPayload);
    }
    const books = readWorkbooks(files);
    const seen = books.map((book) => {
      const head = book.find((s) => s.name === '表头');
      const goods = book.find((s) => s.name === '报关单商品');
      if (!head || !goods) throw new Error('a sheet is missing');
      const field = (label: string): OutsideCell => {
        const row = head.rows.find((r) => r[0]?.v === label);
        if (!row) throw new Error(`no header row ${label}`);
        return row[1];
      };
      const lines = rowsByHeader(goods);
      for (const l of lines) {
        // Codes are 10-digit text (a number would lose leading zeros); figures are numbers.
        expect(l.商品编号).toMatchObject({ t: 's' });
        expect(String(l.商品编号.v)).toMatch(/^\d{10}$/);
        for (const k of ['成交数量', '法定第一数量', '单价', '总价']) expect(l[k]?.t, k).toBe('n');
        expect(l.法定第一数量.v).toBeGreaterThan(0);
        if (l.法定第二计量单位.v) expect(l.法定第二数量).toMatchObject({ t: 'n' });
        expect(String(l['规格型号（申报要素）'].v)).not.toMatch(/\|\||^\||\|$/);
      }
      for (const k of ['件数', '毛重（千克）', '净重（千克）', '总价']) expect(field(k).t, k).toBe('n');
      // The header's currency is its lines'.
      expect(new Set(lines.map((l) => l.币制.v))).toEqual(new Set([field('币制').v]));
      const value = lines.reduce((n, l) => n + Math.round(Number(l.总价.v) * 100), 0) / 100;
      expect(field('总价').v).toBe(value);
      return {
        ticketNo: Number(field('报关单票号').v),
        lines: lines.length,
        packages: field('件数').v,
        gross: field('毛重（千克）').v,
        net: field('净重（千克）').v,
        value: field('总价').v,
        currency: field('币制').v,
      };
    });
    expect(seen).toEqual(FIXTURE);
    // The tickets add up to the declaration: its header and its lines.
    const sum = (k: 'packages' | 'gross' | 'net' | 'value') =>
      Math.round(seen.reduce((n, s) => n + Number(s[k]) * 1000, 0)) / 1000;
    expect(sum('packages')).toBe(declare.packages);
    expect(sum('gross')).toBe(Number(declare.grossWeight));
    expect(sum('net')).toBe(Number(declare.netWeight));
    const all = await t.db.select().from(declareLines).where(eq(declareLines.declareId, declare.id));
    expect(sum('value')).toBe(Math.round(all.reduce((n, l) => n + Number(l.totalPrice) * 100, 0)) / 100);
  });
});
