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
  /** A custom issue's message parameters (a check digit's expected value). */
  params?: Record<string, unknown>;
};

/** The field an issue is about ('name', 'rows.3.qty'), as the error body's `field` for forms to label. */
export function issueField(issue: Issue, prefix = ''): string {
  const path =
    issue.code === 'unrecognized_keys' && issue.keys?.length
      ? [...issue.path, issue.keys.join(', ')]
      : issue.path;
  return [prefix, ...path.map(String)].filter(Boolean).join('.') || 'body';
}

/** Why an issue failed, localized, without the field (a form shows it under its own label). */
export function issueReason(issue: Issue, lang: Lang): string {
  if (isMessageCode(issue.message)) return translate(issue.message, lang, issue.params);
  let reasonCode: MessageCode = 'validation.invalid_value';
  if (issue.code === 'invalid_type')
    reasonCode = /received undefined/.test(issue.message) ? 'validation.required' : 'validation.invalid_type';
  else if (issue.code === 'too_small') reasonCode = 'validation.too_small';
  else if (issue.code === 'too_big') reasonCode = 'validation.too_big';
  else if (issue.code === 'invalid_format' || issue.code === 'invalid_string')
    reasonCode = 'validation.invalid_format';
  else if (issue.code === 'unrecognized_keys') reasonCode = 'validation.unknown_field';
  return translate(reasonCode, lang, { min: issue.minimum, max: issue.maximum });
}

function sendIssue(reply: FastifyReply, issue: Issue, lang: Lang) {
  // A rule with its own sentence (spec: "意见反馈不能为空") says it alone; the field travels beside it.
  // Catalogue convention: a sentence starts with a capital in English; a reason fragment ("is not an
  // ISO 3166 country code") does not, and is joined to the field's name.
  const sentence = isMessageCode(issue.message) && /^[A-Z]/.test(translate(issue.message, 'en'));
  const message = sentence
    ? translate(issue.message as MessageCode, lang, issue.params)
    : describeIssue(issue, lang);
  return sendError(reply, 400, 'validation', message, {
    field: issueField(issue),
    reason: issueReason(issue, lang),
  });
}

/** Localize one validation issue: the field name, and why. */
export function describeIssue(issue: Issue, lang: Lang, prefix = ''): string {
  return translate('validation', lang, {
    field: issueField(issue, prefix),
    reason: issueReason(issue, lang),
  });
}

export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  /** `field` (and `reason`) when the error is about one input field. */
  about?: { field: string; reason?: string },
) {
  return reply.status(status).send({ status, code, message, ...about, timestamp: Date.now() });
}

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const lang = langOf(request);
  if (error instanceof AppError) {
    let message = translate(error.code, lang, error.params);
    // A bulk command's refusal names the row that blocks it (a box number), unless it already does.
    const row = error.params.row;
    if (typeof row === 'string' && row && !message.includes(row))
      message = lang === 'zh' ? `${message}（${row}）` : `${message} (${row})`;
    const id = typeof error.params.id === 'number' ? { id: error.params.id } : {};
    return reply.status(error.status).send({
      status: error.status,
      code: error.code,
      message,
      ...id,
      ...(row ? { row } : {}),
      // Which fields a refusal is about (ids), for a form to mark them; the message names them in words.
      ...(Array.isArray(error.params.missing) ? { missing: error.params.missing } : {}),
      // A refusal for several reasons at once also lists them, one sentence each, for a form to show.
      ...(Array.isArray(error.params.problems) ? { problems: error.params.problems } : {}),
      timestamp: Date.now(),
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const issue = {
      ...(first?.params ?? {}),
      code: first?.keyword ?? 'custom',
      path: (first?.instancePath ?? '').split('/').filter(Boolean),
      message: first?.message ?? '',
    } as Issue;
    return sendIssue(reply, issue, lang);
  }
  if (error instanceof ZodError) return sendIssue(reply, error.issues[0] as Issue, lang);
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
  if (dbError?.code === '23505') {
    const field = uniqueField(dbError);
    return sendError(
      reply,
      409,
      'unique.generic',
      uniqueMessage(dbError, lang),
      field ? { field } : undefined,
    );
  }
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

/** The clashing column of a unique key, camelCased ('Key (tenant_id, contract_number)=…' → contractNumber). */
function uniqueField(error: Error): string | undefined {
  const cols = /Key \(([^)]+)\)=/.exec((error as { detail?: string }).detail ?? '')?.[1];
  const last = cols
    ?.split(',')
    .map((c) => c.trim())
    .filter((c) => !/_id$/.test(c))
    .at(-1);
  return last?.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
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
