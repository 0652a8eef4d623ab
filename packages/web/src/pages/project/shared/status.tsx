// The project screens' dictionaries, amounts, and a workbench's counts by status (coloured like the
// tags: components/status).
import type { DeclContext } from '../../../components/resource/types.ts';
import { statusColor } from '../../../components/status/status.tsx';
import { countBy, type StateCount } from '../../../components/workflow/Workbench.tsx';

export const PROJECT_DICTS = [
  'project_status',
  'batch_status',
  'supplies_status',
  'bp_status',
  'partnership_status',
  'contract_status',
  'logistics_status',
  'incoterms',
  'material_tag',
  'personnel_role',
];

/** 1234567.5 → '1,234,567.50 USD' style amounts, per currency. */
export function formatAmount(amount: number | null | undefined, currency?: string | null): string {
  if (amount === null || amount === undefined) return '-';
  const n = amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency ? `${n} ${currency}` : n;
}

/** A workbench's counts of rows by a status of a dictionary, labelled and coloured like the tags. */
export function dictCounts<R>(
  rows: readonly R[],
  stateOf: (r: R) => number | null | undefined,
  dict: string,
  ctx: DeclContext,
): StateCount[] {
  return countBy(
    rows,
    stateOf,
    (s) => ctx.dictLabel(dict, s),
    (s) => statusColor(dict, s),
  );
}
