// The container table's rows: the engine's standard types (nominal figures, editable) plus custom ones.
import type { ContainerSpec } from '@tradelane/loadplan';
import { STANDARD_CONTAINERS } from '@tradelane/loadplan';
import { type ContainerRow, newKey, type PlannedContainer } from './model.ts';

/** Rough freight per container (USD), only to rank types in "cheapest" mode; users edit them. */
const DEFAULT_COST: Record<string, number> = {
  '20GP': 1500,
  '40GP': 2600,
  '40HQ': 2700,
  '45HQ': 3200,
  '20RF': 3000,
  '40RF': 4500,
  '20OT': 2500,
  '40OT': 4000,
  '20FR': 2800,
  '40FR': 4500,
};

const ENABLED_BY_DEFAULT = new Set(['20GP', '40GP', '40HQ']);

export function standardContainerRows(): ContainerRow[] {
  return STANDARD_CONTAINERS.map((c) => ({
    key: c.id,
    code: c.id,
    name: '',
    enabled: ENABLED_BY_DEFAULT.has(c.id),
    l: c.l,
    w: c.w,
    h: c.h,
    maxPayload: c.maxPayload ?? null,
    cost: DEFAULT_COST[c.id] ?? null,
    available: null,
  }));
}

export function customContainerRow(): ContainerRow {
  return {
    key: newKey('c'),
    code: '',
    name: '',
    enabled: true,
    l: 6000,
    w: 2400,
    h: 2400,
    maxPayload: null,
    cost: null,
    available: null,
  };
}

/** The zh/en name of a row: the standard type's name, or the custom name. */
export function containerName(row: Pick<ContainerRow, 'code' | 'name'>, lang: 'zh' | 'en'): string {
  const std = STANDARD_CONTAINERS.find((c) => c.id === row.code);
  if (std) return lang === 'en' ? std.nameEn : std.nameZh;
  return row.name;
}

/** Enabled rows with complete sizes → engine specs, with what names each. */
export function toContainerSpecs(rows: readonly ContainerRow[]): PlannedContainer[] {
  const out: PlannedContainer[] = [];
  for (const r of rows) {
    if (!r.enabled || !r.l || !r.w || !r.h || r.l <= 0 || r.w <= 0 || r.h <= 0) continue;
    const spec: ContainerSpec = {
      id: r.code || r.key,
      l: Math.round(r.l),
      w: Math.round(r.w),
      h: Math.round(r.h),
    };
    if (r.maxPayload !== null && r.maxPayload > 0) spec.maxPayload = r.maxPayload;
    if (r.cost !== null && r.cost > 0) spec.cost = r.cost;
    if (r.available !== null && r.available >= 0) spec.available = Math.floor(r.available);
    out.push({ spec, code: r.code, name: r.name });
  }
  return out;
}

/** "40HQ 40ft high cube" for a planned container id, in the given language. */
export function plannedLabel(
  containers: readonly PlannedContainer[],
  id: string | undefined,
  lang: 'zh' | 'en',
  customFallback: string,
): string {
  const c = containers.find((x) => x.spec.id === id);
  if (!c) return id ?? '';
  return c.code ? `${c.code} ${containerName(c, lang)}` : c.name || customFallback;
}
