// Trade documents per batch (spec §7 `document`): a declaration on the engine
// (list, create, delete, queryById), batchAdd (all or none), viewDocument (a file inline or as a
// download), and the machine not submitted → submitted → confirmed on the kernel.

import {
  type AnswerOf,
  DocumentStatus,
  documentCreate,
  documentMachine,
  documentStatusLabels,
  documentTypes,
} from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { papersOps } from '@tradelane/contract/api/papers';
import type { FastifyInstance } from 'fastify';
import { hasPermission } from '../../access/service.ts';
import { tradeDocuments } from '../../db/schema-papers.ts';
import { AppError, forbidden, langOf } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { type Ctx, createRow, ctxOf, defineResource, getVisible, type Row } from '../../resources/engine.ts';
import { actionsFor, type CommandCtx, defineCommand } from '../../workflow/kernel.ts';
import { fileResource, sendStored } from '../files/routes.ts';
import { fileRow, fileSummaries, fileUrl } from '../files/service.ts';
import { documentScope, ownEditable } from './access.ts';
import { newPaper, type PaperNotices, paperRecord, tellSide, withParties } from './paper.ts';

const link = (batchId: unknown) => `/papers/documents?batchId=${batchId}`;

/** A document's files (a row made by the engine's create comes back untyped). */
const fileIdsOf = (r: Row) =>
  Array.isArray(r.fileIds) ? r.fileIds.filter((id): id is number => typeof id === 'number') : [];

export async function decorateDocuments(ctx: Ctx, rows: Row[]) {
  const fileIds = [...new Set(rows.flatMap(fileIdsOf))];
  const held = await fileSummaries(ctx.db, fileIds);
  const lang = langOf(ctx.request);
  return (await withParties(ctx, rows)).map((r) => ({
    ...r,
    docTypeLabel: documentTypes.find((d) => d.code === r.docType)?.[lang] ?? r.docType,
    files: fileIdsOf(r).flatMap((id) => {
      const f = held.find((h) => h.id === id);
      return f
        ? [{ ...f, url: fileUrl(f), viewUrl: `${papersOps.viewDocument.path}?id=${r.id}&fileId=${f.id}` }]
        : [];
    }),
    actions: actionsFor(ctx, documentMachine, r),
  }));
}

export const documentResource = defineResource({
  family: families.document,
  table: tradeDocuments,
  create: documentCreate,
  filters: {
    id: 'equal',
    batchId: 'equal',
    projectId: 'equal',
    docType: 'in',
    status: 'in',
    partyTenantId: 'equal',
    createTime: 'between',
    blurry: { op: 'blurry', columns: ['name', 'docNo', 'remark'] },
  },
  defaultSort: ['batchId,desc', 'docType,asc', 'id,asc'],
  permissions: { list: 'document:list', create: 'document:add', delete: 'document:del' },
  scope: documentScope,
  serverOwned: ['tenantId', 'projectId', 'partyTenantId', 'status', 'submitTime', 'confirmTime'],
  // Only files the caller uploaded itself (the file family's scope) can be attached.
  references: { fileIds: { to: () => fileResource } },
  canWrite: ownEditable(documentMachine),
  actions: ['list', 'create', 'delete'],
  hooks: {
    beforeCreate: (ctx, data) => newPaper(ctx, data, DocumentStatus.notSubmitted),
    decorate: decorateDocuments,
  },
});

const notices: PaperNotices = { link, params: (row) => ({ name: row.name }) };

const documentCommand = {
  machine: documentMachine,
  labels: documentStatusLabels,
  table: tradeDocuments,
  statusColumn: 'status',
  entity: 'document',
  tags: ['document'],
  target: async (_ctx: CommandCtx, input: { id: number }) => input.id,
  scope: (ctx: CommandCtx) => documentScope(ctx),
  record: paperRecord,
  answer: (ctx: CommandCtx, rows: Row[]) => decorateDocuments(ctx as Ctx, rows),
};

export const submitDocument = defineCommand({
  ...documentCommand,
  name: 'document.submit',
  operation: papersOps.submitDocument,
  event: 'submit',
  who: {
    own: (ctx, row) => row.partyTenantId === ctx.auth.tenantId,
  },
  guards: {
    hasFiles: ({ row }) => ((row.fileIds ?? []).length ? undefined : 'papers.no_files'),
  },
  set: () => ({ submitTime: new Date() }),
  notify: tellSide(notices, 'tenantId', 'notice.document_submitted'),
});

export const confirmDocument = defineCommand({
  ...documentCommand,
  name: 'document.confirm',
  operation: papersOps.confirmDocument,
  event: 'confirm',
  who: {
    own: (ctx, row) => row.tenantId === ctx.auth.tenantId,
  },
  set: () => ({ confirmTime: new Date() }),
  notify: tellSide(notices, 'partyTenantId', 'notice.document_confirmed'),
});

export const documentCommands = [submitDocument, confirmDocument];

export async function documentRoutes(app: FastifyInstance) {
  // Several documents at once (one per type, say), all or none.
  mount(
    app,
    papersOps.batchAddDocuments,
    async (request) => {
      const ctx = ctxOf(app, request);
      if (!hasPermission(ctx.auth, 'document:add')) throw forbidden();
      const bodies = request.body;
      const rows = await ctx.db.transaction(async (tx) => {
        const tctx = { ...ctx, db: tx };
        const out: Row[] = [];
        for (const body of bodies) out.push(await createRow(documentResource, tctx, body));
        return out;
      });
      return (await decorateDocuments(ctx, rows)) as AnswerOf<typeof papersOps.batchAddDocuments>;
    },
    { config: { claimsIdempotency: true } },
  );

  // A document's file in the browser (PDF and plain images inline) or as a download (`download`).
  mount(app, papersOps.viewDocument, async (request, reply) => {
    const ctx = ctxOf(app, request);
    if (!hasPermission(ctx.auth, 'document:list')) throw forbidden();
    const q = request.query;
    const doc = await getVisible(documentResource, ctx, q.id);
    const ids = doc.fileIds ?? [];
    const fileId = q.fileId ?? ids[0];
    if (!fileId || !ids.includes(fileId)) throw new AppError(404, 'papers.file_not_in_document');
    const file = await fileRow(ctx.db, fileId);
    if (!file) throw new AppError(404, 'papers.file_not_in_document');
    return sendStored(app, reply, file, q.download !== undefined);
  });
}
