// Reads a workbook the product wrote with a reader nobody here wrote: openpyxl (Debian's python3-openpyxl,
// installed by .ci/run), the library Python people read Excel files with. It reports each cell's value,
// its type as Excel stores it (n number, s text, d date, b boolean) and its number format, so a test can
// tell a figure Excel sums from text that only looks like one.
import { spawnSync } from 'node:child_process';

export interface OutsideCell {
  v: string | number | boolean | null;
  /** openpyxl's data_type: 'n' number, 's' text, 'd' date, 'b' boolean, 'f' formula, 'e' error. */
  t: string;
  /** The cell's number format ('General', '#,##0.00', 'yyyy-mm-dd hh:mm:ss', '@'). */
  f: string;
}
export interface OutsideSheet {
  name: string;
  rows: OutsideCell[][];
}

const SCRIPT = `
import sys, json, io, base64, datetime
from openpyxl import load_workbook
def read(data):
    wb = load_workbook(io.BytesIO(data))
    out = []
    for ws in wb.worksheets:
        rows = []
        for row in ws.iter_rows():
            cells = []
            for c in row:
                v = c.value
                if isinstance(v, (datetime.datetime, datetime.date)):
                    v = v.isoformat()
                elif v is not None and not isinstance(v, (int, float, bool, str)):
                    v = str(v)
                cells.append({"v": v, "t": c.data_type, "f": c.number_format})
            rows.append(cells)
        out.append({"name": ws.title, "rows": rows})
    return out
files = json.load(sys.stdin)
print(json.dumps([read(base64.b64decode(f)) for f in files], ensure_ascii=False))
`;

/** Debian's interpreter (the one python3-openpyxl installs into), not whatever `python3` is first on PATH. */
const PYTHON = '/usr/bin/python3';

/** Several workbooks in one run of the reader (one interpreter start, not one per file). */
export function readWorkbooks(files: (Buffer | string)[]): OutsideSheet[][] {
  const input = JSON.stringify(
    files.map((f) => (typeof f === 'string' ? Buffer.from(f, 'binary') : f).toString('base64')),
  );
  const run = spawnSync(PYTHON, ['-c', SCRIPT], { input, maxBuffer: 256 * 1024 * 1024 });
  if (run.status !== 0)
    throw new Error(
      `openpyxl could not read the workbook (apt-get install python3-openpyxl): ${run.stderr?.toString() ?? run.error}`,
    );
  return JSON.parse(run.stdout.toString()) as OutsideSheet[][];
}

export const readWorkbook = (file: Buffer | string): OutsideSheet[] => readWorkbooks([file])[0];

/** A sheet's rows as objects by its header row (row `headerRow`, 1-based). */
export function rowsByHeader(sheet: OutsideSheet, headerRow = 1): Record<string, OutsideCell>[] {
  const head = sheet.rows[headerRow - 1].map((c) => String(c.v ?? ''));
  return sheet.rows.slice(headerRow).map((r) => Object.fromEntries(head.map((h, i) => [h, r[i]])));
}
