// HS code search (spec §7: searcByName, queryByCodeNew, selectListHsName), sections and chapters in
// zh/en, classification suggestions, and China's 10-digit tariff lines (customsCode) imported from a file.

import { type hsItemAnswer, zHsCode } from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { hsOps } from '@tradelane/contract/api/hs';
import { and, asc, between, eq, ilike, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { customsCodes } from '../../db/schema-project.ts';
import { AppError, badRequest, langOf } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { xlsxWithinLimits } from '../../http/xlsx-guard.ts';
import { cellText } from '../../lib/cell-text.ts';
import { ctxOf, defineResource } from '../../resources/engine.ts';
import { hsCodeOfMaterialCode } from '../supplies/material-codes.ts';
import { lastHsCodeNamed } from '../supplies/rows.ts';
import {
  describe,
  type HsEntry,
  hsChapters,
  hsCodeExists,
  hsEntry,
  hsSections,
  searchHs,
} from './hs-index.ts';

/** An HS item as answered: the index types a chapter's Chinese name as optional; every HS 2022 chapter has one. */
const item = (e: HsEntry) => describe(e) as z.infer<typeof hsItemAnswer>;

const customsCreate = z.object({
  code: zHsCode.refine((c) => c.length === 8 || c.length === 10, { message: 'validation.hs_code' }),
  name: z.string().trim().min(1).max(500),
  unit1: z.string().trim().max(20).nullish(),
  unit2: z.string().trim().max(20).nullish(),
  elements: z.string().trim().max(4000).nullish(),
  remark: z.string().trim().max(500).nullish(),
});

/** Codes starting with the digits given (none given: no condition); codes are digits only, at most 10. */
function codePrefix(value: string) {
  const digits = value.replace(/\D/g, '');
  if (!digits) return undefined;
  return between(customsCodes.code, digits, digits + '9'.repeat(Math.max(0, 10 - digits.length)));
}

export const customsCodeResource = defineResource({
  family: families.customsCode,
  table: customsCodes,
  create: customsCreate,
  filters: {
    // A prefix of digits, as a range on the unique index (a LIKE prefix needs the C collation to use it).
    code: { op: 'custom', build: (v) => codePrefix(v[0]) },
    hs6: 'equal',
    name: 'like',
  },
  defaultSort: ['code,asc'],
  permissions: { create: 'customsCode:import', update: 'customsCode:import', delete: 'customsCode:import' },
  scope: 'platform',
  hooks: {
    beforeCreate: async (_ctx, data) => {
      const code = data.code;
      if (!hsCodeExists(code)) throw badRequest('hs.not_found', { code });
      return { ...data, hs6: code.slice(0, 6) };
    },
    beforeUpdate: async (_ctx, _existing, data) => {
      if (data.code && !hsCodeExists(data.code)) throw badRequest('hs.not_found', { code: data.code });
      return data.code ? { ...data, hs6: data.code.slice(0, 6) } : data;
    },
  },
});

type NationalLine = typeof customsCodes.$inferSelect;
const nationalWire = (n: NationalLine) => ({
  code: n.code,
  hs6: n.hs6,
  name: n.name,
  unit1: n.unit1,
  unit2: n.unit2,
  elements: n.elements,
});

/** The header labels of a customs tariff file (zh or en). */
const customsHeaders: Record<string, keyof z.infer<typeof customsCreate>> = {
  商品编码: 'code',
  税则号列: 'code',
  code: 'code',
  商品名称: 'name',
  name: 'name',
  第一法定单位: 'unit1',
  法定第一单位: 'unit1',
  unit1: 'unit1',
  第二法定单位: 'unit2',
  法定第二单位: 'unit2',
  unit2: 'unit2',
  申报要素: 'elements',
  elements: 'elements',
  备注: 'remark',
  remark: 'remark',
};

function suggestion(hsCode: string, source: 'materialCode' | 'history') {
  const entry = hsEntry(hsCode.slice(0, 6)) ?? hsEntry(hsCode.slice(0, 4));
  return { ...(entry ? item(entry) : {}), hsCode, source };
}

/** A page of HS items with the national tariff lines that match the same query. */
function hsPage(
  items: Parameters<typeof item>[0][],
  total: number,
  q: { page: number; size: number },
  national: NationalLine[],
) {
  return {
    content: items.slice(q.page * q.size).map(item),
    totalElements: total,
    national: national.map(nationalWire),
  };
}

export async function hsRoutes(app: FastifyInstance) {
  mount(app, hsOps.byName, async (request) => {
    const q = request.query;
    const text = q.keyword ?? q.name;
    if (!text) throw badRequest('hs.query_required');
    const { total, items } = searchHs(text, { size: (q.page + 1) * q.size, level: q.level });
    const words = text.split(/\s+/).filter(Boolean).slice(0, 5);
    const national = await app.db
      .select()
      .from(customsCodes)
      .where(and(...words.map((w) => ilike(customsCodes.name, `%${w.replace(/[\\%_]/g, '\\$&')}%`))))
      .orderBy(asc(customsCodes.code))
      .limit(q.size);
    return hsPage(items, total, q, national);
  });

  mount(app, hsOps.byCode, async (request) => {
    const q = request.query;
    const digits = (q.hsCode ?? q.code).replace(/[.\s]/g, '');
    if (!/^\d{1,10}$/.test(digits)) throw badRequest('hs.query_required');
    const { total, items } = searchHs(digits, { size: (q.page + 1) * q.size, level: q.level });
    const national = await app.db
      .select()
      .from(customsCodes)
      .where(digits.length >= 4 ? codePrefix(digits) : eq(customsCodes.code, '-'))
      .orderBy(asc(customsCodes.code))
      .limit(q.size);
    return hsPage(items, total, q, national);
  });

  mount(app, hsOps.names, async (request) => {
    const body = request.body;
    const codes = (Array.isArray(body) ? body : body.codes).map((c) => c.replace(/[.\s]/g, ''));
    const national = codes.some((c) => c.length > 6)
      ? await app.db.select().from(customsCodes).where(inArray(customsCodes.code, codes))
      : [];
    return codes.map((code) => {
      const entry = hsEntry(code.length > 6 ? code.slice(0, 6) : code);
      const nat = national.find((n) => n.code === code);
      return {
        code,
        exists: Boolean(entry),
        ...(entry ? item(entry) : {}),
        national: nat ? nationalWire(nat) : null,
      };
    });
  });

  mount(app, hsOps.sections, async () => hsSections());
  mount(app, hsOps.chapters, async (request) => {
    const { section } = request.query;
    return hsChapters()
      .filter((c) => !section || c.section === section)
      .map((c) => ({ code: c.code, section: c.section, en: c.en, zh: c.zh ?? '' }));
  });

  /** The classification this material had before: by the supplier's material code, else by name. */
  mount(app, hsOps.suggest, async (request) => {
    const ctx = ctxOf(app, request);
    const q = request.query;
    const tenant = q.supplierTenantId ?? ctx.auth.tenantId;
    if (q.materialCode) {
      const hsCode = await hsCodeOfMaterialCode(
        app.db,
        ctx.auth.isPlatformAdmin ? tenant : ctx.auth.tenantId,
        q.materialCode,
      );
      if (hsCode) return suggestion(hsCode, 'materialCode');
    }
    if (q.name) {
      const hsCode = await lastHsCodeNamed(ctx, q.name);
      if (hsCode) return suggestion(hsCode, 'history');
    }
    return { hsCode: null, source: null };
  });

  /** Imports China's tariff lines (code, Chinese name, units, declaration elements) from an .xlsx file. */
  mount(
    app,
    hsOps.importCodes,
    async (request) => {
      const lang = langOf(request);
      const part = request.isMultipart() ? await request.file() : undefined;
      if (!part) throw badRequest('file.missing');
      const wb = new ExcelJS.Workbook();
      const file = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'file.too_large', { max: '10M' });
        throw err;
      });
      // Counted before ExcelJS inflates it all into memory (zip bombs).
      if (!(await xlsxWithinLimits(file))) throw badRequest('supplies.import_bad_file');
      try {
        await wb.xlsx.load(file as unknown as ArrayBuffer);
      } catch {
        throw badRequest('supplies.import_bad_file');
      }
      const ws = wb.worksheets[0];
      let map: Map<number, string> | null = null;
      const rows: z.infer<typeof customsCreate>[] = [];
      const errors: { row: number; column: string; message: string }[] = [];
      ws?.eachRow((row, n) => {
        const values = row.values as ExcelJS.CellValue[];
        if (!map) {
          const m = new Map<number, string>();
          values.forEach((v, i) => {
            const key =
              customsHeaders[cellText(v).replace(/\s/g, '').toLowerCase()] ??
              customsHeaders[cellText(v).replace(/\s/g, '')];
            if (key) m.set(i, key);
          });
          if ([...m.values()].includes('code') && [...m.values()].includes('name')) map = m;
          return;
        }
        const raw: Record<string, string> = {};
        for (const [i, k] of map) raw[k] = cellText(values[i]);
        if (!raw.code && !raw.name) return;
        const parsed = customsCreate.safeParse(raw);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          errors.push({ row: n, column: String(issue.path[0]), message: issue.message });
        } else if (!hsCodeExists(parsed.data.code))
          errors.push({ row: n, column: 'code', message: `${parsed.data.code}` });
        else rows.push(parsed.data);
      });
      if (!map) throw badRequest('supplies.import_no_header');
      if (errors.length) {
        const first = errors[0];
        throw badRequest('supplies.import_invalid', {
          count: errors.length,
          row: first.row,
          column: first.column,
          reason: lang === 'en' ? 'invalid' : '无效',
        });
      }
      // A code listed twice in a file: the later line wins.
      const unique = [...new Map(rows.map((r) => [r.code, r])).values()];
      await app.db.transaction(async (tx) => {
        for (let i = 0; i < unique.length; i += 1000) {
          await tx
            .insert(customsCodes)
            .values(
              unique.slice(i, i + 1000).map((r) => ({ ...r, hs6: r.code.slice(0, 6), createBy: 'import' })),
            )
            .onConflictDoUpdate({
              target: customsCodes.code,
              set: {
                name: sqlExcluded('name'),
                unit1: sqlExcluded('unit1'),
                unit2: sqlExcluded('unit2'),
                elements: sqlExcluded('elements'),
                updateTime: new Date(),
              },
            });
        }
      });
      return { imported: unique.length };
    },
    { config: { describe: 'import customs codes' } },
  );
}

const sqlExcluded = (col: string) => sql.raw(`excluded.${col}`);
