// Status tags with fixed colours per status family, labelled by the dictionaries in the current language.
import { Tag } from 'antd';
import type { DeclContext } from '../../../components/resource/types.ts';
import { countBy, type StateCount } from '../../../components/workflow/Workbench.tsx';

const COLORS: Record<string, string[]> = {
  project_status: ['default', 'processing', 'success', 'default'],
  batch_status: ['default', 'processing', 'cyan', 'purple', 'blue', 'success', 'default'],
  supplies_status: ['default', 'processing', 'success', 'error'],
  bp_status: ['default', 'processing', 'warning', 'success', 'green'],
  partnership_status: ['warning', 'success', 'error'],
  contract_status: ['default', 'success', 'default'],
  logistics_status: [
    'default',
    'processing',
    'blue',
    'cyan',
    'geekblue',
    'purple',
    'magenta',
    'orange',
    'gold',
    'lime',
    'green',
    'success',
  ],
};

export function statusColor(dict: string, value: number | null | undefined): string {
  return COLORS[dict]?.[Number(value)] ?? 'default';
}

export function StatusTag({
  dict,
  value,
  ctx,
}: {
  dict: string;
  value: number | null | undefined;
  ctx: DeclContext;
}) {
  if (value === null || value === undefined) return <span>-</span>;
  return (
    <Tag color={statusColor(dict, value)} data-status={`${dict}:${value}`}>
      {ctx.dictLabel(dict, value)}
    </Tag>
  );
}

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
