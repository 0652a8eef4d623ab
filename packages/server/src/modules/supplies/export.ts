// Exports of material lists: the list in the import template's layout (so it imports back), and the
// HS pre-entry sheet (rows grouped by HS code, unit, currency and origin) for the customs broker.
import { type Lang, suppliesColumns } from '@tradelane/contract';
import { inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { customsCodes } from '../../db/schema-project.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { langOf } from '../../http/errors.ts';
import { ctxOf, listRows, type Row } from '../../resources/engine.ts';
import { formatHs, hsEntry } from '../hs/hs-index.ts';
import { suppliesResource } from './resources.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const exportQuery = z.object({
  batchId: z.coerce.number().int().positive().optional(),
  listId: z.coerce.number().int().positive().optional(),
  supplierTenantId: z.coerce.number().int().positive().optional(),
});

async function send(reply: FastifyReply, wb: ExcelJS.Workbook, name: string) {
  reply.header('content-type', XLSX);
  reply.header('content-disposition', contentDisposition(`${name}.xlsx`, { fallback: 'material-list' }));
  return reply.send(Buffer.from(await wb.xlsx.writeBuffer()));
}

const t = (lang: Lang, zh: string, en: string) => (lang === 'en' ? en : zh);

export async function exportRoutes(app: FastifyInstance) {
  const tags = ['supplies'];
  const rowsFor = async (request: Parameters<typeof ctxOf>[1]) => {
    const ctx = ctxOf(app, request);
    const q = exportQuery.parse(request.query ?? {});
    const filters = Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined));
    const { content } = await listRows(suppliesResource, ctx, { ...filters, page: 0, size: 100_000 });
    return content;
  };

  app.get(
    '/api/supplies/export',
    { config: { permission: 'supplies:list' }, schema: { tags, summary: 'Material list to Excel' } },
    async (request, reply) => {
      const rows = await rowsFor(request);
      const lang = langOf(request);
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet(t(lang, '物料清单', 'Material list'), {
        views: [{ state: 'frozen', ySplit: 2 }],
      });
      ws.columns = [
        ...suppliesColumns.map((c) => ({ key: c.key, width: c.width })),
        { key: 'totalPrice', width: 14 },
        { key: 'tags', width: 14 },
        { key: 'supplierName', width: 24 },
      ];
      ws.addRow([...suppliesColumns.map((c) => c.zh), '总价', '标签', '供应商']).font = { bold: true };
      ws.addRow([...suppliesColumns.map((c) => c.en), 'Total', 'Tags', 'Supplier']).font = { bold: true };
      for (const r of rows) ws.addRow({ ...r, tags: (r.tags as string[]).join(',') });
      return send(reply, wb, t(lang, '物料清单', 'material-list'));
    },
  );

  app.get(
    '/api/supplies/hsPreentryExport',
    {
      config: { permission: 'supplies:list' },
      schema: { tags, summary: 'HS pre-entry sheet (rows grouped by HS code)' },
    },
    async (request, reply) => {
      const rows = await rowsFor(request);
      const lang = langOf(request);
      const groups = new Map<string, { hs: string; rows: Row[] }>();
      for (const r of rows) {
        const hs = (r.hsCode as string | null) ?? '';
        const key = [hs, r.unit, r.currency ?? '', r.originCountry ?? ''].join('|');
        const g = groups.get(key) ?? { hs, rows: [] };
        g.rows.push(r);
        groups.set(key, g);
      }
      const codes = [...new Set([...groups.values()].map((g) => g.hs).filter((c) => c.length > 6))];
      const national = codes.length
        ? await app.db.select().from(customsCodes).where(inArray(customsCodes.code, codes))
        : [];
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet(t(lang, 'HS预录入', 'HS pre-entry'));
      ws.columns = [
        { header: t(lang, '序号', 'No.'), key: 'no', width: 6 },
        { header: t(lang, 'HS编码', 'HS code'), key: 'hs', width: 14 },
        { header: t(lang, '商品名称', 'Description'), key: 'name', width: 40 },
        { header: t(lang, 'HS品目', 'HS heading'), key: 'heading', width: 50 },
        { header: t(lang, '申报要素', 'Declaration elements'), key: 'elements', width: 30 },
        { header: t(lang, '数量', 'Quantity'), key: 'quantity', width: 12 },
        { header: t(lang, '单位', 'Unit'), key: 'unit', width: 8 },
        { header: t(lang, '总价', 'Amount'), key: 'amount', width: 16 },
        { header: t(lang, '币种', 'Currency'), key: 'currency', width: 8 },
        { header: t(lang, '原产国', 'Origin'), key: 'origin', width: 8 },
        { header: t(lang, '净重(kg)', 'Net (kg)'), key: 'net', width: 12 },
        { header: t(lang, '毛重(kg)', 'Gross (kg)'), key: 'gross', width: 12 },
        { header: t(lang, '行数', 'Rows'), key: 'rows', width: 6 },
      ];
      ws.getRow(1).font = { bold: true };
      let no = 1;
      const sum = (rs: Row[], k: string) =>
        Math.round(rs.reduce((n, r) => n + Number(r[k] ?? 0), 0) * 1000) / 1000;
      for (const g of [...groups.values()].sort((a, b) => (a.hs || '~').localeCompare(b.hs || '~'))) {
        const first = g.rows[0];
        const nat = national.find((n) => n.code === g.hs);
        const entry = g.hs ? hsEntry(g.hs.slice(0, 6)) : undefined;
        ws.addRow({
          no: no++,
          hs: g.hs ? formatHs(g.hs) : t(lang, '未归类', 'Unclassified'),
          name:
            nat?.name ??
            [...new Set(g.rows.map((r) => (lang === 'en' ? (r.enName ?? r.name) : r.name)))].join('; '),
          heading: entry?.en ?? '',
          elements: nat?.elements ?? '',
          quantity: sum(g.rows, 'quantity'),
          unit: first.unit,
          amount: Math.round(sum(g.rows, 'totalPrice') * 100) / 100,
          currency: first.currency,
          origin: first.originCountry,
          net: sum(g.rows, 'netWeight'),
          gross: sum(g.rows, 'grossWeight'),
          rows: g.rows.length,
        });
      }
      return send(reply, wb, t(lang, 'HS预录入', 'hs-pre-entry'));
    },
  );
}
