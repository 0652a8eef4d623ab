// The code generator: per database table, how each column shows up in the family it
// generates — labels in both languages, list and form presence, form control, query kind, rules.
import { z } from 'zod';

/** Form controls the generated page can declare (ResourcePage fields; `date` is the DateField). */
export const codegenFormTypes = ['input', 'textarea', 'number', 'select', 'radio', 'switch', 'date'] as const;
/** The resource engine's filter kinds a column can be searched by. */
export const codegenQueryTypes = ['equal', 'like', 'in', 'between'] as const;
export type CodegenFormType = (typeof codegenFormTypes)[number];
export type CodegenQueryType = (typeof codegenQueryTypes)[number];

/** A PostgreSQL identifier as the generator accepts it (lower snake case, what drizzle-kit writes). */
export const zSqlIdentifier = z
  .string()
  .regex(/^[a-z_][a-z0-9_]{0,62}$/, { message: 'codegen.bad_identifier' });

/** A label goes into generated code: one line, no control characters. */
const label = z
  .string()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(64)
  .regex(/^[^\p{Cc}\p{Zl}\p{Zp}]*$/u, { message: 'validation.invalid_format' });

/** Does this pattern compile as a JavaScript regular expression on one line? */
export function isUsablePattern(p: string): boolean {
  if (/[\r\n\u2028\u2029]/.test(p)) return false;
  try {
    new RegExp(p);
    return true;
  } catch {
    return false;
  }
}

export const codegenColumn = z.object({
  columnName: zSqlIdentifier,
  labelZh: label,
  labelEn: label,
  listVisible: z.boolean(),
  formVisible: z.boolean(),
  formType: z.enum(codegenFormTypes),
  queryType: z.enum(codegenQueryTypes).nullable(),
  /** Options of a select or radio: a dictionary's name (sys_dict). */
  dictName: z.string().trim().max(64).nullish(),
  required: z.boolean(),
  maxLength: z.number().int().min(1).max(100_000).nullish(),
  pattern: z
    .string()
    .max(200)
    .nullish()
    .refine((p) => !p || isUsablePattern(p), { message: 'codegen.bad_pattern' }),
});
export type CodegenColumn = z.infer<typeof codegenColumn>;

export const codegenConfigInput = z.object({
  tableName: zSqlIdentifier,
  /** The family's name: /api/<family>, permissions <family>:list|add|edit|del, i18n resources.<family>. */
  family: z.string().regex(/^[a-z][A-Za-z0-9]{1,39}$/, { message: 'codegen.bad_family' }),
  titleZh: label,
  titleEn: label,
  columns: z.array(codegenColumn).min(1).max(300),
});
export type CodegenConfig = z.infer<typeof codegenConfigInput>;

/** One file of a generated family: its path in the workspace and its text. */
export interface GeneratedFile {
  path: string;
  content: string;
}

/** Query kinds that make sense for a column of this kind. */
export function queryTypesFor(kind: 'text' | 'number' | 'boolean' | 'date' | 'other'): CodegenQueryType[] {
  if (kind === 'text') return ['equal', 'like', 'in'];
  if (kind === 'number') return ['equal', 'in', 'between'];
  if (kind === 'date') return ['equal', 'between'];
  if (kind === 'boolean') return ['equal'];
  return [];
}
