// Editability is stated once, by each machine's `edit` event: the states a row may be changed in (and by
// whom) are read from the machine, for the server's write checks and the web's edit buttons alike.
import { describe, expect, it } from 'vitest';
import {
  billLadingMachine,
  boxMachine,
  declareMachine,
  documentMachine,
  editable,
  editableStates,
  entrustMachine,
  materialListMachine,
  reconciliationMachine,
  step,
  tenantStandingMachine,
  voucherMachine,
} from '../src/index.ts';

describe('editability from the machine', () => {
  it('names the states each family is edited in', () => {
    const states = (m: Parameters<typeof editableStates>[0]) => editableStates(m).sort();
    expect(states(boxMachine)).toEqual([0, 2]); // draft, returned
    expect(states(materialListMachine)).toEqual([0, 3]); // draft, returned
    expect(states(billLadingMachine)).toEqual([0, 3]); // draft, rejected
    expect(states(reconciliationMachine)).toEqual([0, 3]); // draft, rejected
    expect(states(voucherMachine)).toEqual([2]); // rejected
    expect(states(entrustMachine)).toEqual([0]); // draft
    expect(states(declareMachine)).toEqual([0, 2]); // draft, returned
    expect(states(documentMachine)).toEqual([0]); // not submitted
  });

  it('a submitted or confirmed row is read-only; only the writer’s side edits', () => {
    expect(editable(boxMachine, 1)).toBe(false);
    expect(editable(billLadingMachine, 2)).toBe(false);
    expect(editable(voucherMachine, 0)).toBe(false);
    expect(editable(boxMachine, 0, 'supplier')).toBe(true);
    expect(editable(boxMachine, 0, 'shipper')).toBe(false);
    expect(editable(billLadingMachine, 3, 'logistics')).toBe(true);
    expect(editable(entrustMachine, 0, 'logistics')).toBe(false);
  });
});

describe('a tenant’s standing', () => {
  it('stops an active company, activates a stopped one, extends a trial in either; only the platform', () => {
    expect(step(tenantStandingMachine, 1, 'stop', 'platform')).toMatchObject({ ok: true, to: 0 });
    expect(step(tenantStandingMachine, 0, 'stop', 'platform')).toEqual({ ok: false, reason: 'state' });
    expect(step(tenantStandingMachine, 1, 'activate', 'platform')).toEqual({ ok: false, reason: 'state' });
    expect(step(tenantStandingMachine, 0, 'extendTrial', 'platform')).toMatchObject({ ok: true, to: 0 });
    expect(step(tenantStandingMachine, 1, 'stop', 'shipper')).toEqual({ ok: false, reason: 'party' });
  });
});
