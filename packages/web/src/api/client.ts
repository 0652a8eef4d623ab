// The one typed client of the contract's operations: a page names the operation and its input, and
// gets the answer the contract declares. The path, the method, where the input goes (a GET's query, a
// write's body, `:name` path parameters) and the families a write refreshes all come from the
// declaration, never from the page.
import {
  type AnswerOf,
  answersFile,
  type FamilyOperation,
  type InputOf,
  type Operation,
  pathParams,
} from '@tradelane/contract';
import { type RequestOptions, request } from './request.ts';

type Params = NonNullable<RequestOptions['params']>;

/** Told of every successful write with the families it changes (the app refreshes their queries). */
let changed: (families: readonly string[]) => void = () => {};
export function onChanged(listener: (families: readonly string[]) => void): void {
  changed = listener;
}

/** The operation's path with its parameters filled, and the input left without them. */
export function fillPath(op: Pick<Operation, 'path'>, input: unknown): { url: string; rest: unknown } {
  const names = pathParams(op.path);
  if (!names.length) return { url: op.path, rest: input };
  const values = { ...(input as Record<string, unknown>) };
  let url = op.path;
  for (const name of names) {
    const value = values[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`${op.path}: path parameter ${name} missing`);
    url = url.replace(`:${name}`, encodeURIComponent(String(value)));
    delete values[name];
  }
  return { url, rest: values };
}

/** An operation whose input is optional (nothing required) may be called without one. */
type Args<O extends FamilyOperation> =
  undefined extends InputOf<O>
    ? [input?: InputOf<O> | (O['upload'] extends true ? FormData : never), opts?: RequestOptions]
    : [input: InputOf<O> | (O['upload'] extends true ? FormData : never), opts?: RequestOptions];

/** Calls an operation: its answer as the contract declares it (a download answers its Blob). */
export async function call<O extends FamilyOperation>(
  op: O,
  ...[input, opts]: Args<O>
): Promise<AnswerOf<O>> {
  const form = input instanceof FormData;
  const { url, rest } = form ? { url: op.path, rest: input } : fillPath(op, input);
  const withFile = answersFile(op) ? { responseType: 'blob' as const } : {};
  const answer =
    op.method === 'GET'
      ? await request<AnswerOf<O>>('GET', url, { ...withFile, ...opts, params: rest as Params })
      : await request<AnswerOf<O>>(op.method, url, { ...withFile, ...opts, data: rest });
  if (op.changes?.length) changed(op.changes);
  return answer;
}

/**
 * Fires a row's command by its event name: the operation the table names for the event, on the row's id,
 * with the reason where the caller gives one (the commands that return or reject take it). An event the
 * table does not name is a programming error.
 */
export function callCommand(
  steps: Readonly<Record<string, FamilyOperation>>,
  event: string,
  id: number,
  reason?: string,
): Promise<unknown> {
  const op = steps[event];
  if (!op) throw new Error(`no operation for the command ${event}`);
  return call(op as FamilyOperation, { id, ...(reason === undefined ? {} : { reason }) } as never);
}
