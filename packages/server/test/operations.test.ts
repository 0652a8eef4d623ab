// Operations declared once in the contract: the server mounts them as declared (path, caller, input),
// the API document shows their answers and a family's filters, and in tests every answer is parsed with
// the declared schema, so an answer that drifts from the contract fails the test that received it.
import { operation } from '@tradelane/contract';
import { logisticsOps } from '@tradelane/contract/api/logistics';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandler } from '../src/http/errors.ts';
import { mount } from '../src/http/mount.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();

const ping = operation({
  method: 'GET',
  path: '/api/ping/:id',
  summary: 'Ping',
  tags: ['test'],
  caller: { public: true },
  query: z.object({ id: z.coerce.number().int().positive(), times: z.coerce.number().int().max(3) }),
  answer: z.strictObject({ id: z.number(), times: z.number() }),
});

/** A bare app with one operation whose handler answers what it is told to. */
async function bare(checkAnswers: boolean, answer: (q: { id: number; times: number }) => unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.decorate('config', { checkAnswers } as never);
  mount(app, ping, async (request) => answer(request.query) as never);
  await app.ready();
  return app;
}

describe('a mounted operation', () => {
  it('parses its query by the declared schema: a bad input is the localized 400, never the handler', async () => {
    const app = await bare(true, (q) => q);
    const ok = await app.inject({ method: 'GET', url: '/api/ping/7?id=7&times=2' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: 7, times: 2 });
    const bad = await app.inject({ method: 'GET', url: '/api/ping/7?id=7&times=9' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation');
    await app.close();
  });

  it('answers a 500 naming the operation when its answer drifts from the contract (tests only)', async () => {
    const drift = (q: { id: number; times: number }) => ({ ...q, extra: true });
    const checked = await bare(true, drift);
    const res = await checked.inject({ method: 'GET', url: '/api/ping/7?id=7&times=1' });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('answer_mismatch');
    expect(res.json().message).toContain('GET /api/ping/:id');
    expect(res.json().message).toContain('extra');
    await checked.close();
    // In production nothing is parsed on the way out: the answer goes as the handler gave it.
    const unchecked = await bare(false, drift);
    const sent = await unchecked.inject({ method: 'GET', url: '/api/ping/7?id=7&times=1' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ id: 7, times: 1, extra: true });
    await unchecked.close();
  });
});

describe('the served document', () => {
  it("shows a command's answer and a family's filters as its operations declare them", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/swagger-ui/json' })).json();
    const ship = doc.paths[logisticsOps.ship.path].post;
    expect(ship.summary).toBe(logisticsOps.ship.summary);
    const shipped = ship.responses['200'].content['application/json'].schema;
    expect(Object.keys(shipped.properties)).toEqual(['content', 'totalElements']);
    expect(shipped.properties.content.items.properties.logisticsStatus).toBeDefined();
    const list = doc.paths['/api/boxPiece'].get;
    const params = list.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['page', 'size', 'sort', 'blurry', 'batchId']));
    expect(list.responses['200'].content['application/json'].schema.properties.content).toBeDefined();
    const download = doc.paths['/api/boxPiece/download'].get;
    expect(download.responses['200'].content['application/octet-stream'].schema.format).toBe('binary');
  });

  it("refuses a command to a caller without the operation's permission", async () => {
    const tok = await loginAll(t.app, ['shipper']);
    const res = await call(t.app, 'POST', logisticsOps.ship.path, {
      token: tok.shipper,
      body: { batchId: 1 },
    });
    expect(res.status).toBe(403);
  });
});
