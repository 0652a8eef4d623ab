// Form rules from the contract's zod shapes: the browser checks what the server checks, with the
// server's own messages (the contract catalogue), naming the field by its label. Nothing is rewritten.
import { isMessageCode, type Lang, translate } from '@tradelane/contract';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

/** A zod object's field schemas (also of a refined object). */
export type Shape = Record<string, z.ZodType>;

/**
 * The field schemas of a body schema: an object's shape (also refined), both sides of an intersection
 * (an object and its extra fields), the input of a pipe. Empty for anything else.
 */
export function shapeOf(schema: z.ZodType): Shape {
  const s = schema as z.ZodType & { shape?: Shape };
  if (s.shape && typeof s.shape === 'object') return s.shape;
  const def = s.def as { type: string; left?: z.ZodType; right?: z.ZodType; in?: z.ZodType };
  if (def.type === 'intersection' && def.left && def.right)
    return { ...shapeOf(def.left), ...shapeOf(def.right) };
  if (def.type === 'pipe' && def.in) return shapeOf(def.in);
  return {};
}

/** The longest text a field takes (z.string().max(n), also under optional/nullable), or undefined. */
export function maxLengthOf(schema: z.ZodType | undefined): number | undefined {
  let s = schema as (z.ZodType & { maxLength?: number | null; unwrap?: () => z.ZodType }) | undefined;
  for (let i = 0; s && i < 5; i++) {
    if (typeof s.maxLength === 'number') return s.maxLength;
    const def = s.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
    s = (def.innerType ?? def.in) as typeof s;
  }
  return undefined;
}

interface IssueLike {
  code: string;
  message: string;
  minimum?: unknown;
  maximum?: unknown;
  origin?: string;
  /** A custom issue's message parameters (the expected check digit of an IMO or container number). */
  params?: Record<string, unknown>;
}

/** Why a value failed, in the contract's words ('长度或数值过大（最大 200）'). */
export function reasonOf(issue: IssueLike, lang: Lang): string {
  if (isMessageCode(issue.message)) return translate(issue.message, lang, issue.params);
  if (issue.code === 'too_small') return translate('validation.too_small', lang, { min: issue.minimum });
  if (issue.code === 'too_big') return translate('validation.too_big', lang, { max: issue.maximum });
  if (issue.code === 'invalid_type') return translate('validation.invalid_type', lang);
  if (issue.code === 'invalid_format') return translate('validation.invalid_format', lang);
  return translate('validation.invalid_value', lang);
}

/** "<label>: <reason>" */
export function labelled(label: string, reason: string, lang: Lang): string {
  return lang === 'zh' ? `${label}：${reason}` : `${label}: ${reason}`;
}

/** "<label>: required" in the contract's words (a field the contract names otherwise, e.g. a pick of two). */
export function requiredText(label: string, lang: Lang): string {
  return labelled(label, translate('validation.required', lang), lang);
}

/** The rule that runs the field's contract schema on a filled-in value. */
export function schemaRule(schema: z.ZodType, label: string, lang: Lang): FormRule {
  return {
    validator: async (_, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      // Blank text of a field that needs a value is missing (the contract trims it), not "too short".
      if (typeof value === 'string' && !value.trim() && isRequired(schema))
        throw new Error(requiredText(label, lang));
      const r = schema.safeParse(value);
      if (!r.success) throw new Error(labelled(label, reasonOf(r.error.issues[0] as IssueLike, lang), lang));
    },
  };
}

/** Whether the contract's field schema refuses an empty value (not optional, nullish or defaulted). */
export function isRequired(schema: z.ZodType): boolean {
  return !schema.safeParse(undefined).success;
}

/**
 * A form field's rules from its contract schema: required when the schema needs a value, then the
 * schema's own checks (max, pattern, range) with the contract's messages — no hand-written copy.
 */
export function fieldRules(schema: z.ZodType, label: string, lang: Lang): FormRule[] {
  const rules: FormRule[] = [schemaRule(schema, label, lang)];
  if (isRequired(schema))
    // Only `required`: antd then checks any type (a picked id, a number, a text); blank text is the
    // schema rule's (a `whitespace` flag here would make antd demand a text).
    rules.unshift({ required: true, message: requiredText(label, lang) });
  return rules;
}

/**
 * A form's rules by field from its contract body's fields, in the user's language:
 * `const rules = useFieldRules(mailConfigInput.shape); <Form.Item rules={rules('host', 'mail.host')}>`.
 */
export function useFieldRules<S extends Shape>(shape: S) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  return (field: keyof S & string, labelKey: string): FormRule[] =>
    fieldRules(shape[field] as z.ZodType, t(labelKey), lang);
}
