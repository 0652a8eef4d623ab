// Box types from pasted Excel text (tab-separated lines) or spreadsheet rows, and the checks that turn
// table rows into the engine's BoxSpec. Messages are i18n keys (loadplan.issue.*) with parameters.
import type { BoxSpec } from '@tradelane/loadplan';
import { type BoxRow, emptyBoxRow } from './model.ts';
import { type LengthUnit, toKg, toMm, type WeightUnit } from './units.ts';

export type BoxField =
  | 'name'
  | 'l'
  | 'w'
  | 'h'
  | 'weight'
  | 'qty'
  | 'vertical'
  | 'stackable'
  | 'maxLoadOnTop'
  | 'group';

export interface Issue {
  /** 1-based line (paste, sheet row) or table row. */
  row: number;
  field: BoxField | 'row';
  code:
    | 'required'
    | 'notNumber'
    | 'notPositive'
    | 'notInteger'
    | 'tooBig'
    | 'unknownValue'
    | 'noUpright'
    | 'noRows';
}

/** Column order when the data has no header line. */
export const DEFAULT_COLUMNS: readonly BoxField[] = [
  'name',
  'l',
  'w',
  'h',
  'weight',
  'qty',
  'vertical',
  'stackable',
  'maxLoadOnTop',
  'group',
];

// Header words (lower case, spaces and bracketed units removed) → field.
const HEADER_WORDS: Record<BoxField, readonly string[]> = {
  name: [
    'name',
    'item',
    'description',
    'box',
    'boxtype',
    'type',
    '名称',
    '品名',
    '货物',
    '货物名称',
    '箱型',
    '货名',
  ],
  l: ['l', 'length', 'len', '长', '长度'],
  w: ['w', 'width', '宽', '宽度'],
  h: ['h', 'height', '高', '高度'],
  weight: ['weight', 'kg', 'grossweight', 'gw', 'wt', '重量', '毛重', '单重', '单件重量'],
  qty: ['qty', 'quantity', 'count', 'pcs', 'number', 'amount', '数量', '件数', '箱数'],
  vertical: ['upright', 'vertical', 'orientation', 'thissideup', '立放', '朝向', '此面向上', '竖放'],
  stackable: ['stackable', 'stack', 'stacking', '可堆叠', '堆叠', '可叠放'],
  maxLoadOnTop: ['maxload', 'maxloadontop', 'topload', 'load', '承重', '顶部承重', '最大承重'],
  group: ['group', 'priority', 'order', 'loadinggroup', '分组', '优先级', '装载顺序', '顺序'],
};

function normaliseHeader(cell: string): string {
  return cell
    .toLowerCase()
    .replace(/[(（[].*?[)）\]]/g, '')
    .replace(/[\s_\-./]+/g, '');
}

export function headerField(cell: string): BoxField | undefined {
  const n = normaliseHeader(cell);
  if (!n) return undefined;
  for (const [field, words] of Object.entries(HEADER_WORDS) as [BoxField, readonly string[]][]) {
    if (words.includes(n)) return field;
  }
  return undefined;
}

/** A number from a cell: thousands separators and spaces removed; undefined for text. */
export function parseNumber(cell: string): number | undefined {
  const t = cell.replace(/[,\s]/g, '');
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

const YES = new Set(['y', 'yes', 'true', '1', '是', '可', '可以', 'ok', '√', '✓', 'x']);
const NO = new Set(['n', 'no', 'false', '0', '否', '不', '不可', '不可以', '×', '-']);

export function parseYesNo(cell: string): boolean | undefined {
  const t = cell.trim().toLowerCase();
  if (YES.has(t)) return true;
  if (NO.has(t)) return false;
  return undefined;
}

/**
 * Which sides may stand vertical: empty/"any" = all three; yes/"this side up" = only H;
 * otherwise the letters given (L, W, H or 长, 宽, 高).
 */
export function parseUpright(cell: string): [boolean, boolean, boolean] | undefined {
  const t = cell.trim().toLowerCase().replace(/\s+/g, '');
  if (t === '' || t === 'any' || t === 'all' || t === '任意' || t === '不限' || parseYesNo(t) === false)
    return [true, true, true];
  if (t === 'thissideup' || t === 'up' || t === '此面向上' || t === '向上' || parseYesNo(t) === true)
    return [false, false, true];
  const letters = t.replace(/[,，、+/|]/g, '');
  if (!/^[lwh长宽高]+$/.test(letters)) return undefined;
  return [/[l长]/.test(letters), /[w宽]/.test(letters), /[h高]/.test(letters)];
}

export interface ParseResult {
  rows: BoxRow[];
  issues: Issue[];
}

/** Splits pasted text into cells: tab-separated (Excel), or ; / , separated when there is no tab. */
export function splitPasted(text: string): string[][] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const sep = lines.some((l) => l.includes('\t')) ? '\t' : lines.some((l) => l.includes(';')) ? ';' : ',';
  return lines.map((l) => l.split(sep).map((c) => c.trim()));
}

/** Box rows from cells (pasted lines or sheet rows); a first line of header words sets the columns. */
export function parseCells(cells: readonly (readonly string[])[], firstRow = 1): ParseResult {
  const issues: Issue[] = [];
  const rows: BoxRow[] = [];
  const body = cells.filter((r) => r.some((c) => c.trim() !== ''));
  if (body.length === 0) return { rows, issues: [{ row: firstRow, field: 'row', code: 'noRows' }] };
  let columns: (BoxField | undefined)[] = [...DEFAULT_COLUMNS];
  let start = 0;
  const head = body[0]!.map(headerField);
  if (head.filter(Boolean).length >= 2) {
    columns = head;
    start = 1;
  } else if (parseNumber(body[0]![0] ?? '') !== undefined) {
    // Numbers from the first column on: the name is missing.
    columns = DEFAULT_COLUMNS.slice(1);
  }
  for (let i = start; i < body.length; i++) {
    const line = body[i]!;
    const lineNo = firstRow + cells.indexOf(line);
    const row = emptyBoxRow();
    row.qty = null;
    columns.forEach((field, c) => {
      const cell = (line[c] ?? '').trim();
      if (!field) return;
      if (field === 'name') row.name = cell;
      else if (field === 'vertical') {
        const v = parseUpright(cell);
        if (v) row.vertical = v;
        else issues.push({ row: lineNo, field, code: 'unknownValue' });
      } else if (field === 'stackable') {
        const v = cell === '' ? true : parseYesNo(cell);
        if (v === undefined) issues.push({ row: lineNo, field, code: 'unknownValue' });
        else row.stackable = v;
      } else if (cell !== '') {
        const n = parseNumber(cell);
        if (n === undefined) issues.push({ row: lineNo, field, code: 'notNumber' });
        else if (field === 'group') row.group = n;
        else row[field] = n;
      }
    });
    if (!row.name) row.name = `#${rows.length + 1}`;
    rows.push(row);
    // A cell that is not a number is reported once, not again as missing.
    const seen = new Set(issues.filter((x) => x.row === lineNo).map((x) => x.field));
    issues.push(...checkRow(row, lineNo).filter((x) => !seen.has(x.field)));
  }
  return { rows, issues };
}

export function parsePasted(text: string): ParseResult {
  return parseCells(splitPasted(text));
}

const MAX_MM = 100_000;

/** What is wrong with one table row (row = its 1-based position). */
export function checkRow(r: BoxRow, row: number): Issue[] {
  const out: Issue[] = [];
  for (const field of ['l', 'w', 'h', 'qty'] as const) {
    const v = r[field];
    if (v === null) out.push({ row, field, code: 'required' });
    else if (!(v > 0)) out.push({ row, field, code: 'notPositive' });
  }
  if (r.qty !== null && r.qty > 0 && !Number.isInteger(r.qty))
    out.push({ row, field: 'qty', code: 'notInteger' });
  if (r.qty !== null && r.qty > 10_000) out.push({ row, field: 'qty', code: 'tooBig' });
  if (r.weight !== null && r.weight < 0) out.push({ row, field: 'weight', code: 'notPositive' });
  if (r.maxLoadOnTop !== null && r.maxLoadOnTop < 0)
    out.push({ row, field: 'maxLoadOnTop', code: 'notPositive' });
  if (!Number.isInteger(r.group) || r.group < 0 || r.group > 99)
    out.push({ row, field: 'group', code: 'notInteger' });
  if (!r.vertical.some(Boolean)) out.push({ row, field: 'vertical', code: 'noUpright' });
  return out;
}

/** Table rows → engine box specs (mm, kg), or the issues that stop planning. */
export function toBoxSpecs(
  rows: readonly BoxRow[],
  lengthUnit: LengthUnit,
  weightUnit: WeightUnit,
): { boxes: BoxSpec[]; names: string[]; issues: Issue[] } {
  const issues = rows.flatMap((r, i) => checkRow(r, i + 1));
  if (rows.length === 0) issues.push({ row: 1, field: 'row', code: 'noRows' });
  const boxes: BoxSpec[] = [];
  const names: string[] = [];
  rows.forEach((r, i) => {
    if (r.l === null || r.w === null || r.h === null || r.qty === null) return;
    const l = toMm(r.l, lengthUnit);
    const w = toMm(r.w, lengthUnit);
    const h = toMm(r.h, lengthUnit);
    for (const [field, v] of [
      ['l', l],
      ['w', w],
      ['h', h],
    ] as const)
      if (v > MAX_MM) issues.push({ row: i + 1, field, code: 'tooBig' });
    const spec: BoxSpec = {
      id: r.key,
      l,
      w,
      h,
      qty: Math.floor(r.qty),
      weight: r.weight === null ? 0 : toKg(r.weight, weightUnit),
      vertical: r.vertical,
      stackable: r.stackable,
      group: r.group,
    };
    if (r.maxLoadOnTop !== null) spec.maxLoadOnTop = toKg(r.maxLoadOnTop, weightUnit);
    boxes.push(spec);
    names.push(r.name.trim() || `#${i + 1}`);
  });
  return { boxes, names, issues };
}
