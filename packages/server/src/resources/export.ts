// GET /api/<family>/download: the same list (same filters, same scope) as an Excel sheet, typed the way a
// person types it: figures are numbers with their decimals, times are date cells on the reader's company
// clock (the zone named in the column title), calendar dates are dates, text stays text, lists read as
// words, and every column title is a label in the caller's language.
import { PassThrough } from 'node:stream';
import type { Lang } from '@tradelane/contract';
import { exportLabel } from '@tradelane/contract/labels';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { tenantZone } from '../access/tenant-zone.ts';
import type { Db } from '../db/client.ts';
import { contentDisposition } from '../http/content-disposition.ts';
import {
  date,
  decimal,
  integer,
  list,
  money,
  putCells,
  type Typed,
  text,
  time,
  timeHeader,
  unitPrice,
} from '../lib/workbook.ts';

/** A table column as the export reads its type (drizzle's column metadata). */
interface ColumnMeta {
  columnType: string;
  scale?: number;
}

/** What the export needs of a family; the engine hands it over with its own list function. */
export interface ExportSource {
  name: string;
  columns: Record<string, unknown>;
  hidden?: readonly string[];
  /** Headers that differ from the family's field labels (contract/src/labels). */
  labels?: { zh: Record<string, string>; en: Record<string, string> };
  /** Values a family words itself (codes → their labels). */
  exportText?: Record<string, (value: unknown, lang: Lang) => string | null>;
}
type Page = { content: Record<string, unknown>[]; next?: string };

const EXPORT_LIMIT = 200_000;

/** The web's machinery, not data: the actions a row offers, whether it is the caller's, its QR token… */
const NOT_DATA = new Set([
  'actions',
  'mine',
  'token',
  'template',
  'elementTemplate',
  'events',
  'timeline',
  // The B/L form's aid: the boxes' current figures beside the typed ones.
  'fromBoxes',
  // A declaration line's material-row ids and quantities (the line itself says what they add up to).
  'source',
]);

/**
 * Columns a reader has no use for: the web's machinery, id lists beside their names, and a reference id
 * or a code beside its readable twin (`batchId` beside `batchNumber`, `status` beside `statusLabel`).
 */
export function exportedKeys(keys: readonly string[]): string[] {
  const has = new Set(keys);
  return keys.filter((k) => {
    if (NOT_DATA.has(k) || k.endsWith('Actions')) return false;
    // A list of row ids says nothing to a reader (its rows are shown by name where they matter).
    if (/Ids$/.test(k)) return false;
    if (has.has(`${k}Label`) || has.has(`${k}Name`)) return false;
    if (k !== 'id' && k.endsWith('Id')) {
      const base = k.slice(0, -2);
      const twins = [base, `${base}Name`, `${base}Number`, `${base.replace(/Tenant$/, '')}Name`];
      if (twins.some((t) => has.has(t))) return false;
    }
    return true;
  });
}

const isPrimitive = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** A structured value as words: a list joined, a file by its name, an amount with its currency. */
function structuredText(value: unknown, lang: Lang): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) {
    const parts = value.map((v) => structuredText(v, lang)).filter((v): v is string => Boolean(v));
    return parts.length ? parts.join(lang === 'en' ? ', ' : '、') : null;
  }
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const k of ['name', 'label', 'title', 'fileName', 'boxNumber', 'containerNumber', 'username'])
      if (typeof o[k] === 'string' && o[k]) return o[k] as string;
    if (typeof o.currency === 'string') {
      const amount = o.amount ?? o.gross ?? o.total;
      if (amount !== undefined) return `${o.currency} ${amount}`;
    }
    // A record (a log's parameters, element values): its filled entries, nested ones in brackets.
    const pairs = Object.entries(o).flatMap(([k, v]) => {
      const shown = isPrimitive(v) ? (v === null || v === '' ? null : String(v)) : structuredText(v, lang);
      if (shown === null) return [];
      return [isPrimitive(v) ? `${k}: ${shown}` : `${k}: (${shown})`];
    });
    return pairs.length ? pairs.join('; ') : null;
  }
  return String(value);
}

/** Text that holds JSON (a log's request parameters) reads as words too. */
function jsonAsWords(value: string, lang: Lang): string {
  if (!/^[[{]/.test(value)) return value;
  try {
    return structuredText(JSON.parse(value), lang) ?? '';
  } catch {
    return value;
  }
}

/** One cell, typed by its table column when it has one, else by its value. */
function typedCell(
  key: string,
  value: unknown,
  row: Record<string, unknown>,
  meta: ColumnMeta | undefined,
  zone: string,
  lang: Lang,
): Typed {
  if (value === null || value === undefined || value === '') return { value: null };
  const currency = typeof row.currency === 'string' ? row.currency : null;
  switch (meta?.columnType) {
    case 'PgNumeric':
    case 'PgNumericNumber':
      if (meta.scale === 2) return money(value as string, currency);
      if (meta.scale === 4) return unitPrice(value as string, currency);
      return decimal(value as string);
    case 'PgTimestamp':
    case 'PgTimestampString':
      return time(value as Date, zone);
    case 'PgDateString':
    case 'PgDate':
      return date(value as string);
    case 'PgVarchar':
    case 'PgText':
    case 'PgChar':
      return text(jsonAsWords(String(value), lang));
    case 'PgInteger':
    case 'PgSmallInt':
    case 'PgBigInt53':
    case 'PgBigSerial53':
    case 'PgSerial':
      return integer(value as number);
  }
  if (value instanceof Date) return time(value, zone);
  if (typeof value === 'number') return Number.isInteger(value) ? integer(value) : decimal(value);
  if (typeof value === 'boolean') return { value };
  if (Array.isArray(value) && value.every(isPrimitive)) return list(value, lang);
  if (typeof value === 'object') return { value: structuredText(value, lang) };
  // A computed figure (a declared price, a sum) is a number; any other computed string stays text, so a
  // code such as a suggested HS code keeps its digits.
  if (FIGURE.test(key) && /^-?\d+(\.\d+)?$/.test(String(value)))
    return /price|amount/i.test(key) ? money(String(value), currency) : decimal(String(value));
  return text(String(value));
}

/** Computed fields that hold figures. */
const FIGURE = /(Price|price|Amount|amount|Weight|weight|Quantity|quantity|Volume|volume)$/;

/** Rows read per round trip; the sheet is written as they come, so memory does not grow with the list. */
const CHUNK = 1000;

/**
 * The list as a streamed .xlsx: the first page is read before anything is sent (a bad filter is still
 * a clean 400), then the rest follow by keyset paging (`after=`, or numbered pages for a sort that
 * offers no cursor), each row written and forgotten.
 */
export async function exportRows(
  list: (query: Record<string, unknown>) => Promise<Page>,
  resource: ExportSource,
  ctx: { request: FastifyRequest; db: Db; auth: { tenantId: number | null } },
  query: Record<string, unknown>,
  reply: FastifyReply,
  lang: Lang,
) {
  const base = { ...query, page: 0, size: CHUNK };
  delete (base as Record<string, unknown>).after;
  const first = await list(base);
  const keys = exportedKeys(
    first.content.length
      ? // A field a decoration left undefined is not in the answer (JSON leaves it out), nor in the sheet.
        Object.keys(first.content[0]).filter((k) => first.content.some((r) => r[k] !== undefined))
      : Object.keys(resource.columns).filter((k) => !resource.hidden?.includes(k)),
  );
  const zone = await tenantZone(ctx.db, ctx.auth.tenantId);
  const meta = resource.columns as Record<string, ColumnMeta | undefined>;
  const isTime = (k: string) =>
    ['PgTimestamp', 'PgTimestampString'].includes(meta[k]?.columnType ?? '') ||
    first.content.some((r) => r[k] instanceof Date);
  // Headers in the caller's language: the family's labels as the web shows them, else the catalogue's
  // word for the field; times say the zone they are on.
  const title = (k: string) => {
    const label = resource.labels?.[lang]?.[k] ?? exportLabel(resource.name, k, lang);
    return isTime(k) ? timeHeader(label, zone, lang) : label;
  };
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  workbook.creator = 'Tradelane';
  // A nested family (jobs/logs, customsCode/dict) names its sheet and file without the characters Excel refuses.
  const plain = resource.name.replace(/[*?:\\/[\]]/g, '-');
  const sheet = workbook.addWorksheet(plain, { views: [{ state: 'frozen', ySplit: 1 }] });
  const titles = keys.map(title);
  sheet.columns = keys.map((k, i) => ({
    key: k,
    width: Math.min(40, Math.max(isTime(k) ? 20 : 10, titles[i].length * (lang === 'zh' ? 2 : 1) + 4)),
  }));
  const header = sheet.addRow(titles);
  header.font = { bold: true };
  header.commit();
  const filename = `${plain}-${new Date().toISOString().slice(0, 10)}.xlsx`;
  reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  reply.header('content-disposition', contentDisposition(filename));
  const cellOf = (k: string, row: Record<string, unknown>): Typed => {
    const own = resource.exportText?.[k];
    if (own) return { value: own(row[k], lang) };
    return typedCell(k, row[k], row, meta[k], zone, lang);
  };
  const write = async () => {
    let page = first;
    let written = 0;
    let n = 0;
    for (;;) {
      for (const row of page.content) {
        putCells(
          sheet.addRow([]),
          keys.map((k) => cellOf(k, row)),
        ).commit();
        written++;
      }
      if (written >= EXPORT_LIMIT || page.content.length < CHUNK) break;
      // By cursor where the sort offers one; a sort by a column that may be empty offers none, and its
      // pages follow by number (each found through its matches again, as the list's own pages are).
      n++;
      page = await list(page.next ? { ...base, after: page.next } : { ...base, page: n });
    }
    sheet.commit();
    await workbook.commit();
  };
  // A failure half-way can no longer change the status: the download ends broken, and it is logged.
  write().catch((err) => {
    ctx.request.log.error({ err }, 'export failed after its first page');
    stream.destroy(err as Error);
  });
  return reply.send(stream);
}
