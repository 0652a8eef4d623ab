// A configured table → the files of a family in the project's own patterns: the contract's zod body,
// the drizzle table, the engine declaration, the menu seed, the ResourcePage declaration and its zh/en
// catalogues, and a note saying where each piece is wired in.
import type { CodegenColumn, CodegenConfig, GeneratedFile } from '@tradelane/contract';
import { camel, isSupported, kebab, mustSend, SERVER_OWNED } from './defaults.ts';
import { type ColumnKind, columnKind, type DbColumn, type DbTable } from './introspect.ts';
import { type Node, print, q, statement } from './printer.ts';

interface Col {
  db: DbColumn;
  cfg: CodegenColumn;
  prop: string;
  kind: ColumnKind;
  /** On the generated form (and so in the contract's body). */
  form: boolean;
  required: boolean;
}

interface Model {
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

const plural = (s: string) =>
  /[^aeiou]y$/.test(s) ? `${s.slice(0, -1)}ies` : /(s|x|ch|sh)$/.test(s) ? `${s}es` : `${s}s`;

const INT_TYPES = ['smallint', 'integer', 'bigint'];

/** The five stamps of `base` (schema.ts), as the project declares them. */
function hasBaseColumns(t: DbTable): boolean {
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
function drizzleType(c: DbColumn): { fn: string; code: string } | null {
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
function drizzleDefault(c: DbColumn): { call: string; sql: boolean } | null {
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

function model(table: DbTable, config: CodegenConfig): Model {
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

const header = (m: Model, what: string) =>
  `// ${m.config.titleZh} / ${m.config.titleEn}: ${what}.\n// Made by the code generator from table ${m.table.name}.\n`;

/** `{ a, b }` — or one name a line when the line would be too long. */
function importList(names: string[]): string {
  const sorted = [...names].sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
  const flat = `{ ${sorted.join(', ')} }`;
  return flat.length + 30 <= 110 ? flat : `{\n${sorted.map((n) => `  ${n},\n`).join('')}}`;
}
/** Biome sorts named imports by name, ignoring a leading `type `. */
const sortKey = (n: string) => n.replace(/^type /, '');

// ---------------------------------------------------------------------------------------------------
// contract

const patternConst = (c: Col) => `${c.db.name.toUpperCase()}_PATTERN`;

/** A regex literal of the pattern: a `/` not already escaped is escaped. */
function regexLiteral(p: string): string {
  let out = '';
  let escaped = false;
  let inClass = false;
  for (const ch of p) {
    if (escaped) {
      out += ch;
      escaped = false;
      continue;
    }
    if (ch === '\\') escaped = true;
    else if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    out += ch === '/' && !inClass ? '\\/' : ch;
  }
  return `/${out}/`;
}

function zodOf(c: Col): { chain: string; calls: string[] } {
  const optional = c.required ? [] : [c.db.nullable ? '.nullish()' : '.optional()'];
  if (c.kind === 'text') {
    const max =
      c.cfg.maxLength && c.db.maxLength
        ? Math.min(c.cfg.maxLength, c.db.maxLength)
        : (c.cfg.maxLength ?? c.db.maxLength);
    return {
      chain: 'z',
      calls: [
        '.string()',
        '.trim()',
        ...(c.required ? [`.min(1, { message: 'validation.required' })`] : []),
        ...(max ? [`.max(${max})`] : []),
        ...(c.cfg.pattern ? [`.regex(${patternConst(c)}, { message: 'validation.invalid_format' })`] : []),
        ...optional,
      ],
    };
  }
  if (c.kind === 'number') {
    const calls = ['.number()'];
    if (INT_TYPES.includes(c.db.dataType)) calls.push('.int()');
    if (c.db.dataType === 'smallint') calls.push('.min(-32768)', '.max(32767)');
    if (c.db.dataType === 'integer') calls.push('.min(-2147483648)', '.max(2147483647)');
    if (c.db.dataType === 'numeric' && c.db.precision !== null) {
      const digits = c.db.precision - (c.db.scale ?? 0);
      calls.push(`.gt(-1e${digits})`, `.lt(1e${digits})`);
    }
    return { chain: 'z.coerce', calls: [...calls, ...optional] };
  }
  if (c.kind === 'boolean') return { chain: 'z', calls: ['.boolean()', ...optional] };
  if (c.db.dataType === 'date')
    return {
      chain: 'z',
      calls: [
        '.string()',
        `.regex(/^\\d{4}-\\d{2}-\\d{2}$/, { message: 'validation.invalid_format' })`,
        `.refine(isCalendarDate, { message: 'validation.invalid_date' })`,
        ...optional,
      ],
    };
  return { chain: 'z.coerce', calls: ['.date()', ...optional] };
}

function renderContract(m: Model): string {
  const form = m.cols.filter((c) => c.form);
  const needsDate = form.some((c) => c.db.dataType === 'date');
  let out = header(m, 'the body of a create; an update sends any part of it');
  if (needsDate) out += `import { z } from 'zod';\nimport { isCalendarDate } from './project.ts';\n\n`;
  else out += `import { z } from 'zod';\n\n`;
  for (const c of form)
    if (c.cfg.pattern && c.kind === 'text')
      out += `const ${patternConst(c)} = ${regexLiteral(c.cfg.pattern)};\n`;
  if (form.some((c) => c.cfg.pattern && c.kind === 'text')) out += '\n';
  const shape: Node = { obj: form.map((c) => [c.prop, zodOf(c)]) };
  out += `export const ${m.family}Create = z.object(${print(shape, 0, 0, ');').replace(/^\{ \}$/, '{}')});\n`;
  out += `export type ${m.Name}Create = z.infer<typeof ${m.family}Create>;\n`;
  return out;
}

// ---------------------------------------------------------------------------------------------------
// server: table, declaration, menu seed

function renderSchema(m: Model): string {
  const fns = new Set<string>(['pgTable']);
  let usesSql = false;
  const entries: string[] = [];
  const base = new Set(m.hasBase ? ['id', 'create_time', 'update_time', 'create_by', 'update_by'] : []);
  if (m.hasBase) entries.push('  ...base,\n');
  for (const c of m.declared) {
    if (base.has(c.name)) continue;
    const t = drizzleType(c);
    if (!t) continue;
    let code: string;
    if (c.name === 'id') {
      if (c.generated && c.dataType === 'bigint') {
        fns.add('bigserial');
        code = `bigserial('id', { mode: 'number' }).primaryKey()`;
      } else if (c.generated && c.dataType === 'integer') {
        fns.add('serial');
        code = `serial('id').primaryKey()`;
      } else {
        fns.add(t.fn);
        code = `${t.code}.primaryKey()`;
      }
    } else {
      fns.add(t.fn);
      const d = drizzleDefault(c);
      if (d?.sql) usesSql = true;
      code = `${t.code}${c.nullable ? '' : '.notNull()'}${d?.call ?? ''}`;
    }
    const line = `  ${camel(c.name)}: ${code},`;
    entries.push(line.length <= 110 ? `${line}\n` : `  ${camel(c.name)}: ${breakChain(code)},\n`);
  }
  const idx = [
    ...m.table.indexes.filter((i) => i.columns.every((c) => m.declared.some((d) => d.name === c))),
    ...m.newIndexes.map((i) => ({ ...i, unique: false })),
  ];
  for (const i of idx) fns.add(i.unique ? 'uniqueIndex' : 'index');
  const missing = m.table.columns.filter((c) => !drizzleType(c)).map((c) => `${c.name} (${c.dataType})`);
  let out = header(m, 'the table as the database holds it');
  if (missing.length) out += `// Not declared (types the generator does not know): ${missing.join(', ')}.\n`;
  if (usesSql) out += `import { sql } from 'drizzle-orm';\n`;
  out += `import ${importList([...fns])} from 'drizzle-orm/pg-core';\n`;
  if (m.hasBase) out += `import { base } from './schema.ts';\n`;
  out += '\n';
  const body = `{\n${entries.join('')}}`;
  if (!idx.length) return `${out}export const ${m.tableConst} = pgTable(${q(m.table.name)}, ${body});\n`;
  const indexLines = idx.map((i) => {
    const fn = i.unique ? 'uniqueIndex' : 'index';
    return `${fn}(${q(i.name)}).on(${i.columns.map((c) => `t.${camel(c)}`).join(', ')})`;
  });
  const oneLine = `  (t) => [${indexLines.join(', ')}],`;
  const indexes =
    oneLine.length <= 110 && idx.length === 1
      ? `${oneLine}\n`
      : `  (t) => [\n${indexLines.map((l) => `    ${l},\n`).join('')}  ],\n`;
  const shifted = body.replace(/\n/g, '\n  ');
  return `${out}export const ${m.tableConst} = pgTable(\n  ${q(m.table.name)},\n  ${shifted},\n${indexes});\n`;
}

/** `a(…).notNull().default(…)` one call a line (a member chain too long for its line). */
function breakChain(code: string): string {
  const parts = code.split(/(?=\.(?:notNull|default|defaultNow|primaryKey)\()/);
  return (
    parts[0] +
    parts
      .slice(1)
      .map((p) => `\n    ${p}`)
      .join('')
  );
}

function renderResource(m: Model): string {
  const filters: [string, Node][] = [['id', q('equal')]];
  for (const c of m.cols) if (c.cfg.queryType && c.prop !== 'id') filters.push([c.prop, q(c.cfg.queryType)]);
  const hasCreateTime = m.table.columns.some((c) => c.name === 'create_time');
  const listed = m.cols.filter((c) => c.cfg.listVisible);
  const decl: Node = {
    obj: [
      ['name', q(m.family)],
      ['table', m.tableConst],
      ['create', `${m.family}Create`],
      ['filters', { obj: filters }],
      ['defaultSort', { arr: [q(hasCreateTime ? 'createTime,desc' : 'id,desc')] }],
      [
        'permissions',
        {
          obj: [
            ['list', q(`${m.family}:list`)],
            ['create', q(`${m.family}:add`)],
            ['update', q(`${m.family}:edit`)],
            ['delete', q(`${m.family}:del`)],
          ],
        },
      ],
      ['scope', q(m.tenant ? 'tenant' : 'platform')],
      [
        'labels',
        {
          obj: [
            ['zh', { obj: listed.map((c) => [c.prop, q(c.cfg.labelZh)]) }],
            ['en', { obj: listed.map((c) => [c.prop, q(c.cfg.labelEn)]) }],
          ],
        },
      ],
    ],
  };
  let out = header(m, `the ${m.family} family on the resource engine`);
  out += `import { ${m.family}Create } from '@tradelane/contract';\n`;
  out += `import { ${m.tableConst} } from '../../db/schema-${m.file}.ts';\n`;
  out += `import { defineResource } from '../../resources/engine.ts';\n\n`;
  out += statement(`export const ${m.family}Resource = defineResource(`, decl).replace(/;\n$/, ');\n');
  return out;
}

function renderSeed(m: Model): string {
  const p = (a: string) => q(`${m.family}:${a}`);
  const perms = ['list', 'add', 'edit', 'del'].map(p);
  const menu: Node = {
    obj: [
      ['key', p('list')],
      ['title', q(m.config.titleZh)],
      ['enTitle', q(m.config.titleEn)],
      ['type', '1'],
      ['path', q(m.file)],
      ['component', q(`${m.file}/index`)],
      ['componentName', q(m.Name)],
      ['permission', p('list')],
      ['icon', q('table')],
      ['sort', '90'],
      [
        'children',
        {
          arr: [
            {
              call: 'button',
              args: [p('add'), q(`新增${m.config.titleZh}`), q(`Add: ${m.config.titleEn}`), '1'],
            },
            {
              call: 'button',
              args: [p('edit'), q(`编辑${m.config.titleZh}`), q(`Edit: ${m.config.titleEn}`), '2'],
            },
            {
              call: 'button',
              args: [p('del'), q(`删除${m.config.titleZh}`), q(`Delete: ${m.config.titleEn}`), '3'],
            },
          ],
        },
      ],
    ],
  };
  let out = header(m, 'the menu and its buttons, granted to the platform administrators');
  out += `import type { Db } from '../client.ts';\nimport type { MenuSeed } from './menus.ts';\n`;
  out += `import { button, grantMenusToRole, insertMenus } from './reference.ts';\n\n`;
  out += statement(`export const ${m.family}Menu: MenuSeed = `, menu);
  out += '\n';
  out += statement(`export const ${m.family}Permissions = `, { arr: perms });
  out += '\n/** A seed step (db/seed/index.ts runs each step once). */\n';
  out += `export async function seed${m.Name}(db: Db) {\n`;
  out += `  await insertMenus(db, [${m.family}Menu], null);\n`;
  out += `  await grantMenusToRole(db, 'admin', ${m.family}Permissions);\n}\n`;
  return out;
}

// ---------------------------------------------------------------------------------------------------
// web: the page declaration and its catalogues

function tsType(c: Col): string {
  const t = c.kind === 'number' ? 'number' : c.kind === 'boolean' ? 'boolean' : 'string';
  return c.db.nullable ? `${t} | null` : t;
}

const labelKey = (m: Model, c: Col) => q(`resources.${m.family}.fields.${c.prop}`);

function valueType(c: Col): [string, Node][] {
  if (c.kind === 'number') return [['valueType', q('number')]];
  if (c.kind === 'boolean') return [['valueType', q('boolean')]];
  return [];
}

function filterOf(m: Model, c: Col): Node {
  const base: [string, Node][] = [
    ['name', q(c.prop)],
    ['labelKey', labelKey(m, c)],
  ];
  const qt = c.cfg.queryType;
  if (qt === 'between' && c.kind === 'date') return { obj: [...base, ['type', q('dateRange')]] };
  if ((qt === 'equal' || qt === 'in') && c.cfg.dictName)
    return { obj: [...base, ['type', q('dict')], ['dict', q(c.cfg.dictName)], ...valueType(c)] };
  if (qt === 'equal' && c.kind === 'boolean') return { obj: [...base, ['type', q('bool')]] };
  return { obj: [...base, ['type', q('text')]] };
}

function columnOf(m: Model, c: Col): Node {
  const e: [string, Node][] = [
    ['key', q(c.prop)],
    ['titleKey', labelKey(m, c)],
  ];
  const isTime = c.db.dataType.startsWith('timestamp');
  e.push(['width', String(isTime ? 170 : c.kind === 'text' ? 180 : 120)]);
  if (m.sortable.has(c.db.name)) e.push(['sortable', 'true']);
  if (c.cfg.dictName) e.push(['dict', q(c.cfg.dictName)]);
  else if (isTime) e.push(['kind', q('datetime')]);
  else if (c.kind === 'boolean') e.push(['kind', q('bool')]);
  else if (c.kind === 'text' && (c.db.maxLength ?? 1000) > 64) e.push(['kind', q('ellipsis')]);
  return { obj: e };
}

const DATE_RENDER = '(_ctx, props) => <DateField {...(props as DateFieldProps)} />';

function fieldOf(m: Model, c: Col): Node {
  const e: [string, Node][] = [
    ['name', q(c.prop)],
    ['labelKey', labelKey(m, c)],
  ];
  const t = c.cfg.formType;
  if (t === 'date') e.push(['type', q('custom')]);
  else if (t !== 'input') e.push(['type', q(t)]);
  if (c.required) e.push(['required', 'true']);
  if ((t === 'select' || t === 'radio') && c.cfg.dictName)
    e.push(['dict', q(c.cfg.dictName)], ...valueType(c));
  if ((t === 'input' || t === 'textarea') && (c.cfg.maxLength ?? c.db.maxLength))
    e.push(['max', String(Math.min(c.cfg.maxLength ?? Infinity, c.db.maxLength ?? Infinity))]);
  if (t === 'date') e.push(['render', DATE_RENDER]);
  return { obj: e };
}

function renderPage(m: Model): string {
  const listed = m.cols.filter((c) => c.cfg.listVisible);
  const form = m.cols.filter((c) => c.form);
  const hasDate = form.some((c) => c.cfg.formType === 'date');
  const hasCreateTime = m.table.columns.some((c) => c.name === 'create_time');
  const perm = (a: string) => ({ obj: [['permission', { arr: [q(`${m.family}:${a}`)] }]] }) as Node;
  const decl: Node = {
    obj: [
      ['name', q(m.family)],
      ['defaultSort', q(hasCreateTime ? 'createTime,desc' : 'id,desc')],
      ['filters', { arr: m.cols.filter((c) => c.cfg.queryType).map((c) => filterOf(m, c)) }],
      ['columns', { arr: listed.map((c) => columnOf(m, c)) }],
      [
        'form',
        {
          obj: [
            ['schema', `${m.family}Create`],
            ['fields', { arr: form.map((c) => fieldOf(m, c)) }],
          ],
        },
      ],
      [
        'permissions',
        {
          obj: [
            ['add', perm('add')],
            ['edit', perm('edit')],
            ['del', perm('del')],
          ],
        },
      ],
    ],
  };
  const row = m.cols.filter((c) => c.prop !== 'id').map((c) => `  ${c.prop}: ${tsType(c)};\n`);
  let out = header(m, `the list and form page of the ${m.family} family`);
  out += `import { ${m.family}Create } from '@tradelane/contract';\n`;
  out += `import { ResourcePage } from '../../components/resource/ResourcePage.tsx';\n`;
  out += `import type { ResourceDecl } from '../../components/resource/types.ts';\n`;
  if (hasDate) out += `import { DateField, type DateFieldProps } from '../project/shared/DateField.tsx';\n`;
  out += `\ninterface ${m.Name}Row {\n  id: number;\n${row.join('')}}\n\n`;
  out += statement(`const decl: ResourceDecl<${m.Name}Row> = `, decl);
  out += `\nexport default function ${m.Name}Page() {\n`;
  out += `  return <ResourcePage decl={decl} titleKey="resources.${m.family}.what" />;\n}\n`;
  return out;
}

function renderCatalogue(m: Model, lang: 'zh' | 'en'): string {
  const title = lang === 'zh' ? m.config.titleZh : m.config.titleEn;
  const fields: [string, Node][] = m.cols.map((c) => [
    c.prop,
    q(lang === 'zh' ? c.cfg.labelZh : c.cfg.labelEn),
  ]);
  let out = header(
    m,
    `the ${lang} texts of the ${m.family} pages; ${lang === 'zh' ? 'en' : 'zh'}/${m.file}.ts holds the same keys`,
  );
  out += statement(`export const ${m.family} = `, {
    obj: [
      ['what', q(title)],
      ['fields', { obj: fields }],
    ],
  });
  return out;
}

function renderNote(m: Model, files: GeneratedFile[]): string {
  return `# ${m.config.titleZh} / ${m.config.titleEn} — the \`${m.family}\` family

Generated by the code generator from table \`${m.table.name}\`${m.tenant ? ' (tenant-scoped: each company sees its own rows)' : ' (platform-wide)'}.

## Files
${files.map((f) => `- \`${f.path}\``).join('\n')}

## Wiring it in
1. \`packages/contract/src/index.ts\`: \`export * from './${m.file}.ts';\`
2. \`packages/server/src/modules/index.ts\`: import \`${m.family}Resource\` from \`./${m.file}/resource.ts\` and
   \`registerResource(app, ${m.family}Resource)\`.
3. \`packages/server/src/db/seed/index.ts\`: a new step \`{ version: <next>, name: '${m.family} menu', run: seed${m.Name} }\`.
4. \`packages/web/src/router/registry.ts\`: \`'${m.file}': () => import('../pages/${m.file}/${m.Name}Page.tsx'),\`
5. \`packages/web/src/i18n/{zh,en}/index.ts\`: import \`${m.family}\` from \`./${m.file}.ts\` and add it under
   \`resources\` (\`resources: { ${m.family} }\`).
6. If the table was made by hand, \`npx drizzle-kit generate\` (in packages/server) writes its migration from
   \`schema-${m.file}.ts\`${m.newIndexes.length ? `, with the indexes its scope and filters need (${m.newIndexes.map((i) => i.name).join(', ')})` : ''}.
`;
}

/** Every file of the family, in the order they are wired in. */
export function renderFamily(table: DbTable, config: CodegenConfig): GeneratedFile[] {
  const m = model(table, config);
  const files: GeneratedFile[] = [
    { path: `packages/contract/src/${m.file}.ts`, content: renderContract(m) },
    { path: `packages/server/src/db/schema-${m.file}.ts`, content: renderSchema(m) },
    { path: `packages/server/src/modules/${m.file}/resource.ts`, content: renderResource(m) },
    { path: `packages/server/src/db/seed/${m.file}.ts`, content: renderSeed(m) },
    { path: `packages/web/src/pages/${m.file}/${m.Name}Page.tsx`, content: renderPage(m) },
    { path: `packages/web/src/i18n/zh/${m.file}.ts`, content: renderCatalogue(m, 'zh') },
    { path: `packages/web/src/i18n/en/${m.file}.ts`, content: renderCatalogue(m, 'en') },
  ];
  return [{ path: `docs/generated/${m.file}.md`, content: renderNote(m, files) }, ...files];
}
