// One presentation per status machine: every state of every machine shown as a tag has its own colour
// here, and the states that went wrong read red (or error) on every screen.
import {
  abnormalStatusLabels,
  batchStatusLabels,
  billLadingStatusLabels,
  boxStatusLabels,
  declareStatusLabels,
  deliveryStatusLabels,
  documentStatusLabels,
  entrustStatusLabels,
  exceptionStatusLabels,
  financingStatusLabels,
  healthLabels,
  jobStatusLabels,
  LogisticsStatus,
  logisticsLabels,
  materialListStatusLabels,
  paymentStatusLabels,
  reconciliationStatusLabels,
  type StateLabels,
  tallyStatusLabels,
  voucherStatusLabels,
} from '@tradelane/contract';
import { describe, expect, it } from 'vitest';
import { statesPresented, statusColor, statusHex } from './status.tsx';

const MACHINES: [string, StateLabels][] = [
  ['batch_status', batchStatusLabels],
  ['supplies_status', materialListStatusLabels],
  ['logistics_status', logisticsLabels],
  ['box_status', boxStatusLabels],
  ['abnormal_status', abnormalStatusLabels],
  ['document_status', documentStatusLabels],
  ['reconciliation_status', reconciliationStatusLabels],
  ['entrust_status', entrustStatusLabels],
  ['financing_status', financingStatusLabels],
  ['bill_lading_status', billLadingStatusLabels],
  ['tally_status', tallyStatusLabels],
  ['voucher_status', voucherStatusLabels],
  ['declare_status', declareStatusLabels],
  ['exception_status', exceptionStatusLabels],
  ['delivery_status', deliveryStatusLabels],
  ['payment_status', paymentStatusLabels],
  ['plan_health', healthLabels],
  ['job_status', jobStatusLabels],
];

describe('status presentation', () => {
  it('gives every state of every machine a colour of its own machine', () => {
    const missing: string[] = [];
    for (const [machine, labels] of MACHINES) {
      const states = Object.keys(labels).map(Number);
      // Two states of one machine may share a colour, but not all of them (a table of grey tags).
      const colors = new Set(states.map((s) => statusColor(machine, s)));
      if (colors.size < Math.min(2, states.length)) missing.push(`${machine}: one colour for all`);
      // A state past the machine's table would fall back to grey.
      for (const s of states) if (!statesPresented(machine)?.[s]) missing.push(`${machine}:${s}`);
    }
    expect(missing).toEqual([]);
  });

  it('shows what went wrong in red, in tags and in drawn bars alike', () => {
    expect(statusColor('logistics_status', LogisticsStatus.backToSupplier)).toBe('red');
    expect(statusHex('logistics_status', LogisticsStatus.backToSupplier)).toBe('#f5222d');
    expect(statusColor('exception_status', 0)).toBe('red');
    expect(statusColor('delivery_status', 2)).toBe('red');
    expect(statusHex('plan_health', 2)).toBe('#f5222d');
  });

  it('colours a dictionary no machine presents by its value, and nothing for no value', () => {
    expect(statusColor('material_tag', 1)).toBe(statusColor('material_tag', 1));
    expect(statusColor('some_dict', 2)).not.toBe('default');
    expect(statusColor('batch_status', null)).toBe('default');
    expect(statusColor('batch_status', 'x')).toBe('default');
  });
});
