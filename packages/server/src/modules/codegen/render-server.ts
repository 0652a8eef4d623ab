// The contract's zod body, the drizzle table, the engine declaration and the menu seed of a family.
import { camel } from './defaults.ts';
import { type Col, drizzleDefault, drizzleType, header, INT_TYPES, importList, type Model } from './model.ts';
import { type Node, print, q, statement } from './printer.ts';

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

export function renderContract(m: Model): string {
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
  // The family's permissions join the contract's catalogue (the seed, the declaration and the page name them).
  out += `\n/** The family's permissions in the contract's catalogue. */\n`;
  out += `declare module './permissions.ts' {\n  interface PermissionCatalogue {\n`;
  for (const a of ['list', 'add', 'edit', 'del']) out += `    '${m.family}:${a}': true;\n`;
  out += '  }\n}\n';
  return out;
}

// ---------------------------------------------------------------------------------------------------
// server: table, declaration, menu seed

export function renderSchema(m: Model): string {
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

export function renderResource(m: Model): string {
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

export function renderSeed(m: Model): string {
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
  out += `import type { Db } from '../db/client.ts';\nimport type { MenuSeed } from './menus.ts';\n`;
  out += `import { button, grantMenusToRole, insertMenus } from './reference.ts';\n\n`;
  out += statement(`export const ${m.family}Menu: MenuSeed = `, menu);
  out += '\n';
  out += statement(`export const ${m.family}Permissions = `, { arr: perms });
  out += '\n/** A seed step (seed/index.ts runs each step once). */\n';
  out += `export async function seed${m.Name}(db: Db) {\n`;
  out += `  await insertMenus(db, [${m.family}Menu], null);\n`;
  out += `  await grantMenusToRole(db, 'admin', ${m.family}Permissions);\n}\n`;
  return out;
}
