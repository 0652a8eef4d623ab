// Permissions computed in one place (ant-design-pro's access.ts): permission strings from the login
// answer's roles, function permissions (menuId + functionName) from local storage, matched exactly.
import { type Caller, type Grant, type Party, type PartyRule, partyOfRole } from '@tradelane/contract';
import { useCallback, useMemo } from 'react';
import type { FunctionPermission } from '../api/types.ts';
import { FUNCTIONS_KEY } from '../config.ts';
import { hasAnyRole, hasFunction, useSession } from '../stores/session.ts';

/** True if the roles hold at least one of `needed` (`admin` passes all). Throws on an empty list (spec §6). */
export function hasPermission(needed: Grant[], roles: string[] = useSession.getState().roles): boolean {
  return hasAnyRole(roles, needed);
}

/** Function permissions cached at login (spec §6: read from local storage). */
export function storedFunctions(): FunctionPermission[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(FUNCTIONS_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (f): f is FunctionPermission =>
        typeof f === 'object' &&
        f !== null &&
        typeof (f as FunctionPermission).menuId === 'number' &&
        typeof (f as FunctionPermission).functionName === 'string',
    );
  } catch {
    return [];
  }
}

/** Exact match of menuId and functionName against the stored list; admins pass. */
export function hasFunctionPermission(
  menuId: number,
  functionName: string,
  roles: string[] = useSession.getState().roles,
  functions: FunctionPermission[] = storedFunctions(),
): boolean {
  if (roles.includes('admin')) return true;
  return hasFunction(functions, menuId, functionName);
}

/** What a button needs: permission strings and, where the page knows its menu, a function name. */
export interface Need {
  /** Permissions of the contract's catalogue: a typo fails typecheck. */
  permission?: Grant[];
  fn?: string;
}

/**
 * The gate every admin button goes through. A function requirement applies only when the page's menu id is
 * known (see .tmp/admin-web-requests.md: the menu tree carries no id yet).
 */
export function allowed(
  need: Need | undefined,
  ctx: { roles: string[]; functions: FunctionPermission[]; menuId: number | null },
): boolean {
  if (!need) return true;
  if (need.permission && !hasAnyRole(ctx.roles, need.permission)) return false;
  if (need.fn && ctx.menuId !== null && !ctx.roles.includes('admin'))
    return hasFunction(ctx.functions, ctx.menuId, need.fn);
  return true;
}

/** Hook form: `can({permission: ['user:add'], fn: 'add'})`, re-evaluated when the session changes. */
export function useCan(menuId: number | null = null): (need: Need | undefined) => boolean {
  const roles = useSession((s) => s.roles);
  const functions = useSession((s) => s.functions);
  // The session mirrors local storage; re-read it whenever the session's list changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: functions is the trigger for the re-read
  const ctx = useMemo(() => ({ roles, functions: storedFunctions(), menuId }), [roles, functions, menuId]);
  return useCallback((need) => allowed(need, ctx), [ctx]);
}

/** What an operation's button reads of its declaration: the sides and grants of its caller. */
export interface CallerOf {
  caller?: Caller | PartyRule;
}

/**
 * Whether the session may call an operation, read from its declaration as the server reads it: the
 * session's side among the caller's `party`, its permission and function grant (as `useCan`), and what
 * the page adds (`need`: a family's permission, which the contract leaves to the resource).
 */
export function mayCall(
  op: CallerOf,
  ctx: { roles: string[]; functions: FunctionPermission[]; menuId: number | null; party: Party },
  need?: Need,
): boolean {
  const caller = op.caller;
  if (caller && !('public' in caller)) {
    if (caller.party && !caller.party.includes(ctx.party)) return false;
    if ('permission' in caller && caller.permission !== undefined) {
      const permission: Grant[] =
        typeof caller.permission === 'string' ? [caller.permission] : [...caller.permission];
      if (!allowed({ permission }, ctx)) return false;
    }
    if ('fn' in caller && caller.fn && !allowed({ fn: caller.fn[1] }, ctx)) return false;
  }
  return allowed(need, ctx);
}

/** Hook form: `mayCall(projectOps.invite)`, re-evaluated when the session changes. */
export function useMayCall(menuId: number | null = null): (op: CallerOf, need?: Need) => boolean {
  const roles = useSession((s) => s.roles);
  const functions = useSession((s) => s.functions);
  const party = partyOfRole(useSession((s) => s.user?.roleType));
  // biome-ignore lint/correctness/useExhaustiveDependencies: functions is the trigger for the re-read
  const ctx = useMemo(
    () => ({ roles, functions: storedFunctions(), menuId, party }),
    [roles, functions, menuId, party],
  );
  return useCallback((op, need) => mayCall(op, ctx, need), [ctx]);
}
