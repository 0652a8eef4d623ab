// Wires the kernel into an app: the outbox dispatcher (after every write, on start, on a NOTIFY, and a
// slow sweep), the event store's readers, and the check that every declared command has its route.
import { families } from '@tradelane/contract/api/families';
import { platformOps } from '@tradelane/contract/api/platform';
import { eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { changeRecords } from '../db/schema.ts';
import { caller, isStateChanging } from '../http/auth.ts';
import { langOf } from '../http/errors.ts';
import { mount } from '../http/mount.ts';
import { defineResource, registerResource } from '../resources/engine.ts';
import { readTimeline } from './events.ts';
import { assertAllRouted } from './kernel.ts';
import { OutboxDispatcher, outboxWrites } from './outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxDispatcher;
  }
  interface FastifyContextConfig {
    /** The workflow command a route runs. */
    command?: string;
  }
}

/** What a company sees of the history: its own records, those that concern it as a partner, and those
 * it made; each side has its own index by time. */
function recordBranches(auth: { isPlatformAdmin: boolean; tenantId: number }) {
  return auth.isPlatformAdmin
    ? undefined
    : [
        eq(changeRecords.tenantId, auth.tenantId),
        eq(changeRecords.partyTenantId, auth.tenantId),
        eq(changeRecords.actorTenantId, auth.tenantId),
      ];
}
function recordScope(auth: { isPlatformAdmin: boolean; tenantId: number }) {
  const branches = recordBranches(auth);
  return branches && or(...branches);
}

/**
 * GET /api/changeRecord: the history with the engine's filters. A tenant sees what it owns, what
 * concerns it as a partner, and what it did; platform administrators see everything.
 */
export const changeRecordResource = defineResource({
  family: families.changeRecord,
  table: changeRecords,
  create: z.object({}),
  actions: ['list'],
  permissions: {},
  filters: {
    entity: 'equal',
    entityId: 'equal',
    action: 'equal',
    projectId: 'equal',
    batchId: 'equal',
    tenantId: 'equal',
    createTime: 'between',
    createBy: 'equal',
  },
  large: true,
  // Each party's records by time (its scope's indexes end in create_time), or by action.
  sortable: ['createTime'],
  // By action or id within one thing's, batch's or project's history: across a company's whole history no
  // index of its branches (company, partner, author: each by time) holds that order. Page 50 by action
  // walked the platform's records (250 ms at 1M rows); by id, the primary key past others' records.
  sortableWhenNarrowed: { filters: ['entityId', 'batchId', 'projectId'], fields: ['action', 'id'] },
  defaultSort: ['createTime,desc', 'id,desc'],
  scope: (ctx) => recordScope(ctx.auth),
  scopeBranches: (ctx) => recordBranches(ctx.auth),
});

export async function workflowKernel(app: FastifyInstance) {
  const dispatcher = new OutboxDispatcher(app.db, app.log);
  app.decorate('outbox', dispatcher);
  // Deliver after every write that wrote outbox entries (its transaction has committed by now): the
  // count of outbox writes moved while it ran. A GET changes nothing; a write refused before its work
  // (an outsider's probe, a bad form) wrote none and answers without a dispatcher's transaction. An entry
  // of another request still in flight is delivered by that request's own answer.
  const started = new WeakMap<object, number>();
  app.addHook('onRequest', async (request) => {
    if (isStateChanging(request)) started.set(request, outboxWrites());
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const at = started.get(request);
    if (at !== undefined && at !== outboxWrites()) await dispatcher.flush();
    return payload;
  });
  app.addHook('onReady', async () => {
    assertAllRouted();
    // What was committed before a crash or restart and not yet delivered goes out now.
    await dispatcher.flush();
    dispatcher.start();
  });
  app.addHook('onClose', async () => dispatcher.stop());

  registerResource(app, changeRecordResource);

  /** One entity's timeline: its events the caller may see (the list's scope), newest first. */
  mount(app, platformOps.timeline, async (request) => {
    const auth = caller(request);
    const q = request.query;
    const content = await readTimeline(
      app.db,
      q,
      { tenantId: auth.tenantId, owner: true, lang: langOf(request) },
      500,
      recordScope(auth),
    );
    return { content, totalElements: content.length };
  });
}
