// What the running database says about its tables (information_schema, and pg_catalog for comments
// and indexes): the code generator's only source of truth about a table.
import { getTableName, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { parsedRows } from '../../db/raw-rows.ts';
import { declaredResources } from '../../resources/engine.ts';

export type ColumnKind = 'text' | 'number' | 'boolean' | 'date' | 'other';

export interface DbColumn {
  name: string;
  /** information_schema data_type: 'character varying', 'bigint', 'timestamp with time zone'… */
  dataType: string;
  nullable: boolean;
  hasDefault: boolean;
  /** The default as the database prints it ('draft'::character varying, now(), 0…). */
  defaultExpr: string | null;
  /** A sequence or identity fills it (serial, bigserial, identity). */
  generated: boolean;
  maxLength: number | null;
  precision: number | null;
  scale: number | null;
  comment: string | null;
}

export interface DbIndex {
  name: string;
  unique: boolean;
  columns: string[];
}

export interface DbTable {
  name: string;
  comment: string | null;
  columns: DbColumn[];
  indexes: DbIndex[];
}

// The catalogue's answers as both drivers give them: a flag a boolean (or what stands for one), a size a
// number or its text, an index's columns a JSON array or its text.
const flag = z.unknown().transform(Boolean);
const size = z
  .union([z.number(), z.string()])
  .nullable()
  .transform((v) => (v === null ? null : Number(v)));
const nameList = z
  .union([z.array(z.string()), z.string().transform((s) => z.array(z.string()).parse(JSON.parse(s)))])
  .nullable()
  .transform((v) => v ?? []);

const tableSummaryRow = z.object({
  tableName: z.string(),
  comment: z.string().nullable(),
  columns: z.number(),
  tenantScoped: flag,
  hasId: flag,
});
const columnRow = z.object({
  name: z.string(),
  dataType: z.string(),
  nullable: flag,
  hasDefault: flag,
  defaultExpr: z.string().nullable(),
  generated: flag,
  maxLength: size,
  precision: size,
  scale: size,
  comment: z.string().nullable(),
});
const indexRow = z.object({ name: z.string(), unique: flag, columns: nameList });

/** Tables the product keeps for itself (sessions, menus, logs, this tool's settings…): not offered. */
export const isInternalTable = (name: string) => name.startsWith('sys_');

export function columnKind(c: Pick<DbColumn, 'dataType'>): ColumnKind {
  const t = c.dataType;
  if (t === 'character varying' || t === 'character' || t === 'text' || t === 'uuid') return 'text';
  if (['smallint', 'integer', 'bigint', 'numeric', 'real', 'double precision'].includes(t)) return 'number';
  if (t === 'boolean') return 'boolean';
  if (t === 'date' || t.startsWith('timestamp')) return 'date';
  return 'other';
}

/** Families already declared on a table, by table name (the generator can regenerate them). */
export function familiesByTable(): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of declaredResources()) out.set(getTableName(r.table), r.name);
  return out;
}

export interface TableSummary {
  tableName: string;
  comment: string | null;
  columns: number;
  tenantScoped: boolean;
  hasId: boolean;
}

/** The business tables of the current schema, by name, with how many columns each has. */
export async function listTables(db: Db, keyword?: string): Promise<TableSummary[]> {
  const like = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return parsedRows(
    tableSummaryRow,
    await db.execute(sql`
    select t.table_name as "tableName",
      obj_description(format('%I.%I', t.table_schema, t.table_name)::regclass, 'pg_class') as "comment",
      count(c.column_name)::int as "columns",
      bool_or(c.column_name = 'tenant_id') as "tenantScoped",
      bool_or(c.column_name = 'id') as "hasId"
    from information_schema.tables t
    join information_schema.columns c on c.table_schema = t.table_schema and c.table_name = t.table_name
    where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      and t.table_name not like 'sys\\_%'
      and (${like}::text is null or t.table_name like ${like}::text)
    group by t.table_schema, t.table_name
    order by t.table_name`),
  );
}

/** One table's columns (in order), comments and plain indexes; null when the table does not exist. */
export async function readTable(db: Db, name: string): Promise<DbTable | null> {
  if (isInternalTable(name)) return null;
  const cols = parsedRows(
    columnRow,
    await db.execute(sql`
    select c.column_name as "name", c.data_type as "dataType", c.is_nullable = 'YES' as "nullable",
      c.column_default is not null or c.is_identity = 'YES' as "hasDefault", c.column_default as "defaultExpr",
      coalesce(c.column_default like 'nextval(%', false) or c.is_identity = 'YES' as "generated",
      c.character_maximum_length as "maxLength", c.numeric_precision as "precision",
      c.numeric_scale as "scale",
      col_description(format('%I.%I', c.table_schema, c.table_name)::regclass, c.ordinal_position::int)
        as "comment"
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and c.table_name = ${name} and t.table_type = 'BASE TABLE'
    order by c.ordinal_position`),
  );
  if (!cols.length) return null;
  const [meta] = parsedRows(
    z.object({ comment: z.string().nullable() }),
    await db.execute(
      sql`select obj_description(format('%I.%I', current_schema(), ${name}::text)::regclass, 'pg_class') as "comment"`,
    ),
  );
  // Plain indexes only (no expressions, no predicate): what a drizzle declaration can say as .on(columns).
  const idx = parsedRows(
    indexRow,
    await db.execute(sql`
    select i.relname as "name", x.indisunique as "unique",
      (select json_agg(a.attname::text order by k.n)
         from unnest(x.indkey::int2[]) with ordinality k(attnum, n)
         join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum) as "columns"
    from pg_index x join pg_class i on i.oid = x.indexrelid
    where x.indrelid = format('%I.%I', current_schema(), ${name}::text)::regclass
      and not x.indisprimary and x.indexprs is null and x.indpred is null
    order by i.relname`),
  );
  return {
    name,
    comment: meta?.comment ?? null,
    columns: cols,
    indexes: idx,
  };
}
