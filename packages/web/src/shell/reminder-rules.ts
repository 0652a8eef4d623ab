import type { ReminderType } from '../stores/dialogs.ts';

interface TrialFacts {
  roleType: number;
  tenantCheckStatus: number | null;
  stopday: number | null;
}

/** Only a shipper on trial (roleType 4) has trial days; suppliers and logistics providers never do. */
export function onTrial(roleType: number, tenantCheckStatus: number | null): boolean {
  return roleType === 4 && tenantCheckStatus !== 2;
}

/** Spec §4: shown on login to a shipper on trial whose tenant is not certified (status 2). */
export function reminderOnLogin({ roleType, tenantCheckStatus, stopday }: TrialFacts): ReminderType | null {
  if (!onTrial(roleType, tenantCheckStatus)) return null;
  return (stopday ?? 0) > 0 ? 1 : 3;
}

/** "Enable certification": the submitted message if status is 1, else the upload form. */
export function certifyStep(tenantCheckStatus: number | null): ReminderType {
  return tenantCheckStatus === 1 ? 6 : 2;
}

/** The trial banner shows to a shipper on trial unless the tenant is certified. */
export function showTrialBanner(
  roleType: number,
  tenantCheckStatus: number | null,
  stopday: number | null,
): boolean {
  return onTrial(roleType, tenantCheckStatus) && stopday !== null;
}

/** Suppliers and logistics providers need a shipper's invitation for the work modules. */
export function needsInvitation(roleType: number, ifparther: boolean): boolean {
  return (roleType === 1 || roleType === 2) && !ifparther;
}
