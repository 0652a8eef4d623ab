// The operation log's "operation" in words: a route's own description ('login') or, for the generic
// "METHOD /api/<resource>/…" ones, a verb and the resource's name, both from the catalogue.
import type { TFunction } from 'i18next';

const VERBS: Record<string, string> = { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' };

export function operationName(description: string | null, t: TFunction): string {
  if (!description) return '-';
  const m = /^(GET|POST|PUT|PATCH|DELETE) (\S+)$/.exec(description);
  if (!m) return t(`admin.log.ops.${description}`, { defaultValue: description });
  const [, method, route] = m;
  const parts = route.split('/').filter((p) => p && !p.startsWith(':'));
  const [prefix, resource = prefix, ...rest] = parts;
  const step = rest.at(-1);
  const verb = step
    ? t(`admin.log.steps.${step}`, { defaultValue: step })
    : t(`admin.log.verbs.${VERBS[method] ?? 'update'}`);
  const what = t(`admin.log.resources.${resource}`, { defaultValue: resource });
  return `${verb} · ${what}`;
}
