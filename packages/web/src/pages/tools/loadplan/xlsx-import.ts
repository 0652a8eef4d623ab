// Cells of the first sheet of an .xlsx file, as text; exceljs is loaded only when a file is imported.
type CellsOf = (data: ArrayBuffer) => Promise<string[][]>;

interface SheetLike {
  rowCount: number;
  columnCount: number;
  getRow(r: number): { getCell(c: number): { text: string } };
}
interface WorkbookLike {
  xlsx: { load(data: ArrayBuffer): Promise<unknown> };
  worksheets: SheetLike[];
}
type ExcelModule = { Workbook: new () => WorkbookLike };

export const readSheetCells: CellsOf = async (data) => {
  const mod = (await import('exceljs')) as unknown as ExcelModule & { default?: ExcelModule };
  const excel = mod.default ?? mod;
  const wb = new excel.Workbook();
  await wb.xlsx.load(data);
  const ws = wb.worksheets[0];
  if (!ws) return [];
  const cells: string[][] = [];
  for (let r = 1; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const line: string[] = [];
    for (let c = 1; c <= ws.columnCount; c++) line.push(String(row.getCell(c).text ?? '').trim());
    cells.push(line);
  }
  return cells;
};
