// Customs reads and files that are no family of their own: the element template of an HS code, the
// broker's declaration file for a ticket (Excel in the documented layout, docs/customs-declaration-file.md,
// and a PDF draft of the declaration form in Chinese), and the administrator's exchange-rate import (CSV).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  type CustomsCodeKind,
  currencyScale,
  DeclareStatus,
  declareFileColumns,
  declareStatusLabels,
  elementsText,
  exchangeRateCreate,
  moneyIn,
  sumMoney,
  unitPriceOf,
} from '@tradelane/contract';
import { customsOps } from '@tradelane/contract/api/customs';
import { inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { declPrices, exchangeRates } from '../../db/schema-customs.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { AppError, badRequest, langOf } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import * as cell from '../../lib/workbook.ts';
import { ctxOf, getVisible } from '../../resources/engine.ts';
import { tariffLinesUnder } from '../hs/tariff.ts';
import { batchNumbers, tenantNames } from '../project/names.ts';
import { type Declare, declareFor } from './access.ts';
import { codeNames } from './codes.ts';
import { ticketFigures } from './figures.ts';
import { checkReady, linesOf, templatesOf } from './lines.ts';
import { assortResource } from './resources.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let font: Buffer | undefined;
/** Noto Sans Hans (OFL) from @embedpdf/fonts-sc; pdfkit embeds only the glyphs used (a subset). */
function cjkFont(): Buffer {
  if (!font) {
    const main = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc');
    font = readFileSync(join(dirname(main), '..', 'fonts', 'NotoSansHans-Regular.otf'));
  }
  return font;
}

function attachment(reply: FastifyReply, type: string, name: string) {
  reply.header('content-type', type);
  reply.header('content-disposition', contentDisposition(name, { fallback: 'customs-declaration' }));
}

/** A ticket's goods rows as the declaration file lists them (declared price when one is kept). */
export async function ticketRows(db: Db, declareId: number, assortId: number) {
  const lines = (await linesOf(db, declareId)).filter((l) => l.assortId === assortId);
  const templates = await templatesOf(
    db,
    lines.map((l) => l.hsCode),
  );
  const prices = lines.length
    ? await db
        .select()
        .from(declPrices)
        .where(
          inArray(
            declPrices.lineId,
            lines.map((l) => l.id),
          ),
        )
    : [];
  return lines.map((l, i) => {
    const price = prices.find((p) => p.lineId === l.id);
    const tpl = templates.get(l.hsCode ?? '')?.template ?? [];
    return {
      lineNo: i + 1,
      hsCode: l.hsCode ?? '',
      name: l.name,
      elements: tpl.length ? elementsText(tpl, l.values) : (l.elements ?? ''),
      quantity: l.quantity,
      unit: l.unit,
      legalQuantity1: l.legalQuantity1 ?? '',
      legalUnit1: l.legalUnit1 ?? '',
      legalQuantity2: l.legalQuantity2 ?? '',
      legalUnit2: l.legalUnit2 ?? '',
      unitPrice: price
        ? (unitPriceOf(price.declaredPrice, l.quantity, currencyScale(price.declaredCurrency)) ?? '')
        : (l.unitPrice ?? ''),
      totalPrice: price ? moneyIn(price.declaredPrice, price.declaredCurrency) : (l.totalPrice ?? ''),
      currency: price ? price.declaredCurrency : (l.currency ?? ''),
      originCountry: l.originCountry ?? '',
      destinationCountry: l.destinationCountry ?? '',
      domesticSource: l.domesticSource ?? '',
    };
  });
}

/**
 * What one ticket itself declares: the packages and weights of its own boxes (figures.ts), or — nothing
 * packed, one ticket — the header's typed ones; its value and currency are its lines' (one currency).
 */
export async function ticketOwnFigures(
  db: Db,
  declare: Declare,
  assortId: number,
  rows: Awaited<ReturnType<typeof ticketRows>>,
) {
  const { byTicket, total } = await ticketFigures(db, declare.id);
  const boxes = byTicket.get(assortId);
  const currency = rows[0]?.currency ?? declare.currency;
  const scale = currencyScale(currency);
  return {
    packages: total.packages ? (boxes?.packages ?? 0) : (declare.packages ?? 0),
    grossWeight: total.packages ? (boxes?.grossWeight ?? '0.000') : (declare.grossWeight ?? ''),
    netWeight: total.packages ? (boxes?.netWeight ?? '0.000') : (declare.netWeight ?? ''),
    boxNumbers: boxes?.boxNumbers ?? [],
    currency,
    value: sumMoney(
      rows.map((r) => String(r.totalPrice)),
      scale,
    ),
  };
}

/** A header's codes with their Chinese names from the customs tables: "2248 洋山港区". */
async function headerNames(db: Db, declare: Declare, tradeMode: string) {
  const named = async (kind: CustomsCodeKind, code: string | null) => {
    if (!code) return '';
    const name = (await codeNames(db, kind, [code])).get(code)?.zh;
    return name ? `${code} ${name}` : code;
  };
  return {
    customsOffice: await named('customsOffice', declare.customsOffice),
    portOfExit: await named('customsOffice', declare.portOfExit),
    tradeMode: await named('tradeMode', tradeMode),
    transportMode: await named('transportMode', declare.transportMode),
    packageType: await named('packageType', declare.packageType),
  };
}

export async function customsRoutes(app: FastifyInstance) {
  mount(app, customsOps.elementTemplate, async (request) => {
    const { hsCode } = request.query;
    const exact = (await templatesOf(app.db, [hsCode])).get(hsCode);
    if (exact)
      return { hsCode, name: exact.name, unit1: exact.unit1, unit2: exact.unit2, elements: exact.template };
    // A shorter code: the tariff lines under it, for the user to pick.
    const under = (await tariffLinesUnder(app.db, hsCode, 50)).map(({ code, name }) => ({ code, name }));
    return { hsCode, name: null, elements: [], candidates: under };
  });

  mount(app, customsOps.declareFile, async (request, reply) => {
    const ctx = ctxOf(app, request);
    const q = request.query;
    const ticket = await getVisible(assortResource, ctx, q.id);
    const declare = await declareFor(ctx, ticket.declareId);
    if (declare.status < DeclareStatus.approved) throw badRequest('customs.not_approved');
    // What is filed is complete: the same check as review and filing, every problem named.
    await checkReady(app.db, declare, langOf(request), 'file');
    const rows = await ticketRows(app.db, declare.id, ticket.id);
    const own = await ticketOwnFigures(app.db, declare, ticket.id, rows);
    const batch = (await batchNumbers(app.db, [declare.batchId])).get(declare.batchId) ?? '';
    const name = `${batch}-${ticket.ticketNo}`;
    const named = await headerNames(app.db, declare, ticket.tradeMode ?? declare.tradeMode);
    if (q.format === 'xlsx') {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('报关单商品');
      ws.columns = declareFileColumns.map((c) => ({
        header: c.zh,
        key: c.key,
        width: c.key === 'elements' ? 50 : 14,
      }));
      ws.getRow(1).font = { bold: true };
      // Typed as the broker's software reads them: figures as numbers with their decimals, codes as text.
      for (const r of rows)
        cell.addTypedRow(ws, [
          cell.integer(r.lineNo),
          cell.text(r.hsCode),
          r.name,
          r.elements,
          cell.decimal(r.quantity),
          r.unit,
          cell.decimal(r.legalQuantity1),
          r.legalUnit1,
          cell.decimal(r.legalQuantity2),
          r.legalUnit2,
          cell.unitPrice(r.unitPrice, r.currency),
          cell.money(r.totalPrice, r.currency),
          cell.text(r.currency),
          cell.text(r.originCountry),
          cell.text(r.destinationCountry),
          cell.text(r.domesticSource),
        ]);
      const head = wb.addWorksheet('表头');
      const charges = declare.currency;
      const header: [string, cell.Typed | string | number | null][] = [
        ['报关单票号', cell.integer(ticket.ticketNo)],
        ['申报地海关', named.customsOffice],
        [declare.direction === 'import' ? '进境关别' : '出境关别', named.portOfExit],
        ['监管方式', named.tradeMode],
        ['运输方式', named.transportMode],
        ['运输工具名称', declare.vesselName],
        ['航次号', cell.text(declare.voyageNo)],
        ['提运单号', cell.text(declare.blNumber)],
        ['合同协议号', cell.text(ticket.contractNumber ?? declare.contractNumber)],
        ['贸易国（地区）', declare.tradingCountry],
        [declare.direction === 'import' ? '启运国（地区）' : '运抵国（地区）', declare.destinationCountry],
        ['指运港', declare.portOfDestination],
        ['成交方式', declare.incoterm],
        ['运费', cell.money(declare.freight, charges)],
        ['保费', cell.money(declare.insurance, charges)],
        ['杂费', cell.money(declare.otherCharges, charges)],
        ['运保杂费币制', charges],
        ['件数', cell.integer(own.packages)],
        ['包装种类', named.packageType],
        ['毛重（千克）', cell.decimal(own.grossWeight)],
        ['净重（千克）', cell.decimal(own.netWeight)],
        ['币制', own.currency],
        ['总价', cell.money(own.value, own.currency)],
        ['箱号', own.boxNumbers.join(', ')],
      ];
      for (const [k, v] of header) cell.addTypedRow(head, [k, v ?? null]);
      head.getColumn(1).width = 18;
      head.getColumn(2).width = 30;
      attachment(reply, XLSX, `${name}.xlsx`);
      return reply.send(Buffer.from(await wb.xlsx.writeBuffer()));
    }
    const broker =
      declare.brokerTenantId === null
        ? undefined
        : (await tenantNames(app.db, [declare.brokerTenantId])).get(declare.brokerTenantId)?.name;
    const doc = new PDFDocument({
      size: 'A4',
      layout: 'landscape',
      margin: 28,
      info: { Title: `出口货物报关单（草稿）${name}` },
    });
    doc.registerFont('cjk', cjkFont());
    doc.font('cjk');
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
    doc.fontSize(16).text(`中华人民共和国海关出口货物报关单（草稿）`, { align: 'center' });
    doc
      .moveDown(0.3)
      .fontSize(9)
      .text(
        `批次 ${batch}　第 ${ticket.ticketNo} 票　状态：${declareStatusLabels[declare.status]?.zh ?? ''}　申报单位：${broker ?? ''}${ticket.entryNumber ? `　海关编号：${ticket.entryNumber}` : ''}`,
        { align: 'center' },
      );
    doc.moveDown(0.6);
    const pairs: [string, unknown][] = [
      ['申报地海关', named.customsOffice],
      ['出境关别', named.portOfExit],
      ['监管方式', named.tradeMode],
      ['运输方式', named.transportMode],
      ['运输工具/航次', `${declare.vesselName ?? ''} ${declare.voyageNo ?? ''}`],
      ['提运单号', declare.blNumber],
      ['合同协议号', ticket.contractNumber ?? declare.contractNumber],
      ['贸易国/运抵国', `${declare.tradingCountry ?? ''} / ${declare.destinationCountry ?? ''}`],
      ['指运港', declare.portOfDestination],
      ['成交方式', declare.incoterm],
      [
        '运费/保费/杂费',
        `${declare.freight ?? '-'} / ${declare.insurance ?? '-'} / ${declare.otherCharges ?? '-'} ${declare.currency}`,
      ],
      ['件数/包装', `${own.packages} ${named.packageType}`],
      ['毛重/净重（千克）', `${own.grossWeight} / ${own.netWeight}`],
      ['总价/币制', `${own.value} ${own.currency}`],
    ];
    const left = doc.page.margins.left;
    let y = doc.y;
    pairs.forEach(([k, v], i) => {
      const col = i % 3;
      const x = left + col * 262;
      if (col === 0 && i) y += 16;
      doc.fontSize(9).text(`${k}：${v ?? ''}`, x, y, { width: 258, lineBreak: false, ellipsis: true });
    });
    y += 26;
    const cols = [
      ['项号', 28],
      ['商品编号', 62],
      ['商品名称', 100],
      ['规格型号（申报要素）', 220],
      ['数量及单位', 90],
      ['单价', 60],
      ['总价', 80],
      ['币制', 36],
      ['原产国', 44],
      ['目的国', 44],
    ] as const;
    const drawRow = (cells: string[]) => {
      let x = left;
      const h = Math.max(
        16,
        ...cells.map((c, i) => doc.fontSize(8).heightOfString(c, { width: cols[i][1] - 4 }) + 6),
      );
      if (y + h > doc.page.height - doc.page.margins.bottom) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      cells.forEach((c, i) => {
        doc.rect(x, y, cols[i][1], h).stroke();
        doc.fontSize(8).text(c, x + 2, y + 3, { width: cols[i][1] - 4 });
        x += cols[i][1];
      });
      y += h;
    };
    drawRow(cols.map((c) => c[0]));
    for (const r of rows)
      drawRow([
        String(r.lineNo),
        r.hsCode,
        r.name,
        r.elements,
        `${r.quantity} ${r.unit}${r.legalQuantity1 ? `\n${r.legalQuantity1} ${r.legalUnit1}` : ''}`,
        String(r.unitPrice),
        String(r.totalPrice),
        r.currency,
        r.originCountry,
        r.destinationCountry,
      ]);
    doc.end();
    const pdf = await done;
    attachment(reply, 'application/pdf', `${name}.pdf`);
    return reply.send(pdf);
  });

  mount(app, customsOps.importRates, async (request) => {
    const ctx = ctxOf(app, request);
    const { csv } = request.body;
    const lines = csv.split(/\r?\n/).map((l) => l.trim());
    const rows: z.infer<typeof exchangeRateCreate>[] = [];
    for (const [i, line] of lines.entries()) {
      if (!line || (i === 0 && /currency/i.test(line))) continue;
      const [currency, baseCurrency, month, rate] = line.split(/[,;\t]/).map((s) => s.trim());
      const parsed = exchangeRateCreate.safeParse({ currency, baseCurrency, month, rate });
      if (!parsed.success)
        throw new AppError(400, 'customs.rate_import_bad', {
          row: i + 1,
          reason: parsed.error.issues[0]?.path.join('.') ?? '',
        });
      rows.push(parsed.data);
    }
    if (!rows.length) throw badRequest('customs.rate_import_bad', { row: 1, reason: 'empty' });
    await app.db.transaction(async (tx) => {
      for (const r of rows)
        await tx
          .insert(exchangeRates)
          .values({ ...r, createBy: ctx.auth.username, updateBy: ctx.auth.username })
          .onConflictDoUpdate({
            target: [exchangeRates.currency, exchangeRates.baseCurrency, exchangeRates.month],
            set: { rate: r.rate, updateTime: new Date(), updateBy: ctx.auth.username },
          });
    });
    return { imported: rows.length };
  });
}
