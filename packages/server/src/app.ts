// buildApp(config): a fresh app on a given database — what main.ts serves and what tests inject into.

import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { translate } from '@tradelane/contract';
import { platformOps } from '@tradelane/contract/api/platform';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { Leases } from './db/leases.ts';
import { authPlugin, isApiPath } from './http/auth.ts';
import { errorHandler, langOf, sendError } from './http/errors.ts';
import { idempotencyPlugin } from './http/idempotency.ts';
import { inputGuardPlugin } from './http/input-guard.ts';
import { mount } from './http/mount.ts';
import { bearerScheme, documentRoute, finishDocument } from './http/openapi.ts';
import { operationLogPlugin, redactUrl } from './http/operation-log.ts';
import { authRateLimitPlugin } from './http/rate-limit.ts';
import { canonicalPathPlugin, routeDeclarationPlugin } from './http/route-guard.ts';
import { securityHeaders, webPlugin } from './http/web.ts';
import { modules } from './modules/index.ts';
import { setExactCountLimit } from './resources/engine.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: AppConfig;
    /** Leases of this node's long tasks (imports, job runs) and the sweep of interrupted ones. */
    leases: Leases;
  }
}

export interface BuildOptions {
  /** Where the server log goes (stdout by default); tests read it to check what a log line holds. */
  logStream?: { write(line: string): unknown };
}

export async function buildApp(
  config: AppConfig,
  database: Database,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            // No token in a log line: the websocket's `?token=` (the one URL that carries one) is masked.
            serializers: {
              req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
                method: req.method,
                url: redactUrl(req.url),
                host: req.hostname,
                remoteAddress: req.ip,
              }),
            },
          },
    // X-Forwarded-For is believed only from the proxy TRUST_PROXY names; otherwise anyone could pick their IP.
    trustProxy: config.trustProxy,
    bodyLimit: 12 * 1024 * 1024,
    ajv: { customOptions: { coerceTypes: true } },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('config', config);
  const leases = new Leases(database.db, config.taskLease, {
    log: app.log,
    soleNode: database.kind === 'pglite',
  });
  app.decorate('leases', leases);
  // Modules declare their leased tasks while they register; the first sweep runs once all have.
  app.addHook('onReady', () => leases.start());
  app.addHook('onClose', () => leases.stop());
  if (config.listExactCount !== undefined) setExactCountLimit(config.listExactCount);
  app.setErrorHandler(errorHandler);
  // A route may send a stricter header of its own (stored files: a sandboxing CSP); it is kept.
  app.addHook('onSend', async (_request, reply) => {
    for (const [name, value] of Object.entries(securityHeaders))
      if (!reply.hasHeader(name)) reply.header(name, value);
  });
  // DELETE with a JSON array body is the spec's way; accept an empty body on GET/DELETE gracefully.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new Error('invalid JSON') as Error & { statusCode: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });

  // The doors first: every route is recorded (and must declare its caller) and every request is judged
  // by its rate limit, its bytes and the spelling of its path before any route or plugin sees it.
  await app.register(routeDeclarationPlugin);
  await app.register(authRateLimitPlugin, { max: config.authRateLimit });
  await app.register(inputGuardPlugin);
  await app.register(canonicalPathPlugin);
  await app.register(authPlugin, { db: database.db, config });
  await app.register(operationLogPlugin, { db: database.db });
  await app.register(idempotencyPlugin, { db: database.db });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Tradelane API', version: '0.1.0', description: 'Supply-chain control tower API' },
      components: { securitySchemes: { bearer: bearerScheme } },
      security: [{ bearer: [] }],
    },
    transform: documentRoute,
    // A schema of the contract with an id (a recursive tree) is one component its answers refer to.
    transformObject: (documentObject) =>
      finishDocument(
        ('openapiObject' in documentObject ? jsonSchemaTransformObject(documentObject) : {}) as Record<
          string,
          unknown
        >,
      ),
  });
  // The API document and its viewer are public, as the spec links them.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), public: true };
    });
    await docs.register(swaggerUi, { routePrefix: '/swagger-ui', uiConfig: { docExpansion: 'none' } });
  });
  app.get('/swagger-ui.html', { config: { public: true }, schema: { hide: true } }, (_req, reply) =>
    reply.redirect('/swagger-ui/'),
  );

  // The web app's JS and JSON answers are gzip-compressed when the browser accepts it.
  await app.register(compress, { threshold: 1024, encodings: ['gzip'] });

  mount(app, platformOps.health, async () => ({ status: 'ok' as const, db: database.kind }));

  for (const register of modules) await register(app);

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || !config.webDist) {
      return sendError(reply, 404, 'not_found', translate('not_found', langOf(request)));
    }
    return reply.sendFile('index.html');
  });
  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}
