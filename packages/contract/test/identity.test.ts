import { describe, expect, it } from 'vitest';
import { partyOfRole, RoleType } from '../src/identity.ts';

describe('partyOfRole', () => {
  it('maps a role type to the side of a project it works on', () => {
    expect(partyOfRole(RoleType.supplier)).toBe('supplier');
    expect(partyOfRole(RoleType.logistics)).toBe('logistics');
    expect(partyOfRole(RoleType.admin)).toBe('platform');
    for (const r of [RoleType.shipper, RoleType.shipperTrial, RoleType.shipperStaff, 42, undefined, null])
      expect(partyOfRole(r)).toBe('shipper');
  });
});
