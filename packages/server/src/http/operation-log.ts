// Every mutating request goes to the operation log; unhandled errors go there with their stack.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { logs } from '../db/schema.ts';

const SECRET_KEY = /pass|pwd|token|secret|code|captcha|authorization/i;

/** Params with secrets removed, whatever their depth; long texts cut. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 5) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET_KEY.test(k) ? '******' : redact(v, depth + 1),
      ]),
    );
  }
  if (typeof value === 'string') {
    const text = clean(value);
    return text.length > 500 ? `${text.slice(0, 500)}…` : text;
  }
  return value;
}

/** PostgreSQL text cannot hold U+0000: a NUL byte (refused requests may carry one) is shown as \0. */
const clean = (text: string) => text.replaceAll('\u0000', '\\0');

const MUTATING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

export const operationLogPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.addHook('onResponse', async (request: FastifyRequest, reply) => {
    const errorStack = (request as { errorStack?: string }).errorStack;
    // Every unhandled error is kept with its stack; otherwise only mutating API calls are logged.
    if (!errorStack && (!MUTATING.has(request.method) || !/^\/(api|auth)\//.test(request.url))) return;
    const isMultipart = (request.headers['content-type'] ?? '').startsWith('multipart/');
    const params = {
      query: redact(request.query),
      body: isMultipart ? '[file upload]' : redact(request.body),
    };
    try {
      await opts.db.insert(logs).values({
        logType: errorStack ? 'ERROR' : 'INFO',
        tenantId: request.auth?.tenantId,
        username:
          clean(
            String(
              request.auth?.username ??
                (redact(request.body) as { username?: unknown } | undefined)?.username ??
                '',
            ),
          ).slice(0, 64) || undefined,
        description:
          request.routeOptions.config?.describe ?? `${request.method} ${request.routeOptions.url ?? ''}`,
        method: request.method,
        path: clean(request.url).slice(0, 500),
        params: JSON.stringify(params).slice(0, 4000),
        status: reply.statusCode,
        requestIp: request.ip,
        browser: clean(request.headers['user-agent'] ?? '').slice(0, 255),
        time: Math.round(reply.elapsedTime),
        exceptionDetail: errorStack && clean(errorStack),
        createBy: request.auth?.username,
      });
    } catch (err) {
      request.log.error({ err }, 'operation log write failed');
    }
  });
});
