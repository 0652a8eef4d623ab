// Answers of the trade-policy tool: the search of one country and code, and the notes and rates that
// apply to many codes at once (badges on material rows and declaration lines).
import { z } from 'zod';
import { engineRow } from './common.ts';
import { hsItemAnswer } from './hs.ts';

/** A policy note with its labels and whether it is expired or not yet valid. */
export const policyNoteAnswer = engineRow.extend({
  country: z.string(),
  countryName: z.string().nullable(),
  hsPrefix: z.string(),
  noteType: z.string(),
  noteTypeLabel: z.string(),
  title: z.string(),
  content: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  sourceText: z.string().nullable(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  expired: z.boolean(),
  upcoming: z.boolean(),
});

/** A tariff rate of a country for an HS prefix (decimal strings, percent). */
export const tariffRateAnswer = engineRow.extend({
  country: z.string(),
  hsPrefix: z.string(),
  mfnRate: z.string(),
  preferentialRate: z.string().nullable(),
  agreement: z.string().nullable(),
  vatRate: z.string().nullable(),
  note: z.string().nullable(),
  source: z.string().nullable(),
});

/** A tariff rate as its family lists it (GET /api/tariffRate): with its country's name in the reader's language. */
export const tariffRateRowAnswer = tariffRateAnswer.extend({ countryName: z.string().nullable() });

/** GET /api/tradePolicy/search: the code's HS chain, the rate that applies, the notes, national lines. */
export const policySearchAnswer = z.strictObject({
  country: z.string(),
  countryName: z.string().nullable(),
  hsCode: z.string(),
  hs: z.array(hsItemAnswer),
  rate: tariffRateAnswer.nullable(),
  rates: z.array(tariffRateAnswer),
  notes: z.array(policyNoteAnswer),
  /** Broader notes of a type a longer prefix overrides: shown apart, for context. */
  overridden: z.array(policyNoteAnswer),
  national: z.array(
    z.strictObject({
      code: z.string(),
      name: z.string(),
      unit1: z.string().nullable(),
      unit2: z.string().nullable(),
      elements: z.string().nullable(),
      remark: z.string().nullable(),
    }),
  ),
});

/** What applies to one code: its rate and notes. */
export const applicableAnswer = z.strictObject({
  rate: tariffRateAnswer.nullable(),
  notes: z.array(policyNoteAnswer),
});
/** POST /api/tradePolicy/applicable: the codes something applies to (no country: none). */
export const applicableCodesAnswer = z.strictObject({
  country: z.string().nullable(),
  countryName: z.string().nullable().optional(),
  codes: z.record(z.string(), applicableAnswer),
});
