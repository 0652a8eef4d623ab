import { describe, expect, it } from 'vitest';
import { certifyStep, needsInvitation, reminderOnLogin, showTrialBanner } from './reminder-rules.ts';

describe('trial reminder rules (spec §4)', () => {
  it('offers the trial days while stopday > 0, else the expired message', () => {
    expect(reminderOnLogin({ roleType: 4, tenantCheckStatus: 0, stopday: 7 })).toBe(1);
    expect(reminderOnLogin({ roleType: 4, tenantCheckStatus: 0, stopday: 0 })).toBe(3);
  });
  it('stays quiet for certified tenants and other roles', () => {
    expect(reminderOnLogin({ roleType: 4, tenantCheckStatus: 2, stopday: 7 })).toBeNull();
    expect(reminderOnLogin({ roleType: 3, tenantCheckStatus: 0, stopday: 7 })).toBeNull();
    // Suppliers and logistics providers have no trial (their stopday is 0, not "expired").
    expect(reminderOnLogin({ roleType: 1, tenantCheckStatus: 0, stopday: 0 })).toBeNull();
    expect(reminderOnLogin({ roleType: 2, tenantCheckStatus: 0, stopday: 0 })).toBeNull();
  });
  it('shows the submitted message when status is 1, else the upload form', () => {
    expect(certifyStep(1)).toBe(6);
    expect(certifyStep(0)).toBe(2);
    expect(certifyStep(3)).toBe(2);
  });
  it('shows the banner to a shipper on trial unless certified', () => {
    expect(showTrialBanner(4, 2, 7)).toBe(false);
    expect(showTrialBanner(4, 0, 7)).toBe(true);
    expect(showTrialBanner(4, 0, 0)).toBe(true);
    expect(showTrialBanner(1, 0, 0)).toBe(false);
    expect(showTrialBanner(2, 0, 0)).toBe(false);
    expect(showTrialBanner(0, 0, 0)).toBe(false);
  });
  it('asks suppliers and logistics providers for an invitation', () => {
    expect(needsInvitation(1, false)).toBe(true);
    expect(needsInvitation(2, true)).toBe(false);
    expect(needsInvitation(0, false)).toBe(false);
  });
});
