// The code generator: the configuration an administrator keeps per database table — the
// family's name and titles, and per column its labels, list and form presence, control, query and rules.
import type { CodegenColumn } from '@tradelane/contract';
import { jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { base } from './schema.ts';

export const genConfigs = pgTable(
  'sys_gen_config',
  {
    ...base,
    tableName: varchar('table_name', { length: 63 }).notNull(),
    family: varchar('family', { length: 40 }).notNull(),
    titleZh: varchar('title_zh', { length: 64 }).notNull(),
    titleEn: varchar('title_en', { length: 64 }).notNull(),
    columns: jsonb('columns').$type<CodegenColumn[]>().notNull(),
  },
  (t) => [uniqueIndex('sys_gen_config_table_uq').on(t.tableName)],
);
