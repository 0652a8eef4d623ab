// One error shape for the whole API: {status, code, message, timestamp}, message in the caller's language.

import { isMessageCode, type Lang, type MessageCode, pickLang, translate } from '@tradelane/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError, type z } from 'zod';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: MessageCode,
    readonly params: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

export const badRequest = (code: MessageCode, params?: Record<string, unknown>) =>
  new AppError(400, code, params);
export const forbidden = () => new AppError(403, 'forbidden');
export const notFound = () => new AppError(404, 'not_found');
export const unauthorized = () => new AppError(401, 'auth.unauthorized');

export function langOf(request: FastifyRequest): Lang {
  return pickLang(request.headers['accept-language']);
}

type Issue = {
  code: string;
  path: PropertyKey[];
  message: string;
  minimum?: unknown;
  maximum?: unknown;
  keys?: string[];
};

/** Localize one validation issue: the field name, and why. */
export function describeIssue(issue: Issue, lang: Lang, prefix = ''): string {
  // An unknown field is named itself, not the object that holds it.
  const path =
    issue.code === 'unrecognized_keys' && issue.keys?.length
      ? [...issue.path, issue.keys.join(', ')]
      : issue.path;
  const field = [prefix, ...path.map(String)].filter(Boolean).join('.') || 'body';
  if (isMessageCode(issue.message)) {
    return translate('validation', lang, { field, reason: translate(issue.message, lang) });
  }
  let reasonCode: MessageCode = 'validation.invalid_value';
  if (issue.code === 'invalid_type')
    reasonCode = /received undefined/.test(issue.message) ? 'validation.required' : 'validation.invalid_type';
  else if (issue.code === 'too_small') reasonCode = 'validation.too_small';
  else if (issue.code === 'too_big') reasonCode = 'validation.too_big';
  else if (issue.code === 'invalid_format' || issue.code === 'invalid_string')
    reasonCode = 'validation.invalid_format';
  else if (issue.code === 'unrecognized_keys') reasonCode = 'validation.unknown_field';
  const reason = translate(reasonCode, lang, { min: issue.minimum, max: issue.maximum });
  return translate('validation', lang, { field, reason });
}

export function sendError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.status(status).send({ status, code, message, timestamp: Date.now() });
}

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const lang = langOf(request);
  if (error instanceof AppError) {
    return sendError(reply, error.status, error.code, translate(error.code, lang, error.params));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const issue = {
      ...(first?.params ?? {}),
      code: first?.keyword ?? 'custom',
      path: (first?.instancePath ?? '').split('/').filter(Boolean),
      message: first?.message ?? '',
    } as Issue;
    return sendError(reply, 400, 'validation', describeIssue(issue, lang));
  }
  if (error instanceof ZodError) {
    return sendError(reply, 400, 'validation', describeIssue(error.issues[0] as Issue, lang));
  }
  const fe = error as FastifyError;
  if (fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return sendError(reply, 400, 'validation', translate('validation.body_required', lang));
  }
  if (fe.statusCode === 429) {
    return sendError(reply, 429, 'rate_limited', translate('rate_limited', lang));
  }
  if (fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.statusCode === 413) {
    return sendError(reply, 413, 'file.too_large', translate('file.too_large', lang, { max: '10M' }));
  }
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return sendError(
      reply,
      fe.statusCode,
      'validation',
      translate('validation', lang, { field: 'request', reason: fe.message }),
    );
  }
  const dbError = pgErrorOf(error);
  if (dbError?.code === '23505') return sendError(reply, 409, 'unique.generic', uniqueMessage(dbError, lang));
  request.log.error({ err: error }, 'unhandled error');
  (request as { errorStack?: string }).errorStack = error.stack ?? String(error);
  return sendError(reply, 500, 'internal', translate('internal', lang));
}

/** Drizzle wraps driver errors; the Postgres error (with its SQLSTATE code) is the cause. */
function pgErrorOf(error: unknown): (Error & { code?: string; constraint?: string }) | undefined {
  let e = error as (Error & { code?: string; cause?: unknown }) | undefined;
  for (let i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** Unique-key conflicts: messages start with `email` / `phone` as the spec's client expects. */
function uniqueMessage(error: Error, lang: Lang): string {
  const detail = `${(error as { constraint?: string }).constraint ?? ''} ${error.message}`;
  if (/email/i.test(detail)) return translate('unique.email', lang);
  if (/phone/i.test(detail)) return translate('unique.phone', lang);
  if (/username/i.test(detail)) return translate('unique.username', lang);
  const field = /"([a-z_]+)_uq"/.exec(detail)?.[1] ?? 'value';
  return translate('unique.generic', lang, { field });
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  return schema.parse(value);
}
