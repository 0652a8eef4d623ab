// A command run in-process for a user, with no HTTP request: the demo seed walks its story through the
// same declarations a user's click runs, so it can never reach a state the machines forbid. The caller is
// read as a session would read it (grants, department scope) and held to the route's permission and
// function grant as the auth layer would hold it; the run itself is the kernel's `runCommand`.
// A move that follows from another change (`moveAsSystem`) is the machine's `system` party's, in the
// transaction of the change it follows, with its change record like any other.
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasFunction, hasPermission, isPlatformAdmin, loadAccess } from '../access/service.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { AuthContext } from '../http/auth.ts';
import { forbidden } from '../http/errors.ts';
import type { ChangeBuffer } from './events.ts';
import { applyMove, type Command, type CommandCtx, type Row, runCommand } from './kernel.ts';

/** A user as a signed-in caller (no session: the id is 0). */
export async function callerOf(db: Db, username: string): Promise<AuthContext> {
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      tenantId: users.tenantId,
      deptId: users.deptId,
      roleType: users.roleType,
    })
    .from(users)
    .where(and(eq(users.username, username), eq(users.enabled, true)));
  if (!user) throw new Error(`no enabled user ${username}`);
  return {
    ...(await loadAccess(db, user)),
    sessionId: 0,
    userId: user.id,
    username: user.username,
    tenantId: user.tenantId,
    deptId: user.deptId,
    roleType: user.roleType,
    isPlatformAdmin: isPlatformAdmin(user),
    token: '',
  };
}

/** A request's context outside a request (a seed calling a module's function as a user would). */
export function inProcessCtx(db: Db, auth: AuthContext): CommandCtx {
  return { db, auth, request: { headers: {} } as FastifyRequest };
}

/**
 * Runs a command as `auth` on `input` (the body a client would send), in `db`'s transaction (a savepoint
 * when `db` is one). Its outbox entries are written, not delivered: a running node's dispatcher delivers
 * them. Answers what the route would answer; a refusal throws the route's AppError.
 */
export async function runCommandAs<I>(db: Db, cmd: Command<I>, auth: AuthContext, input: I) {
  if (!hasPermission(auth, cmd.who.permission) || !hasFunction(auth, cmd.who.fn)) throw forbidden();
  const request = {
    auth,
    headers: {},
    query: {},
    params: {},
    body: input,
  } as unknown as FastifyRequest;
  const app = { db, outbox: { flush: async () => {} } } as unknown as FastifyInstance;
  return runCommand(app, cmd, request);
}

/**
 * Moves the rows `where` picks by `cmd` as the machine's `system` party, in `db`'s transaction (a move that
 * follows from another: an exception closed as its cause goes). Each row is read FOR UPDATE and moved as a
 * click moves it — the machine, the guards, the columns set, the change record, the effects, the notices.
 * `changes` collects the change records instead (written by the caller). Answers the rows moved.
 */
export async function moveAsSystem<I>(
  db: Db,
  cmd: Command<I>,
  where: SQL | undefined,
  input: (row: Row) => I,
  auth: AuthContext,
  changes?: ChangeBuffer,
): Promise<Row[]> {
  // No condition would be every row of the table: never what a follow-on move means.
  if (!where) throw new Error(`${cmd.name}: a system move names its rows`);
  const rows = (await db
    .select()
    .from(cmd.table)
    .where(where)
    .orderBy(asc(cmd.idColumn))
    .for('update')) as Row[];
  const ctx: CommandCtx = { ...inProcessCtx(db, auth), changes };
  const moved: Row[] = [];
  for (const row of rows) {
    const updated = await applyMove(cmd, ctx, row, input(row), { party: 'system' });
    if (updated) moved.push(updated);
  }
  return moved;
}
