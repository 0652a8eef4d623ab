// Machine access (docs/decisions.md): a named, scoped, expiring API token acts as its tenant with the rights
// of the administrator who issued it, narrowed to its scopes. What a scope allows is read from the route the
// router matched (its `tokenScope`), never from the URL; a route that names no scope refuses every token.
import { API_TOKEN_PREFIX, type ApiTokenScope } from '@tradelane/contract';
import { and, eq, gte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { accessFrom, isPlatformAdmin } from '../access/service.ts';
import type { Db } from '../db/client.ts';
import { tenants, users } from '../db/schema.ts';
import { apiTokens } from '../db/schema-tower.ts';
import { randomToken, sha256 } from '../lib/password.ts';
import { type AuthContext, callerColumns } from './auth.ts';
import { AppError } from './errors.ts';

/** What a request made with a token carries besides the issuing user's access. */
export interface TokenUse {
  id: number;
  name: string;
  hint: string;
  scopes: ApiTokenScope[];
}

/** `last used` is written at most this often per token (a busy integration does not write per call). */
const LAST_USED_WRITE_MS = 60_000;

export const isApiToken = (token: string) => token.startsWith(API_TOKEN_PREFIX);

/** A new token: the prefix and 32 random bytes; stored as its SHA-256 (it is high-entropy, no salt needed). */
export function newApiToken() {
  const token = `${API_TOKEN_PREFIX}${randomToken(32)}`;
  return { token, tokenHash: sha256(token), hint: `${API_TOKEN_PREFIX}…${token.slice(-4)}` };
}

/** Today as the token's expiry column holds days: a token works through its last day. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The caller a token stands for: its tenant, the issuing user's roles and permissions, and the token's
 * scopes — or null when it is unknown, expired, revoked (deleted), or its user or tenant is disabled.
 */
export async function resolveApiToken(db: Db, token: string): Promise<AuthContext | null> {
  const rows = await db
    .select({
      token: {
        id: apiTokens.id,
        name: apiTokens.name,
        hint: apiTokens.hint,
        scopes: apiTokens.scopes,
        tenantId: apiTokens.tenantId,
        lastUsedAt: apiTokens.lastUsedAt,
      },
      ...callerColumns(),
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(tenants, eq(tenants.id, apiTokens.tenantId))
    .where(and(eq(apiTokens.tokenHash, sha256(token)), gte(apiTokens.expiresAt, today())))
    .limit(1);
  const row = rows[0];
  // A user moved to another tenant no longer speaks for the one that issued the token.
  if (!row?.user.enabled || !row.tenantActive || row.user.tenantId !== row.token.tenantId) return null;
  const now = new Date();
  if (!row.token.lastUsedAt || now.getTime() - new Date(row.token.lastUsedAt).getTime() > LAST_USED_WRITE_MS)
    await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.token.id));
  const access = await accessFrom(db, row.user, row.roles ?? [], row.permissions ?? [], row.functions ?? []);
  return {
    ...access,
    sessionId: 0,
    userId: row.user.id,
    username: row.user.username,
    tenantId: row.user.tenantId,
    deptId: row.user.deptId,
    roleType: row.user.roleType,
    isPlatformAdmin: isPlatformAdmin(row.user),
    token,
    apiToken: {
      id: row.token.id,
      name: row.token.name,
      hint: row.token.hint,
      scopes: row.token.scopes as ApiTokenScope[],
    },
  };
}

/** Refuses a token's call to a route outside its scopes (403, in the caller's language). */
export function checkTokenScope(request: FastifyRequest, auth: AuthContext) {
  if (!auth.apiToken) return;
  const declared = request.routeOptions.config?.tokenScope;
  const allowed = declared === undefined ? [] : [declared].flat();
  if (!allowed.some((s) => auth.apiToken?.scopes.includes(s)))
    throw new AppError(403, 'apiToken.scope_missing');
}

/** How the operation log names the token of a call. */
export const tokenLabel = (t: TokenUse) => `API token "${t.name}" ${t.hint}`;
