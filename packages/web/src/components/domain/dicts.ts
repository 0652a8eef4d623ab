// The project screens' dictionaries and how they show amounts.
import { fixed } from '../../utils/numbers.ts';

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
  const n = fixed(amount, 2);
  return currency ? `${n} ${currency}` : n;
}
