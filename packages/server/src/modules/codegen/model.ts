// The model the renderers share: a configured table's columns with their property names, kinds and
// choices, the indexes its scope and filters need, and the bits every generated file starts with.
import type { CodegenColumn, CodegenConfig } from '@tradelane/contract';
import { camel, isSupported, kebab, mustSend, SERVER_OWNED } from './defaults.ts';
import { type ColumnKind, columnKind, type DbColumn, type DbTable } from './introspect.ts';
import { q } from './printer.ts';

export interface Col {
  db: DbColumn;
  cfg: CodegenColumn;
  prop: string;
  kind: ColumnKind;
  /** On the generated form (and so in the contract's body). */
  form: boolean;
  required: boolean;
}

export interface Model {
  config: CodegenConfig;
  table: DbTable;
  family: string;
  Name: string;
  file: string;
  tableConst: string;
  cols: Col[];
  /** Columns the drizzle table declares (every column of a type it knows). */
  declared: DbColumn[];
  tenant: boolean;
  hasBase: boolean;
  sortable: Set<string>;
  newIndexes: { name: string; columns: string[] }[];
}

export const plural = (s: string) =>
  /[^aeiou]y$/.test(s) ? `${s.slice(0, -1)}ies` : /(s|x|ch|sh)$/.test(s) ? `${s}es` : `${s}s`;

export const INT_TYPES = ['smallint', 'integer', 'bigint'];

/** The five stamps of `base` (schema.ts), as the project declares them. */
export function hasBaseColumns(t: DbTable): boolean {
  const c = (n: string) => t.columns.find((x) => x.name === n);
  const id = c('id');
  const stamp = (n: string) => c(n)?.dataType === 'timestamp with time zone' && !c(n)?.nullable;
  const by = (n: string) => c(n)?.dataType === 'character varying' && c(n)?.maxLength === 64;
  return Boolean(
    id?.dataType === 'bigint' &&
      id.generated &&
      stamp('create_time') &&
      stamp('update_time') &&
      by('create_by') &&
      by('update_by'),
  );
}

/** The drizzle builder of a column, or null when its type is not one the generator declares. */
export function drizzleType(c: DbColumn): { fn: string; code: string } | null {
  const n = q(c.name);
  switch (c.dataType) {
    case 'character varying':
      return {
        fn: 'varchar',
        code: c.maxLength ? `varchar(${n}, { length: ${c.maxLength} })` : `varchar(${n})`,
      };
    case 'character':
      return { fn: 'char', code: `char(${n}, { length: ${c.maxLength ?? 1} })` };
    case 'text':
      return { fn: 'text', code: `text(${n})` };
    case 'uuid':
      return { fn: 'uuid', code: `uuid(${n})` };
    case 'smallint':
      return { fn: 'smallint', code: `smallint(${n})` };
    case 'integer':
      return { fn: 'integer', code: `integer(${n})` };
    case 'bigint':
      return { fn: 'bigint', code: `bigint(${n}, { mode: 'number' })` };
    case 'numeric':
      return {
        fn: 'numeric',
        code:
          c.precision !== null
            ? `numeric(${n}, { precision: ${c.precision}, scale: ${c.scale ?? 0}, mode: 'number' })`
            : `numeric(${n}, { mode: 'number' })`,
      };
    case 'real':
      return { fn: 'real', code: `real(${n})` };
    case 'double precision':
      return { fn: 'doublePrecision', code: `doublePrecision(${n})` };
    case 'boolean':
      return { fn: 'boolean', code: `boolean(${n})` };
    case 'date':
      return { fn: 'date', code: `date(${n}, { mode: 'string' })` };
    case 'timestamp with time zone':
      return { fn: 'timestamp', code: `timestamp(${n}, { withTimezone: true, mode: 'date' })` };
    case 'timestamp without time zone':
      return { fn: 'timestamp', code: `timestamp(${n}, { mode: 'date' })` };
    case 'jsonb':
      return { fn: 'jsonb', code: `jsonb(${n})` };
    case 'json':
      return { fn: 'json', code: `json(${n})` };
    default:
      return null;
  }
}

/** The column's default as drizzle says it; `sql` only when no literal form says the same. */
export function drizzleDefault(c: DbColumn): { call: string; sql: boolean } | null {
  const d = c.defaultExpr?.trim();
  if (!d || c.generated) return null;
  if (/^(now\(\)|CURRENT_TIMESTAMP)$/i.test(d)) return { call: '.defaultNow()', sql: false };
  if (/^-?\d+(\.\d+)?$/.test(d) && columnKind(c) === 'number') return { call: `.default(${d})`, sql: false };
  if (/^(true|false)$/.test(d)) return { call: `.default(${d})`, sql: false };
  const str = /^'((?:[^']|'')*)'::[a-z ]+$/.exec(d);
  if (str && columnKind(c) === 'text')
    return { call: `.default(${q(str[1].replace(/''/g, "'"))})`, sql: false };
  return { call: `.default(sql\`${d.replace(/[`\\]/g, '\\$&').replace(/\$\{/g, '\\${')}\`)`, sql: true };
}

export function model(table: DbTable, config: CodegenConfig): Model {
  const byName = new Map(config.columns.map((c) => [c.columnName, c]));
  const declared = table.columns.filter((c) => drizzleType(c));
  const cols: Col[] = table.columns
    .filter((db) => isSupported(db) && byName.has(db.name))
    .map((db) => {
      const cfg = byName.get(db.name) as CodegenColumn;
      const form = cfg.formVisible && !SERVER_OWNED.has(db.name);
      return {
        db,
        cfg,
        prop: camel(db.name),
        kind: columnKind(db),
        form,
        required: cfg.required || mustSend(db),
      };
    });
  const tenant = table.columns.some((c) => c.name === 'tenant_id');
  const family = config.family;
  const lead = (c: string) => (tenant ? ['tenant_id', c] : [c]);
  const covered = (cols: string[]) =>
    table.indexes.some((i) => cols.every((c, n) => i.columns[n] === c)) ||
    (cols.length === 1 && cols[0] === 'id');
  const newIndexes: Model['newIndexes'] = [];
  const want = (columns: string[]) => {
    if (covered(columns) || newIndexes.some((i) => i.columns.join() === columns.join())) return;
    const name = `${table.name}_${columns.at(-1)}_idx`.slice(0, 63);
    newIndexes.push({ name, columns });
  };
  // The scope and the default sort, then every filter (but `like`, which no b-tree serves).
  if (tenant) want(table.columns.some((c) => c.name === 'create_time') ? lead('create_time') : ['tenant_id']);
  for (const c of cols)
    if (c.cfg.queryType && c.cfg.queryType !== 'like' && c.db.name !== 'id') want(lead(c.db.name));
  const sortable = new Set(['id']);
  for (const i of [...table.indexes, ...newIndexes]) {
    const first = tenant && i.columns[0] === 'tenant_id' ? i.columns[1] : i.columns[0];
    if (first) sortable.add(first);
  }
  return {
    config,
    table,
    family,
    Name: family.charAt(0).toUpperCase() + family.slice(1),
    file: kebab(family),
    tableConst: plural(family),
    cols,
    declared,
    tenant,
    hasBase: hasBaseColumns(table),
    sortable,
    newIndexes,
  };
}

export const header = (m: Model, what: string) =>
  `// ${m.config.titleZh} / ${m.config.titleEn}: ${what}.\n// Made by the code generator from table ${m.table.name}.\n`;

/** `{ a, b }` — or one name a line when the line would be too long. */
export function importList(names: string[]): string {
  const sorted = [...names].sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
  const flat = `{ ${sorted.join(', ')} }`;
  return flat.length + 30 <= 110 ? flat : `{\n${sorted.map((n) => `  ${n},\n`).join('')}}`;
}
/** Biome sorts named imports by name, ignoring a leading `type `. */
export const sortKey = (n: string) => n.replace(/^type /, '');
