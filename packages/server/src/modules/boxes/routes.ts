// The spec's extra calls of boxPiece and boxPieceDetail: lookups (by batch, by a scan's box number or
// token), bulk edits (all or nothing, each through the family's declaration), packing several rows at
// once, packing progress, and checkShipment (what blocks shipping a batch).
import { translate } from '@tradelane/contract';
import { boxesOps } from '@tradelane/contract/api/boxes';
import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { boxPieces } from '../../db/schema-boxes.ts';
import { AppError, badRequest, langOf } from '../../http/errors.ts';
import { claimIdempotencyKey } from '../../http/idempotency.ts';
import { type AnswerOf, mount } from '../../http/mount.ts';
import {
  type Ctx,
  ctxOf,
  deleteRows,
  idsBody,
  listRows,
  type Resource,
  type Row,
  toWire,
  updateRow,
} from '../../resources/engine.ts';
import { visibleBatch } from '../project/access.ts';
import { boxScope, handedOver } from './access.ts';
import { lockOwnBox, packInto, packingProgress } from './packing.ts';
import { boxPieceDetailResource, boxPieceResource, decorateBoxes, insertBox } from './resources.ts';

/**
 * Several updates of one family in one transaction: the first refusal names its id, nothing changes.
 * The rows are answered as the family's list and update show them (decorated), one shape per family.
 */
async function updateMany(ctx: Ctx, resource: Resource, items: Row[]) {
  const written = await ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx };
    const out: Row[] = [];
    for (const item of items) {
      try {
        out.push(await updateRow(resource, tctx, item));
      } catch (err) {
        if (err instanceof AppError) throw new AppError(err.status, err.code, { ...err.params, id: item.id });
        throw err;
      }
    }
    return out;
  });
  const content = resource.hooks?.decorate ? await resource.hooks.decorate(ctx, written) : written;
  return { content: content.map((r) => toWire(resource, r)), totalElements: content.length };
}

export async function boxRoutes(app: FastifyInstance) {
  mount(app, boxesOps.byBatch, async (request) => {
    const ctx = ctxOf(app, request);
    const { batchId } = request.query;
    await visibleBatch(ctx, batchId);
    // Decorated (supplier, contents): more than the table's row, and known only as a row.
    const content: Row[] = (await listRows(boxPieceResource, ctx, { batchId, page: 0, size: 100_000 }))
      .content;
    return content as AnswerOf<typeof boxesOps.byBatch>;
  });

  mount(app, boxesOps.byToken, async (request) => {
    const ctx = ctxOf(app, request);
    const q = request.query;
    const rows = await app.db
      .select()
      .from(boxPieces)
      .where(
        and(
          or(
            eq(boxPieces.token, q.boxId),
            and(eq(boxPieces.boxNumber, q.boxId), q.batchId ? eq(boxPieces.batchId, q.batchId) : undefined),
          ),
          boxScope(ctx),
        ),
      )
      .limit(2);
    // A box number alone may name boxes of several batches: then the batch must be given.
    if (rows.length !== 1) throw new AppError(404, 'boxes.token_unknown');
    const [box] = await decorateBoxes(ctx, rows);
    return toWire(boxPieceResource, box) as AnswerOf<typeof boxesOps.byToken>;
  });

  mount(app, boxesOps.updateMany, async (request) =>
    updateMany(ctxOf(app, request), boxPieceResource, request.body).then(
      (a) => a as AnswerOf<typeof boxesOps.updateMany>,
    ),
  );
  mount(app, boxesOps.updateDetails, async (request) =>
    updateMany(ctxOf(app, request), boxPieceDetailResource, request.body).then(
      (a) => a as AnswerOf<typeof boxesOps.updateDetails>,
    ),
  );

  mount(
    app,
    boxesOps.pack,
    async (request) => {
      const ctx = ctxOf(app, request);
      const body = request.body;
      const result = await app.db.transaction(async (tx) => {
        const tctx = { ...ctx, db: tx };
        await claimIdempotencyKey(tctx);
        const box = body.box
          ? await insertBox(tctx, body.box)
          : body.boxId !== undefined
            ? await lockOwnBox(tctx, body.boxId)
            : undefined;
        // The body's schema asks for a new box or the id of one.
        if (!box) throw badRequest('validation', { field: 'boxId', reason: '' });
        // The same row twice in one request is packed as its sum.
        const sums = new Map<number, number>();
        for (const i of body.items) sums.set(i.suppliesId, (sums.get(i.suppliesId) ?? 0) + i.quantity);
        for (const [suppliesId, quantity] of sums) await packInto(tctx, box, suppliesId, quantity);
        return box;
      });
      const [decorated] = await decorateBoxes(ctx, [result]);
      return toWire(boxPieceResource, decorated) as AnswerOf<typeof boxesOps.pack>;
    },
    { config: { claimsIdempotency: true } },
  );

  mount(app, boxesOps.removeDetails, async (request) => {
    const raw = request.body;
    const ids = Array.isArray(raw) ? raw : raw.ids;
    return deleteRows(boxPieceDetailResource, ctxOf(app, request), idsBody.parse(ids));
  });

  mount(app, boxesOps.packingProgress, async (request) => {
    const ctx = ctxOf(app, request);
    const q = request.query;
    await visibleBatch(ctx, q.batchId);
    return packingProgress(ctx, q.batchId, q.supplierTenantId);
  });

  mount(app, boxesOps.checkShipment, async (request) => {
    const ctx = ctxOf(app, request);
    const { batchId } = request.query;
    await visibleBatch(ctx, batchId);
    const [c] = await app.db
      .select({
        boxes: sql<number>`count(*)::int`,
        notLoaded: sql<number>`count(*) filter (where ${boxPieces.logisticsStatus} = 0)::int`,
      })
      .from(boxPieces)
      // Like ship itself: a box still on a draft packing list is not handed over and holds nothing up.
      .where(and(eq(boxPieces.batchId, batchId), handedOver, boxScope(ctx)));
    const lang = langOf(request);
    const notLoaded = Number(c?.notLoaded ?? 0);
    const blocking = notLoaded
      ? [
          {
            code: 'boxes.not_loaded',
            count: notLoaded,
            message: translate('boxes.not_loaded', lang, { count: notLoaded }),
          },
        ]
      : [];
    return { batchId, boxes: Number(c?.boxes ?? 0), notLoaded, canShip: !blocking.length, blocking };
  });
}
