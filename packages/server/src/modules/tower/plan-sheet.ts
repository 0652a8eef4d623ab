// The plan import sheet as an import reads it (in the sheet worker): one row per batch of a project — its
// number, required-on-site date, at-risk margin and the planned date of each milestone. A blank cell
// leaves what the plan holds; a date is a date cell, `2026-07-31`, `2026/7/31` or an Excel day number.
import {
  type Lang,
  type MessageCode,
  type MilestoneCode,
  milestones,
  type PlanImportKey,
  planImportColumns,
} from '@tradelane/contract';
import type ExcelJS from 'exceljs';
import { cellError, headerMatcher, type RowError, rowReader } from '../../lib/sheet-read.ts';

export const MAX_ROWS = 5_000;
export const headerMap = headerMatcher(planImportColumns, ['batchNumber']);

export interface PlanLine {
  row: number;
  batchNumber: string;
  requiredOnSite?: string;
  marginDays?: number;
  planned: Partial<Record<MilestoneCode, string>>;
}

export const rowError = (row: number, field: PlanImportKey, lang: Lang, code: MessageCode, params = {}) =>
  cellError(planImportColumns, row, field, lang, code, params);

const DAY_MS = 86_400_000;
/** Excel's day 0 (1899-12-30, counting its phantom 29 February 1900). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** A calendar day from what a cell says, or null when it is not one. */
export function sheetDate(text: string): string | null {
  let y: number;
  let m: number;
  let d: number;
  const parts = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (parts) [y, m, d] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  else if (/^\d{5}$/.test(text)) {
    const t = new Date(EXCEL_EPOCH + Number(text) * DAY_MS);
    [y, m, d] = [t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate()];
  } else return null;
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  if (y < 2000 || y > 2100) return null;
  return t.toISOString().slice(0, 10);
}

export function parseRow(
  values: ExcelJS.CellValue[],
  map: Map<number, PlanImportKey>,
  rowNo: number,
  lang: Lang,
  errors: RowError[],
): PlanLine | null {
  const cells = rowReader(planImportColumns, values, map, rowNo, lang, errors);
  if (!cells) return null;
  const { raw, fail } = cells;
  const date = (field: PlanImportKey) => {
    const text = raw[field];
    if (!text) return undefined;
    const day = sheetDate(text);
    if (!day) fail(field, 'plan.import_date');
    return day ?? undefined;
  };
  const batchNumber = raw.batchNumber ?? '';
  if (!batchNumber) fail('batchNumber', 'import.required');
  const line: PlanLine = { row: rowNo, batchNumber, planned: {} };
  line.requiredOnSite = date('requiredOnSite');
  if (raw.marginDays) {
    const n = Number(raw.marginDays);
    if (!Number.isInteger(n) || n < 0 || n > 180) fail('marginDays', 'plan.import_margin');
    else line.marginDays = n;
  }
  for (const m of milestones) {
    const day = date(m.code);
    if (day) line.planned[m.code] = day;
  }
  return line;
}
