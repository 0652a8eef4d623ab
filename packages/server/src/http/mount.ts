// Mounts an operation of the contract (contract/api): its route or routes, its caller as the route's
// config (which the auth layer enforces before reading the body), its query and body schemas (parsed
// before the handler runs; a refusal is the localized 400) and its answer, which the API document shows.
// A handler sees the parsed input and must answer what the contract says it answers.
import {
  type AnswerOf,
  answersFile,
  type Caller,
  type FamilyOperation,
  type Operation,
  type PartyRule,
  pathParams,
} from '@tradelane/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's operation the route serves (the API document reads its answer from it). */
    operation?: FamilyOperation;
    /** A query the handler parses itself, shown in the API document (a family's filters). */
    documentQuery?: z.ZodObject;
  }
}

type Out<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request as a mounted handler sees it: query and body already parsed by the operation's schemas. */
export type OperationRequest<O extends Operation> = FastifyRequest & {
  query: Out<O['query']>;
  body: Out<O['body']>;
  params: Record<string, string>;
};

/** A value as a handler holds it before it is sent: a date where the answer has its JSON string. */
export type Sendable<T> = T extends string
  ? T | Date
  : T extends readonly (infer U)[]
    ? readonly Sendable<U>[]
    : T extends object
      ? { [K in keyof T]: Sendable<T[K]> }
      : T;

/** What a handler may give back: the answer, or the reply when it has sent something itself (a file). */
type Answered<O extends Operation> = Sendable<z.input<O['answer']>> | FastifyReply;

/** The route config of a caller (one of public, signedIn, permission or fn, as the route guard requires). */
export function callerConfig(
  caller: Caller,
): Pick<FastifyContextConfig, 'public' | 'signedIn' | 'permission' | 'fn' | 'party' | 'partyRefusal'> {
  if ('public' in caller) return { public: true };
  if ('signedIn' in caller) return { signedIn: true, ...partyConfig(caller) };
  const config: Pick<FastifyContextConfig, 'permission' | 'fn'> = {};
  if ('permission' in caller && caller.permission !== undefined) config.permission = caller.permission;
  if (caller.fn) config.fn = caller.fn;
  return { ...config, ...partyConfig(caller) };
}

/** The route config of the sides a caller may be on (the auth layer refuses the others with the code). */
export function partyConfig(
  rule: Caller | PartyRule | undefined,
): Pick<FastifyContextConfig, 'party' | 'partyRefusal'> {
  if (!rule || 'public' in rule || !rule.party) return {};
  return { party: rule.party, ...(rule.refusal ? { partyRefusal: rule.refusal } : {}) };
}

/** Route options a handler may add: more config (idempotency, rate rules) and Fastify's own options. */
export interface MountOptions {
  config?: Partial<FastifyContextConfig>;
  bodyLimit?: number;
  preValidation?: (request: FastifyRequest, reply: FastifyReply) => Promise<void> | void;
}

/**
 * With `checkAnswers` (tests), a hook that parses a success's answer with the operation's schema before
 * it is sent: an answer that drifts from the contract becomes a 500 naming the operation and the first
 * issues, so every test that calls an operation also checks what it answered.
 */
export function answerCheck(app: FastifyInstance, op: FamilyOperation) {
  if (!app.config.checkAnswers || answersFile(op)) return undefined;
  return async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode >= 300) return payload;
    // As the caller reads it: dates and the like as their JSON.
    const parsed = op.answer.safeParse(JSON.parse(JSON.stringify(payload ?? null)));
    if (parsed.success) return payload;
    reply.status(500);
    return {
      status: 500,
      code: 'answer_mismatch',
      message: `${op.method} ${op.path} answered outside its contract: ${JSON.stringify(parsed.error.issues.slice(0, 5))}`,
    };
  };
}

/** Mounts the operation at its path (and the spec's other spellings of it). */
export function mount<O extends Operation>(
  app: FastifyInstance,
  op: O,
  handler: (request: OperationRequest<O>, reply: FastifyReply) => Promise<Answered<O>> | Answered<O>,
  options: MountOptions = {},
): void {
  // A GET's path parameters are fields of its input (the web's client fills them from it): its query
  // schema reads them with the query string.
  const withPath = op.query && pathParams(op.path).length > 0;
  for (const url of [op.path, ...(op.also ?? [])]) {
    app.route({
      method: op.method,
      url,
      bodyLimit: options.bodyLimit,
      preValidation: withPath
        ? async (request, reply) => {
            request.query = { ...(request.query as object), ...(request.params as object) };
            await options.preValidation?.(request, reply);
          }
        : options.preValidation,
      preSerialization: answerCheck(app, op),
      config: {
        ...callerConfig(op.caller),
        describe: op.summary,
        operation: op,
        ...(op.tokenScope ? { tokenScope: op.tokenScope } : {}),
        ...(op.writes ? { writes: true } : {}),
        ...options.config,
      },
      schema: {
        tags: [...op.tags],
        summary: op.summary,
        ...(op.query ? { querystring: op.query } : {}),
        ...(op.body && !op.upload ? { body: op.body } : {}),
        // A multipart form is read by the handler; the document says what it takes.
        ...(op.upload ? { consumes: ['multipart/form-data'] } : {}),
      },
      handler: async (request, reply) => {
        const answer = await handler(request as OperationRequest<O>, reply);
        if (op.status && reply.statusCode === 200) reply.status(op.status);
        return answer;
      },
    });
  }
}

export type { AnswerOf };
