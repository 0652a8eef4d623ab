// One presentation per status machine: each state's colour, shared by the tags, the table cells, the
// workbenches' count chips, the logistics bar and the tower's charts, and its label — the machine's
// dictionary in the current language where the screen has loaded it, else the contract's own labels.
// A state reads the same on every screen. Colours say what a state means: grey waits on nobody, blue
// is in progress, green is done, orange wants attention, red went wrong.
import {
  abnormalStatusLabels,
  batchPartnerStatusLabels,
  batchStatusLabels,
  billLadingStatusLabels,
  boxStatusLabels,
  certificationStatusLabels,
  clearanceStatusLabels,
  contractStatusLabels,
  declareStatusLabels,
  deliveryStatusLabels,
  documentStatusLabels,
  entrustStatusLabels,
  exceptionStatusLabels,
  feedbackStatusLabels,
  financingStatusLabels,
  healthLabels,
  jobStatusLabels,
  logisticsLabels,
  materialListStatusLabels,
  partnershipStatusLabels,
  paymentStatusLabels,
  reconciliationStatusLabels,
  type StateLabels,
  tallyStatusLabels,
  ticketStatusLabels,
  voucherStatusLabels,
} from '@tradelane/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeclContext } from '../resource/types.ts';
import { countBy, type StateCount } from '../workflow/Workbench.tsx';

interface Presentation {
  /** Colour of each state, by state value (an Ant Design preset name). */
  colors: readonly string[];
  /** The contract's labels of the machine's states (zh/en), when it declares them. */
  labels?: StateLabels;
}

/** Each status machine by the name of its dictionary (the status column's `dict`). */
const STATUSES: Record<string, Presentation> = {
  project_status: { colors: ['default', 'processing', 'success', 'default'] },
  batch_status: {
    colors: ['default', 'processing', 'cyan', 'purple', 'blue', 'success', 'default'],
    labels: batchStatusLabels,
  },
  supplies_status: {
    colors: ['default', 'processing', 'success', 'error'],
    labels: materialListStatusLabels,
  },
  bp_status: {
    colors: ['default', 'processing', 'warning', 'success', 'green'],
    labels: batchPartnerStatusLabels,
  },
  partnership_status: { colors: ['warning', 'success', 'error'], labels: partnershipStatusLabels },
  contract_status: { colors: ['default', 'success', 'default'], labels: contractStatusLabels },
  // a company's certification: not submitted, submitted, certified, rejected
  tenant_checksatus: {
    colors: ['default', 'processing', 'success', 'error'],
    labels: certificationStatusLabels,
  },
  // feedback: submitted, confirmed
  feedback_status: { colors: ['processing', 'success'], labels: feedbackStatusLabels },
  logistics_status: {
    colors: [
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
    labels: logisticsLabels,
  },
  // draft, submitted, returned
  box_status: { colors: ['default', 'processing', 'error'], labels: boxStatusLabels },
  // open, resolved
  abnormal_status: { colors: ['warning', 'success'], labels: abnormalStatusLabels },
  // not submitted, submitted, confirmed
  document_status: { colors: ['default', 'processing', 'success'], labels: documentStatusLabels },
  // draft, submitted, confirmed, rejected (draft again)
  reconciliation_status: {
    colors: ['default', 'processing', 'success', 'error'],
    labels: reconciliationStatusLabels,
  },
  // draft, submitted, accepted
  entrust_status: { colors: ['default', 'processing', 'success'], labels: entrustStatusLabels },
  // applied, under review, approved, rejected, disbursed, repaid
  financing_status: {
    colors: ['default', 'processing', 'cyan', 'error', 'blue', 'success'],
    labels: financingStatusLabels,
  },
  // bills of lading (in the order of their labels)
  bill_lading_status: {
    colors: ['default', 'processing', 'success', 'error'],
    labels: billLadingStatusLabels,
  },
  // tally results (in the order of their labels)
  tally_status: { colors: ['default', 'success', 'error', 'warning', 'magenta'], labels: tallyStatusLabels },
  // payment vouchers (in the order of their labels)
  voucher_status: { colors: ['processing', 'success', 'error'], labels: voucherStatusLabels },
  // customs declarations (in the order of their labels)
  declare_status: {
    colors: ['default', 'processing', 'error', 'success', 'purple'],
    labels: declareStatusLabels,
  },
  // a declaration's tickets: not declared, declared
  ticket_status: { colors: ['default', 'success'], labels: ticketStatusLabels },
  // clearance at destination: not started, lodged, inspection, assessed, paid, released
  // Not started reads grey (nothing under way yet), every step after it blue, released green.
  clearance_status: {
    colors: ['default', 'processing', 'processing', 'processing', 'processing', 'success'],
    labels: clearanceStatusLabels,
  },
  // the tower's exceptions: open, assigned, resolved, closed
  exception_status: { colors: ['red', 'orange', 'green', 'default'], labels: exceptionStatusLabels },
  // webhook deliveries: pending, delivered, failed
  delivery_status: { colors: ['orange', 'green', 'red'], labels: deliveryStatusLabels },
  // online payments: created, waiting, paid, finished, closed
  payment_status: { colors: ['default', 'gold', 'green', 'blue', 'red'], labels: paymentStatusLabels },
  // scheduled jobs: paused, active
  job_status: { colors: ['default', 'blue'], labels: jobStatusLabels },
  // a plan's health: on track, at risk, late
  plan_health: { colors: ['green', 'orange', 'red'], labels: healthLabels },
};

/** The machines presented here with the contract's labels of their states. */
export const labelledMachines = (): [string, StateLabels][] =>
  Object.entries(STATUSES).flatMap(([m, p]) => (p.labels ? [[m, p.labels] as [string, StateLabels]] : []));

/** A machine's colours by state (undefined: no machine of that name is presented here). */
export const statesPresented = (machine: string): readonly string[] | undefined => STATUSES[machine]?.colors;

/** Colours for a dictionary no machine presents: stable per value, so a value reads the same everywhere. */
const OTHER = ['default', 'processing', 'success', 'error', 'warning', 'purple', 'cyan', 'magenta'];

/** The colour (an Ant Design preset name) of a state of a status machine, or of a dictionary value. */
export function statusColor(machine: string, value: unknown): string {
  const n = Number(value);
  if (value === null || value === undefined || !Number.isFinite(n)) return 'default';
  const own = STATUSES[machine]?.colors;
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

/** A state's label in a language from the contract's labels of its machine (the value when it has none). */
export function statusLabel(machine: string, value: number, lang: 'zh' | 'en'): string {
  return STATUSES[machine]?.labels?.[value]?.[lang] ?? String(value);
}

/**
 * A state as a tag: its machine's colour and label — the one given, else the dictionary's (when the
 * screen loaded it), else the contract's in the current language.
 */
export function StatusTag({
  dict,
  value,
  ctx,
  label,
  testId,
}: {
  dict: string;
  value: number | null | undefined;
  ctx?: DeclContext;
  label?: string;
  testId?: string;
}) {
  const { i18n } = useTranslation();
  if (value === null || value === undefined) return <span>-</span>;
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  return (
    <Tag color={statusColor(dict, value)} data-status={`${dict}:${value}`} data-testid={testId}>
      {label ?? ctx?.dictLabel(dict, value) ?? statusLabel(dict, value, lang)}
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
