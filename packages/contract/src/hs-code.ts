// HS codes as people type them and as Excel keeps them. A code is 4, 6, 8 or 10 digits (heading,
// subheading, national lines), dots and spaces allowed; leading zeros matter (0102.21). Chapters 77
// (reserved for future use), 98 and 99 (reserved for national use; statistics' "not specified" 99.99.99)
// hold no goods of the Harmonized System 2022: a code there is not an HS 2022 code.
import { z } from 'zod';

/** Digits of a typed code: dots and spaces dropped. */
export const hsDigits = (typed: string) => typed.trim().replace(/[.\s]/g, '');

/** 4, 6, 8 or 10 digits. */
export const isHsShape = (digits: string) => /^(\d{2}){2,5}$/.test(digits);

export const HS_RESERVED_CHAPTERS: readonly string[] = ['77', '98', '99'];

/** What is wrong with a code before looking it up: its shape, or a chapter HS 2022 keeps empty. */
export function hsShapeProblem(
  typed: string,
):
  | { code: 'hs.malformed'; params: { code: string } }
  | { code: 'hs.not_hs2022'; params: { code: string; chapter: string } }
  | null {
  const digits = hsDigits(typed);
  if (!isHsShape(digits)) return { code: 'hs.malformed', params: { code: typed.trim() } };
  const chapter = digits.slice(0, 2);
  if (HS_RESERVED_CHAPTERS.includes(chapter))
    return { code: 'hs.not_hs2022', params: { code: dottedHs(digits), chapter } };
  return null;
}

/** Dotted form used on documents: 8504.23, 8504.23.10.00. */
export function dottedHs(digits: string): string {
  if (digits.length <= 4) return digits;
  return `${digits.slice(0, 4)}.${
    digits
      .slice(4)
      .match(/.{1,2}/g)
      ?.join('.') ?? ''
  }`;
}

/**
 * A code Excel kept as a number (a General cell): 8537.10 typed becomes 8537.1, 0102.21 becomes 102.21,
 * 01022100 becomes 1022100. HS digits come in pairs and a heading has four, so the only reading is the
 * number padded back: the integer part to four digits (or to an even count when the whole code was typed
 * without a dot), the decimals to an even count. Null when the number cannot be a code.
 */
export function hsFromNumber(value: number): string | null {
  if (!Number.isFinite(value) || value <= 0) return null;
  const [int, frac = ''] = String(value).split('.');
  if (!/^\d+$/.test(int) || !/^\d*$/.test(frac)) return null;
  if (!frac) {
    const digits = int.length % 2 ? `0${int}` : int;
    return digits.length >= 4 ? digits : digits.padStart(4, '0');
  }
  if (int.length > 4) return null;
  return int.padStart(4, '0') + (frac.length % 2 ? `${frac}0` : frac);
}

// ————— the HS lookups' inputs —————

/** A page of HS items, optionally of one level (2: chapters, 4: headings, 6: subheadings). */
const hsPage = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(200).default(20),
  level: z.coerce
    .number()
    .int()
    .refine((n) => [2, 4, 6].includes(n))
    .optional(),
});
/** searcByName: words in English or Chinese (`keyword` before `name`). */
export const hsByNameQuery = hsPage.extend({
  name: z.string().trim().max(200).default(''),
  keyword: z.string().trim().max(200).optional(),
});
/** queryByCodeNew: a code prefix (`hsCode` before `code`). */
export const hsByCodeQuery = hsPage.extend({
  code: z.string().trim().max(20).default(''),
  hsCode: z.string().trim().max(20).optional(),
});
/** selectListHsName: the codes, bare or as `{ codes }`. */
export const hsNamesBody = z.union([
  z.array(z.string().max(20)).max(1000),
  z.object({ codes: z.array(z.string().max(20)).max(1000) }),
]);
/** The chapters of one section, or all. */
export const hsChaptersQuery = z.object({ section: z.string().max(5).optional() });
/** An earlier classification of a material: by the supplier's material code, else by its name. */
export const hsSuggestQuery = z.object({
  materialCode: z.string().trim().max(64).optional(),
  name: z.string().trim().max(200).optional(),
  supplierTenantId: z.coerce.number().int().positive().optional(),
});
