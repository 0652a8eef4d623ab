// The customs code tables (spec §7 `customsCode`) as a family at /api/customsCode/dict
// (/api/customsCode itself lists the imported 10-digit tariff lines): customs offices, trade modes,
// transport modes and package types, with the administrator's CSV import, and the check a declaration's
// header and lines pass — every coded field names a row of its table.

import {
  type CustomsCodeKind,
  customsCodeDictCreate,
  customsCodeDictUpdate,
  customsCodeKindLabels,
  customsCodeKinds,
  customsCodeSeed,
  declareCodedFields,
  type Lang,
} from '@tradelane/contract';
import { customsOps } from '@tradelane/contract/api/customs';
import { families } from '@tradelane/contract/api/families';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { customsCodeDicts } from '../../db/schema-customs-dict.ts';
import { badRequest, langOf } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { type Ctx, ctxOf, defineResource } from '../../resources/engine.ts';
import { refuseDuplicate } from '../../resources/unique.ts';
import { parseCsv } from '../reference/csv.ts';

const EDIT = 'customsCode:import';

export const customsCodeDictResource = defineResource({
  family: families.customsCodeDict,
  table: customsCodeDicts,
  create: customsCodeDictCreate,
  update: customsCodeDictUpdate,
  filters: {
    id: 'equal',
    kind: 'equal',
    code: 'equal',
    blurry: { op: 'blurry', columns: ['code', 'nameZh', 'nameEn'] },
  },
  defaultSort: ['kind,asc', 'code,asc'],
  permissions: { create: EDIT, update: EDIT, delete: EDIT },
  // Reference data every logged-in user reads; only the kinds the contract knows are tables.
  scope: () => inArray(customsCodeDicts.kind, [...customsCodeKinds]),
  hooks: {
    beforeCreate: async (ctx, data) => {
      await refuseDuplicate(
        ctx.db,
        customsCodeDicts.id,
        and(eq(customsCodeDicts.kind, data.kind), eq(customsCodeDicts.code, data.code)),
        'code',
      );
      return data;
    },
  },
});

/** What a header field is called in the refusal, per language. */
const fieldNames: Record<string, { zh: string; en: string }> = {
  customsOffice: { zh: '申报地海关', en: 'Customs office' },
  portOfExit: { zh: '出境关别', en: 'Exit customs' },
  tradeMode: { zh: '监管方式', en: 'Trade mode' },
  transportMode: { zh: '运输方式', en: 'Transport mode' },
  packageType: { zh: '包装种类', en: 'Package type' },
};

/**
 * Refuses a body whose coded fields (declareCodedFields, or `fields` given) name no row of their table:
 * a 400 naming the field, the code and the table in the caller's language. Empty values pass.
 */
export async function checkCodes(
  ctx: Pick<Ctx, 'db' | 'request'>,
  data: Record<string, unknown>,
  fields: Record<string, CustomsCodeKind> = declareCodedFields,
) {
  const wanted = Object.entries(fields).flatMap(([field, kind]) => {
    const code = data[field];
    return typeof code === 'string' && code !== '' ? [{ field, kind, code }] : [];
  });
  if (!wanted.length) return;
  const rows = await ctx.db
    .select({ kind: customsCodeDicts.kind, code: customsCodeDicts.code })
    .from(customsCodeDicts)
    .where(
      and(
        inArray(customsCodeDicts.kind, [...new Set(wanted.map((w) => w.kind))]),
        inArray(customsCodeDicts.code, [...new Set(wanted.map((w) => w.code))]),
      ),
    );
  const lang: Lang = langOf(ctx.request as never);
  for (const { field, kind, code } of wanted) {
    if (!rows.some((r) => r.kind === kind && r.code === code))
      throw badRequest('customs.code_unknown', {
        field: fieldNames[field]?.[lang] ?? field,
        code,
        table: customsCodeKindLabels[kind][lang],
      });
  }
}

/** The names of codes, for the declaration file and the PDF draft. */
export async function codeNames(db: Db, kind: CustomsCodeKind, codes: (string | null | undefined)[]) {
  const wanted = [...new Set(codes.filter((c): c is string => Boolean(c)))];
  const rows = wanted.length
    ? await db
        .select({ code: customsCodeDicts.code, zh: customsCodeDicts.nameZh, en: customsCodeDicts.nameEn })
        .from(customsCodeDicts)
        .where(and(eq(customsCodeDicts.kind, kind), inArray(customsCodeDicts.code, wanted)))
    : [];
  return new Map(rows.map((r) => [r.code, r]));
}

/** The tables a new installation starts with seed; existing rows are kept as the administrator left them. */
export async function seedCustomsCodes(db: Db) {
  const rows = customsCodeKinds.flatMap((kind) =>
    customsCodeSeed[kind].map((r, i) => ({
      kind,
      code: r.code,
      nameZh: r.zh,
      nameEn: r.en,
      sort: i + 1,
      createBy: 'system',
      updateBy: 'system',
    })),
  );
  await db.insert(customsCodeDicts).values(rows).onConflictDoNothing();
}

export async function customsCodeRoutes(app: FastifyInstance) {
  mount(
    app,
    customsOps.importCodes,
    async (request) => {
      const ctx = ctxOf(app, request);
      const { csv } = request.body;
      const rows: z.infer<typeof customsCodeDictCreate>[] = [];
      for (const [i, cells] of parseCsv(csv).entries()) {
        const [kind, code, nameZh, nameEn] = cells.map((c) => c.trim());
        if (!kind || (i === 0 && /^kind$/i.test(kind))) continue;
        const parsed = customsCodeDictCreate.safeParse({ kind, code, nameZh, nameEn });
        if (!parsed.success)
          throw badRequest('customs.code_import_bad', {
            row: i + 1,
            reason: parsed.error.issues[0]?.path.join('.') ?? '',
          });
        rows.push(parsed.data);
      }
      if (!rows.length) throw badRequest('customs.code_import_bad', { row: 1, reason: 'empty' });
      await app.db.transaction(async (tx) => {
        for (const r of rows)
          await tx
            .insert(customsCodeDicts)
            .values({ ...r, createBy: ctx.auth.username, updateBy: ctx.auth.username })
            .onConflictDoUpdate({
              target: [customsCodeDicts.kind, customsCodeDicts.code],
              set: {
                nameZh: r.nameZh,
                nameEn: r.nameEn,
                updateTime: sql`now()`,
                updateBy: ctx.auth.username,
              },
            });
      });
      return { imported: rows.length };
    },
    { config: { describe: 'import customs code tables' } },
  );
}
