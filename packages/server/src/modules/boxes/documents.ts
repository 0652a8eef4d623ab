// GET /api/boxPiece/labels (PDF) and GET /api/boxPiece/packingList (PDF or Excel): documents of the boxes
// the caller sees — a selection by ids, or a batch (optionally one supplier's part) — streamed.
import { docLangs, gs1CompanyPrefix, labelFormats } from '@tradelane/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, langOf, notFound } from '../../http/errors.ts';
import { publicLink } from '../../lib/public-url.ts';
import { sendAttachment, XLSX_TYPE } from '../../lib/sheet-import.ts';
import { ctxOf } from '../../resources/engine.ts';
import { visibleBatch } from '../project/access.ts';
import { chunks, selectBoxIds } from './documents-data.ts';
import { labelWriter, ssccFormats } from './labels.ts';
import { packingListPdf, packingListXlsx } from './packing-list.ts';
import { newDoc } from './pdf.ts';
import { assignSsccs } from './sscc.ts';

const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^\d{1,15}$/)
          .transform(Number),
      )
      .max(5000),
  );

const selection = z
  .object({
    ids: idList.optional(),
    batchId: z.coerce.number().int().positive().optional(),
    supplierTenantId: z.coerce.number().int().positive().optional(),
    lang: z.enum(docLangs).optional(),
  })
  .refine((q) => q.ids?.length || q.batchId, { message: 'validation.required', path: ['batchId'] });

const labelQuery = selection.and(
  z.object({
    format: z.enum(labelFormats).default('thermal'),
    /** A GS1 company prefix: print an SSCC per box (a box without one is given the prefix's next). */
    ssccPrefix: gs1CompanyPrefix.optional(),
  }),
);
const listQuery = selection.and(z.object({ format: z.enum(['pdf', 'xlsx']).default('pdf') }));

/**
 * Told to the web when labels print without their QR code: no PUBLIC_URL, and a link built from the
 * request's Host could point anywhere (a forged Host would print a stranger's domain on every label).
 */
export const LABEL_NOTICE_HEADER = 'x-label-notice';

export async function documentRoutes(app: FastifyInstance) {
  const tags = ['boxPiece'];
  const boxesOf = async (request: FastifyRequest, q: z.infer<typeof selection>) => {
    const ctx = ctxOf(app, request);
    if (q.batchId) await visibleBatch(ctx, q.batchId);
    const ids = await selectBoxIds(ctx, q);
    if (!ids.length) throw notFound();
    if (q.ids && ids.length !== new Set(q.ids).size) throw notFound();
    return { ctx, ids };
  };

  app.get(
    '/api/boxPiece/labels',
    {
      // With an SSCC prefix it hands out SSCCs to boxes without one: a write, so never on the cookie alone.
      config: { permission: 'boxPiece:list', writes: true },
      schema: {
        tags,
        summary:
          'Box labels (PDF): thermal 100×150 mm or A4 4/8-up; zh, en, bilingual; with ssccPrefix, a GS1 SSCC per box (given once, kept)',
      },
    },
    async (request, reply) => {
      const q = labelQuery.parse(request.query ?? {});
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
    },
  );

  app.get(
    '/api/boxPiece/packingList',
    {
      config: { permission: 'boxPiece:list' },
      schema: {
        tags,
        summary: 'Packing list (PDF or Excel), zh/en/bilingual, totals per supplier and batch',
      },
    },
    async (request, reply) => {
      const q = listQuery.parse(request.query ?? {});
      const { ctx, ids } = await boxesOf(request, q);
      const lang = q.lang ?? langOf(request);
      return q.format === 'xlsx'
        ? sendAttachment(reply, XLSX_TYPE, 'packing-list.xlsx', packingListXlsx(ctx, ids, lang))
        : sendAttachment(reply, 'application/pdf', 'packing-list.pdf', packingListPdf(ctx, ids, lang));
    },
  );
}
