// Answers of the auxiliary services: a translation (glossary first, then the configured service) and
// weather forecasts of a batch's ports and site or of ports by code. services.ts names the types.
import { z } from 'zod';

const lang = z.enum(['zh', 'en']);
export const translateSources = ['glossary', 'material', 'hs', 'service'] as const;

/** GET /api/auxiliary/translate. */
export const translateAnswer = z.strictObject({
  text: z.string().nullable(),
  from: lang,
  to: lang,
  source: z.enum(translateSources).nullable(),
  /** Glossary terms found inside the text (shown when the whole text cannot be translated). */
  terms: z.array(z.strictObject({ term: z.string(), translation: z.string() })),
  /** Why there is no translation: a catalogue message in the caller's language. */
  reason: z.string().optional(),
});

const over = z.array(z.enum(['wind', 'rain']));
export const weatherDayAnswer = z.strictObject({
  date: z.string(),
  tempMax: z.number().nullable(),
  tempMin: z.number().nullable(),
  precipitationMm: z.number().nullable(),
  windMaxKmh: z.number().nullable(),
  gustMaxKmh: z.number().nullable(),
  weatherCode: z.number().nullable(),
  /** Which limits this day reaches. */
  over,
});
const role = z.enum(['loading', 'discharge', 'site', 'port']);
export const weatherPlaceAnswer = z.strictObject({
  /** loading, discharge, site, or a port looked up by code. */
  role,
  code: z.string().nullable(),
  name: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  state: z.enum(['ok', 'unavailable', 'no_location']),
  reason: z.string().optional(),
  days: z.array(weatherDayAnswer),
});
/** GET /api/weather/batch/{id} and /api/weather/ports. */
export const weatherAnswer = z.strictObject({
  limits: z.strictObject({ windKmh: z.number(), rainMm: z.number() }),
  places: z.array(weatherPlaceAnswer),
  /** Places whose forecast reaches a limit in the coming days. */
  warnings: z.array(z.strictObject({ role, name: z.string(), date: z.string(), over })),
});
