// Tables of trade policy: administrators' notes and duty rates per destination country and HS prefix.
// Rates are numeric read as strings (exact); HS prefixes stay strings (leading zeros).
import { date, index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { base, dec } from './schema.ts';

/** A policy note kept by administrators: country + HS prefix, a source, a validity. */
export const tradePolicyNotes = pgTable(
  'trade_policy_note',
  {
    ...base,
    country: varchar('country', { length: 2 }).notNull(),
    hsPrefix: varchar('hs_prefix', { length: 10 }).notNull(),
    noteType: varchar('note_type', { length: 20 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    content: text('content'),
    sourceUrl: varchar('source_url', { length: 500 }),
    sourceText: varchar('source_text', { length: 500 }),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
  },
  (t) => [index('trade_policy_note_lookup_idx').on(t.country, t.hsPrefix)],
);

/** A duty rate of a destination country for an HS prefix, imported from a tariff file or typed. */
export const tariffRates = pgTable(
  'tariff_rate',
  {
    ...base,
    country: varchar('country', { length: 2 }).notNull(),
    hsPrefix: varchar('hs_prefix', { length: 10 }).notNull(),
    mfnRate: dec('mfn_rate', 8, 4).notNull(),
    preferentialRate: dec('preferential_rate', 8, 4),
    agreement: varchar('agreement', { length: 100 }),
    vatRate: dec('vat_rate', 8, 4),
    note: varchar('note', { length: 1000 }),
    source: varchar('source', { length: 200 }),
  },
  (t) => [uniqueIndex('tariff_rate_uq').on(t.country, t.hsPrefix)],
);
