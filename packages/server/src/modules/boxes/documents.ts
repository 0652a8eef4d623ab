// GET /api/boxPiece/labels (PDF) and GET /api/boxPiece/packingList (PDF or Excel): documents of the boxes
// the caller sees — a selection by ids, or a batch (optionally one supplier's part) — streamed.
import type { boxSelection } from '@tradelane/contract';
import { boxesOps } from '@tradelane/contract/api/boxes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest, langOf, notFound } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { publicLink } from '../../lib/public-url.ts';
import { ctxOf } from '../../resources/engine.ts';
import { sendAttachment, XLSX_TYPE } from '../../resources/sheet-import.ts';
import { visibleBatch } from '../project/access.ts';
import { chunks, selectBoxIds } from './documents-data.ts';
import { labelWriter, ssccFormats } from './labels.ts';
import { packingListPdf, packingListXlsx } from './packing-list.ts';
import { newDoc } from './pdf.ts';
import { assignSsccs } from './sscc.ts';

/**
 * Told to the web when labels print without their QR code: no PUBLIC_URL, and a link built from the
 * request's Host could point anywhere (a forged Host would print a stranger's domain on every label).
 */
export const LABEL_NOTICE_HEADER = 'x-label-notice';

export async function documentRoutes(app: FastifyInstance) {
  const boxesOf = async (request: FastifyRequest, q: z.infer<typeof boxSelection>) => {
    const ctx = ctxOf(app, request);
    if (q.batchId) await visibleBatch(ctx, q.batchId);
    const ids = await selectBoxIds(ctx, q);
    if (!ids.length) throw notFound();
    if (q.ids && ids.length !== new Set(q.ids).size) throw notFound();
    return { ctx, ids };
  };

  mount(app, boxesOps.labels, async (request, reply) => {
    const q = request.query;
    if (q.ssccPrefix && !ssccFormats.includes(q.format)) throw badRequest('boxes.sscc_label_format');
    const { ctx, ids } = await boxesOf(request, q);
    if (q.ssccPrefix) await assignSsccs(ctx.db, q.ssccPrefix, ids);
    const lang = q.lang ?? langOf(request);
    const doc = newDoc('A4');
    const base = app.config.publicUrl;
    if (!base) reply.header(LABEL_NOTICE_HEADER, 'no_public_url');
    const write = labelWriter(doc, {
      format: q.format,
      lang,
      scanUrl: base ? (box) => publicLink(base, `/scan/box/${box.token}`) : null,
    });
    (async () => {
      for await (const chunk of chunks(ctx, ids)) for (const box of chunk) write(box);
      doc.end();
    })().catch((err: unknown) => doc.emit('error', err));
    return sendAttachment(reply, 'application/pdf', `labels-${q.format}.pdf`, doc);
  });

  mount(app, boxesOps.packingList, async (request, reply) => {
    const q = request.query;
    const { ctx, ids } = await boxesOf(request, q);
    const lang = q.lang ?? langOf(request);
    return q.format === 'xlsx'
      ? sendAttachment(reply, XLSX_TYPE, 'packing-list.xlsx', packingListXlsx(ctx, ids, lang))
      : sendAttachment(reply, 'application/pdf', 'packing-list.pdf', packingListPdf(ctx, ids, lang));
  });
}
