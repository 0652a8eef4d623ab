// The spec's extra calls of boxPiece and boxPieceDetail: lookups (by batch, by a scan's box number or
// token), bulk edits (all or nothing, each through the family's declaration), packing several rows at
// once, packing progress, and checkShipment (what blocks shipping a batch).
import { packBody, translate } from '@tradelane/contract';
import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { boxPieces } from '../../db/schema-boxes.ts';
import { AppError, langOf } from '../../http/errors.ts';
import { claimIdempotencyKey } from '../../http/idempotency.ts';
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

const tags = ['boxPiece'];
const batchQuery = z.object({ batchId: z.coerce.number().int().positive() });

/** Several updates of one family in one transaction: the first refusal names its id, nothing changes. */
async function updateMany(ctx: Ctx, resource: Resource, body: unknown) {
  const items = z
    .array(z.looseObject({ id: z.coerce.number().int().positive() }))
    .min(1)
    .max(1000)
    .parse(body);
  return ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx as unknown as Db };
    const out: Row[] = [];
    for (const item of items) {
      try {
        out.push(await updateRow(resource, tctx, item));
      } catch (err) {
        if (err instanceof AppError) throw new AppError(err.status, err.code, { ...err.params, id: item.id });
        throw err;
      }
    }
    return { content: out, totalElements: out.length };
  });
}

export async function boxRoutes(app: FastifyInstance) {
  const list = { permission: 'boxPiece:list' } as const;
  const edit = { permission: 'boxPiece:edit' } as const;

  app.get(
    '/api/boxPiece/queryByBatchId',
    { config: list, schema: { tags, summary: 'Boxes of a batch (the caller sees)' } },
    async (request) => {
      const ctx = ctxOf(app, request);
      const { batchId } = batchQuery.parse(request.query);
      await visibleBatch(ctx, batchId);
      const { content } = await listRows(boxPieceResource, ctx, { batchId, page: 0, size: 100_000 });
      return content;
    },
  );

  app.get(
    '/api/boxPiece/queryByBoxId',
    { config: list, schema: { tags, summary: 'A box by its number or its label token (a scan)' } },
    async (request) => {
      const ctx = ctxOf(app, request);
      const q = z
        .object({
          boxId: z.string().trim().min(1).max(64),
          batchId: z.coerce.number().int().positive().optional(),
        })
        .parse(request.query);
      const rows = (await app.db
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
        .limit(2)) as Row[];
      // A box number alone may name boxes of several batches: then the batch must be given.
      if (rows.length !== 1) throw new AppError(404, 'boxes.token_unknown');
      const [box] = await decorateBoxes(ctx, rows);
      return toWire(boxPieceResource, box);
    },
  );

  app.post(
    '/api/boxPiece/batchUpdate',
    { config: edit, schema: { tags, summary: 'Update several boxes (all or none)' } },
    async (request) => updateMany(ctxOf(app, request), boxPieceResource, request.body),
  );
  app.post(
    '/api/boxPieceDetail/batchUpdate',
    { config: edit, schema: { tags, summary: 'Update several box contents (all or none)' } },
    async (request) => updateMany(ctxOf(app, request), boxPieceDetailResource, request.body),
  );

  app.post(
    '/api/boxPieceDetail/createDetail',
    {
      config: { ...edit, claimsIdempotency: true },
      schema: { tags, summary: 'Pack rows into a box (a new one when `box` is given)' },
    },
    async (request, reply) => {
      const ctx = ctxOf(app, request);
      const body = packBody.parse(request.body ?? {});
      const result = await app.db.transaction(async (tx) => {
        const tctx = { ...ctx, db: tx as unknown as Db };
        await claimIdempotencyKey(tctx);
        const box = body.box ? await insertBox(tctx, body.box) : await lockOwnBox(tctx, body.boxId as number);
        // The same row twice in one request is packed as its sum.
        const sums = new Map<number, number>();
        for (const i of body.items) sums.set(i.suppliesId, (sums.get(i.suppliesId) ?? 0) + i.quantity);
        for (const [suppliesId, quantity] of sums) await packInto(tctx, box, suppliesId, quantity);
        return box;
      });
      const [decorated] = await decorateBoxes(ctx, [result]);
      reply.status(201);
      return toWire(boxPieceResource, decorated);
    },
  );

  app.post(
    '/api/boxPieceDetail/removeDetail',
    { config: edit, schema: { tags, summary: 'Take contents out of boxes by ids' } },
    async (request) => {
      const raw = request.body;
      const ids = Array.isArray(raw) ? raw : (raw as { ids?: unknown } | null)?.ids;
      return deleteRows(boxPieceDetailResource, ctxOf(app, request), idsBody.parse(ids));
    },
  );

  app.get(
    '/api/boxPiece/packingProgress',
    { config: list, schema: { tags, summary: 'Packing progress per material row of a batch' } },
    async (request) => {
      const ctx = ctxOf(app, request);
      const q = batchQuery
        .extend({ supplierTenantId: z.coerce.number().int().positive().optional() })
        .parse(request.query);
      await visibleBatch(ctx, q.batchId);
      return packingProgress(ctx, q.batchId, q.supplierTenantId);
    },
  );

  app.get(
    '/api/boxPiece/checkShipment',
    { config: list, schema: { tags, summary: 'What blocks shipping a batch (boxes not loaded)' } },
    async (request) => {
      const ctx = ctxOf(app, request);
      const { batchId } = batchQuery.parse(request.query);
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
    },
  );
}
