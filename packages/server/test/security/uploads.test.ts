// A zip bomb disguised as an .xlsx is refused with a localized 400 before
// anything inflates it into memory; `kind=__proto__` on the file upload is a 400; a file name with a NUL
// byte is stored cleaned.
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { importTasks, projectBatches } from '../../src/db/schema-project.ts';
import { XLSX_LIMITS, xlsxWithinLimits } from '../../src/http/xlsx-guard.ts';
import { loginAll, useTestApp } from '../helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
let batchB003 = 0;

beforeAll(async () => {
  tok = await loginAll(t.app, ['supplier', 'admin']);
  for (const b of await t.db.select().from(projectBatches))
    if (b.batchNumber === 'JKT2-B003') batchB003 = b.id;
});

interface ZipEntry {
  name: string;
  data: Buffer; // deflated, or stored when method is 0
  crc: number;
  size: number;
  method?: number;
}

/** A minimal zip writer: local headers, data, central directory (what Excel and ExcelJS read). */
function zip(entries: ZipEntry[], hidden?: ZipEntry): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const local = (e: ZipEntry) => {
    const name = Buffer.from(e.name);
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(e.method ?? 8, 8);
    h.writeUInt32LE(e.crc >>> 0, 14);
    h.writeUInt32LE(e.data.length, 18);
    h.writeUInt32LE(e.size >>> 0, 22);
    h.writeUInt16LE(name.length, 26);
    return Buffer.concat([h, name, e.data]);
  };
  for (const [i, e] of entries.entries()) {
    if (hidden && i === 1) {
      // A part no directory lists: a streaming reader would still meet it.
      const b = local(hidden);
      locals.push(b);
      offset += b.length;
    }
    const name = Buffer.from(e.name);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(e.method ?? 8, 10);
    c.writeUInt32LE(e.crc >>> 0, 16);
    c.writeUInt32LE(e.data.length, 20);
    c.writeUInt32LE(e.size >>> 0, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(offset, 42);
    central.push(Buffer.concat([c, name]));
    const b = local(e);
    locals.push(b);
    offset += b.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const entry = (name: string, text: string | Buffer): ZipEntry => {
  const raw = Buffer.isBuffer(text) ? text : Buffer.from(text);
  return { name, data: deflateRawSync(raw), crc: crc32(raw), size: raw.length };
};

/** A sheet part that inflates to `mb` megabytes (spaces inside <sheetData>), deflated as it is made. */
async function bombSheet(mb: number, lie = false): Promise<ZipEntry> {
  const head = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
  );
  const tail = Buffer.from('</sheetData></worksheet>');
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((r) => deflate.on('end', r));
  let crc = crc32(head);
  deflate.write(head);
  for (let i = 0; i < mb; i++) {
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((r) => deflate.once('drain', r));
  }
  crc = crc32(tail, crc);
  deflate.end(tail);
  await done;
  const size = head.length + mb * chunk.length + tail.length;
  // `lie`: the directory claims a small part; only inflating tells the truth.
  return { name: 'xl/worksheets/sheet1.xml', data: Buffer.concat(out), crc, size: lie ? 4096 : size };
}

/** The real template's parts with the first sheet replaced. */
async function templateWith(sheet: ZipEntry, hidden?: ZipEntry): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('物料清单').addRow(['序号', '*物料名称']);
  const parts = await JSZip.loadAsync(Buffer.from(await wb.xlsx.writeBuffer()));
  const entries: ZipEntry[] = [];
  for (const name of Object.keys(parts.files)) {
    if (parts.files[name].dir) continue;
    entries.push(name === sheet.name ? sheet : entry(name, await parts.files[name].async('nodebuffer')));
  }
  return zip(entries, hidden);
}

async function upload(url: string, token: string, file: Buffer, fields: Record<string, string | number>) {
  const boundary = '----tradelane-security';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="list.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: token,
      'accept-language': 'en',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat(parts),
  });
  return { status: res.statusCode, body: res.json() };
}

describe('zip bombs', () => {
  it('a 400 MB sheet in a small .xlsx is refused with a localized 400, the task failed, memory bounded', async () => {
    const bomb = await templateWith(await bombSheet(400, true));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = process.memoryUsage();
    const res = await upload('/api/supplies/suppliesListImport', tok.supplier, bomb, {
      batchId: batchB003,
      taskId: 'bomb-task-0001',
    });
    const after = process.memoryUsage();
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('file.xlsx_too_large');
    expect(res.body.message).toBe(
      'The workbook is too large once unpacked, or has too many parts (at most 100 MB, 1000 parts)',
    );
    // Nothing of the 400 MB was held: the heap and buffers grew by far less than the file inflates to.
    const grown = after.heapUsed + after.external - (before.heapUsed + before.external);
    expect(grown).toBeLessThan(64 * 1024 * 1024);
    const [task] = await t.db.select().from(importTasks).where(eq(importTasks.taskKey, 'bomb-task-0001'));
    expect(task.status).toBe('failed');
  });

  it('the customs-code import refuses the same bomb', async () => {
    const bomb = await templateWith(await bombSheet(200));
    const res = await upload('/api/customsCode/import', tok.admin, bomb, {});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('file.xlsx_too_large');
  });

  it('too many parts is refused; a part hidden from the directory makes the file a bad one', async () => {
    const many = zip(
      Array.from({ length: XLSX_LIMITS.maxEntries + 1 }, (_, i) => entry(`x/${i}.xml`, '<a/>')),
    );
    const res = await upload('/api/supplies/suppliesListImport', tok.supplier, many, { batchId: batchB003 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('file.xlsx_too_large');
    const hidden = await templateWith(entry('xl/worksheets/sheet1.xml', '<worksheet/>'), await bombSheet(50));
    expect(await xlsxWithinLimits(hidden)).toBe(false);
    const res2 = await upload('/api/supplies/suppliesListImport', tok.supplier, hidden, {
      batchId: batchB003,
    });
    expect(res2.status).toBe(400);
    expect(res2.body.code).toBe('supplies.import_bad_file');
  });

  it('a real workbook passes the guard', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('物料清单');
    for (let i = 0; i < 2000; i++) ws.addRow([i, `物料 ${i}`, 'spec', 100 + i]);
    expect(await xlsxWithinLimits(Buffer.from(await wb.xlsx.writeBuffer()))).toBe(true);
  });
});

describe('the file upload', () => {
  it.each(['__proto__', 'constructor', 'toString'])('kind=%s is a 400, not a 500', async (kind) => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const res = await upload('/api/file/upload', tok.supplier, png, { kind });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation');
  });
});
