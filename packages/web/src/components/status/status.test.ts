// One presentation per status machine: every state of every machine shown as a tag has its own colour
// here, and the states that went wrong read red (or error) on every screen.
import { LogisticsStatus } from '@tradelane/contract';
import { describe, expect, it } from 'vitest';
import { labelledMachines, statesPresented, statusColor, statusHex, statusLabel } from './status.tsx';

const MACHINES = labelledMachines();

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

  it('presents the machines the screens tag, with the contract labels of their states', () => {
    expect(MACHINES.map(([m]) => m)).toEqual(
      expect.arrayContaining([
        'batch_status',
        'bill_lading_status',
        'tally_status',
        'declare_status',
        'clearance_status',
      ]),
    );
    expect(statusLabel('bill_lading_status', 2, 'en')).toBe('Confirmed');
    expect(statusLabel('clearance_status', 5, 'zh')).toBe('已放行');
    expect(statusLabel('no_such_status', 3, 'en')).toBe('3');
  });

  it('shows what went wrong in red, in tags and in drawn bars alike', () => {
    expect(statusColor('logistics_status', LogisticsStatus.backToSupplier)).toBe('red');
    expect(statusHex('logistics_status', LogisticsStatus.backToSupplier)).toBe('#f5222d');
    expect(statusColor('exception_status', 0)).toBe('red');
    // A clearance not started is nothing under way: grey, not the blue of a step in progress.
    expect(statusColor('clearance_status', 0)).toBe('default');
    expect(statusColor('clearance_status', 1)).toBe('processing');
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
