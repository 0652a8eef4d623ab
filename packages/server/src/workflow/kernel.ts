// The transition runner (docs/decisions.md): a command is a declaration; the runner owns the route, the
// transaction, the FOR UPDATE read, the state check against the contract's machine, the update, the
// change record, the outbox entries and the answer (the new row and the events the caller may now fire).
import {
  type ApiTokenScope,
  type Grant,
  type Lang,
  type MessageCode,
  type Operation,
  type Party,
  type StateLabels,
  type StateMachine,
  step,
  type Transition,
} from '@tradelane/contract';
import { and, asc, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type z } from 'zod';
import { partyOf } from '../access/party.ts';
import type { Db } from '../db/client.ts';
import { GRAMS_KEY } from '../db/grams.ts';
import { type AuthContext, caller } from '../http/auth.ts';
import { AppError, badRequest, langOf, notFound } from '../http/errors.ts';
import { claimIdempotencyKey } from '../http/idempotency.ts';
import { answerCheck, partyConfig } from '../http/mount.ts';
import { ownedByCommand, type RowOf } from '../resources/engine.ts';
import { ChangeBuffer, type ChangeEvent, recordChange } from './events.ts';
import { type Notice, notify } from './notify.ts';

export type Row = Record<string, unknown>;

export interface CommandCtx {
  db: Db;
  auth: ReturnType<typeof caller>;
  request: FastifyRequest;
  /** A bulk command's change events, written together before it commits. */
  changes?: ChangeBuffer;
  /** The notices of a command's moves, merged and written once when it ends. */
  notices?: Notice[];
}

/**
 * A function a command declares over its own table's rows. Written as a method so that it stays
 * bivariant: the runner, which serves every command, calls it with rows it knows only as `Row`.
 */
type Hook<A extends unknown[], Ret> = { hook(...args: A): Ret }['hook'];

/** One row's move, as guards, effects, notices and derivations see it. */
export interface Move<I, R extends Row = Row> {
  ctx: CommandCtx;
  input: I;
  party: Party;
  event: string;
  /** The row before the move (read FOR UPDATE). */
  row: R;
  from: number;
  to: number;
  /** The row after the move (set once updated). */
  updated: R;
}

/** A guard answers nothing (go on), a catalogue code, or an error with parameters. */
export type Guard<I, R extends Row = Row> = Hook<
  [move: Move<I, R>],
  Promise<MessageCode | AppError | undefined> | MessageCode | AppError | undefined
>;

/** A contract operation whose input (a write's body, a GET's query) parses to I. */
export type CommandOperation<I> = Operation &
  ({ body: z.ZodType<I> } | { query: z.ZodType<I>; body?: undefined });

/**
 * Where a command is called: the contract's operation (its path, method, input, caller, summary) —
 * or, for a command no contract operation declares yet, the same spelled here.
 */
export type CommandRoute<I> =
  | { operation: CommandOperation<I>; path?: undefined; method?: undefined; input?: undefined }
  | {
      operation?: undefined;
      path: string | string[];
      method: 'GET' | 'POST' | 'PUT' | 'DELETE';
      /** Parses query, params and body merged (the spec sends a command's input either way). */
      input: z.ZodType<I>;
    };

export type CommandDeclaration<I = unknown, T extends PgTable = PgTable> = CommandRoute<I> &
  CommandBody<I, T>;

/** A command over the rows of `T`: its guards, effects and the rest see them typed. */
export interface CommandBody<I = unknown, T extends PgTable = PgTable, R extends Row = RowOf<T>> {
  /** Unique name, `<entity>.<event>`. */
  name: string;
  summary?: string;
  tags?: string[];
  machine: StateMachine<number, string>;
  /** The machine's event, fixed or chosen by the input (batchPartner/updateStatus) and the row it moves. */
  event: string | Hook<[input: NoInfer<I>, row?: R], string>;
  /** State labels: the `from` of `state.not_allowed` in the caller's language. */
  labels: StateLabels;
  table: T;
  statusColumn: string;
  /** The entity name in the change record. */
  entity: string;
  who: {
    permission?: Grant | Grant[];
    /** A function (button) grant on a menu. */
    fn?: readonly [string, string];
    /** The caller's side; platform administrators are `platform`. */
    party?: (auth: CommandCtx['auth']) => Party;
    /** Whether the row is the caller's side to move (a partner moves only its own rows). */
    own?: Hook<[ctx: CommandCtx, row: R], boolean>;
    /**
     * No user calls it: a public route whose request proves itself (a gateway's signed notice). It moves
     * as the `system` party, recorded under `actor`; a request `verify` refuses changes nothing.
     */
    external?: { actor: string; verify: (ctx: CommandCtx, input: I) => Promise<boolean> | boolean };
  };
  /** The API token scope that may call the command (none: no token may). */
  tokenScope?: ApiTokenScope;
  /** Ids the command acts on; with `many` a set (all or nothing). May create the row (`create`). */
  target: (ctx: CommandCtx, input: I) => Promise<number | number[] | null>;
  /** When `target` finds nothing: create the row in its initial state (partner invitation). */
  create?: { who: readonly Party[]; event?: string; insert: (ctx: CommandCtx, input: I) => Promise<Row> };
  /** Rows the caller may see; a row outside is a 404. */
  scope?: (ctx: CommandCtx) => SQL | undefined | Promise<SQL | undefined>;
  /** Guards by the machine's guard names; `always` runs on every move. A guard answers a catalogue code. */
  guards?: Record<string, Guard<NoInfer<I>, R>>;
  /**
   * Guards (by the machine's guard names, `always` for every move) that read only the row and the
   * caller: they run on every move like `guards`, and a row's actions leave out an event they refuse, so
   * a page never offers a button the server will refuse (an administrator's own company offers no stop).
   */
  rowGuards?: Record<string, Hook<[ctx: CommandCtx, row: R], MessageCode | undefined>>;
  /** More columns to set with the status. */
  set?: Hook<[move: Move<NoInfer<I>, R>], Row>;
  note?: (input: I) => string | null | undefined;
  /** Where the record sits: tenant, project, batch, party. Defaults to the row's tenantId/projectId/batchId. */
  record?: Hook<[row: R, input: NoInfer<I>], Partial<ChangeEvent>>;
  /** Changes in the same transaction (other modules through their exported commands). */
  effects?: Hook<[move: Move<NoInfer<I>, R>], Promise<void>>;
  /** Recomputes a parent's status from its children after the move. */
  derive?: Hook<[move: Move<NoInfer<I>, R>], Promise<void>>;
  /** Once after every move of the command (a bulk command's parents recomputed once, not per row). */
  afterAll?: Hook<[ctx: CommandCtx, moves: Move<NoInfer<I>, R>[], input: NoInfer<I>], Promise<void>>;
  /** Who hears of the move: outbox entries in the same transaction. */
  notify?: Hook<[move: Move<NoInfer<I>, R>], Promise<Notice[]> | Notice[]>;
  /** Who hears of a whole bulk command at once (one notice for many rows), after every move. */
  notifyAll?: Hook<[moves: Move<NoInfer<I>, R>[]], Promise<Notice[]> | Notice[]>;
  /** The command that undoes this one, if any (shown on the timeline and to the attack suite). */
  undo?: string;
  /** Bulk: input names a set of ids, all move or none (the error says which id blocks). */
  many?: boolean;
  /** How a user names a row (a box number): a bulk refusal names the row that blocks. */
  rowLabel?: Hook<[row: R], string>;
  /** The answer's rows, decorated (names of references and the like). */
  answer?: Hook<[ctx: CommandCtx, rows: R[]], Promise<Row[]>>;
  /** A spec-shaped answer instead of the rows with their actions. */
  reply?: Hook<[ctx: CommandCtx, rows: R[], input: I], unknown>;
  /**
   * A step the machine refuses from the row's current state is answered as done, the row unchanged and
   * nothing recorded: a repeated or late notice (a gateway retries until it reads its acknowledgement).
   */
  repeatable?: boolean;
  /** The wire for a caller that reads no JSON (a gateway's plain `success`/`failure`). */
  respond?: {
    ok: (reply: FastifyReply, answer: unknown) => unknown;
    refused: (reply: FastifyReply, err: AppError | ZodError) => unknown;
  };
  /** An answer given before anything moves (the spec answers some refusals with 200 and a status). */
  early?: (ctx: CommandCtx, input: I) => Promise<unknown>;
  status?: 200 | 201;
}

/** A declared command, its route resolved (from its operation when it names one). */
export interface Command<I = unknown, T extends PgTable = PgTable> extends CommandBody<I, T> {
  operation?: Operation;
  path: string | string[];
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  input: z.ZodType<I>;
  idColumn: AnyPgColumn;
  statusCol: AnyPgColumn;
}

/** The route, input and caller a command takes from its contract operation. */
function routeOf<I>(decl: CommandDeclaration<I>) {
  const op = decl.operation;
  if (!op) return { path: decl.path, method: decl.method, input: decl.input, who: decl.who };
  const caller = op.caller;
  const who = { ...decl.who };
  if ('permission' in caller) who.permission = caller.permission as Grant | Grant[];
  if ('fn' in caller && caller.fn) who.fn = caller.fn;
  return {
    path: [op.path, ...(op.also ?? [])],
    method: op.method,
    input: (op.body ?? op.query) as z.ZodType<I>,
    who,
    summary: decl.summary ?? op.summary,
    tags: decl.tags ?? [...op.tags],
    tokenScope: decl.tokenScope ?? (op.tokenScope as ApiTokenScope | undefined),
    status: decl.status ?? op.status,
  };
}

/**
 * Runs once after every command, in its transaction, after its own `afterAll`: state derived from any
 * command's moves by a module the command does not know (the control tower's projections, exceptions and
 * events out). A listener that throws refuses the command like a guard.
 */
export type CommandListener = (
  ctx: CommandCtx,
  cmd: Command<unknown>,
  moves: Move<unknown>[],
) => Promise<void>;
const listeners: CommandListener[] = [];
export function afterEveryCommand(listener: CommandListener) {
  if (!listeners.includes(listener)) listeners.push(listener);
}
async function tellListeners(ctx: CommandCtx, cmd: Command<unknown>, moves: Move<unknown>[]) {
  for (const listener of listeners) await listener(ctx, cmd, moves);
}

/** Every declared command. The attack suite iterates it; a declared command always gets its route. */
export const workflowCommands = new Map<string, Command<never>>();

export function defineCommand<I, T extends PgTable = PgTable>(decl: CommandDeclaration<I, T>): Command<I, T> {
  const columns = getTableColumns(decl.table) as Record<string, AnyPgColumn>;
  const statusCol = columns[decl.statusColumn];
  if (!columns.id || !statusCol)
    throw new Error(`command ${decl.name}: table lacks id or ${decl.statusColumn}`);
  const cmd = { ...decl, ...routeOf(decl), idColumn: columns.id, statusCol } as Command<I, T>;
  workflowCommands.set(decl.name, cmd as unknown as Command<never>);
  offersByMachine.delete(decl.machine);
  ownedByCommand(decl.table, decl.statusColumn);
  return cmd;
}

const partyFor = (cmd: Command<never> | Command<unknown>, auth: CommandCtx['auth']) =>
  cmd.who.external ? 'system' : (cmd.who.party ?? partyOf)(auth);

/**
 * The product itself as the caller of a command no user makes, or of a move that follows from another
 * change: no session, no grants, named `username` (the external actor, the user whose step it follows, or
 * `system`), of `tenantId` (0, stored as none: no company did it).
 */
export function systemCaller(username: string, tenantId = 0): AuthContext {
  return {
    sessionId: 0,
    userId: 0,
    username,
    tenantId,
    deptId: null,
    roleType: -1,
    isPlatformAdmin: false,
    token: '',
    roleIds: [],
    roleNames: [],
    permissions: [],
    functions: [],
    level: Number.MAX_SAFE_INTEGER,
    deptScope: [],
  };
}

/** The status a row holds, as the machine's number (a boolean column such as `active` reads 0/1). */
const stateOf = (cmd: Command<never> | Command<unknown>, row: Row) => Number(row[cmd.statusColumn]);
/** The machine's number as the column stores it. */
const stored = (cmd: Command<never> | Command<unknown>, to: number) =>
  cmd.statusCol.dataType === 'boolean' ? to === 1 : to;

/** A command's moves out of one state: the machine's transitions its event may take from there. */
interface Offer {
  cmd: Command<never>;
  moves: Transition<number, string>[];
}
/** Per status column, per state, the commands that may move a row out of that state. */
type Offers = Map<string, Map<number, Offer[]>>;
/**
 * A machine's offers, built on first use and dropped when a command on it is declared: a list decorates
 * each of its rows with `actionsFor`, so the machine is not walked once per declared command and row.
 */
const offersByMachine = new WeakMap<StateMachine<number, string>, Offers>();
function offersOf(machine: StateMachine<number, string>): Offers {
  const known = offersByMachine.get(machine);
  if (known) return known;
  const offers: Offers = new Map();
  for (const cmd of workflowCommands.values()) {
    if (cmd.machine !== machine) continue;
    const byState = offers.get(cmd.statusColumn) ?? new Map<number, Offer[]>();
    offers.set(cmd.statusColumn, byState);
    for (const t of machine) {
      if (typeof cmd.event === 'string' && cmd.event !== t.event) continue;
      const here = byState.get(t.from) ?? [];
      byState.set(t.from, here);
      const offer = here.find((o) => o.cmd === cmd);
      if (offer) offer.moves.push(t);
      else here.push({ cmd, moves: [t] });
    }
  }
  offersByMachine.set(machine, offers);
  return offers;
}

/** The events of a machine a party may fire on a row now: the commands declared on that machine. */
export function actionsFor(ctx: CommandCtx, machine: StateMachine<number, string>, row: Row): string[] {
  const out: string[] = [];
  for (const [column, byState] of offersOf(machine))
    for (const { cmd, moves } of byState.get(Number(row[column])) ?? []) {
      if (cmd.who.own && !cmd.who.own(ctx, row)) continue;
      const party = partyFor(cmd, ctx.auth);
      const guards = cmd.rowGuards;
      if (guards?.always?.(ctx, row)) continue;
      for (const t of moves)
        if (t.who.includes(party) && !(t.guard && guards?.[t.guard]?.(ctx, row)) && !out.includes(t.event))
          out.push(t.event);
    }
  return out;
}

/** `state.not_allowed`, the same everywhere: the `from` state as a label in the caller's language. */
export function notAllowed(labels: StateLabels, from: number, event: string, lang: Lang) {
  return badRequest('state.not_allowed', { from: labels[from]?.[lang] ?? String(from), event });
}

export interface ApplyOptions {
  /** Acting party (default: the caller's). `system` moves follow from another command. */
  party?: Party;
  /** A refused move is skipped instead of failing (moves that follow another command). */
  quiet?: boolean;
  event?: string;
  /** Collects the moves made (for `notifyAll`). */
  moves?: Move<unknown>[];
}

/** Moves one row (already read FOR UPDATE, inside the transaction). Returns the updated row, or null if quietly refused. */
export async function applyMove<I>(
  cmd: Command<I>,
  ctx: CommandCtx,
  row: Row,
  input: I,
  opts: ApplyOptions = {},
): Promise<Row | null> {
  const party = opts.party ?? partyFor(cmd as Command<unknown>, ctx.auth);
  const event = opts.event ?? (typeof cmd.event === 'string' ? cmd.event : cmd.event(input, row));
  const from = stateOf(cmd as Command<unknown>, row);
  const own = party === 'system' || !cmd.who.own || cmd.who.own(ctx, row);
  const next = step(cmd.machine, from, event, party);
  if (!next.ok && next.reason === 'state' && own && cmd.repeatable) return row;
  if (!next.ok || !own) {
    if (opts.quiet) return null;
    if (!next.ok && next.reason === 'state' && own)
      throw notAllowed(cmd.labels, from, event, langOf(ctx.request));
    throw new AppError(403, 'state.wrong_party');
  }
  const move: Move<I> = { ctx, input, party, event, row, from, to: next.to, updated: row };
  for (const name of ['always', next.guard]) {
    const refusal = name ? cmd.rowGuards?.[name]?.(ctx, row) : undefined;
    if (refusal) {
      if (opts.quiet) return null;
      throw badRequest(refusal);
    }
    const guard = name ? cmd.guards?.[name] : undefined;
    const code = guard ? await guard(move) : undefined;
    if (code) {
      if (opts.quiet) return null;
      throw code instanceof AppError ? code : badRequest(code);
    }
  }
  const [updated] = (await ctx.db
    .update(cmd.table)
    .set({
      ...(cmd.set?.(move) ?? {}),
      [cmd.statusColumn]: stored(cmd as Command<unknown>, next.to),
      ...('updateTime' in getTableColumns(cmd.table)
        ? { updateTime: new Date(), updateBy: ctx.auth.username }
        : {}),
    })
    .where(eq(cmd.idColumn, row.id as number))
    .returning()) as Row[];
  move.updated = updated;
  const change: ChangeEvent = {
    tenantId: (row.tenantId as number | undefined) ?? null,
    projectId: (row.projectId as number | undefined) ?? null,
    batchId: (row.batchId as number | undefined) ?? null,
    ...(cmd.record?.(row, input) ?? {}),
    entity: cmd.entity,
    entityId: row.id as number,
    action: event,
    from,
    to: next.to,
    note: cmd.note?.(input) ?? null,
  };
  if (ctx.changes) ctx.changes.add(ctx.auth, change);
  else await recordChange(ctx.db, ctx.auth, change);
  opts.moves?.push(move as Move<unknown>);
  await cmd.effects?.(move);
  await cmd.derive?.(move);
  if (cmd.notify) {
    const notices = await cmd.notify(move);
    if (ctx.notices) ctx.notices.push(...notices);
    else await notify(ctx.db, notices, ctx.auth.username);
  }
  return updated;
}

/**
 * One message per command per party: the notices of a command's moves that say the same thing (title
 * and link) are one notice to all their recipients, a recipient once; the first one's words are kept.
 */
export function mergeNotices(notices: Notice[]): Notice[] {
  const byKey = new Map<string, Notice>();
  for (const n of notices) {
    const key = `${n.title}\u0000${n.link ?? ''}`;
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, { ...n, to: { ...n.to } });
      continue;
    }
    const union = (a?: number[], b?: number[]) =>
      a || b ? [...new Set([...(a ?? []), ...(b ?? [])])] : undefined;
    seen.to = {
      tenants: union(seen.to.tenants, n.to.tenants),
      users: union(seen.to.users, n.to.users),
      platformAdmins: seen.to.platformAdmins || n.to.platformAdmins,
    };
  }
  return [...byKey.values()];
}

/** Reads the rows FOR UPDATE within the caller's scope; every id must be there. */
async function lockRows<I>(cmd: Command<I>, ctx: CommandCtx, ids: number[]): Promise<Row[]> {
  const scope = cmd.scope ? await cmd.scope(ctx) : undefined;
  const rows = (await ctx.db
    .select()
    .from(cmd.table)
    .where(and(inArray(cmd.idColumn, ids), scope))
    .orderBy(asc(cmd.idColumn))
    .for('update')) as Row[];
  const missing = ids.find((id) => !rows.some((r) => r.id === id));
  if (missing !== undefined) throw new AppError(404, 'not_found', { id: missing });
  return ids.map((id) => rows.find((r) => r.id === id) as Row);
}

/** Runs a command for a request: one transaction, then delivery of its outbox entries. */
export async function runCommand<I>(app: FastifyInstance, cmd: Command<I>, request: FastifyRequest) {
  const auth = cmd.who.external ? systemCaller(cmd.who.external.actor) : caller(request);
  const ctx: CommandCtx = { db: app.db, auth, request };
  const raw = {
    ...((request.query as object) ?? {}),
    ...(request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {}),
    ...(Array.isArray(request.body) ? { ids: request.body } : {}),
    ...((request.params as object) ?? {}),
  };
  const input = cmd.input.parse(raw);
  if (cmd.who.external && !(await cmd.who.external.verify(ctx, input)))
    throw new AppError(401, 'auth.unauthorized');
  const early = await cmd.early?.(ctx, input);
  if (early !== undefined) return early;
  const rows = await app.db.transaction(async (tx) => {
    const tctx: CommandCtx = {
      ...ctx,
      db: tx as unknown as Db,
      changes: cmd.many ? new ChangeBuffer() : undefined,
      notices: [],
    };
    // The X-Data-Id is written with what it protects: a refused command leaves it free for a retry.
    await claimIdempotencyKey(tctx);
    const target = await cmd.target(tctx, input);
    if (target === null || (Array.isArray(target) && !target.length)) {
      if (!cmd.create) throw notFound();
      const party = partyFor(cmd as Command<unknown>, ctx.auth);
      if (!cmd.create.who.includes(party)) throw new AppError(403, 'state.wrong_party');
      const row = await cmd.create.insert(tctx, input);
      const event = cmd.create.event ?? (typeof cmd.event === 'string' ? cmd.event : cmd.event(input));
      await recordChange(tctx.db, ctx.auth, {
        tenantId: (row.tenantId as number | undefined) ?? null,
        ...(cmd.record?.(row, input) ?? {}),
        entity: cmd.entity,
        entityId: row.id as number,
        action: event,
        from: null,
        to: stateOf(cmd as Command<unknown>, row),
        note: cmd.note?.(input) ?? null,
      });
      const move: Move<I> = {
        ctx: tctx,
        input,
        party,
        event,
        row,
        from: -1,
        to: stateOf(cmd as Command<unknown>, row),
        updated: row,
      };
      if (cmd.notify) await notify(tctx.db, mergeNotices(await cmd.notify(move)), ctx.auth.username);
      await tellListeners(tctx, cmd as Command<unknown>, [move as Move<unknown>]);
      return [row];
    }
    const ids = [...new Set(Array.isArray(target) ? target : [target])];
    if (!cmd.many && ids.length > 1) throw badRequest('validation', { field: 'id', reason: '' });
    const locked = await lockRows(cmd, tctx, ids);
    const out: Row[] = [];
    const moves: Move<I>[] = [];
    for (const row of locked) {
      try {
        out.push((await applyMove(cmd, tctx, row, input, { moves: moves as Move<unknown>[] })) as Row);
      } catch (err) {
        // All or nothing: the first row that blocks names itself, and nothing moves.
        if (cmd.many && err instanceof AppError)
          throw new AppError(err.status, err.code, {
            ...err.params,
            id: row.id,
            // A refusal about the whole set (not this row) says so with its own `row`.
            row: 'row' in err.params ? err.params.row : cmd.rowLabel?.(row),
          });
        throw err;
      }
    }
    await tctx.changes?.flush(tctx.db);
    await cmd.afterAll?.(tctx, moves, input);
    const notices = [...(tctx.notices ?? []), ...(cmd.notifyAll ? await cmd.notifyAll(moves) : [])];
    if (notices.length) await notify(tctx.db, mergeNotices(notices), ctx.auth.username);
    await tellListeners(tctx, cmd as Command<unknown>, moves as Move<unknown>[]);
    return out;
  });
  await app.outbox.flush();
  if (cmd.reply) return cmd.reply(ctx, rows, input);
  const decorated = cmd.answer ? await cmd.answer(ctx, rows) : rows;
  const wire = decorated.map((r) => {
    // Never a password hash, nor a text index's pieces (db/grams.ts).
    const { passwordHash: _, [GRAMS_KEY]: __, ...rest } = r;
    return { ...rest, actions: actionsFor(ctx, cmd.machine, r) };
  });
  return cmd.many ? { content: wire, totalElements: wire.length } : wire[0];
}

/** Gives each command its route(s). Route config carries the permission the auth layer enforces. */
// biome-ignore lint/suspicious/noExplicitAny: a list of commands of different inputs
export function registerCommands(app: FastifyInstance, commands: readonly Command<any>[]) {
  for (const cmd of commands as Command<unknown>[]) {
    const paths = Array.isArray(cmd.path) ? cmd.path : [cmd.path];
    for (const url of paths) {
      app.route({
        method: cmd.method,
        url,
        config: {
          permission: cmd.who.permission,
          fn: cmd.who.fn,
          ...partyConfig(cmd.operation?.caller),
          // No permission named: any signed-in user, and the command's party and `own` rules decide;
          // an external caller proves itself in `verify`.
          ...(cmd.who.external
            ? { public: true }
            : cmd.who.permission === undefined && cmd.who.fn === undefined
              ? { signedIn: true }
              : {}),
          describe: cmd.summary ?? cmd.name,
          ...(cmd.operation ? { operation: cmd.operation } : {}),
          // A GET that changes state (the spec's supplies/back/{id}) needs the token in the header.
          writes: cmd.method === 'GET' ? true : undefined,
          command: cmd.name,
          claimsIdempotency: true,
          tokenScope: cmd.tokenScope,
        },
        schema: { tags: cmd.tags ?? [cmd.entity], summary: cmd.summary ?? cmd.name },
        preSerialization: cmd.operation ? answerCheck(app, cmd.operation) : undefined,
        handler: async (request, reply) => {
          if (cmd.respond) {
            let answer: unknown;
            try {
              answer = await runCommand(app, cmd, request);
            } catch (err) {
              // A refusal in the caller's words; anything else is a fault and stays a 5xx.
              if (err instanceof AppError || err instanceof ZodError) return cmd.respond.refused(reply, err);
              throw err;
            }
            return cmd.respond.ok(reply, answer);
          }
          const answer = await runCommand(app, cmd, request);
          if (cmd.status) reply.status(cmd.status);
          return answer;
        },
      });
    }
    routed.add(cmd.name);
  }
}

const routed = new Set<string>();

/** Every declared command must have its route: a command cannot opt out of the attack suite. */
export function assertAllRouted() {
  const missing = [...workflowCommands.keys()].filter((n) => !routed.has(n));
  if (missing.length) throw new Error(`workflow commands without a route: ${missing.join(', ')}`);
}
