// The login answer of spec §7, shared by the three login paths and /auth/info.

import { CheckStatus, PartnershipStatus, RoleType, TenantEnd } from '@tradelane/contract';
import { and, desc, eq } from 'drizzle-orm';
import { type Access, loadAccess } from '../../access/service.ts';
import type { Db } from '../../db/client.ts';
import { depts, loginAttempts, tenants, type users } from '../../db/schema.ts';
import { daysLeft } from '../../lib/time.ts';
import { invitationsOf } from '../project/access.ts';

export type UserRow = typeof users.$inferSelect;
export type TenantRow = typeof tenants.$inferSelect;

export async function publicUser(db: Db, user: UserRow, tenant?: TenantRow) {
  const t = tenant ?? (await db.select().from(tenants).where(eq(tenants.id, user.tenantId)))[0];
  const dept = user.deptId
    ? (await db.select({ id: depts.id, name: depts.name }).from(depts).where(eq(depts.id, user.deptId)))[0]
    : undefined;
  // The personal centre's login time: the user's latest successful login (this session's, once signed in).
  const [lastLogin] = await db
    .select({ at: loginAttempts.createTime })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.userId, user.id), eq(loginAttempts.success, true)))
    .orderBy(desc(loginAttempts.createTime))
    .limit(1);
  return {
    id: user.id,
    username: user.username,
    nickName: user.nickName,
    email: user.email,
    phone: user.phone,
    gender: user.gender,
    roleType: user.roleType,
    avatarPath: user.avatarPath,
    corporateCode: t?.corporateCode ?? null,
    corporateName: t?.corporateName ?? null,
    tenantId: user.tenantId,
    dept: dept ?? null,
    enabled: user.enabled,
    createTime: user.createTime,
    lastLoginTime: lastLogin?.at ?? null,
  };
}

/** Trial days left; certified or non-trial tenants are not on a clock, shown as 0. */
export function stopdayOf(user: UserRow, tenant: TenantRow): number {
  if (user.roleType !== RoleType.shipperTrial || tenant.checkStatus === CheckStatus.certified) return 0;
  return daysLeft(tenant.trialEnd);
}

export function trialExpired(user: UserRow, tenant: TenantRow): boolean {
  return (
    user.roleType === RoleType.shipperTrial &&
    tenant.checkStatus !== CheckStatus.certified &&
    daysLeft(tenant.trialEnd) <= 0
  );
}

/** The session's answer (a login adds its token with `withToken`). */
export async function loginAnswer(db: Db, user: UserRow, access?: Access) {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, user.tenantId));
  const acc = access ?? (await loadAccess(db, user));
  let partner: { id: number; status: number; shipperTenantId: number; shipperName: string } | null = null;
  let ifparther = true;
  if (tenant.end === TenantEnd.supplier || tenant.end === TenantEnd.logistics) {
    const rows = await invitationsOf(db, tenant.id);
    const accepted = rows.find((r) => r.status === PartnershipStatus.accepted);
    ifparther = Boolean(accepted);
    partner = accepted ?? rows[0] ?? null;
  }
  const roles = acc.permissions.length ? acc.permissions : ['ROLE_SYSTEM_DEFAULT'];
  return {
    user: { user: await publicUser(db, user, tenant), roles },
    tenant_checksatus: tenant.checkStatus,
    ifparther,
    stopday: stopdayOf(user, tenant),
    partner,
    function: acc.functions.map((f) => ({ menuId: f.menuId, functionName: f.functionName })),
  };
}

/** A login's answer: the session's token first, then the session. */
export const withToken = <A extends object>(token: string, answer: A) => ({
  token: `Bearer ${token}`,
  ...answer,
});
