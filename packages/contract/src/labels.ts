// Field labels of every family, written once: the web mounts them as `resources.<family>.fields.<field>`
// (a declaration names its label key only where the label is special), the server's exports use them
// as column headers in the caller's language. A field with no label keeps its key.

import { adminLabels } from './labels/admin.ts';
import { commonLabels } from './labels/common.ts';
import { financeLabels } from './labels/finance.ts';
import { logisticsLabels } from './labels/logistics.ts';
import { papersLabels } from './labels/papers.ts';
import { projectLabels } from './labels/project.ts';
import { towerLabels } from './labels/tower.ts';
import type { Lang } from './messages.ts';

/** family → field → [zh, en]. */
export type LabelCatalogue = Record<string, Record<string, readonly [zh: string, en: string]>>;

export const fieldLabels: LabelCatalogue = {
  ...adminLabels,
  ...projectLabels,
  ...papersLabels,
  ...logisticsLabels,
  ...financeLabels,
  ...towerLabels,
};

/** The i18n key of a family's field label. */
export function fieldLabelKey(family: string, field: string): string {
  return `resources.${family}.fields.${field}`;
}

/** One family's labels in one language (field → label); empty for a family with none. */
export function familyLabels(family: string, lang: Lang): Record<string, string> {
  const i = lang === 'en' ? 1 : 0;
  return Object.fromEntries(Object.entries(fieldLabels[family] ?? {}).map(([k, v]) => [k, v[i]]));
}

/** The labels in one language as an i18n tree: { <family>: { fields: { <field>: label } } }. */
export function labelResources(lang: Lang): Record<string, { fields: Record<string, string> }> {
  return Object.fromEntries(Object.keys(fieldLabels).map((f) => [f, { fields: familyLabels(f, lang) }]));
}

/**
 * A column title for a family's field in one language: the family's own label, else the field's common
 * word (labels/common.ts), else the words of its name ("portCode" → "Port code") — never the bare key.
 */
export function exportLabel(family: string, field: string, lang: Lang): string {
  const i = lang === 'en' ? 1 : 0;
  const own = fieldLabels[family]?.[field] ?? commonLabels[field];
  if (own) return own[i];
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
