// The customs code tables (spec §7 `customsCode`): customs offices, trade modes, transport modes
// and package types with China customs' codes, one table told apart by `kind`. Platform reference data:
// every logged-in user reads it, the administrator maintains and imports it.
import { integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { base } from './schema.ts';

export const customsCodeDicts = pgTable(
  'customs_code_dict',
  {
    ...base,
    kind: varchar('kind', { length: 24 }).notNull(),
    code: varchar('code', { length: 8 }).notNull(),
    nameZh: varchar('name_zh', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  // One index serves the list of a table in code order and every check of a code.
  (t) => [uniqueIndex('customs_code_dict_kind_code_uq').on(t.kind, t.code)],
);
