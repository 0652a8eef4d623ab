// Reading an import sheet, with no database or HTTP in it (so a worker thread can run it): the header row,
// each data row's cells and errors, the streamed read chunk by chunk, and the import template.
import type { Lang, MessageCode } from '@tradelane/contract';
import { translate } from '@tradelane/contract';
import ExcelJS from 'exceljs';
import { cellText } from './cell-text.ts';

export interface RowError {
  row: number;
  column: string;
  field: string;
  message: string;
}

/**
 * A kind of sheet as a module a worker thread loads: the module exports `headerMap` and `parseRow` (its
 * `SheetSpec`). The sheet is read in the worker, so the reader's memory never grows the API's heap.
 */
export interface SheetModule<R> {
  url: string;
  /** The rows it yields (type only). */
  row?: R;
}

export const sheetModule = <R>(url: URL): SheetModule<R> => ({ url: url.href });

/** How one kind of sheet reads: which row is its header, and what a data row means. */
export interface SheetSpec<K, R> {
  headerMap(values: ExcelJS.CellValue[]): Map<number, K> | null;
  parseRow(
    values: ExcelJS.CellValue[],
    map: Map<number, K>,
    rowNo: number,
    lang: Lang,
    errors: RowError[],
  ): R | null;
}

export interface SheetResult<R> extends SheetState {
  rows: R[];
}

/** A column of an import sheet as the contract declares it: its key and its zh and en headers. */
export interface SheetColumn<K extends string = string> {
  readonly key: K;
  readonly zh: string;
  readonly en: string;
  readonly width: number;
  readonly required?: boolean;
  /** A code (HS code, material code, box number): a text column, so Excel keeps 0102.21 and 8537.10. */
  readonly text?: boolean;
}

/** A header or dictionary word as matched: no spaces, no required-mark `*`, lower case. */
export const sheetWord = (s: string) => s.replace(/[\s*]+/g, '').toLowerCase();

/** The header row of a column set: a row naming (by zh, en or key) at least the `needed` columns. */
export function headerMatcher<K extends string>(columns: readonly SheetColumn<K>[], needed: readonly K[]) {
  const index = new Map<string, K>();
  for (const c of columns) for (const h of [c.zh, c.en, c.key]) index.set(sheetWord(h), c.key);
  return (values: ExcelJS.CellValue[]): Map<number, K> | null => {
    const map = new Map<number, K>();
    values.forEach((v, i) => {
      const key = index.get(sheetWord(cellText(v)));
      if (key) map.set(i, key);
    });
    const keys = new Set(map.values());
    return needed.every((k) => keys.has(k)) ? map : null;
  };
}

/**
 * One data row's cells by column key (null when the row is blank), and how its problems are reported:
 * `fail` names the cell's column in the reader's language; `num` reads a number (thousands separators
 * dropped; blank is null, or an error when required).
 */
export function rowReader<K extends string>(
  columns: readonly SheetColumn<K>[],
  values: ExcelJS.CellValue[],
  map: Map<number, K>,
  rowNo: number,
  lang: Lang,
  errors: RowError[],
) {
  const raw: Partial<Record<K, string>> = {};
  for (const [i, key] of map) raw[key] = cellText(values[i]);
  if (Object.values(raw).every((v) => !v)) return null;
  const fail = (field: K, code: MessageCode, params: Record<string, unknown> = {}) =>
    errors.push(cellError(columns, rowNo, field, lang, code, params));
  const num = (field: K, required = false): number | null => {
    const v = (raw[field] ?? '').replace(/,/g, '');
    if (!v) {
      if (required) fail(field, 'import.required');
      return null;
    }
    const n = Number(v);
    if (Number.isFinite(n)) return n;
    fail(field, 'import.number');
    return null;
  };
  return { raw, fail, num };
}

/** An error on one cell, its column named in the reader's language. */
export function cellError<K extends string>(
  columns: readonly SheetColumn<K>[],
  row: number,
  field: K,
  lang: Lang,
  code: MessageCode,
  params: Record<string, unknown> = {},
): RowError {
  const column = columns.find((c) => c.key === field)?.[lang] ?? field;
  return { row, column, field, message: translate(code, lang, params) };
}

/** An import template: zh headers (`*` on required ones) on row 1, en on row 2, samples, a notes sheet. */
export async function templateWorkbook(t: {
  sheet: string;
  columns: readonly SheetColumn[];
  samples: unknown[][];
  notes: string[];
}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(t.sheet, { views: [{ state: 'frozen', ySplit: 2 }] });
  ws.columns = t.columns.map((c) => ({ key: c.key, width: c.width }));
  ws.addRow(t.columns.map((c) => (c.required ? `*${c.zh}` : c.zh)));
  ws.addRow(t.columns.map((c) => c.en));
  for (const r of [1, 2]) {
    ws.getRow(r).font = { bold: true };
    ws.getRow(r).fill = {
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: r === 1 ? 'FFD9E8FB' : 'FFEFF5FD' },
    };
  }
  // Code columns are text cells in a text-formatted column: what is typed there stays as typed.
  t.columns.forEach((c, i) => {
    if (c.text) ws.getColumn(i + 1).numFmt = '@';
  });
  for (const sample of t.samples) {
    const row = ws.addRow(sample.map((v, i) => (t.columns[i]?.text && v !== '' ? String(v) : v)));
    t.columns.forEach((c, i) => {
      if (c.text) row.getCell(i + 1).numFmt = '@';
    });
  }
  const notes = wb.addWorksheet('说明 Notes');
  notes.columns = [{ width: 110 }];
  for (const line of t.notes) notes.addRow([line]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Row errors kept in memory, answered and stored with a task (the count goes on past them). */
export const MAX_KEPT_ERRORS = 1000;

/** What a sheet's read has found so far; filled in as its rows are read. */
export interface SheetState {
  /** The first MAX_KEPT_ERRORS errors. */
  errors: RowError[];
  errorCount: number;
  /** Rows with at least one error. */
  badRows: number;
  /** Rows without error (blank rows are neither). */
  valid: number;
  headerFound: boolean;
  tooMany: boolean;
}

/** The streaming reader failed on the file (as opposed to the rows it holds or the database). */
export class SheetReadError extends Error {
  constructor(readonly reason: unknown) {
    super('sheet unreadable');
  }
}

export const newState = (): SheetState => ({
  errors: [],
  errorCount: 0,
  badRows: 0,
  valid: 0,
  headerFound: false,
  tooMany: false,
});

/**
 * Reads the first worksheet as a stream and yields its valid rows in chunks of `chunkRows` (the last one
 * shorter), recording errors and counts in `state` as it goes. The reader only reads on when the next
 * chunk is asked for, so at most one chunk of rows is held (plus ExcelJS's shared-string cache).
 */
export async function* sheetChunks<K, R>(
  input: NodeJS.ReadableStream,
  spec: SheetSpec<K, R>,
  lang: Lang,
  maxRows: number,
  chunkRows: number,
  onProgress: (rowsRead: number) => void,
  state: SheetState,
): AsyncGenerator<R[], void, undefined> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input as never, {
    sharedStrings: 'cache',
    worksheets: 'emit',
    styles: 'ignore',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let chunk: R[] = [];
  let map: Map<number, K> | null = null;
  let sheets = 0;
  let read = 0;
  const rowErrors: RowError[] = [];
  const sheetIterator = reader[Symbol.asyncIterator]();
  const step = async <T>(it: AsyncIterator<T>) => {
    try {
      return await it.next();
    } catch (err) {
      throw new SheetReadError(err);
    }
  };
  for (let s = await step(sheetIterator); !s.done; s = await step(sheetIterator)) {
    const rowIterator = (s.value as AsyncIterable<ExcelJS.Row>)[Symbol.asyncIterator]();
    // Only the first sheet holds the data; later sheets (notes) are read past.
    const data = sheets++ === 0;
    for (let r = await step(rowIterator); !r.done; r = await step(rowIterator)) {
      if (!data) continue;
      const row = r.value;
      const values = (row.values as ExcelJS.CellValue[]) ?? [];
      if (!map) {
        if (row.number <= 10) map = spec.headerMap(values);
        state.headerFound = Boolean(map);
        continue;
      }
      // A template's second header row (English) is not data.
      if (spec.headerMap(values)) continue;
      read++;
      if (state.valid >= maxRows) {
        state.tooMany = true;
        continue;
      }
      rowErrors.length = 0;
      const parsed = spec.parseRow(values, map, row.number, lang, rowErrors);
      if (rowErrors.length) {
        state.badRows++;
        state.errorCount += rowErrors.length;
        for (const e of rowErrors) if (state.errors.length < MAX_KEPT_ERRORS) state.errors.push(e);
      } else if (parsed) {
        state.valid++;
        chunk.push(parsed);
      }
      if (read % 500 === 0) onProgress(read);
      if (chunk.length >= chunkRows) {
        const full = chunk;
        chunk = [];
        yield full;
      }
    }
  }
  if (chunk.length) yield chunk;
}
