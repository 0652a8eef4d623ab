// Answers of the auxiliary services: a translation (glossary first, then the configured service) and
// weather forecasts of a batch's ports and site or of ports by code. services.ts names the types.
import { z } from 'zod';
import { customsCodeKinds } from '../customs-codes.ts';
import { engineRow } from './common.ts';
import { hsItemAnswer, nationalCodeAnswer } from './hs.ts';

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

// ————— HS lookups —————

/** POST /api/hs/selectListHsName: each code given, whether HS knows it, its HS item and its national line. */
export const hsNameAnswer = hsItemAnswer.partial().extend({
  code: z.string(),
  exists: z.boolean(),
  national: nationalCodeAnswer.nullable(),
});
/** GET /api/hs/suggest: the classification a material had before (by material code or by name), or none. */
export const hsSuggestionAnswer = z.union([
  hsItemAnswer.partial().extend({ hsCode: z.string(), source: z.enum(['materialCode', 'history']) }),
  z.strictObject({ hsCode: z.null(), source: z.null() }),
]);
/** POST /api/customsCode/import: how many national lines were written. */
export const customsImportAnswer = z.strictObject({ imported: z.number() });
/** A line of the national customs code register as its family answers it (GET /api/customsCode). */
export const customsCodeAnswer = engineRow.extend({
  ...nationalCodeAnswer.shape,
  remark: z.string().nullable(),
});
/** A code of a customs code table (GET /api/customsCode/dict): customs offices, trade and transport modes, packages. */
export const customsCodeDictAnswer = engineRow.extend({
  kind: z.enum(customsCodeKinds),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  sort: z.number(),
});

// ————— service settings —————

const settingsValues = {
  translateUrl: z.string().nullable(),
  hasTranslateKey: z.boolean(),
  weatherUrl: z.string().nullable(),
};
/**
 * GET/PUT /api/services/settings: what an administrator saved, what the environment gives, and what is
 * in effect (saved over environment). The translation key is never sent back: only whether there is one.
 */
export const serviceSettingsAnswer = z.strictObject({
  saved: z.strictObject({
    ...settingsValues,
    windLimitKmh: z.number().nullable(),
    rainLimitMm: z.number().nullable(),
  }),
  environment: z.strictObject({ ...settingsValues, windLimitKmh: z.number(), rainLimitMm: z.number() }),
  effective: z.strictObject({ ...settingsValues, windLimitKmh: z.number(), rainLimitMm: z.number() }),
});

/** The payment settings (GET and PUT /api/aliPay): the private key never leaves, only that it is held. */
export const alipaySettingsAnswer = z.union([
  z.strictObject({ configured: z.literal(false) }),
  engineRow.extend({
    appId: z.string(),
    publicKey: z.string(),
    gatewayUrl: z.string(),
    notifyUrl: z.string(),
    returnUrl: z.string(),
    configured: z.literal(true),
    hasPrivateKey: z.boolean(),
    signType: z.literal('RSA2'),
  }),
]);

/** A test payment as recorded, moved only by the gateway's verified notices. */
export const paymentAnswer = engineRow.extend({
  outTradeNo: z.string(),
  appId: z.string(),
  subject: z.string(),
  body: z.string().nullable(),
  totalAmount: z.number(),
  status: z.number().int(),
  tradeNo: z.string().nullable(),
  buyerId: z.string().nullable(),
  notifyId: z.string().nullable(),
  notifiedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});

/** A test payment started: the record, and the gateway's signed request as a form and as a link. */
export const testPaymentAnswer = z.strictObject({
  payment: paymentAnswer,
  action: z.string(),
  params: z.record(z.string(), z.string()),
  url: z.string(),
});

export const paymentPageAnswer = z.strictObject({
  content: z.array(paymentAnswer),
  totalElements: z.number().int(),
});
