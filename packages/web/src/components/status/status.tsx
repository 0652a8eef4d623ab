// One presentation per status machine: each state's colour, shared by the tags, the table cells, the
// workbenches' count chips, the logistics bar and the tower's charts. The label comes from the
// machine's dictionary in the current language; the colour from here, so a state reads the same on
// every screen. Colours say what a state means: grey waits on nobody, blue is in progress, green is
// done, orange wants attention, red went wrong.
import { Tag } from 'antd';
import type { DeclContext } from '../resource/types.ts';
import { countBy, type StateCount } from '../workflow/Workbench.tsx';

const STATUS_COLORS: Record<string, readonly string[]> = {
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
    // back to the supplier: rejected at receipt
    'red',
  ],
  // draft, submitted, returned
  box_status: ['default', 'processing', 'error'],
  // open, resolved
  abnormal_status: ['warning', 'success'],
  // not submitted, submitted, confirmed
  document_status: ['default', 'processing', 'success'],
  // draft, submitted, confirmed, rejected (draft again)
  reconciliation_status: ['default', 'processing', 'success', 'error'],
  // draft, submitted, accepted
  entrust_status: ['default', 'processing', 'success'],
  // applied, under review, approved, rejected, disbursed, repaid
  financing_status: ['default', 'processing', 'cyan', 'error', 'blue', 'success'],
  // bills of lading (in the order of their labels)
  bill_lading_status: ['default', 'processing', 'success', 'error'],
  // tally results (in the order of their labels)
  tally_status: ['default', 'success', 'error', 'warning', 'magenta'],
  // payment vouchers (in the order of their labels)
  voucher_status: ['processing', 'success', 'error'],
  // customs declarations (in the order of their labels)
  declare_status: ['default', 'processing', 'error', 'success', 'purple'],
  // the tower's exceptions: open, assigned, resolved, closed
  exception_status: ['red', 'orange', 'green', 'default'],
  // webhook deliveries: pending, delivered, failed
  delivery_status: ['orange', 'green', 'red'],
  // online payments: created, waiting, paid, finished, closed
  payment_status: ['default', 'gold', 'green', 'blue', 'red'],
  // scheduled jobs: paused, active
  job_status: ['default', 'blue'],
  // a plan's health: on track, at risk, late
  plan_health: ['green', 'orange', 'red'],
};

/** A machine's colours by state (undefined: no machine of that name is presented here). */
export const statesPresented = (machine: string): readonly string[] | undefined => STATUS_COLORS[machine];

/** Colours for a dictionary no machine presents: stable per value, so a value reads the same everywhere. */
const OTHER = ['default', 'processing', 'success', 'error', 'warning', 'purple', 'cyan', 'magenta'];

/** The colour (an Ant Design preset name) of a state of a status machine, or of a dictionary value. */
export function statusColor(machine: string, value: unknown): string {
  const n = Number(value);
  if (value === null || value === undefined || !Number.isFinite(n)) return 'default';
  const own = STATUS_COLORS[machine];
  if (own) return own[n] ?? 'default';
  return OTHER[Math.abs(n) % OTHER.length] ?? 'default';
}

/** Ant Design's preset colours as hex, for what is drawn rather than tagged (bars, chart series). */
const HEX: Record<string, string> = {
  default: '#bfbfbf',
  processing: '#69b1ff',
  blue: '#1677ff',
  cyan: '#13c2c2',
  geekblue: '#2f54eb',
  purple: '#722ed1',
  magenta: '#eb2f96',
  orange: '#fa8c16',
  gold: '#faad14',
  lime: '#a0d911',
  green: '#52c41a',
  success: '#389e0d',
  warning: '#faad14',
  error: '#f5222d',
  red: '#f5222d',
};

/** A state's colour as hex. */
export function statusHex(machine: string, value: unknown): string {
  return HEX[statusColor(machine, value)] ?? HEX.default!;
}

/** A state as a tag: its machine's colour, its dictionary's label (or the label given). */
export function StatusTag({
  dict,
  value,
  ctx,
  label,
}: {
  dict: string;
  value: number | null | undefined;
  ctx?: DeclContext;
  label?: string;
}) {
  if (value === null || value === undefined) return <span>-</span>;
  return (
    <Tag color={statusColor(dict, value)} data-status={`${dict}:${value}`}>
      {label ?? ctx?.dictLabel(dict, value) ?? String(value)}
    </Tag>
  );
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
