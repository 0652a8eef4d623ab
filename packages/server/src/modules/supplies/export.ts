// Exports of material lists: the list in the import template's layout (so it imports back), and the
// HS pre-entry sheet (rows grouped by HS code, unit, currency and origin) for the customs broker.
import {
  currencyScale,
  type Lang,
  materialTagText,
  type SuppliesColumnKey,
  sumMoney,
  suppliesColumns,
} from '@tradelane/contract';
import { suppliesOps } from '@tradelane/contract/api/supplies';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentDisposition } from '../../http/content-disposition.ts';
import { langOf } from '../../http/errors.ts';
import { mount, type OperationRequest } from '../../http/mount.ts';
import * as cell from '../../lib/workbook.ts';
import { ctxOf, listRows, type Row } from '../../resources/engine.ts';
import { formatHs, hsEntry } from '../hs/hs-index.ts';
import { tariffLines } from '../hs/tariff.ts';
import { suppliesResource } from './resources.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function send(reply: FastifyReply, wb: ExcelJS.Workbook, name: string) {
  reply.header('content-type', XLSX);
  reply.header('content-disposition', contentDisposition(`${name}.xlsx`, { fallback: 'material-list' }));
  return reply.send(Buffer.from(await wb.xlsx.writeBuffer()));
}

const t = (lang: Lang, zh: string, en: string) => (lang === 'en' ? en : zh);

export async function exportRoutes(app: FastifyInstance) {
  const rowsFor = async (request: OperationRequest<typeof suppliesOps.export>) => {
    const ctx = ctxOf(app, request);
    const q = request.query;
    const filters = Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined));
    const { content } = await listRows(suppliesResource, ctx, { ...filters, page: 0, size: 100_000 });
    return content;
  };

  mount(app, suppliesOps.export, async (request, reply) => {
    const rows = await rowsFor(request);
    const lang = langOf(request);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet(t(lang, '物料清单', 'Material list'), {
      views: [{ state: 'frozen', ySplit: 2 }],
    });
    ws.columns = [
      ...suppliesColumns.map((c) => ({ key: c.key, width: c.width })),
      { key: 'totalPrice', width: 14 },
      { key: 'supplierName', width: 24 },
    ];
    ws.addRow([...suppliesColumns.map((c) => c.zh), '总价', '供应商']).font = { bold: true };
    ws.addRow([...suppliesColumns.map((c) => c.en), 'Total', 'Supplier']).font = { bold: true };
    suppliesColumns.forEach((c, i) => {
      if ('text' in c && c.text) ws.getColumn(i + 1).numFmt = cell.TEXT_FORMAT;
    });
    // Typed as the import reads them back: codes as text, figures as numbers, tags as words.
    for (const r of rows) {
      const currency = r.currency;
      const typed: Record<SuppliesColumnKey, cell.Typed> = {
        lineNo: cell.integer(r.lineNo),
        materialCode: cell.text(r.materialCode),
        name: cell.text(r.name),
        enName: cell.text(r.enName),
        spec: cell.text(r.spec),
        brand: cell.text(r.brand),
        hsCode: cell.text(r.hsCode ? formatHs(r.hsCode) : null),
        quantity: cell.decimal(r.quantity),
        unit: cell.text(r.unit),
        unitPrice: cell.unitPrice(r.unitPrice, currency),
        currency: cell.text(currency),
        originCountry: cell.text(r.originCountry),
        netWeight: cell.decimal(r.netWeight),
        grossWeight: cell.decimal(r.grossWeight),
        remark: cell.text(r.remark),
        tags: { value: materialTagText(r.tags, lang) },
      };
      cell.addTypedRow(ws, [
        ...suppliesColumns.map((c) => typed[c.key]),
        cell.money(r.totalPrice, currency),
        cell.text(typeof r.supplierName === 'string' ? r.supplierName : null),
      ]);
    }
    return send(reply, wb, t(lang, '物料清单', 'material-list'));
  });

  mount(app, suppliesOps.hsPreentryExport, async (request, reply) => {
    const rows = await rowsFor(request);
    const lang = langOf(request);
    const groups = new Map<string, { hs: string; rows: typeof rows }>();
    for (const r of rows) {
      const hs = r.hsCode ?? '';
      const key = [hs, r.unit, r.currency ?? '', r.originCountry ?? ''].join('|');
      const g = groups.get(key) ?? { hs, rows: [] };
      g.rows.push(r);
      groups.set(key, g);
    }
    const codes = [...new Set([...groups.values()].map((g) => g.hs).filter((c) => c.length > 6))];
    const national = await tariffLines(app.db, codes);
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
    // Exact sums of the rows' decimals (thousandths for quantities and weights, the currency's unit for
    // money), written as numbers with their decimals.
    const sum = (rs: Row[], k: string, scale = 3) =>
      sumMoney(
        rs.map((r) => (r[k] == null ? null : Number(r[k]).toFixed(scale))),
        scale,
      );
    for (const g of [...groups.values()].sort((a, b) => (a.hs || '~').localeCompare(b.hs || '~'))) {
      const first = g.rows[0];
      const nat = national.find((n) => n.code === g.hs);
      const entry = g.hs ? hsEntry(g.hs.slice(0, 6)) : undefined;
      const currency = first.currency;
      cell.addTypedRow(ws, [
        cell.integer(no++),
        cell.text(g.hs ? formatHs(g.hs) : t(lang, '未归类', 'Unclassified')),
        nat?.name ??
          [...new Set(g.rows.map((r) => (lang === 'en' ? (r.enName ?? r.name) : r.name)))].join('; '),
        entry?.en ?? '',
        nat?.elements ?? '',
        cell.decimal(sum(g.rows, 'quantity')),
        first.unit,
        cell.money(sum(g.rows, 'totalPrice', currencyScale(currency ?? 'USD')), currency),
        currency,
        first.originCountry,
        cell.decimal(sum(g.rows, 'netWeight')),
        cell.decimal(sum(g.rows, 'grossWeight')),
        cell.integer(g.rows.length),
      ]);
    }
    return send(reply, wb, t(lang, 'HS预录入', 'hs-pre-entry'));
  });
}
