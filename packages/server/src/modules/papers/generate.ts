// POST /api/document/generate: the commercial invoices or the packing list of a batch drawn as
// PDFs from the batch's data — the boxes the caller sees, their contents and the material list's prices —
// stored through the storage interface like an upload (kind `paper`, the caller's file), each held by a
// new document of that type, not submitted yet: previewed and submitted like any other document. A
// commercial invoice has one seller and one currency, so a batch of two suppliers (or a supplier selling
// in two currencies) gets one invoice each; the answer lists every document made.
import type { AnswerOf } from '@tradelane/contract';
import { papersOps } from '@tradelane/contract/api/papers';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hasPermission } from '../../access/service.ts';
import { tradeDocuments } from '../../db/schema-papers.ts';
import { AppError, forbidden, langOf } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { createRow, ctxOf } from '../../resources/engine.ts';
import { selectBoxIds } from '../boxes/documents-data.ts';
import { packingListPdf } from '../boxes/packing-list.ts';
import type { Doc } from '../boxes/pdf.ts';
import { saveUpload } from '../files/service.ts';
import { visibleBatch } from '../project/access.ts';
import { decorateDocuments, documentResource } from './documents.ts';
import { batchInvoices, invoicePdf } from './invoice.ts';

export const generatedTypes = ['commercial_invoice', 'packing_list'] as const;

/** A PDF stream read whole (a generated document is stored as one object). */
function bytesOf(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

const prefix = { commercial_invoice: 'CI', packing_list: 'PL' } as const;
const titles = {
  commercial_invoice: { zh: '商业发票', en: 'Commercial invoice' },
  packing_list: { zh: '装箱单', en: 'Packing list' },
} as const;

export async function generateRoutes(app: FastifyInstance) {
  mount(
    app,
    papersOps.generateDocuments,
    async (request) => {
      const ctx = ctxOf(app, request);
      if (!hasPermission(ctx.auth, 'document:add')) throw forbidden();
      const body = request.body;
      if (!(generatedTypes as readonly string[]).includes(body.docType))
        throw new AppError(400, 'papers.generate_type');
      const docType = body.docType as (typeof generatedTypes)[number];
      const lang = body.lang ?? langOf(request);
      const batch = await visibleBatch(ctx, body.batchId);
      const boxIds = await selectBoxIds(ctx, { batchId: batch.id });
      if (!boxIds.length) throw new AppError(400, 'papers.nothing_packed');
      const rows = await ctx.db.transaction(async (tx) => {
        const tctx = { ...ctx, db: tx };
        // Numbered per batch, type and company: CI-<batch>-<n>.
        const [{ n }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(tradeDocuments)
          .where(
            and(
              eq(tradeDocuments.batchId, batch.id),
              eq(tradeDocuments.docType, docType),
              eq(tradeDocuments.partyTenantId, ctx.auth.tenantId),
            ),
          );
        const numberOf = (i: number) => `${prefix[docType]}-${batch.batchNumber}-${Number(n) + 1 + i}`;
        const pdfs: { docNo: string; doc: () => Doc }[] =
          docType === 'packing_list'
            ? [{ docNo: numberOf(0), doc: () => packingListPdf(tctx, boxIds, lang) }]
            : (await batchInvoices(tctx, batch, boxIds)).map((data, i) => ({
                docNo: numberOf(i),
                doc: () => invoicePdf({ ...data, invoiceNo: numberOf(i) }, lang),
              }));
        const title = titles[docType][lang === 'en' ? 'en' : 'zh'];
        const made = [];
        for (const { docNo, doc } of pdfs) {
          const file = await saveUpload(
            tx,
            app.storage,
            ctx.auth,
            { filename: `${docNo}.pdf`, data: await bytesOf(doc()) },
            'paper',
          );
          made.push(
            await createRow(documentResource, tctx, {
              batchId: batch.id,
              docType,
              docNo,
              name: `${title} ${docNo}`,
              fileIds: [file.id],
            }),
          );
        }
        return made;
      });
      const content = await decorateDocuments(ctx, rows);
      return { content, totalElements: content.length } as AnswerOf<typeof papersOps.generateDocuments>;
    },
    { config: { claimsIdempotency: true } },
  );
}
