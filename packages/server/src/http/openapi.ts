// The API document as other people's tools read it (redocly's recommended rules, Swagger UI, code
// generators): every operation has a summary, `nullable` always sits beside a `type` (OpenAPI 3.0), the
// server is named, and the bearer scheme says what to paste.
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { answersFile, type FamilyOperation, webhookEnvelope, webhookPayloads } from '@tradelane/contract';
import type { FastifyContextConfig } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Json = Record<string, unknown>;
type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;

/**
 * Each route's schema as the zod provider renders it, with a summary when the route gave none: the
 * route's own description for the operation log, else its method and path (never an empty operation).
 */
export const documentRoute: Transform = (input) => {
  const config = input.route?.config as { operation?: FamilyOperation; documentQuery?: unknown } | undefined;
  const op = config?.operation;
  const withAnswer = {
    ...input,
    schema: {
      ...input.schema,
      ...(config?.documentQuery ? { querystring: config.documentQuery } : {}),
      ...(op && !answersFile(op) ? { response: { [op.status ?? 200]: op.answer } } : {}),
    },
  };
  const out = jsonSchemaTransform(withAnswer as Parameters<typeof jsonSchemaTransform>[0]) as {
    schema: Json;
    url: string;
  };
  const schema = { ...(out.schema ?? {}) };
  if (op && answersFile(op))
    schema.response = {
      200: {
        description: 'The file',
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      },
    };
  if (!schema.hide && typeof schema.summary !== 'string') {
    const describe = (input.route?.config as { describe?: unknown } | undefined)?.describe;
    const method = [input.route?.method ?? ''].flat()[0];
    schema.summary = typeof describe === 'string' && describe ? describe : `${method} ${out.url}`;
  }
  Object.assign(
    schema,
    partiesOf(input.route?.config as Pick<FastifyContextConfig, 'party' | 'partyRefusal'>),
  );
  return { ...out, schema };
};

/**
 * The sides a route admits, where it names them (the auth layer refuses the others): said in words for
 * people and as `x-parties` for tools (a client that greys out a button the caller's side cannot press).
 */
function partiesOf(config: Pick<FastifyContextConfig, 'party' | 'partyRefusal'> | undefined): Json {
  if (!config?.party) return {};
  const refusal = config.partyRefusal ?? 'forbidden';
  return {
    description: `Only a caller of the side ${config.party.join(', ')} may call it; another side is refused with 403 \`${refusal}\`.`,
    'x-parties': [...config.party],
  };
}

/**
 * `nullable` without a `type` (what a nullable union renders to) is not OpenAPI 3.0: it moves into each
 * branch of the union, where it means the same (the value may be null or match a branch).
 */
export function nullableBesideType(node: unknown): void {
  if (Array.isArray(node)) {
    for (const n of node) nullableBesideType(n);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Json;
  if (o.nullable === true && o.type === undefined) {
    const branches = (o.anyOf ?? o.oneOf ?? o.allOf) as Json[] | undefined;
    if (Array.isArray(branches) && branches.length) {
      for (const b of branches)
        if (b && typeof b === 'object' && (b.type !== undefined || !b.$ref)) b.nullable = true;
    }
    delete o.nullable;
  }
  // A tuple of one type renders as a union of identical branches ([boolean, boolean, boolean]): one branch says it.
  if (
    Array.isArray(o.anyOf) &&
    o.anyOf.length > 1 &&
    new Set(o.anyOf.map((b) => JSON.stringify(b))).size === 1
  ) {
    Object.assign(o, o.anyOf[0]);
    delete o.anyOf;
  }
  for (const v of Object.values(o)) nullableBesideType(v);
}

/** What every refusal answers (errors.ts `sendError`): the code to branch on and the words to show. */
const refused = {
  description:
    'Refused: the code names why (bad input, no session, no permission, not found, a state that forbids it)',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['status', 'code', 'message'],
        properties: {
          status: { type: 'integer' },
          code: { type: 'string', description: 'A message code of the contract catalogue' },
          message: { type: 'string', description: "In the caller's language (Accept-Language: zh or en)" },
          field: { type: 'string', description: 'The input field refused, when it is about one' },
          reason: { type: 'string' },
          timestamp: { type: 'integer' },
        },
      },
    },
  },
};

/** `POST /api/projectBatch/{id}` → `postApiProjectBatchById`: unique per operation, stable across builds. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((seg) => (seg.startsWith('{') ? `by-${seg.slice(1, -1)}` : seg))
    .flatMap((seg) => seg.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0].toUpperCase() + w.slice(1))].join('');
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/**
 * The finished document: servers named (relative, so it works behind any public address), nullables
 * fixed, every operation named and answering the shared refusal for 4XX.
 */
export function finishDocument(doc: Json): Json {
  nullableBesideType(doc.paths);
  nullableBesideType(doc.components);
  const seen = new Set<string>();
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      if (typeof op.operationId !== 'string') {
        let id = operationIdOf(method, path);
        for (let n = 2; seen.has(id); n++) id = `${operationIdOf(method, path)}${n}`;
        op.operationId = id;
      }
      seen.add(op.operationId as string);
      const responses = (op.responses ?? {}) as Json;
      if (!Object.keys(responses).some((code) => code.startsWith('4')))
        responses['4XX'] = { $ref: '#/components/responses/Refused' };
      op.responses = responses;
    }
  }
  const components = (doc.components ?? {}) as Json;
  return {
    ...doc,
    servers: [{ url: '/', description: 'This installation' }],
    components: {
      ...components,
      responses: { ...((components.responses as Json) ?? {}), Refused: refused },
      schemas: { ...((components.schemas as Json) ?? {}), ...webhookSchemas() },
    },
  };
}

const asOpenApi = (schema: z.ZodType, description: string): Json => {
  const out = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output' }) as Json;
  delete out.$schema;
  nullableBesideType(out);
  return { ...out, description };
};

/**
 * What a webhook receiver gets (OpenAPI 3.0 has no `webhooks` section): the envelope, and one schema per
 * event kind for its `data` — the contract's, so the document and the sender cannot drift apart.
 */
function webhookSchemas(): Json {
  const out: Json = {
    WebhookEnvelope: asOpenApi(
      webhookEnvelope,
      'The body POSTed to a webhook, signed: X-Tradelane-Signature is sha256=<hex HMAC-SHA256(secret, "<X-Tradelane-Timestamp>.<body>")>. `data` follows the schema of its `kind` (WebhookEvent_<kind>).',
    ),
  };
  for (const [kind, schema] of Object.entries(webhookPayloads))
    out[`WebhookEvent_${kind.replace('.', '_')}`] = asOpenApi(schema, `The \`data\` of a \`${kind}\` event`);
  return out;
}

export const bearerScheme = {
  type: 'http',
  scheme: 'bearer',
  description:
    "The login answer's token, or an API token (tlk_…) issued under System › API tokens, which may call only the operations of its scopes; pasting it with its `Bearer ` prefix works too.",
} as const;
