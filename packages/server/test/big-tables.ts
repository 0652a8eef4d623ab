// Tables made large enough for PostgreSQL's planner to prefer an index: generated rows for
// every column by type, ids spread wide, tenants over 200 values; then VACUUM ANALYZE (statistics and the
// visibility map, as autovacuum leaves a table in production). Used by the index tests.
import type pg from 'pg';

/** A value for every column of a generated row, by type; ids spread wide, tenants over 200 values. */
export function columnValue(col: { name: string; type: string; max: number | null }): string | null {
  const text = (v: string) => (col.max ? `left(${v}, ${col.max})` : v);
  switch (col.type) {
    case 'bigint':
    case 'integer':
    case 'smallint':
      if (col.name === 'tenant_id') return `100000 + i % 200`;
      if (col.name.endsWith('_id') || col.name === 'pid') return `100000 + i`;
      return 'i % 7';
    case 'numeric':
    case 'double precision':
    case 'real':
      return 'i % 1000';
    case 'boolean':
      return 'i % 2 = 0';
    case 'character varying':
    case 'text':
    case 'character':
      return text(`'g' || i`);
    case 'date':
      return `date '2020-01-01' + i % 1000`;
    case 'timestamp with time zone':
    case 'timestamp without time zone':
      return `now() - i * interval '1 minute'`;
    case 'jsonb':
    case 'json':
      return `'[]'`;
    default:
      return null;
  }
}

/**
 * Adds `rows` generated rows to each table, then vacuums and analyzes it. With `inScope: k`, every k-th
 * generated row takes its references (`tenant_id`, `*_id`, `pid`) from one of the table's existing rows
 * (the demo's, in turn): it lands in the same company, list, batch or project, so a caller's visible set
 * grows with the table instead of staying the demo's few rows, and a filter applied after reading that
 * whole set shows up as work (the index test's rows-read rule).
 */
export async function fillTables(
  pool: pg.Pool,
  tables: string[],
  rows: number,
  opts: { inScope?: number } = {},
) {
  for (const table of tables) {
    const cols = await pool.query(
      `select column_name as name, data_type as type, character_maximum_length as max, column_default as def
       from information_schema.columns where table_name = $1 and table_schema = 'public' order by ordinal_position`,
      [table],
    );
    const filled = cols.rows.filter((c) => !(c.def ?? '').startsWith('nextval'));
    // A tenant column unique on its own (one row per company: credit_info) takes a distinct company per row.
    const uniqueAlone = await pool.query(
      `select a.attname as name from pg_index x
       join pg_attribute a on a.attrelid = x.indrelid and a.attnum = x.indkey[0]
       where x.indrelid = $1::regclass and x.indisunique and x.indnatts = 1`,
      [`"${table}"`],
    );
    const distinct = new Set(uniqueAlone.rows.map((r) => r.name as string));
    // A short text column of a unique key (a lane's 5-letter port codes) would repeat once 'g' || i is cut
    // to its length: it takes i in hexadecimal instead, distinct for 16^length rows.
    const inUnique = await pool.query(
      `select a.attname as name from pg_index x
       join pg_attribute a on a.attrelid = x.indrelid and a.attnum = any(x.indkey)
       where x.indrelid = $1::regclass and x.indisunique and not x.indisprimary`,
      [`"${table}"`],
    );
    const keyed = new Set(inUnique.rows.map((r) => r.name as string));
    const shortKey = (c: { name: string; type: string; max: number | null }) =>
      keyed.has(c.name) && c.max !== null && c.max < 12 && /char|text/.test(c.type);
    const exprs = filled.map((c) =>
      distinct.has(c.name) && c.name === 'tenant_id'
        ? '100000 + i'
        : shortKey(c)
          ? `lpad(to_hex(i), ${c.max}, '0')`
          : columnValue(c),
    );
    const isRef = (c: { name: string; type: string }) =>
      /^(bigint|integer|smallint)$/.test(c.type) &&
      (c.name === 'tenant_id' || c.name.endsWith('_id') || c.name === 'pid') &&
      !distinct.has(c.name);
    const k = opts.inScope ?? 0;
    const scoped = k > 0 && filled.some(isRef);
    const values = filled.flatMap((c, n) => {
      const e = exprs[n];
      if (e === null) return [];
      return [scoped && isRef(c) ? `case when d.n is not null then d."${c.name}" else ${e} end` : e];
    });
    const used = filled.filter((_, n) => exprs[n] !== null);
    const refs = filled.filter(isRef);
    await pool.query(
      scoped
        ? `with d as (select row_number() over () - 1 as n, ${refs.map((c) => `"${c.name}"`).join(', ')} from "${table}")
           insert into "${table}" (${used.map((c) => `"${c.name}"`).join(', ')})
           select ${values.join(', ')} from generate_series(1, ${rows}) i
           left join d on i % ${k} = 0 and d.n = (i / ${k}) % greatest(1, (select count(*) from d))
           on conflict do nothing`
        : `insert into "${table}" (${used.map((c) => `"${c.name}"`).join(', ')})
           select ${values.join(', ')} from generate_series(1, ${rows}) i`,
    );
    await pool.query(`vacuum analyze "${table}"`);
  }
  // A page is marked all-visible only once no open transaction could still miss its rows: a table
  // vacuumed while one was running (the app's own background work) is vacuumed again, as autovacuum would.
  for (let pass = 0; pass < 3; pass++) {
    const behind = await pool.query(
      `select relname from pg_class where relname = any($1) and relkind = 'r' and relallvisible < relpages`,
      [tables],
    );
    if (!behind.rows.length) break;
    await new Promise((r) => setTimeout(r, 200));
    for (const { relname } of behind.rows) await pool.query(`vacuum "${relname}"`);
  }
}
