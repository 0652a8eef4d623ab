// Resolved sessions kept per API node (docs/operations.md): a request whose session was resolved a moment ago
// makes no database round trip for it. Correctness comes from invalidation, not from short lives:
// - every committed change of a session's revocation, a user, a tenant, a role, a grant, a menu's
//   permission or a department fires `NOTIFY tradelane_auth` from a trigger (migration 0019), which every
//   node listens to (PostgreSQL: server.ts; PGlite: the client's own listen) and empties its cache on;
// - this node's own writes to those tables empty it at once as well (the database client's query
//   hook), so a change made through this node holds for the very next request here;
// - an entry is used only while its session's expiry lies ahead and for at most MAX_AGE_MS.
// A resolution that started before an invalidation is never stored (the generation check).

/** Tables whose change can change who a session is or what it may do. */
export const AUTH_TABLES = [
  'sys_session',
  'sys_user',
  'enterprise_info',
  'sys_role',
  'sys_users_roles',
  'sys_menu',
  'sys_roles_menus',
  'sys_roles_depts',
  'sys_dept',
  'function_permission',
  'sys_roles_function',
] as const;

export const AUTH_CHANNEL = 'tradelane_auth';

/** A safety net only: every change is announced; an entry older than this is read again anyway. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 50_000;

export interface CachedSession<T> {
  value: T;
  expiresAt: number;
  lastSeen: number;
  cachedAt: number;
}

const WRITE = new RegExp(
  `\\b(?:insert\\s+into|update|delete\\s+from|truncate(?:\\s+table)?)\\s+"?(${AUTH_TABLES.join('|')})"?(?![\\w])`,
  'i',
);

/**
 * Does this statement change what a session resolves to? A new session (login) and the sliding expiry
 * (`last_seen`, `expires_at`) do not; a revocation or a deletion of sessions does.
 */
export function changesAuth(statement: string): boolean {
  const m = WRITE.exec(statement);
  if (!m) return false;
  if (m[1].toLowerCase() !== 'sys_session') return true;
  const verb = m[0].trimStart().slice(0, 6).toLowerCase();
  if (verb === 'insert') return false;
  if (verb === 'update') return /"?revoked"?\s*=/.test(statement);
  return true;
}

export class SessionCache<T> {
  private entries = new Map<string, CachedSession<T>>();
  private generation = 0;
  private suspended = false;

  /** The entry for a token hash while it may be used. */
  get(key: string, now = Date.now()): CachedSession<T> | undefined {
    if (this.suspended) return undefined;
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= now || now - e.cachedAt > MAX_AGE_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  /** A ticket taken before reading the database; `set` stores only if nothing changed meanwhile. */
  ticket(): number {
    return this.generation;
  }

  set(key: string, ticket: number, entry: Omit<CachedSession<T>, 'cachedAt'>, now = Date.now()) {
    if (ticket !== this.generation || this.suspended) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { ...entry, cachedAt: now });
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }

  /** No invalidation can reach this node (its listener is lost): read every session again. */
  suspend() {
    this.suspended = true;
    this.clear();
  }

  resume() {
    this.clear();
    this.suspended = false;
  }

  get size() {
    return this.entries.size;
  }
}

/** This process's cache of resolved sessions (the value is the auth layer's; see http/auth.ts). */
export const sessionCache = new SessionCache<unknown>();

/** The database client's hook: a statement of this node that changes auth empties the cache at once. */
export function onStatement(statement: string) {
  if (changesAuth(statement)) sessionCache.clear();
}
