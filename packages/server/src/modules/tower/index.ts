// The control tower (docs/decisions.md): plans and projections of batches, re-projected in the transaction of
// every batch command (a kernel listener: no command declares it) and by the scheduled job.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { towerExceptions } from '../../db/schema-tower.ts';
import { registerResource } from '../../resources/engine.ts';
import { afterEveryCommand, type CommandListener } from '../../workflow/kernel.ts';
import { addHomeContributor } from '../home/routes.ts';
import { partnerGate } from '../project/access.ts';
import { apiTokenResource } from './api-tokens.ts';
import { batchParties } from './audience.ts';
import { exceptionCommentResource } from './comments.ts';
import { towerAfterReprojection } from './consequences.ts';
import { documentEvent, emitEvents, exceptionEvent, type SubmittedDocument } from './events-out.ts';
import { exceptionResource, exceptionRoutes } from './exceptions.ts';
import { towerHome } from './home.ts';
import { laneDefaultResource, laneRoutes } from './lanes.ts';
import { otifRoutes } from './otif.ts';
import { planRoutes } from './plan.ts';
import { planImportRoutes } from './plan-import.ts';
import { problemsOfCommands } from './problems.ts';
import { overdueBatchIds, reproject } from './reproject.ts';
import { summaryRoutes } from './summary.ts';
import { webhookDeliveryResource, webhookResource, webhookRoutes } from './webhooks.ts';

/** The batches a command's moves touched: the row's batch, or the batch itself. */
const batchesOf: CommandListener = async (ctx, cmd, moves) => {
  const ids = new Set<number>();
  for (const m of moves) {
    const row = m.updated ?? m.row;
    const id =
      cmd.entity === 'projectBatch' ? row.id : (row.batchId ?? cmd.record?.(m.row, m.input)?.batchId);
    if (typeof id === 'number') ids.add(id);
  }
  if (!ids.size) return;
  await towerAfterReprojection(ctx.db, await reproject(ctx.db, [...ids]), ctx.auth.username);
};

/** Exceptions opened by a user or resolved: an event out for the webhooks of those who see them. */
const exceptionsOut: CommandListener = async (ctx, cmd, moves) => {
  const kind =
    cmd.name === 'exception.open'
      ? 'exception.opened'
      : cmd.name === 'exception.resolve'
        ? 'exception.resolved'
        : null;
  if (!kind) return;
  const rows = moves.map((m) => (m.updated ?? m.row) as typeof towerExceptions.$inferSelect);
  const parties = await batchParties(
    ctx.db,
    rows.map((r) => r.batchId),
  );
  await emitEvents(
    ctx.db,
    rows.flatMap((e) => {
      const b = parties.get(e.batchId);
      return b ? [exceptionEvent(kind, e, b)] : [];
    }),
  );
};

/** What the papers module's submitted row gives an event out (read with a check: listeners see any row). */
const submittedDocument: z.ZodType<SubmittedDocument> = z.object({
  id: z.number(),
  tenantId: z.number(),
  partyTenantId: z.number(),
  batchId: z.number(),
  docType: z.string(),
  name: z.string(),
  submitTime: z.date().nullable(),
});

/** A document submitted (by the papers module's command): an event out, written in its transaction. */
const documentsOut: CommandListener = async (ctx, cmd, moves) => {
  if (cmd.name !== 'document.submit') return;
  const rows = moves.map((m) => submittedDocument.parse(m.updated ?? m.row));
  const parties = await batchParties(
    ctx.db,
    rows.map((r) => r.batchId),
  );
  await emitEvents(
    ctx.db,
    rows.map((d) => documentEvent(d, parties.get(d.batchId))),
  );
};

/** The scheduled job: batches whose planned date passed with no event, re-projected (today is later). */
export async function reprojectOverdue(app: FastifyInstance, today?: string) {
  const ids = await overdueBatchIds(app.db, today);
  let count = 0;
  let opened = 0;
  // One transaction per batch: a batch that fails does not hold back the others' projections.
  for (const id of ids)
    await app.db.transaction(async (db) => {
      const done = await reproject(db, [id], today);
      count += done.length;
      opened += await towerAfterReprojection(db, done, 'system');
    });
  await app.outbox.flush();
  return { count, opened };
}

export async function towerModule(app: FastifyInstance) {
  // Kernel listeners, in the transaction of every command (in this order): problems raised elsewhere
  // become exceptions, touched batches are re-projected, exceptions and documents go out as events.
  for (const listener of [problemsOfCommands, batchesOf, exceptionsOut, documentsOut])
    afterEveryCommand(listener);
  addHomeContributor(towerHome);
  await app.register(async (scope) => {
    scope.addHook('preHandler', partnerGate(scope));
    await planRoutes(scope);
    await laneRoutes(scope);
    await planImportRoutes(scope);
    await exceptionRoutes(scope);
    await summaryRoutes(scope);
    await otifRoutes(scope);
    registerResource(scope, exceptionResource);
    registerResource(scope, exceptionCommentResource);
  });
  registerResource(app, webhookResource);
  registerResource(app, webhookDeliveryResource);
  registerResource(app, apiTokenResource);
  registerResource(app, laneDefaultResource);
  await webhookRoutes(app);
}
