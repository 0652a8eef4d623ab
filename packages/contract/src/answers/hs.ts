// Answers of the HS nomenclature (HS 2022) and the national customs code register.
import { z } from 'zod';

/** An HS section (GET /api/hs/sections); a chapter adds its section (GET /api/hs/chapters). */
export const hsSectionAnswer = z.strictObject({ code: z.string(), en: z.string(), zh: z.string() });
export const hsChapterAnswer = hsSectionAnswer.extend({ section: z.string() });
/** An HS heading or subheading with its chapter and section. */
export const hsItemAnswer = z.strictObject({
  code: z.string(),
  formatted: z.string(),
  level: z.number(),
  parent: z.string().nullable(),
  description: z.string(),
  zhDescription: z.string().nullable(),
  chapter: hsSectionAnswer.nullable(),
  section: hsSectionAnswer.nullable(),
});
/** A line of the national customs code register. */
export const nationalCodeAnswer = z.strictObject({
  code: z.string(),
  hs6: z.string(),
  name: z.string(),
  unit1: z.string().nullable(),
  unit2: z.string().nullable(),
  elements: z.string().nullable(),
});
/** GET /api/hs/thirdParty/searcByName and queryByCodeNew: HS items and national register lines. */
export const hsPageAnswer = z.strictObject({
  content: z.array(hsItemAnswer),
  totalElements: z.number(),
  national: z.array(nationalCodeAnswer),
});
