// Tariff files: duty rates per destination country and HS prefix imported from an .xlsx or
// .csv file (headers in zh or en). All or nothing: one invalid row and nothing is stored, the answer
// names the row; a (country, prefix) already known takes the file's figures.
import { type TariffRateCreate, tariffRateCreate } from '@tradelane/contract';
import { financeOps } from '@tradelane/contract/api/finance';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { tariffRates } from '../../db/schema-trade-policy.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { xlsxWithinLimits } from '../../http/xlsx-guard.ts';
import { cellText } from '../../lib/cell-text.ts';
import { ctxOf } from '../../resources/engine.ts';
import { parseCsv } from '../reference/csv.ts';

const headers: Record<string, keyof TariffRateCreate> = {
  country: 'country',
  国家: 'country',
  国家代码: 'country',
  hscode: 'hsPrefix',
  hsprefix: 'hsPrefix',
  hs编码: 'hsPrefix',
  税则号列: 'hsPrefix',
  商品编码: 'hsPrefix',
  mfnrate: 'mfnRate',
  mfn: 'mfnRate',
  最惠国税率: 'mfnRate',
  preferentialrate: 'preferentialRate',
  协定税率: 'preferentialRate',
  agreement: 'agreement',
  协定: 'agreement',
  贸易协定: 'agreement',
  vatrate: 'vatRate',
  vat: 'vatRate',
  增值税率: 'vatRate',
  note: 'note',
  备注: 'note',
  source: 'source',
  来源: 'source',
};
const headerKey = (v: string) => headers[v.replace(/[\s_%()（）]/g, '').toLowerCase()];

async function rowsOf(file: Buffer, name: string): Promise<string[][]> {
  if (/\.csv$/i.test(name) || file[0] !== 0x50) return parseCsv(file.toString('utf8'));
  // Counted before ExcelJS inflates it all into memory (zip bombs).
  if (!(await xlsxWithinLimits(file))) throw badRequest('supplies.import_bad_file');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw badRequest('supplies.import_bad_file');
  }
  const out: string[][] = [];
  wb.worksheets[0]?.eachRow({ includeEmpty: true }, (row) => {
    out.push((row.values as ExcelJS.CellValue[]).slice(1).map((v) => cellText(v)));
  });
  return out;
}

export async function tariffImportRoute(app: FastifyInstance) {
  mount(
    app,
    financeOps.importTariff,
    async (request) => {
      const ctx = ctxOf(app, request);
      const part = request.isMultipart() ? await request.file() : undefined;
      if (!part) throw badRequest('file.missing');
      const file = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'file.too_large', { max: '10M' });
        throw err;
      });
      const rows = await rowsOf(file, part.filename ?? '');
      const headerAt = rows.findIndex((r) => r.some((c) => headerKey(c) === 'country'));
      if (headerAt < 0) throw badRequest('tradePolicy.import_none');
      const map = rows[headerAt].map(headerKey);
      if (!map.includes('hsPrefix') || !map.includes('mfnRate')) throw badRequest('tradePolicy.import_none');
      const parsed: TariffRateCreate[] = [];
      for (let i = headerAt + 1; i < rows.length; i++) {
        const raw: Record<string, string> = {};
        rows[i].forEach((v, k) => {
          const key = map[k];
          if (key && v.trim() !== '') raw[key] = v.trim();
        });
        if (!Object.keys(raw).length) continue;
        const r = tariffRateCreate.safeParse(raw);
        if (!r.success)
          throw badRequest('tradePolicy.import_invalid', {
            row: i + 1,
            field: String(r.error.issues[0].path[0]),
          });
        parsed.push(r.data);
      }
      if (!parsed.length) throw badRequest('tradePolicy.import_none');
      const unique = [...new Map(parsed.map((r) => [`${r.country}:${r.hsPrefix}`, r])).values()];
      const excluded = (c: string) => sql.raw(`excluded.${c}`);
      await app.db.transaction(async (tx) => {
        for (let i = 0; i < unique.length; i += 1000)
          await tx
            .insert(tariffRates)
            .values(
              unique
                .slice(i, i + 1000)
                .map((r) => ({ ...r, createBy: ctx.auth.username, updateBy: ctx.auth.username })),
            )
            .onConflictDoUpdate({
              target: [tariffRates.country, tariffRates.hsPrefix],
              set: {
                mfnRate: excluded('mfn_rate'),
                preferentialRate: excluded('preferential_rate'),
                agreement: excluded('agreement'),
                vatRate: excluded('vat_rate'),
                note: excluded('note'),
                source: excluded('source'),
                updateTime: new Date(),
                updateBy: ctx.auth.username,
              },
            });
      });
      return { imported: unique.length };
    },
    { config: { describe: 'import tariff rates' } },
  );
}
