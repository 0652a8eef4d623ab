// The packing-list sheet as an import reads it (in the sheet worker): its header row and what one line means.
import {
  type Lang,
  type MessageCode,
  type PackingImportKey,
  packageTypes,
  packingImportColumns,
} from '@tradelane/contract';
import type ExcelJS from 'exceljs';
import { cellError, headerMatcher, type RowError, rowReader, sheetWord } from '../../lib/sheet-read.ts';

export const MAX_ROWS = 50_000;
export const headerMap = headerMatcher(packingImportColumns, ['boxNumber', 'quantity']);
const packageIndex = new Map<string, string>();
for (const p of packageTypes) for (const h of [p.code, p.zh, p.en]) packageIndex.set(sheetWord(h), p.code);

export interface PackingLine {
  row: number;
  boxNumber: string;
  packageType: string | null;
  length: number | null;
  width: number | null;
  height: number | null;
  grossWeight: number | null;
  netWeight: number | null;
  lineNo: number | null;
  materialCode: string | null;
  quantity: number;
}

export const rowError = (row: number, field: PackingImportKey, lang: Lang, code: MessageCode, params = {}) =>
  cellError(packingImportColumns, row, field, lang, code, params);

export function parseRow(
  values: ExcelJS.CellValue[],
  map: Map<number, PackingImportKey>,
  rowNo: number,
  lang: Lang,
  errors: RowError[],
): PackingLine | null {
  const cells = rowReader(packingImportColumns, values, map, rowNo, lang, errors);
  if (!cells) return null;
  const { raw, fail } = cells;
  const num = (field: PackingImportKey, opts: { required?: boolean; int?: boolean } = {}) => {
    const n = cells.num(field, opts.required);
    if (n === null) return null;
    if (n <= 0 && field !== 'netWeight') fail(field, 'import.positive');
    if (opts.int && !Number.isInteger(n)) fail(field, 'boxes.size_positive');
    return n;
  };
  const boxNumber = raw.boxNumber ?? '';
  if (!boxNumber) fail('boxNumber', 'import.required');
  else if (!/^[A-Za-z0-9._/-]{1,64}$/.test(boxNumber)) fail('boxNumber', 'validation.invalid_format');
  const pt = raw.packageType ? (packageIndex.get(sheetWord(raw.packageType)) ?? null) : null;
  if (raw.packageType && !pt) fail('packageType', 'validation.invalid_value');
  const line: PackingLine = {
    row: rowNo,
    boxNumber,
    packageType: pt,
    length: num('length', { int: true }),
    width: num('width', { int: true }),
    height: num('height', { int: true }),
    grossWeight: num('grossWeight'),
    netWeight: num('netWeight'),
    lineNo: num('lineNo', { int: true }),
    materialCode: raw.materialCode || null,
    quantity: num('quantity', { required: true }) ?? 0,
  };
  if (line.lineNo === null && !line.materialCode) fail('lineNo', 'import.required');
  return line;
}
