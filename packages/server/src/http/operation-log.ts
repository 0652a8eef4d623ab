// Every mutating request goes to the operation log; unhandled errors go there with their stack.

import { secretFields } from '@tradelane/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { logs } from '../db/schema.ts';
import { tokenLabel } from './api-token.ts';

/**
 * Secrets are the fields a route's body schema declares `secret` (contract/src/secret.ts). The name
 * pattern stays behind it as a backstop for bodies no schema describes (a refused request's raw body).
 */
const SECRET_KEY = /pass|pwd|token|secret|code|captcha|authorization|privatekey|apikey|translatekey/i;
const declared = new WeakMap<object, Set<string>>();

/** The secret fields a route's body schema declares (cached per schema). */
export function declaredSecrets(schema: unknown): Set<string> {
  if (!schema || typeof schema !== 'object') return new Set();
  let found = declared.get(schema);
  if (!found) {
    found = secretFields(schema);
    declared.set(schema, found);
  }
  return found;
}

/** Params with secrets removed, whatever their depth; long texts cut. */
export function redact(value: unknown, secrets: ReadonlySet<string> = new Set(), depth = 0): unknown {
  if (depth > 5) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, secrets, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        secrets.has(k) || SECRET_KEY.test(k) ? '******' : redact(v, secrets, depth + 1),
      ]),
    );
  }
  if (typeof value === 'string') {
    const text = clean(value);
    return text.length > 500 ? `${text.slice(0, 500)}…` : text;
  }
  return value;
}

/** A URL with the values of secret-looking query parameters (the websocket's `token`) masked. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq === -1 ? pair : pair.slice(0, eq);
      let name = key;
      try {
        name = decodeURIComponent(key);
      } catch {
        /* an undecodable name is judged as written */
      }
      return eq !== -1 && SECRET_KEY.test(name) ? `${key}=******` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** PostgreSQL text cannot hold U+0000: a NUL byte (refused requests may carry one) is shown as \0. */
const clean = (text: string) => text.replaceAll('\u0000', '\\0');

const MUTATING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

export const operationLogPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.addHook('onResponse', async (request: FastifyRequest, reply) => {
    const errorStack = (request as { errorStack?: string }).errorStack;
    // Every unhandled error is kept with its stack; otherwise mutating calls of the API's routes (the
    // route the router matched, whatever the URL's spelling) and every refused non-canonical write.
    const route = request.routeOptions.url ?? '';
    const apiRoute = /^\/(api|auth)\//.test(route);
    // A machine's calls with an API token are all kept, its reads too: the token's owner sees what it did.
    const token = request.auth?.apiToken;
    if (!errorStack && !token && (!MUTATING.has(request.method) || !(apiRoute || request.nonCanonical)))
      return;
    const isMultipart = (request.headers['content-type'] ?? '').startsWith('multipart/');
    const secrets = declaredSecrets(request.routeOptions.schema?.body);
    const params = {
      query: redact(request.query, declaredSecrets(request.routeOptions.schema?.querystring)),
      body: isMultipart ? '[file upload]' : redact(request.body, secrets),
    };
    try {
      await opts.db.insert(logs).values({
        logType: errorStack ? 'ERROR' : 'INFO',
        tenantId: request.auth?.tenantId,
        username:
          clean(
            String(
              request.auth?.username ??
                (redact(request.body, secrets) as { username?: unknown } | undefined)?.username ??
                '',
            ),
          ).slice(0, 64) || undefined,
        description: `${token ? `${tokenLabel(token)}: ` : ''}${
          request.routeOptions.config?.describe ?? `${request.method} ${request.routeOptions.url ?? ''}`
        }`.slice(0, 255),
        method: request.method,
        path: clean(redactUrl(request.url)).slice(0, 500),
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
