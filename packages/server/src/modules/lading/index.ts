// Bills of lading and the warehouse tally: the logistics provider's B/L for a batch (draft →
// submitted → confirmed | rejected → draft, a PDF draft) and the tally of the batch's boxes.

import { papersOps } from '@tradelane/contract/api/papers';
import type { FastifyInstance } from 'fastify';
import { hasPermission } from '../../access/service.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { forbidden } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { ctxOf, getVisible, type Row, registerResource } from '../../resources/engine.ts';
import { registerCommands } from '../../workflow/kernel.ts';
import { partnerGate } from '../project/access.ts';
import { billLadingCommands, billLadingResource, decorateBills } from './bill-lading.ts';
import { billLadingPdf } from './pdf.ts';
import { tallyCommands, tallyResource, tallyRoutes } from './tally.ts';

export async function ladingModule(app: FastifyInstance) {
  await app.register(async (scope) => {
    scope.addHook('preHandler', partnerGate(scope));
    registerResource(scope, billLadingResource);
    registerResource(scope, tallyResource);
    registerCommands(scope, [...billLadingCommands, ...tallyCommands]);
    await tallyRoutes(scope);
    // The B/L as a PDF: a "DRAFT" mark until the shipper confirms it; only the batch's parties get it.
    mount(scope, papersOps.billPdf, async (request, reply) => {
      const ctx = ctxOf(scope, request);
      if (!hasPermission(ctx.auth, 'billLading:list')) throw forbidden();
      const q = request.query;
      const [row] = (await decorateBills(ctx, [await getVisible(billLadingResource, ctx, q.id)])) as Row[];
      const name = `BL-${String(row.blNumber ?? row.batchNumber ?? row.batchId)}-${row.id}.pdf`;
      const attach = q.download === '1' || q.download === 'true';
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', contentDisposition(name, { inline: !attach }));
      return reply.send(billLadingPdf(row));
    });
  });
}
