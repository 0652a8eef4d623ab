// The payment tool, translation and weather: what the admin forms may hold, the test
// payment's status machine, and the shapes the weather and translation answers share with the web.
import { z } from 'zod';
import type {
  translateAnswer,
  translateSources,
  weatherAnswer,
  weatherDayAnswer,
  weatherPlaceAnswer,
} from './answers/services.ts';
import { secret } from './secret.ts';
import type { StateLabels, StateMachine } from './workflow.ts';

const httpUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, { message: 'validation.invalid_format' });

/** Alipay-style settings. The private key is write-only: an empty or missing one keeps the stored key. */
export const alipayConfigInput = z.object({
  appId: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .regex(/^[0-9A-Za-z_-]+$/, { message: 'validation.invalid_format' }),
  privateKey: secret(z.string().max(5000).nullish()),
  /** The platform's (Alipay's) public key: bare base64 SPKI or PEM. */
  publicKey: z.string().trim().min(100).max(2000),
  gatewayUrl: httpUrl,
  notifyUrl: httpUrl,
  returnUrl: httpUrl,
});

export const alipayTestPayInput = z.object({
  subject: z.string().trim().min(1).max(128),
  /** Yuan, 0.01 … 100,000,000, two decimals at most (Alipay's total_amount). */
  totalAmount: z.coerce
    .number()
    .min(0.01)
    .max(100_000_000)
    .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), {
      message: 'validation.invalid_format',
    }),
  body: z.string().trim().max(128).nullish(),
});

/**
 * A test payment follows the gateway's trade statuses, moved only by a verified notification (the
 * `system` party): WAIT_BUYER_PAY, TRADE_SUCCESS, TRADE_FINISHED, TRADE_CLOSED.
 */
export const PaymentStatus = { created: 0, waiting: 1, paid: 2, finished: 3, closed: 4 } as const;
type PS = (typeof PaymentStatus)[keyof typeof PaymentStatus];
export type PaymentEvent = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED';
export const paymentEvents: readonly PaymentEvent[] = [
  'WAIT_BUYER_PAY',
  'TRADE_SUCCESS',
  'TRADE_FINISHED',
  'TRADE_CLOSED',
];

/** The gateway's asynchronous notice, as its form fields are named. */
export const paymentNoticeInput = z.object({
  out_trade_no: z.string().min(1).max(64),
  // An unknown trade status is no notice of this machine (refused, never acknowledged as a repeat).
  trade_status: z.string().refine((s) => paymentEvents.includes(s as PaymentEvent)),
  app_id: z.string(),
  total_amount: z.string(),
  trade_no: z.string().max(64).optional(),
  buyer_id: z.string().max(64).optional(),
  notify_id: z.string().max(128).optional(),
});

/** A page of the test payments, newest first. */
export const paymentPageQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(200).default(10),
});
export const paymentMachine: StateMachine<PS, PaymentEvent> = [
  { from: 0, event: 'WAIT_BUYER_PAY', to: 1, who: ['system'] },
  { from: 0, event: 'TRADE_SUCCESS', to: 2, who: ['system'] },
  { from: 1, event: 'TRADE_SUCCESS', to: 2, who: ['system'] },
  { from: 0, event: 'TRADE_FINISHED', to: 3, who: ['system'] },
  { from: 1, event: 'TRADE_FINISHED', to: 3, who: ['system'] },
  { from: 2, event: 'TRADE_FINISHED', to: 3, who: ['system'] },
  { from: 0, event: 'TRADE_CLOSED', to: 4, who: ['system'] },
  { from: 1, event: 'TRADE_CLOSED', to: 4, who: ['system'] },
  // A paid trade refunded in full is closed by the gateway.
  { from: 2, event: 'TRADE_CLOSED', to: 4, who: ['system'] },
];
export const paymentStatusLabels: StateLabels = {
  0: { zh: '已下单', en: 'Created' },
  1: { zh: '等待付款', en: 'Waiting for payment' },
  2: { zh: '已支付', en: 'Paid' },
  3: { zh: '交易完结', en: 'Finished' },
  4: { zh: '已关闭', en: 'Closed' },
};

/** The translation and weather services an administrator points the product at (empty: env default). */
export const serviceSettingsInput = z.object({
  translateUrl: httpUrl.nullish().or(z.literal('')),
  /** Write-only, like the SMTP password: empty keeps the stored key; `clearTranslateKey` drops it. */
  translateKey: secret(z.string().max(500).nullish()),
  clearTranslateKey: z.boolean().optional(),
  weatherUrl: httpUrl.nullish().or(z.literal('')),
  /** Warn when the day's strongest wind (km/h) or rain (mm) at a port reaches these. */
  windLimitKmh: z.coerce.number().min(1).max(400).nullish(),
  rainLimitMm: z.coerce.number().min(1).max(2000).nullish(),
});

export const translateQuery = z.object({
  q: z.string().trim().min(1).max(2000),
  /** Source language; `auto` takes Chinese when the text holds Han characters. */
  from: z.enum(['zh', 'en', 'auto']).default('auto'),
  to: z.enum(['zh', 'en']).optional(),
});
export type TranslateSource = (typeof translateSources)[number];
export type TranslateAnswer = z.infer<typeof translateAnswer>;
export type WeatherDay = z.infer<typeof weatherDayAnswer>;
export type WeatherPlace = z.infer<typeof weatherPlaceAnswer>;
export type WeatherAnswer = z.infer<typeof weatherAnswer>;

/** WMO weather interpretation codes (Open-Meteo's `weather_code`), grouped for display. */
export const weatherCodeGroups: { codes: number[]; zh: string; en: string }[] = [
  { codes: [0], zh: '晴', en: 'Clear' },
  { codes: [1, 2], zh: '少云', en: 'Partly cloudy' },
  { codes: [3], zh: '阴', en: 'Overcast' },
  { codes: [45, 48], zh: '雾', en: 'Fog' },
  { codes: [51, 53, 55, 56, 57], zh: '毛毛雨', en: 'Drizzle' },
  { codes: [61, 63, 66, 80, 81], zh: '雨', en: 'Rain' },
  { codes: [65, 67, 82], zh: '大雨', en: 'Heavy rain' },
  { codes: [71, 73, 75, 77, 85, 86], zh: '雪', en: 'Snow' },
  { codes: [95, 96, 99], zh: '雷暴', en: 'Thunderstorm' },
];

/** The forecast of ports by UN/LOCODE (comma-separated, at most six). */
export const weatherPortsQuery = z.object({ codes: z.string().trim().min(5).max(80) });
/** A batch whose ports and site are forecast. */
export const weatherBatchParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
