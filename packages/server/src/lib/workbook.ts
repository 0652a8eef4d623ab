// Cells typed the way a person types them into Excel, for every workbook the product writes: figures are
// numbers with a number format (an amount with its currency's decimals, a quantity or weight with its own),
// times are date cells on the reader's company clock (the zone named in the file), calendar dates are date
// cells, codes (HS, material, box numbers) are text cells formatted as text so Excel never re-reads them
// as numbers, and lists are readable text.
import { currencyScale, wallClock, zoneLabel } from '@tradelane/contract';
import type ExcelJS from 'exceljs';

/** A value with the number format its cell gets. */
export interface Typed {
  value: ExcelJS.CellValue;
  numFmt?: string;
}

export const TEXT_FORMAT = '@';
export const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
export const DATE_FORMAT = 'yyyy-mm-dd';

/** `#,##0`, `#,##0.0`, `#,##0.00`… */
export const decimalsFormat = (decimals: number) =>
  decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';

/** Decimals a decimal string (or number) really uses: "12.500" → 1, "6" → 0. */
function usedDecimals(value: string | number): number {
  const s = typeof value === 'number' ? String(value) : value.trim();
  const frac = /\.(\d+)$/.exec(s)?.[1]?.replace(/0+$/, '') ?? '';
  return frac.length;
}

const isBlank = (v: unknown) => v === null || v === undefined || v === '';

/**
 * A figure as a number cell, shown with the decimals it has (at least `min`, at most `max`): a quantity of
 * 6 shows 6, one of 2.5 shows 2.5, a weight of 1,250.125 kg shows 1,250.125.
 */
export function decimal(value: string | number | null | undefined, min = 0, max = 6): Typed {
  if (isBlank(value)) return { value: null };
  const n = Number(value);
  if (!Number.isFinite(n)) return text(String(value));
  return { value: n, numFmt: decimalsFormat(Math.min(max, Math.max(min, usedDecimals(value as string)))) };
}

/** An amount in a currency: a number with that currency's decimals (USD 2, JPY 0, BHD 3). */
export function money(value: string | number | null | undefined, currency?: string | null): Typed {
  if (isBlank(value)) return { value: null };
  const n = Number(value);
  if (!Number.isFinite(n)) return text(String(value));
  return { value: n, numFmt: decimalsFormat(currency ? currencyScale(currency) : 2) };
}

/** A unit price: at least the currency's decimals, up to the four a price keeps. */
export function unitPrice(value: string | number | null | undefined, currency?: string | null): Typed {
  return decimal(value, currency ? currencyScale(currency) : 2, 4);
}

/** A whole number (packages, line numbers, counts). */
export function integer(value: number | string | null | undefined): Typed {
  if (isBlank(value)) return { value: null };
  const n = Number(value);
  return Number.isFinite(n) ? { value: n, numFmt: '0' } : text(String(value));
}

/** Text that must stay text: codes with leading zeros or dots (HS 0102.21, 8537.10), box numbers. */
export function text(value: string | null | undefined): Typed {
  return isBlank(value)
    ? { value: null, numFmt: TEXT_FORMAT }
    : { value: String(value), numFmt: TEXT_FORMAT };
}

/** An instant as a date-time cell on the zone's wall clock. */
export function time(value: Date | string | null | undefined, zone: string): Typed {
  if (isBlank(value)) return { value: null };
  const at = value instanceof Date ? value : new Date(value as string);
  if (Number.isNaN(at.getTime())) return { value: null };
  // Whole seconds: what the format shows (a stored fraction would make two equal-looking times differ).
  return { value: wallClock(new Date(Math.floor(at.getTime() / 1000) * 1000), zone), numFmt: TIME_FORMAT };
}

/** A calendar date (`YYYY-MM-DD`) as a date cell; it has no zone and is never shifted. */
export function date(value: string | Date | null | undefined): Typed {
  if (isBlank(value)) return { value: null };
  const s = value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return text(String(value));
  return { value: new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])), numFmt: DATE_FORMAT };
}

/** A list as readable text ("加急、备件" / "Urgent, Spare part"); an empty list is an empty cell. */
export function list(items: readonly unknown[] | null | undefined, lang: 'zh' | 'en'): Typed {
  const shown = (items ?? []).filter((x) => !isBlank(x)).map(String);
  return { value: shown.length ? shown.join(lang === 'en' ? ', ' : '、') : null };
}

/** Writes typed cells into a row (1-based columns from `from`). */
export function putCells(row: ExcelJS.Row, cells: readonly (Typed | ExcelJS.CellValue)[], from = 1) {
  cells.forEach((c, i) => {
    const cell = row.getCell(from + i);
    if (c !== null && typeof c === 'object' && !(c instanceof Date) && 'value' in c && isTyped(c)) {
      cell.value = c.value;
      if (c.numFmt) cell.numFmt = c.numFmt;
    } else cell.value = c as ExcelJS.CellValue;
  });
  return row;
}

function isTyped(c: object): c is Typed {
  const keys = Object.keys(c);
  return keys.every((k) => k === 'value' || k === 'numFmt');
}

/** A row of typed cells by column key, in the order of `keys` (keys not given stay empty). */
export function keyedCells(
  keys: readonly string[],
  values: Partial<Record<string, Typed | ExcelJS.CellValue>>,
): (Typed | ExcelJS.CellValue)[] {
  return keys.map((k) => values[k] ?? null);
}

/** Adds a row of typed cells. */
export function addTypedRow(ws: ExcelJS.Worksheet, cells: readonly (Typed | ExcelJS.CellValue)[]) {
  return putCells(ws.addRow([]), cells);
}

/** A column title with the zone its times are in: "创建时间（UTC+08:00）" / "Created (UTC+08:00)". */
export function timeHeader(title: string, zone: string, lang: 'zh' | 'en'): string {
  return lang === 'en' ? `${title} (${zoneLabel(zone)})` : `${title}（${zoneLabel(zone)}）`;
}
