// Who is the finance side: a user holding `financing:review` — granted only through the
// platform's template role `finance`, which no tenant can hand out — on the platform's own company. A
// platform super-administrator is not the finance side (approving loans is a role, not a rank).
import { FINANCE_REVIEW, type Party, TenantEnd } from '@tradelane/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { partyOf } from '../../access/party.ts';
import type { Db } from '../../db/client.ts';
import { tenants } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth.ts';

type Who = { db: Db; auth: AuthContext; request: FastifyRequest };

export const holdsFinanceRole = (auth: Pick<AuthContext, 'permissions'>) =>
  auth.permissions.includes(FINANCE_REVIEW);

/** The caller's side for the financing machine. */
export const financeParty = (auth: AuthContext): Party =>
  holdsFinanceRole(auth) ? 'finance' : partyOf(auth);

const platformOf = new WeakMap<FastifyRequest, boolean>();

/** Whether the caller's company is the platform itself (read once per request). */
export async function onPlatform({ db, auth, request }: Who): Promise<boolean> {
  const known = platformOf.get(request);
  if (known !== undefined) return known;
  const [t] = await db.select({ end: tenants.end }).from(tenants).where(eq(tenants.id, auth.tenantId));
  const yes = t?.end === TenantEnd.platform;
  platformOf.set(request, yes);
  return yes;
}

/** The finance side proper: the role, on the platform's company. */
export async function isFinanceSide(who: Who): Promise<boolean> {
  return holdsFinanceRole(who.auth) && (await onPlatform(who));
}

/** Rows of the caller's own company; platform administrators and the finance side see every company's. */
export async function ownOrFinance(who: Who, tenantColumn: AnyPgColumn): Promise<SQL | undefined> {
  if (who.auth.isPlatformAdmin || (await isFinanceSide(who))) return undefined;
  return eq(tenantColumn, who.auth.tenantId);
}
