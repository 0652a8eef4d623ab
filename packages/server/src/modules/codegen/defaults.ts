// A table's starting configuration (what the page shows before anything is kept), and the checks a
// configuration must pass against the table as it is now.
import {
  type CodegenColumn,
  type CodegenConfig,
  type CodegenFormType,
  codegenConfigInput,
  type MessageCode,
  queryTypesFor,
} from '@tradelane/contract';
import { AppError } from '../../http/errors.ts';
import { columnKind, type DbColumn, type DbTable } from './introspect.ts';

/** Set by the engine (id, stamps) or by the tenant scope: never on a generated form. */
export const SERVER_OWNED = new Set([
  'id',
  'create_time',
  'update_time',
  'create_by',
  'update_by',
  'tenant_id',
]);

export const camel = (s: string) => s.replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const kebab = (family: string) => family.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const STAMP_LABELS: Record<string, [string, string]> = {
  id: ['ID', 'ID'],
  create_time: ['创建时间', 'Created'],
  update_time: ['更新时间', 'Updated'],
  create_by: ['创建人', 'Created by'],
  update_by: ['更新人', 'Updated by'],
  tenant_id: ['所属企业', 'Company'],
};

/** 'order_no' → 'Order no'. */
function humanize(name: string): string {
  const words = name.replace(/_id$/, '').split('_').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Can the generated family list, search and edit this column (a text, number, yes/no or date)? */
export function isSupported(c: DbColumn): boolean {
  return columnKind(c) !== 'other';
}

/** Must the form send this column (NOT NULL, no default, not the server's)? */
export function mustSend(c: DbColumn): boolean {
  return !c.nullable && !c.hasDefault && !SERVER_OWNED.has(c.name);
}

export function formTypesFor(c: DbColumn): CodegenFormType[] {
  const kind = columnKind(c);
  if (kind === 'text') return ['input', 'textarea', 'select', 'radio'];
  if (kind === 'number') return ['number', 'select', 'radio'];
  if (kind === 'boolean') return ['switch', 'select', 'radio'];
  if (kind === 'date') return ['date'];
  return [];
}

/** Column titles a declared family already gives (its export labels), by property name. */
export type KnownLabels = { zh: Record<string, string>; en: Record<string, string> };

export function defaultColumn(c: DbColumn, known?: KnownLabels): CodegenColumn {
  const kind = columnKind(c);
  const stamp = STAMP_LABELS[c.name];
  const comment = c.comment?.split('\n')[0].trim().slice(0, 64) || null;
  const owned = SERVER_OWNED.has(c.name);
  const longText = c.dataType === 'text' || (c.maxLength ?? 0) > 255;
  let formType: CodegenFormType = formTypesFor(c)[0] ?? 'input';
  if (kind === 'text' && !longText) formType = 'input';
  if (kind === 'text' && longText) formType = 'textarea';
  return {
    columnName: c.name,
    labelZh: stamp?.[0] ?? known?.zh[camel(c.name)] ?? comment ?? humanize(c.name),
    labelEn: stamp?.[1] ?? known?.en[camel(c.name)] ?? humanize(c.name),
    listVisible:
      isSupported(c) &&
      !['update_time', 'create_by', 'update_by', 'tenant_id'].includes(c.name) &&
      !(c.dataType === 'text'),
    formVisible: !owned && isSupported(c),
    formType,
    queryType: c.name === 'create_time' ? 'between' : null,
    dictName: null,
    required: mustSend(c),
    maxLength: kind === 'text' ? c.maxLength : null,
    pattern: null,
  };
}

export function defaultConfig(table: DbTable, family?: string, known?: KnownLabels): CodegenConfig {
  const title = table.comment?.split('\n')[0].trim().slice(0, 64) || humanize(table.name);
  return {
    tableName: table.name,
    family: family ?? camel(table.name),
    titleZh: title,
    titleEn: humanize(table.name),
    columns: table.columns.map((c) => defaultColumn(c, known)),
  };
}

/** A kept configuration over today's table: columns gone are dropped, columns new get their defaults. */
export function mergeConfig(table: DbTable, kept: CodegenConfig): CodegenConfig {
  const byName = new Map(kept.columns.map((c) => [c.columnName, c]));
  return { ...kept, columns: table.columns.map((c) => byName.get(c.name) ?? defaultColumn(c)) };
}

const fail = (code: MessageCode, params: Record<string, string>) => new AppError(400, code, params);

/**
 * The configuration is the table's (every column once, no other) and every choice fits its column:
 * a form control and query kind of its type, a dictionary for selects, required columns on the form.
 */
export function checkConfig(table: DbTable, input: unknown): CodegenConfig {
  const config = codegenConfigInput.parse(input);
  if (!table.columns.some((c) => c.name === 'id')) throw fail('codegen.no_id', { table: table.name });
  const byName = new Map(config.columns.map((c) => [c.columnName, c]));
  for (const c of config.columns)
    if (!table.columns.some((t) => t.name === c.columnName))
      throw fail('codegen.column_unknown', { column: c.columnName });
  for (const db of table.columns) {
    const c = byName.get(db.name);
    if (!c) throw fail('codegen.column_unknown', { column: db.name });
    if (!isSupported(db)) {
      if (mustSend(db)) throw fail('codegen.column_unsupported', { column: db.name, type: db.dataType });
      continue;
    }
    if (c.queryType && !queryTypesFor(columnKind(db)).includes(c.queryType))
      throw fail('codegen.query_type', { column: db.name, query: c.queryType });
    if (SERVER_OWNED.has(db.name)) continue;
    if (c.formVisible && !formTypesFor(db).includes(c.formType))
      throw fail('codegen.form_type', { column: db.name, form: c.formType });
    if (c.formVisible && (c.formType === 'select' || c.formType === 'radio') && !c.dictName)
      throw fail('codegen.dict_required', { column: db.name });
    if (mustSend(db) && !c.formVisible) throw fail('codegen.required_in_form', { column: db.name });
  }
  return config;
}
