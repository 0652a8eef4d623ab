// Input no column can hold is refused at the door: a NUL byte anywhere in the path, the query or a JSON body
// (PostgreSQL text cannot store U+0000, so it would surface as a 500 deep in a handler or the log).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from './errors.ts';

const NUL_ENCODED = /%00/;

/** The first path (dotted) of a string holding U+0000 in a parsed value, or undefined. */
export function nulPath(value: unknown, path = '', depth = 0): string | undefined {
  if (depth > 32) return undefined;
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = nulPath(value[i], `${path}[${i}]`, depth + 1);
      if (hit) return hit;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (k.includes('\u0000')) return path ? `${path}.?` : '?';
      const hit = nulPath(v, path ? `${path}.${k}` : k, depth + 1);
      if (hit) return hit;
    }
  }
  return undefined;
}

export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  // onRequest runs for every request, matched or not (a NUL in an unknown path is refused too).
  app.addHook('onRequest', async (request) => {
    if (request.url.includes('\u0000') || NUL_ENCODED.test(request.url)) {
      throw badRequest('validation.nul_byte', { field: 'url' });
    }
  });
  app.addHook('preValidation', async (request) => {
    const field = nulPath(request.body);
    if (field) throw badRequest('validation.nul_byte', { field });
  });
});
