import type { ReminderType } from '../stores/dialogs.ts';

interface TrialFacts {
  roleType: number;
  tenantCheckStatus: number | null;
  stopday: number | null;
}

/** Spec §4: shown on login to a shipper whose tenant is not certified (status 2). */
export function reminderOnLogin({ roleType, tenantCheckStatus, stopday }: TrialFacts): ReminderType | null {
  if (tenantCheckStatus === 2) return null;
  if (roleType !== 0 && roleType !== 4) return null;
  return (stopday ?? 0) > 0 ? 1 : 3;
}

/** "Enable certification": the submitted message if status is 1, else the upload form. */
export function certifyStep(tenantCheckStatus: number | null): ReminderType {
  return tenantCheckStatus === 1 ? 6 : 2;
}

/** The trial banner shows unless the tenant is certified. */
export function showTrialBanner(tenantCheckStatus: number | null, stopday: number | null): boolean {
  return tenantCheckStatus !== 2 && stopday !== null;
}

/** Suppliers and logistics providers need a shipper's invitation for the work modules. */
export function needsInvitation(roleType: number, ifparther: boolean): boolean {
  return (roleType === 1 || roleType === 2) && !ifparther;
}
