// The material-list sheet: template, header detection and row validation shared by import and export.
import {
  countryCodes,
  countryRows,
  currencyCodes,
  hsDigits,
  hsFromNumber,
  type Lang,
  type MessageCode,
  materialTags,
  materialTagsFromText,
  type SuppliesColumnKey,
  suppliesColumns,
} from '@tradelane/contract';
import type ExcelJS from 'exceljs';
import {
  headerMatcher,
  type RowError,
  rowReader,
  templateWorkbook as sheetTemplate,
} from '../../lib/sheet-read.ts';
import { hsCodeProblem } from '../hs/hs-index.ts';

export type ParsedRow = {
  lineNo?: number;
  materialCode: string | null;
  name: string;
  enName: string | null;
  spec: string | null;
  brand: string | null;
  hsCode: string | null;
  quantity: number;
  unit: string;
  unitPrice: number | null;
  currency: string | null;
  originCountry: string | null;
  netWeight: number | null;
  grossWeight: number | null;
  remark: string | null;
  tags: string[];
};

/** Country by ISO code, English or Chinese name (suppliers type all three). */
const countryIndex = new Map<string, string>();
for (const [code, en, zh] of countryRows) {
  countryIndex.set(code.toLowerCase(), code);
  countryIndex.set(en.toLowerCase(), code);
  countryIndex.set(zh, code);
}
countryIndex.set('中国大陆', 'CN');

/** A header row names at least the name, quantity and unit columns. */
export const headerMap = headerMatcher(suppliesColumns, ['name', 'quantity', 'unit']);

const maxLen: Partial<Record<SuppliesColumnKey, number>> = {
  materialCode: 64,
  name: 200,
  enName: 200,
  spec: 200,
  brand: 100,
  unit: 20,
  remark: 500,
};

/** Validates one data row; every problem is reported with its row number and column header. */
export function parseRow(
  values: ExcelJS.CellValue[],
  map: Map<number, SuppliesColumnKey>,
  rowNo: number,
  lang: Lang,
  errors: RowError[],
): ParsedRow | null {
  const cells = rowReader(suppliesColumns, values, map, rowNo, lang, errors);
  if (!cells) return null;
  const { raw, fail } = cells;
  const text = (field: SuppliesColumnKey, required = false): string | null => {
    const v = raw[field] ?? '';
    if (!v) {
      if (required) fail(field, 'import.required');
      return null;
    }
    const max = maxLen[field];
    if (max && v.length > max) fail(field, 'import.too_long', { max });
    return v;
  };
  const num = (field: SuppliesColumnKey, opts: { required?: boolean; positive?: boolean } = {}) => {
    const n = cells.num(field, opts.required);
    if (n !== null && (opts.positive ? n <= 0 : n < 0)) fail(field, 'import.positive');
    return n;
  };
  const hs = hsOfCell(values, map, raw.hsCode ?? '', lang, (code, params) => fail('hsCode', code, params));
  const tags = materialTagsFromText(raw.tags ?? '');
  if (!tags)
    fail('tags', 'import.tag_unknown', {
      tags: materialTags.map((t) => t[lang]).join(lang === 'en' ? ', ' : '、'),
    });
  const currency = (raw.currency ?? '').toUpperCase();
  if (currency && !currencyCodes.has(currency)) fail('currency', 'validation.currency');
  const originRaw = raw.originCountry ?? '';
  const origin = originRaw
    ? (countryIndex.get(originRaw.toLowerCase()) ?? countryIndex.get(originRaw) ?? null)
    : null;
  if (originRaw && !origin) fail('originCountry', 'validation.country');
  const lineNo = num('lineNo', { positive: true });
  const row: ParsedRow = {
    lineNo: lineNo && Number.isInteger(lineNo) ? lineNo : undefined,
    materialCode: text('materialCode'),
    name: text('name', true) ?? '',
    enName: text('enName'),
    spec: text('spec'),
    brand: text('brand'),
    hsCode: hs || null,
    quantity: num('quantity', { required: true, positive: true }) ?? 0,
    unit: text('unit', true) ?? '',
    unitPrice: num('unitPrice'),
    currency: currency || null,
    originCountry: origin && countryCodes.has(origin) ? origin : null,
    netWeight: num('netWeight'),
    grossWeight: num('grossWeight'),
    remark: text('remark'),
    tags: tags ?? [],
  };
  return row;
}

/**
 * The HS code of a row: typed as text it is checked as typed (malformed, not HS 2022, unknown — three
 * messages); kept by Excel as a number (a General cell: 8537.10 → 8537.1, 0102.21 → 102.21) it is read
 * back by padding its digit pairs, and refused with a word on formatting the column as text when the
 * number cannot be a code.
 */
function hsOfCell(
  values: ExcelJS.CellValue[],
  map: Map<number, SuppliesColumnKey>,
  typed: string,
  lang: Lang,
  fail: (code: MessageCode, params: Record<string, unknown>) => void,
): string {
  const index = [...map].find(([, key]) => key === 'hsCode')?.[0];
  const cell = index === undefined ? undefined : values[index];
  if (typeof cell === 'number') {
    const code = hsFromNumber(cell);
    if (code && !hsCodeProblem(code, lang)) return code;
    fail('hs.numeric_cell', { value: String(cell) });
    return '';
  }
  if (!typed) return '';
  const problem = hsCodeProblem(typed, lang);
  if (problem) {
    fail(problem.code, problem.params);
    return '';
  }
  return hsDigits(typed);
}

/** The import template: a sample row, and notes. */
export const templateWorkbook = () =>
  sheetTemplate({
    sheet: '物料清单 Material list',
    columns: suppliesColumns,
    samples: [
      [
        1,
        'SE-TR-180',
        '主变压器',
        'Main power transformer',
        'SFZ11-180000/150',
        '上海电气',
        '8504.23',
        2,
        '台',
        4200000,
        'CNY',
        'CN',
        290000,
        312000,
        '示例行，导入前请删除 / sample row: delete before importing',
        '加急',
      ],
    ],
    notes: [
      '带 * 的列必填：物料名称、数量、单位。Columns marked * are required: name, quantity, unit.',
      'HS编码：4、6、8 或 10 位数字，可带点，如 8504.23、0102.21；本列为文本格式，请勿改为数字格式（会丢失开头或末尾的 0）。HS code: 4, 6, 8 or 10 digits, dots allowed, e.g. 8504.23, 0102.21; the column is formatted as text — do not change it to a number format (leading or trailing zeros would be lost).',
      '标签：加急、危险品、备件，可填多个，用顿号或逗号分隔。Tags: Urgent, Dangerous goods, Spare part — several allowed, separated by commas.',
      '币种：ISO 4217 代码，如 CNY、USD、EUR。Currency: ISO 4217 code such as CNY, USD, EUR.',
      '原产国：ISO 国家代码或名称，如 CN 或 中国。Country of origin: ISO code or name, e.g. CN or China.',
      '总价 = 数量 × 单价，由系统计算。Total = quantity × unit price, computed by the system.',
      '任何一行有错误时整张清单都不会导入，错误按行列列出。If any row is wrong nothing is imported; errors are listed by row and column.',
    ],
  });
