// Trade policy: per destination country and HS code, the duty rate imported from tariff
// files (longest HS prefix wins), China's national tariff lines with their notes (customs_code, from
// the HS module's import) and the policy notes administrators keep with a source and a validity (per
// note type the longest prefix wins; expired notes hidden unless asked for). Every lookup is one probe
// of the (country, hs_prefix) index per table: the prefixes of a code are at most five values.

import {
  type AnswerOf,
  applicableNotes,
  applicableRate,
  countryRows,
  hsPrefixesOf,
  type Lang,
  policyNoteCreate,
  policyNoteTypes,
  tariffRateCreate,
} from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { financeOps } from '@tradelane/contract/api/finance';
import { and, eq, gte, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { hasPermission } from '../../access/service.ts';
import type { Db } from '../../db/client.ts';
import { tariffRates, tradePolicyNotes } from '../../db/schema-trade-policy.ts';
import { badRequest, langOf } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { isoDate } from '../../lib/time.ts';
import { type Ctx, ctxOf, defineResource, type Row, registerResource } from '../../resources/engine.ts';
import { describe, hsEntry } from '../hs/hs-index.ts';
import { tariffLinesUnder } from '../hs/tariff.ts';
import { visibleBatch } from '../project/access.ts';
import { projectById } from '../project/batches.ts';
import { tariffImportRoute } from './tariff-import.ts';

const EDIT = 'tradePolicy:edit';

/** The maintained lists are the administrators' (everyone else reads through the search). */
const maintainers = (ctx: Ctx) => (hasPermission(ctx.auth, EDIT) ? undefined : sql`false`);
const prefixFilter = (column: AnyPgColumn) => ({
  op: 'custom' as const,
  build: (v: string[]) => like(column, `${v[0].replace(/\D/g, '')}%`),
});

const noteTypeLabel = (code: string, lang: Lang) =>
  policyNoteTypes.find((t) => t.code === code)?.[lang] ?? code;
const countryName = (code: string, lang: Lang) => {
  const row = countryRows.find((r) => r[0] === code);
  return row ? (lang === 'zh' ? row[2] : row[1]) : code;
};

function decorateNotes(lang: Lang, rows: Row[], today = isoDate(new Date())) {
  return rows.map((r) => ({
    ...r,
    noteTypeLabel: noteTypeLabel(String(r.noteType), lang),
    countryName: countryName(String(r.country), lang),
    expired: Boolean(r.validTo && String(r.validTo) < today),
    upcoming: String(r.validFrom) > today,
  }));
}

export const policyNoteResource = defineResource({
  family: families.tradePolicyNote,
  table: tradePolicyNotes,
  create: policyNoteCreate,
  filters: {
    id: 'equal',
    country: 'equal',
    hsPrefix: prefixFilter(tradePolicyNotes.hsPrefix),
    noteType: 'in',
    blurry: { op: 'blurry', columns: ['title', 'content', 'sourceText'] },
  },
  defaultSort: ['country,asc', 'hsPrefix,asc'],
  permissions: { list: EDIT, create: EDIT, update: EDIT, delete: EDIT },
  scope: maintainers,
  hooks: {
    // The update body is partial: the merged note is checked as a whole (source, validity).
    beforeUpdate: (_ctx, existing, data) => {
      const merged = { ...existing, ...data };
      const checked = policyNoteCreate.safeParse({
        ...merged,
        content: merged.content ?? null,
        sourceUrl: merged.sourceUrl ?? null,
        sourceText: merged.sourceText ?? null,
        validTo: merged.validTo ?? null,
      });
      if (!checked.success) throw badRequest(checked.error.issues[0].message as never);
      return data;
    },
    decorate: (ctx, rows) => decorateNotes(langOf(ctx.request), rows),
  },
});

export const tariffRateResource = defineResource({
  family: families.tariffRate,
  table: tariffRates,
  create: tariffRateCreate,
  filters: { id: 'equal', country: 'equal', hsPrefix: prefixFilter(tariffRates.hsPrefix) },
  defaultSort: ['country,asc', 'hsPrefix,asc'],
  permissions: { list: EDIT, create: EDIT, update: EDIT, delete: EDIT },
  scope: maintainers,
  hooks: {
    decorate: (ctx, rows) =>
      rows.map((r) => ({ ...r, countryName: countryName(String(r.country), langOf(ctx.request)) })),
  },
});

type Note = typeof tradePolicyNotes.$inferSelect;
type Rate = typeof tariffRates.$inferSelect;

/** The notes and rates of a country for a set of codes: one indexed probe per table. */
async function policyOf(db: Db, country: string, codes: string[], includeExpired: boolean) {
  const prefixes = [...new Set(codes.flatMap(hsPrefixesOf))];
  if (!prefixes.length) return { notes: [] as Note[], rates: [] as Rate[] };
  const today = isoDate(new Date());
  const [notes, rates] = await Promise.all([
    db
      .select()
      .from(tradePolicyNotes)
      .where(
        and(
          eq(tradePolicyNotes.country, country),
          inArray(tradePolicyNotes.hsPrefix, prefixes),
          includeExpired
            ? undefined
            : or(isNull(tradePolicyNotes.validTo), gte(tradePolicyNotes.validTo, today)),
        ),
      ),
    db
      .select()
      .from(tariffRates)
      .where(and(eq(tariffRates.country, country), inArray(tariffRates.hsPrefix, prefixes))),
  ]);
  return { notes, rates };
}

const wireNote = (lang: Lang, n: Note) => decorateNotes(lang, [n])[0];

export async function tradePolicyModule(app: FastifyInstance) {
  registerResource(app, policyNoteResource);
  registerResource(app, tariffRateResource);
  await tariffImportRoute(app);

  mount(app, financeOps.policySearch, async (request) => {
    const lang = langOf(request);
    const q = request.query;
    const { notes, rates } = await policyOf(app.db, q.country, [q.hsCode], q.includeExpired);
    const applicable = applicableNotes(q.hsCode, notes);
    // The HS chain (chapter, heading, subheading) in both languages.
    const chain = hsPrefixesOf(q.hsCode)
      .filter((p) => p.length <= 6)
      .map((p) => hsEntry(p))
      .filter((e) => e !== undefined)
      .map((e) => describe(e));
    // China's national lines (imported customs tariff) under the code, with their notes.
    const national =
      q.country === 'CN' && q.hsCode.length >= 4 ? await tariffLinesUnder(app.db, q.hsCode, 50) : [];
    // Cast: the rates' dates go out as their JSON strings (the answer check in tests reads the wire).
    return {
      country: q.country,
      countryName: countryName(q.country, lang),
      hsCode: q.hsCode,
      hs: chain,
      rate: applicableRate(q.hsCode, rates),
      rates: rates.sort((a, b) => a.hsPrefix.length - b.hsPrefix.length),
      notes: applicable.map((n) => wireNote(lang, n)),
      // Broader notes of a type a longer prefix overrides: shown apart, for context.
      overridden: notes.filter((n) => !applicable.includes(n)).map((n) => wireNote(lang, n)),
      national: national.map((n) => ({
        code: n.code,
        name: n.name,
        unit1: n.unit1,
        unit2: n.unit2,
        elements: n.elements,
        remark: n.remark,
      })),
    } as unknown as AnswerOf<typeof financeOps.policySearch>;
  });

  /** The notes (in force) and rate per code, for badges on material rows and declaration lines. */
  mount(app, financeOps.applicable, async (request) => {
    const ctx = ctxOf(app, request);
    const lang = langOf(request);
    const body = request.body;
    let country = body.country ?? null;
    if (!country && body.batchId) {
      const batch = await visibleBatch(ctx, body.batchId);
      country = (await projectById(app.db, batch.projectId))?.country ?? null;
    }
    const codes = [
      ...new Set(body.codes.map((c) => c.replace(/[.\s]/g, '')).filter((c) => /^\d{2,10}$/.test(c))),
    ];
    if (!country) return { country: null, codes: {} };
    const { notes, rates } = await policyOf(app.db, country, codes, false);
    const out: Record<string, { rate: Rate | null; notes: Row[] }> = {};
    for (const code of codes) {
      const applicable = applicableNotes(code, notes);
      const rate = applicableRate(code, rates);
      if (applicable.length || rate) out[code] = { rate, notes: applicable.map((n) => wireNote(lang, n)) };
    }
    return { country, countryName: countryName(country, lang), codes: out } as AnswerOf<
      typeof financeOps.applicable
    >;
  });
}
