// An operation of the API, declared once: its method and path, what it takes, what it answers, who may
// call it and which families' rows it changes. The server mounts its route from the declaration
// (server/http/mount.ts, and the two engines for families and commands), the web calls it through one
// typed client (web/api/client.ts) and the OpenAPI document is generated from it — so a path, a body or
// an answer cannot be spelled differently on the two sides of the wire.
import { z } from 'zod';
import { pageOf } from '../answers/common.ts';
import type { MessageCode } from '../messages.ts';
import type { Grant } from '../permissions.ts';
import type { ApiTokenScope } from '../tower.ts';
import type { Party } from '../workflow.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The sides that may call an operation at all (a project is a shipper's, a box a supplier's), whatever
 * their grants: the server refuses another side with `refusal` (default `forbidden`) and the web shows
 * its button to these sides only. Platform administrators are `platform`: listed where they may act.
 */
export interface PartyRule {
  party?: readonly Party[];
  /** The code a refusal answers, where the API has long answered one of its own. */
  refusal?: MessageCode;
}

/**
 * Who may call an operation. The server refuses every other caller from the route it matched, before
 * the body is read: no session for `signedIn`, a permission of the catalogue, a function (button)
 * grant on a menu, or both, and a caller of another side than `party`. `public` operations prove
 * themselves otherwise (a login, a signed notice).
 */
export type Caller =
  | { public: true }
  | ({ signedIn: true } & PartyRule)
  | ({ permission: Grant | readonly Grant[]; fn?: readonly [string, string] } & PartyRule)
  | ({ fn: readonly [string, string] } & PartyRule);

export interface Operation {
  method: Method;
  /** The path; a `:name` segment is a path parameter, filled from the input's field of that name. */
  path: string;
  /** Other spellings the spec gives the same operation (served alike, documented once each). */
  also?: readonly string[];
  summary: string;
  tags: readonly string[];
  caller: Caller;
  /** The query string (a GET's input). */
  query?: z.ZodType;
  /** The JSON body (the input of a POST, PUT or DELETE); `upload` sends a multipart form instead. */
  body?: z.ZodType;
  /** What a 2xx answers: a JSON schema of the contract, or `fileAnswer` for a download. */
  answer: z.ZodType;
  /** Families whose cached rows the operation changes (the web refreshes their queries after it). */
  changes?: readonly string[];
  /** The API token scopes that may call it; none: no API token may. */
  tokenScope?: ApiTokenScope | readonly ApiTokenScope[];
  /** The input is a multipart form (a file and its fields). */
  upload?: true;
  /** A GET that changes data (kept from the spec): it needs the token in the header like a write. */
  writes?: true;
  /** The status of a success when not 200. */
  status?: 201;
}

/** Declares an operation, keeping its literal types (method, schemas) for the client and the server. */
export function operation<const O extends Operation>(o: O): O {
  return o;
}

type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the caller sends: a GET's query, otherwise its body (path parameters are fields of either). */
export type InputOf<O extends Omit<Operation, 'caller'>> = O['method'] extends 'GET'
  ? In<O['query']>
  : In<O['body']>;

/** What a success answers, as the web reads it. */
export type AnswerOf<O extends Omit<Operation, 'caller'>> = z.output<O['answer']>;

/** Where the sign-in routes' paths begin: infrastructure that tells them from the rest reads this, never a spelling. */
export const AUTH_PREFIX = '/auth/';

/** An operation's path with its `:name` parameters filled: a link to follow (a file, a download). */
export function pathOf(op: Pick<Operation, 'path'>, params: Record<string, string | number> = {}): string {
  return op.path
    .split('/')
    .map((s) => {
      if (!s.startsWith(':')) return s;
      const value = params[s.slice(1)];
      if (value === undefined || value === '') throw new Error(`${op.path}: path parameter ${s} missing`);
      return encodeURIComponent(String(value));
    })
    .join('/');
}

/** The names of an operation's path parameters (`/api/roles/:id` → ['id']). */
export function pathParams(path: string): string[] {
  return path
    .split('/')
    .filter((s) => s.startsWith(':'))
    .map((s) => s.slice(1));
}

/** The answer of a download: the file's bytes (a spreadsheet, a PDF, a label), read by the web as a Blob. */
export const fileAnswer = z.custom<Blob>(() => true).meta({ description: 'file', format: 'binary' });

/** Whether an operation answers a file rather than JSON. */
export const answersFile = (op: Pick<Operation, 'answer'>) => op.answer === fileAnswer;

/**
 * Families whose rows the server changes when a row of the key family changes (its derivations: a
 * batch's status from its lists and boxes, a list's totals from its rows, a declaration's parts from
 * it). A write to the key family declares them among its changes; the web refreshes them (and, in
 * turn, what they change).
 */
export const familyEffects: Readonly<Record<string, readonly string[]>> = {
  materialList: ['projectBatch', 'supplies'],
  supplies: ['materialList'],
  projectBatch: ['project'],
  boxPiece: ['accessoryInfo', 'container', 'abnormalRecord', 'projectBatch'],
  accessoryInfo: ['boxPiece', 'container', 'projectBatch'],
  container: ['boxPiece', 'accessoryInfo', 'projectBatch'],
  abnormalRecord: ['boxPiece'],
  projectDeclare: ['declareLine', 'assort', 'examine', 'declPrice', 'customsClearanceLive'],
};

/** A row the contract does not describe field by field yet: an object with its id (and anything else). */
export const rowNotWritten = z.looseObject({ id: z.number() });

/**
 * A family's operation before the engine adds its caller's grants (the family's declared permissions);
 * the side that may call it, where only one may, is declared with the family. Any operation is one.
 */
export type FamilyOperation = Omit<Operation, 'caller'> & { caller?: Caller | PartyRule };

/** The sides that may create, update or delete a family's rows, where not every side may. */
export type FamilyParties = Partial<Record<'create' | 'update' | 'remove', PartyRule>>;

/** A row id in the query (`queryById?id=`). */
const idQuery = z.object({ id: z.coerce.number().int().positive() });
/** The ids a delete removes, all or none. */
export const idsBody = z
  .array(z.coerce.number().int().positive(), { message: 'validation.ids_required' })
  .min(1, { message: 'validation.ids_required' })
  .max(1000);
/** A list's paging and sort; the family's own filters and `blurry` are documented from its declaration. */
export const listQuery = z.looseObject({
  page: z.coerce.number().int().min(0).optional(),
  size: z.coerce.number().int().min(1).optional(),
  sort: z.union([z.string(), z.array(z.string())]).optional(),
  after: z.string().optional(),
  blurry: z.string().optional(),
});

/**
 * The operations of a declared family (the resource engine mounts them): a page of rows, the same as a
 * sheet, one row by id, create, update and delete by ids. The web's list and form pages call these.
 */
export function familyOperations<const N extends string, A extends z.ZodType, W extends z.ZodType = A>(
  name: N,
  row: A,
  /**
   * `written`: what a create or update answers when it is not the listed row (a secret shown once).
   * `parties`: the sides that may create, update or delete (`{ create: { party: ['shipper'] } }`).
   */
  opts: { tags?: readonly string[]; written?: W; parties?: FamilyParties } = {},
) {
  const by = (action: keyof FamilyParties) => {
    const rule = opts.parties?.[action];
    return rule ? { caller: rule } : {};
  };
  const written = (opts.written ?? row) as W;
  const base = `/api/${name}` as const;
  const tags = opts.tags ?? [name];
  const page = pageOf(row);
  const changes = [name, ...(familyEffects[name] ?? [])];
  return {
    name,
    list: { method: 'GET', path: base, summary: `List ${name}`, tags, query: listQuery, answer: page },
    download: {
      method: 'GET',
      path: `${base}/download`,
      summary: `Export ${name} to Excel`,
      tags,
      query: listQuery,
      answer: fileAnswer,
    },
    queryById: {
      method: 'GET',
      path: `${base}/queryById`,
      summary: `One ${name} by id`,
      tags,
      query: idQuery,
      answer: row,
    },
    create: {
      method: 'POST',
      path: base,
      summary: `Create ${name}`,
      tags,
      body: z.record(z.string(), z.unknown()),
      answer: written,
      status: 201,
      changes,
      ...by('create'),
    },
    update: {
      method: 'PUT',
      path: base,
      summary: `Update ${name}`,
      tags,
      body: z.record(z.string(), z.unknown()),
      answer: written,
      changes,
      ...by('update'),
    },
    remove: {
      method: 'DELETE',
      path: base,
      summary: `Delete ${name} by ids`,
      tags,
      body: idsBody,
      answer: z.object({ deleted: z.number() }),
      changes,
      ...by('remove'),
    },
  } as const satisfies { name: N } & Record<
    'list' | 'download' | 'queryById' | 'create' | 'update' | 'remove',
    FamilyOperation
  >;
}
export type FamilyOperations = ReturnType<typeof familyOperations>;
