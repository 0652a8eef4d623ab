// The packing list as PDF (A4 landscape) and Excel, zh/en/bilingual: per box its number, package, size,
// weights, volume, marks and contents (name, spec/model, HS code, quantity, unit), with totals per
// supplier and per batch. Both are written while the boxes are read, a chunk at a time.
import { PassThrough } from 'node:stream';
import { type DocLang, packageTypeLabel, packingListColumns, unitName } from '@tradelane/contract';
import ExcelJS from 'exceljs';
import * as cell from '../../lib/workbook.ts';
import type { Ctx } from '../../resources/engine.ts';
import { chunks, type PrintBox } from './documents-data.ts';
import { type Doc, fitText, mm, newDoc } from './pdf.ts';

const L = (lang: DocLang, zh: string, en: string) =>
  lang === 'zh' ? zh : lang === 'en' ? en : `${zh} ${en}`;
const head = (lang: DocLang, c: { zh: string; en: string }) => L(lang, c.zh, c.en);
const r3 = (n: number) => Math.round(n * 1000) / 1000;

interface Totals {
  boxes: number;
  gross: number;
  net: number;
  volume: number;
}
const zero = (): Totals => ({ boxes: 0, gross: 0, net: 0, volume: 0 });
const add = (t: Totals, b: PrintBox) => {
  t.boxes++;
  t.gross += Number(b.grossWeight);
  t.net += Number(b.netWeight);
  t.volume += Number(b.volume);
};

const marksOf = (b: PrintBox, lang: DocLang) =>
  [
    b.marks.contractNumber,
    b.marks.portOfDischarge,
    `${L(lang, '第', 'No.')} ${b.n}/${b.of}`,
    b.outOfGauge ? L(lang, '超限', 'OOG') : null,
  ]
    .filter(Boolean)
    .join(' ');
/** A name in the document's language: its English form in English, both in a bilingual one. */
const inLang = (lang: DocLang, name: string, enName: string | null) =>
  lang === 'en' ? (enName ?? name) : lang === 'zh' ? name : [name, enName].filter(Boolean).join(' ');
/** The head of a (batch, supplier) group: project, batch, supplier and contract. */
const groupHead = (b: PrintBox, lang: DocLang, sep: string) =>
  [
    inLang(lang, b.marks.projectName, b.marks.projectEnName),
    `${L(lang, '批次', 'Batch')} ${b.marks.batchNumber}`,
    `${L(lang, '供应商', 'Supplier')} ${inLang(lang, b.marks.supplierName, b.marks.supplierEnName)}`,
    `${L(lang, '合同号', 'Contract')} ${b.marks.contractNumber ?? '—'}`,
  ].join(sep);
const describe = (c: PrintBox['contents'][number], lang: DocLang) =>
  lang === 'en'
    ? (c.enName ?? c.name)
    : lang === 'zh'
      ? c.name
      : [c.name, c.enName].filter(Boolean).join(' ');

/** Groups a run of boxes by (batch, supplier) as they come (they are selected in that order). */
async function walk(
  ctx: Ctx,
  ids: number[],
  on: {
    group: (b: PrintBox) => void;
    box: (b: PrintBox) => void;
    groupEnd: (t: Totals, b: PrintBox) => void;
    end: (t: Totals) => void;
  },
) {
  const all = zero();
  let group = zero();
  let last: PrintBox | undefined;
  for await (const chunk of chunks(ctx, ids)) {
    for (const b of chunk) {
      if (!last || last.batchId !== b.batchId || last.supplierTenantId !== b.supplierTenantId) {
        if (last) on.groupEnd(group, last);
        group = zero();
        on.group(b);
      }
      add(group, b);
      add(all, b);
      on.box(b);
      last = b;
    }
  }
  if (last) on.groupEnd(group, last);
  on.end(all);
}

const totalsText = (lang: DocLang, t: Totals) =>
  `${L(lang, '箱数', 'Boxes')} ${t.boxes}   ${L(lang, '毛重', 'Gross')} ${r3(t.gross)} kg   ${L(lang, '净重', 'Net')} ${r3(t.net)} kg   ${L(lang, '体积', 'Volume')} ${r3(t.volume)} m³`;

/** The packing list as a PDF stream. */
export function packingListPdf(ctx: Ctx, ids: number[], lang: DocLang): Doc {
  const doc = newDoc('A4', 'landscape');
  const [PW, PH] = [mm(297), mm(210)];
  const m = 28;
  const widths = packingListColumns.map((c) => c.width);
  const scale = (PW - 2 * m) / widths.reduce((a, b) => a + b, 0);
  const xs: number[] = [];
  widths.reduce((x, w) => {
    xs.push(x);
    return x + w * scale;
  }, m);
  let y = 0;
  const line = 13;
  const page = () => {
    doc.addPage({ size: 'A4', layout: 'landscape', margin: 0 });
    y = m;
    doc.fillColor('black');
    fitText(doc, L(lang, '装箱单', 'Packing list'), m, y, PW - 2 * m, 14);
    y += 22;
    for (const [i, c] of packingListColumns.entries())
      fitText(doc, head(lang, c), xs[i], y, widths[i] * scale - 3, 7, 4);
    y += line;
    doc
      .moveTo(m, y - 2)
      .lineTo(PW - m, y - 2)
      .lineWidth(0.5)
      .stroke();
  };
  const need = (rows: number) => {
    if (y + rows * line > PH - m) page();
  };
  const cells = (values: string[], size = 7) => {
    values.forEach((v, i) => {
      if (v) fitText(doc, v, xs[i], y, widths[i] * scale - 3, size, 4);
    });
    y += line;
  };
  const run = async () => {
    page();
    await walk(ctx, ids, {
      group: (b) => {
        need(3);
        y += 4;
        fitText(doc, groupHead(b, lang, '  '), m, y, PW - 2 * m, 9);
        y += line + 2;
      },
      box: (b) => {
        need(1 + Math.max(1, b.contents.length));
        const first = b.contents[0];
        const boxCells = [
          b.boxNumber,
          lang === 'bilingual'
            ? `${packageTypeLabel(b.packageType, 'zh')}/${packageTypeLabel(b.packageType, 'en')}`
            : packageTypeLabel(b.packageType, lang),
          `${b.length}×${b.width}×${b.height}`,
          String(Number(b.grossWeight)),
          String(Number(b.netWeight)),
          String(Number(b.volume)),
        ];
        const contentCells = (c: typeof first | undefined) =>
          c
            ? [
                describe(c, lang),
                c.spec ?? '',
                c.hsCode ?? '',
                String(Number(c.quantity)),
                unitName(c.unit, lang),
              ]
            : ['', '', '', '', ''];
        cells([...boxCells, ...contentCells(first), marksOf(b, lang)]);
        for (const c of b.contents.slice(1)) {
          need(1);
          cells(['', '', '', '', '', '', ...contentCells(c), '']);
        }
        doc
          .moveTo(m, y - 2)
          .lineTo(PW - m, y - 2)
          .lineWidth(0.2)
          .strokeColor('#999999')
          .stroke()
          .strokeColor('black');
      },
      groupEnd: (t) => {
        need(1);
        fitText(
          doc,
          `${L(lang, '供应商小计', 'Supplier total')}: ${totalsText(lang, t)}`,
          m,
          y,
          PW - 2 * m,
          8,
        );
        y += line + 4;
      },
      end: (t) => {
        need(1);
        fitText(doc, `${L(lang, '合计', 'Total')}: ${totalsText(lang, t)}`, m, y, PW - 2 * m, 9);
      },
    });
    doc.end();
  };
  run().catch((err: unknown) => doc.emit('error', err));
  return doc;
}

/** The packing list as a streamed Excel workbook (rows committed as they are written). */
export function packingListXlsx(ctx: Ctx, ids: number[], lang: DocLang): PassThrough {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet(L(lang, '装箱单', 'Packing list').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  ws.columns = packingListColumns.map((c) => ({ key: c.key, width: c.width }));
  const keys = packingListColumns.map((c) => c.key);
  // Figures are numbers with their decimals, box numbers and HS codes text (Excel keeps 0102.21).
  const row = (values: Partial<Record<string, cell.Typed | ExcelJS.CellValue>>) =>
    cell.addTypedRow(ws, cell.keyedCells(keys, values));
  const header = ws.addRow(packingListColumns.map((c) => head(lang, c)));
  header.font = { bold: true };
  header.commit();
  const run = async () => {
    await walk(ctx, ids, {
      group: (b) => {
        const r = ws.addRow([groupHead(b, lang, ' · ')]);
        r.font = { bold: true };
        r.commit();
      },
      box: (b) => {
        const contents = b.contents.length ? b.contents : [undefined];
        contents.forEach((c, i) => {
          row({
            boxNumber: cell.text(b.boxNumber),
            ...(i === 0
              ? {
                  packageType: packageTypeLabel(b.packageType, lang === 'en' ? 'en' : 'zh'),
                  size: `${b.length}×${b.width}×${b.height}`,
                  grossWeight: cell.decimal(b.grossWeight),
                  netWeight: cell.decimal(b.netWeight),
                  volume: cell.decimal(b.volume),
                  marks: marksOf(b, lang),
                }
              : {}),
            ...(c
              ? {
                  name: describe(c, lang),
                  spec: c.spec,
                  hsCode: cell.text(c.hsCode),
                  quantity: cell.decimal(c.quantity),
                  unit: unitName(c.unit, lang),
                }
              : {}),
          }).commit();
        });
      },
      groupEnd: (t) => {
        const r = row({
          boxNumber: `${L(lang, '供应商小计', 'Supplier total')}: ${t.boxes}`,
          grossWeight: cell.decimal(r3(t.gross)),
          netWeight: cell.decimal(r3(t.net)),
          volume: cell.decimal(r3(t.volume)),
        });
        r.font = { italic: true };
        r.commit();
      },
      end: (t) => {
        const r = row({
          boxNumber: `${L(lang, '合计', 'Total')}: ${t.boxes}`,
          grossWeight: cell.decimal(r3(t.gross)),
          netWeight: cell.decimal(r3(t.net)),
          volume: cell.decimal(r3(t.volume)),
        });
        r.font = { bold: true };
        r.commit();
      },
    });
    ws.commit();
    await wb.commit();
  };
  run().catch((err: unknown) => out.destroy(err as Error));
  return out;
}
