// The payment tool and the service settings: the Alipay-style settings (the app private key
// encrypted under CONFIG_KEY, never sent back), the test payments with the status their verified
// notifications gave them, and where the translation and weather services live (env defaults).
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { base, num } from './schema.ts';

export const alipayConfig = pgTable('tool_alipay_config', {
  ...base,
  appId: varchar('app_id', { length: 32 }).notNull(),
  /** AES-256-GCM: iv.tag.ciphertext, base64url (lib/secret.ts). */
  privateKeyEnc: text('private_key_enc').notNull(),
  /** The platform's public key (not a secret), as given. */
  publicKey: text('public_key').notNull(),
  gatewayUrl: varchar('gateway_url', { length: 500 }).notNull(),
  notifyUrl: varchar('notify_url', { length: 500 }).notNull(),
  returnUrl: varchar('return_url', { length: 500 }).notNull(),
});

export const payments = pgTable(
  'tool_payment',
  {
    ...base,
    outTradeNo: varchar('out_trade_no', { length: 64 }).notNull(),
    appId: varchar('app_id', { length: 32 }).notNull(),
    subject: varchar('subject', { length: 256 }).notNull(),
    body: varchar('body', { length: 256 }),
    totalAmount: num('total_amount', 12, 2).notNull(),
    /** PaymentStatus (contract/services.ts). */
    status: integer('status').notNull().default(0),
    tradeNo: varchar('trade_no', { length: 64 }),
    buyerId: varchar('buyer_id', { length: 64 }),
    notifyId: varchar('notify_id', { length: 128 }),
    notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('tool_payment_out_trade_no_uq').on(t.outTradeNo),
    index('tool_payment_time_idx').on(t.createTime),
  ],
);

export const serviceSettings = pgTable('sys_service_config', {
  ...base,
  translateUrl: varchar('translate_url', { length: 500 }),
  translateKeyEnc: text('translate_key_enc'),
  weatherUrl: varchar('weather_url', { length: 500 }),
  windLimitKmh: doublePrecision('wind_limit_kmh'),
  rainLimitMm: doublePrecision('rain_limit_mm'),
});
