import { describe, expect, it } from 'vitest';
import {
  headerField,
  parseCells,
  parsePasted,
  parseUpright,
  parseYesNo,
  splitPasted,
  toBoxSpecs,
} from './box-parse.ts';
import { emptyBoxRow } from './model.ts';

describe('pasted box tables', () => {
  it('reads Excel lines without a header in the default column order', () => {
    const { rows, issues } = parsePasted(
      'Crate\t1200\t1000\t900\t300\t4\tH\tno\t\t1\nCarton\t600\t400\t400\t20\t24\r\n',
    );
    expect(issues).toEqual([]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      name: 'Crate',
      l: 1200,
      w: 1000,
      h: 900,
      weight: 300,
      qty: 4,
      vertical: [false, false, true],
      stackable: false,
      maxLoadOnTop: null,
      group: 1,
    });
    expect(rows[1]).toMatchObject({
      name: 'Carton',
      qty: 24,
      vertical: [true, true, true],
      stackable: true,
      group: 0,
    });
  });

  it('maps columns by a Chinese or English header in any order', () => {
    const zh = parsePasted(
      '数量\t货物名称\t长(mm)\t宽(mm)\t高(mm)\t毛重(kg)\t可堆叠\n10\t阀门\t600\t400\t300\t1,200\t否',
    );
    expect(zh.issues).toEqual([]);
    expect(zh.rows[0]).toMatchObject({
      name: '阀门',
      qty: 10,
      l: 600,
      w: 400,
      h: 300,
      weight: 1200,
      stackable: false,
    });
    const en = parsePasted('Qty;Length;Width;Height;Weight;Upright;Max load;Group\n3;500;500;300;14;LW;50;2');
    expect(en.issues).toEqual([]);
    expect(en.rows[0]).toMatchObject({
      name: '#1',
      qty: 3,
      vertical: [true, true, false],
      maxLoadOnTop: 50,
      group: 2,
    });
  });

  it('reads numbers-only lines as L, W, H, weight, qty and names them', () => {
    const { rows, issues } = parsePasted('600,400,400,20,5');
    expect(issues).toEqual([]);
    expect(rows[0]).toMatchObject({ name: '#1', l: 600, w: 400, h: 400, weight: 20, qty: 5 });
  });

  it('reports what is wrong with the line number and the field', () => {
    const { rows, issues } = parsePasted(
      'A\t600\tabc\t400\t20\t2\nB\t600\t400\t\t20\t1.5\nC\t600\t400\t400\t20\t3\tsideways\tmaybe',
    );
    expect(rows).toHaveLength(3);
    expect(issues).toEqual([
      { row: 1, field: 'w', code: 'notNumber' },
      { row: 2, field: 'h', code: 'required' },
      { row: 2, field: 'qty', code: 'notInteger' },
      { row: 3, field: 'vertical', code: 'unknownValue' },
      { row: 3, field: 'stackable', code: 'unknownValue' },
    ]);
    expect(parsePasted('  \n').issues).toEqual([{ row: 1, field: 'row', code: 'noRows' }]);
  });

  it('splits on tabs, else semicolons, else commas', () => {
    expect(splitPasted('a\tb,c\n')).toEqual([['a', 'b,c']]);
    expect(splitPasted('a;b,c')).toEqual([['a', 'b,c']]);
    expect(splitPasted('a,b')).toEqual([['a', 'b']]);
  });

  it('understands upright, yes/no and header words in both languages', () => {
    expect(parseUpright('')).toEqual([true, true, true]);
    expect(parseUpright('此面向上')).toEqual([false, false, true]);
    expect(parseUpright('This side up')).toEqual([false, false, true]);
    expect(parseUpright('长,高')).toEqual([true, false, true]);
    expect(parseUpright('W')).toEqual([false, true, false]);
    expect(parseUpright('diagonal')).toBeUndefined();
    expect(parseYesNo('是')).toBe(true);
    expect(parseYesNo('No')).toBe(false);
    expect(parseYesNo('perhaps')).toBeUndefined();
    expect(headerField('单重 (kg)')).toBe('weight');
    expect(headerField('Quantity')).toBe('qty');
    expect(headerField('颜色')).toBeUndefined();
  });
});

describe('spreadsheet rows', () => {
  it('parses the cells of an .xlsx sheet, with sheet row numbers in the messages', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Boxes');
    ws.addRow(['Name', 'L', 'W', 'H', 'Weight', 'Qty', 'Stackable']);
    ws.addRow(['Pump crate', 1200, 1000, 900, 380, 6, 'no']);
    ws.addRow(['Carton', 600, 400, -1, 22, 90, 'yes']);
    const data = (await wb.xlsx.writeBuffer()) as ArrayBuffer;
    const { readSheetCells } = await import('./xlsx-import.ts');
    const cells = await readSheetCells(data);
    expect(cells[1]).toEqual(['Pump crate', '1200', '1000', '900', '380', '6', 'no']);
    const { rows, issues } = parseCells(cells);
    expect(rows.map((r) => r.name)).toEqual(['Pump crate', 'Carton']);
    expect(rows[0]).toMatchObject({ l: 1200, qty: 6, stackable: false });
    expect(issues).toEqual([{ row: 3, field: 'h', code: 'notPositive' }]);
  });
});

describe('table rows to engine boxes', () => {
  it('converts units to whole mm and kg and keeps the rules', () => {
    const row = {
      ...emptyBoxRow(),
      name: 'Drum',
      l: 60,
      w: 60,
      h: 90,
      weight: 100,
      qty: 3,
      maxLoadOnTop: 220,
    };
    row.vertical = [false, false, true];
    row.stackable = true;
    row.group = 2;
    const { boxes, names, issues } = toBoxSpecs([row], 'cm', 'lb');
    expect(issues).toEqual([]);
    expect(names).toEqual(['Drum']);
    expect(boxes[0]).toMatchObject({
      l: 600,
      w: 600,
      h: 900,
      qty: 3,
      weight: 45.359,
      maxLoadOnTop: 99.79,
      vertical: [false, false, true],
      stackable: true,
      group: 2,
    });
  });
  it('refuses empty tables, missing sizes, no upright side and sizes beyond the engine limit', () => {
    expect(toBoxSpecs([], 'mm', 'kg').issues).toEqual([{ row: 1, field: 'row', code: 'noRows' }]);
    const bad = {
      ...emptyBoxRow(),
      l: 200,
      w: null,
      h: 1,
      qty: 0,
      vertical: [false, false, false] as [boolean, boolean, boolean],
    };
    expect(toBoxSpecs([bad], 'mm', 'kg').issues.map((i) => `${i.field}:${i.code}`)).toEqual([
      'w:required',
      'qty:notPositive',
      'vertical:noUpright',
    ]);
    const huge = { ...emptyBoxRow(), l: 200, w: 1, h: 1, qty: 1 };
    expect(toBoxSpecs([huge], 'm', 'kg').issues).toEqual([{ row: 1, field: 'l', code: 'tooBig' }]);
  });
});
