// Trade policy: per destination country and HS code, the duty rates imported from tariff
// files and the policy notes (licences, inspections, restrictions, trade remedies…) administrators
// keep with a source and a validity. A note or rate names an HS prefix — a chapter (2 digits), heading
// (4), subheading (6) or national line (8/10) — and applies to every code under it.
import { z } from 'zod';
import { countryCodes } from './countries.ts';

export const policyNoteTypes = [
  { code: 'licence', zh: '许可证', en: 'Licence' },
  { code: 'inspection', zh: '检验检疫', en: 'Inspection' },
  { code: 'restriction', zh: '进口限制', en: 'Restriction' },
  { code: 'prohibition', zh: '禁止进口', en: 'Prohibition' },
  { code: 'anti_dumping', zh: '反倾销', en: 'Anti-dumping' },
  { code: 'countervailing', zh: '反补贴', en: 'Countervailing duty' },
  { code: 'quota', zh: '配额', en: 'Quota' },
  { code: 'certification', zh: '认证要求', en: 'Certification' },
  { code: 'other', zh: '其他', en: 'Other' },
] as const;
export const policyNoteTypeCodes = policyNoteTypes.map((t) => t.code) as [string, ...string[]];

export const zPolicyCountry = z
  .string()
  .trim()
  .toUpperCase()
  .refine((c) => countryCodes.has(c), { message: 'tradePolicy.bad_country' });

/** An HS prefix: 2, 4, 6, 8 or 10 digits (dots and spaces ignored). */
export const zHsPrefix = z
  .string()
  .trim()
  .transform((v) => v.replace(/[.\s]/g, ''))
  .refine((v) => /^\d{2,10}$/.test(v) && v.length % 2 === 0, { message: 'tradePolicy.bad_prefix' });

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'tradePolicy.bad_date' });

/** A percent with up to 4 decimals (0–1000: some remedies exceed 100 %), as a string. */
const zPercent = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim().replace(/%$/, ''))
  .refine((v) => /^\d{1,4}(\.\d{1,4})?$/.test(v) && Number(v) <= 1000, { message: 'tradePolicy.bad_rate' });

const noteFields = {
  country: zPolicyCountry,
  hsPrefix: zHsPrefix,
  noteType: z.enum(policyNoteTypeCodes),
  title: z.string().trim().min(1).max(200),
  content: z.string().trim().max(4000).nullish(),
  /** Where the note comes from: a URL and/or the text of the source (regulation, notice number). */
  sourceUrl: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), { message: 'tradePolicy.bad_url' })
    .nullish(),
  sourceText: z.string().trim().max(500).nullish(),
  validFrom: isoDate,
  validTo: isoDate.nullish(),
};

export const policyNoteCreate = z
  .object(noteFields)
  .refine((n) => n.sourceUrl || n.sourceText, { message: 'tradePolicy.source_required', path: ['sourceUrl'] })
  .refine((n) => !n.validTo || n.validTo >= n.validFrom, {
    message: 'tradePolicy.bad_validity',
    path: ['validTo'],
  });

export const tariffRateCreate = z.object({
  country: zPolicyCountry,
  hsPrefix: zHsPrefix,
  /** Most-favoured-nation (general) import duty, percent. */
  mfnRate: zPercent,
  /** A preferential rate under a trade agreement, percent, with the agreement's name. */
  preferentialRate: zPercent.nullish(),
  agreement: z.string().trim().max(100).nullish(),
  vatRate: zPercent.nullish(),
  note: z.string().trim().max(1000).nullish(),
  source: z.string().trim().max(200).nullish(),
});
export type TariffRateCreate = z.infer<typeof tariffRateCreate>;

export const tradePolicyQuery = z.object({
  country: zPolicyCountry,
  hsCode: z
    .string()
    .trim()
    .transform((v) => v.replace(/[.\s]/g, ''))
    .refine((v) => /^\d{2,10}$/.test(v), { message: 'tradePolicy.bad_prefix' }),
  /** Expired notes are hidden unless asked for. */
  includeExpired: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .default(false),
});

/** Every prefix of a code a note may name: 8504403000 → 85, 8504, 850440, 85044030, 8504403000. */
export function hsPrefixesOf(code: string): string[] {
  const digits = code.replace(/\D/g, '');
  const out: string[] = [];
  for (let n = 2; n <= Math.min(10, digits.length); n += 2) out.push(digits.slice(0, n));
  return out;
}

export interface PrefixedNote {
  hsPrefix: string;
  noteType: string;
}

/**
 * The notes that apply to a code: per note type, the longest prefix wins (a heading's licence note
 * replaces its chapter's licence note); different types all apply. Longest first.
 */
export function applicableNotes<N extends PrefixedNote>(code: string, notes: readonly N[]): N[] {
  const prefixes = new Set(hsPrefixesOf(code));
  const matching = notes.filter((n) => prefixes.has(n.hsPrefix));
  const longest = new Map<string, number>();
  for (const n of matching)
    longest.set(n.noteType, Math.max(longest.get(n.noteType) ?? 0, n.hsPrefix.length));
  return matching
    .filter((n) => n.hsPrefix.length === longest.get(n.noteType))
    .sort((a, b) => b.hsPrefix.length - a.hsPrefix.length);
}

/** The rate that applies to a code: the longest matching prefix. */
export function applicableRate<R extends { hsPrefix: string }>(code: string, rates: readonly R[]): R | null {
  const prefixes = new Set(hsPrefixesOf(code));
  return (
    rates.filter((r) => prefixes.has(r.hsPrefix)).sort((a, b) => b.hsPrefix.length - a.hsPrefix.length)[0] ??
    null
  );
}

/** Whether a note is in force on a day (YYYY-MM-DD). */
export const noteInForce = (n: { validFrom: string; validTo: string | null }, day: string) =>
  n.validFrom <= day && (!n.validTo || n.validTo >= day);

/** tradePolicy/applicable: the codes of a country (or of a batch's project's country). */
export const applicableBody = z.object({
  country: z.string().trim().toUpperCase().length(2).optional(),
  batchId: z.coerce.number().int().positive().optional(),
  codes: z.array(z.string().trim().max(20)).max(500),
});
