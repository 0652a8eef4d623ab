// Excel import of a material list, on the shared sheet-import mechanism (resources/sheet-import.ts): streamed,
// parsed, validated and inserted 1,000 rows at a time inside one transaction, so memory stays flat and a
// list with any error is rolled back whole — never saved in part.
// Progress lives in import_task, so any API node can answer getImportProgress.
import { isMessageCode, suppliesImportFields, translate } from '@tradelane/contract';
import { suppliesOps } from '@tradelane/contract/api/supplies';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { importTasks, supplies } from '../../db/schema-project.ts';
import { AppError, badRequest, langOf } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { type Ctx, ctxOf } from '../../resources/engine.ts';
import {
  type ChunkSink,
  declareImportLeases,
  importLimits,
  runImport,
  sendAttachment,
  sheetModule,
  sheetWorkerLimits,
  XLSX_TYPE,
} from '../../resources/sheet-import.ts';
import { recordChange } from '../../workflow/events.ts';
import { asAnswer } from '../project/wire.ts';
import { bulkInsert } from './bulk.ts';
import {
  assertEditable,
  lineTotal,
  listById,
  nextLineNo,
  refreshBatchStatus,
  rememberListMaterials,
  supplierList,
  touchList,
} from './lists.ts';
import { startSupplierPart } from './resources.ts';
import { type ParsedRow, templateWorkbook } from './sheet.ts';

export const MAX_IMPORT_ROWS = 50_000;

const importFields = suppliesImportFields;

/** Rows parsed, validated and inserted at a time (one `json_to_recordset` statement of about 0.6 MB). */
export const IMPORT_CHUNK_ROWS = 1000;

/**
 * The material list's side of a chunked import, inside the import's one transaction: the list locked and
 * checked once, cleared in replace mode, every chunk inserted with the next line numbers, and the material
 * codes, the supplier's part, the batch status and the change record once after the last chunk.
 */
async function openList(
  ctx: Ctx,
  taskId: number,
  listId: number,
  mode: 'append' | 'replace',
): Promise<ChunkSink<ParsedRow>> {
  const db = ctx.db;
  const locked = await listById(db, listId, true);
  if (!locked) throw badRequest('supplies.not_partner');
  assertEditable(locked);
  const list = await touchList(ctx, locked);
  if (mode === 'replace') await db.delete(supplies).where(eq(supplies.listId, list.id));
  let line = await nextLineNo(db, list.id);
  return {
    insert: (rows) => {
      // The chunk's own rows get their line number and total in place (no copy of a row).
      for (const r of rows as (ParsedRow & { totalPrice?: number | null })[]) {
        r.lineNo ??= line++;
        r.totalPrice = lineTotal(r.quantity, r.unitPrice);
      }
      return bulkInsert(db, supplies, rows, {
        tenantId: list.tenantId,
        projectId: list.projectId,
        batchId: list.batchId,
        listId: list.id,
        supplierTenantId: list.supplierTenantId,
        createBy: ctx.auth.username,
        updateBy: ctx.auth.username,
      });
    },
    finish: async (imported) => {
      await rememberListMaterials(db, list.id, ctx.auth.username);
      await startSupplierPart(ctx, list.batchId);
      await refreshBatchStatus(db, ctx.auth, list.batchId);
      await recordChange(db, ctx.auth, {
        tenantId: list.tenantId,
        entity: 'materialList',
        entityId: list.id,
        action: 'import',
        note: `${imported} rows (${mode})`,
        batchId: list.batchId,
        projectId: list.projectId,
        partyTenantId: list.supplierTenantId,
        detail: { taskId },
      });
      return { imported, answer: { listId } };
    },
  };
}

export async function importRoutes(app: FastifyInstance) {
  sheetWorkerLimits.heapMb = app.config.importWorkerMb;
  Object.assign(importLimits, app.config.imports);
  declareImportLeases(app);
  mount(app, suppliesOps.template, async (request, reply) => {
    const q = request.query;
    const type = q.type ?? q.templateType;
    if (!['supplies', '1', 'material'].includes(type))
      throw badRequest('validation', { field: 'templateType', reason: type });
    return sendAttachment(reply, XLSX_TYPE, '物料清单导入模板.xlsx', await templateWorkbook());
  });

  mount(
    app,
    suppliesOps.import,
    async (request, reply) =>
      // A refused file is answered by the import itself (its errors), a saved one with the list it filled.
      asAnswer(
        suppliesOps.import,
        await runImport(app, request, reply, {
          kind: 'supplies',
          fields: importFields,
          maxRows: MAX_IMPORT_ROWS,
          sheet: sheetModule<ParsedRow>(new URL('./sheet.ts', import.meta.url)),
          codes: {
            badFile: 'supplies.import_bad_file',
            noHeader: 'supplies.import_no_header',
            empty: 'supplies.import_empty',
            tooMany: 'supplies.import_too_many',
            invalid: 'supplies.import_invalid',
          },
          prepare: async (ctx, fields) => {
            const found = await supplierList(ctx, fields.batchId);
            assertEditable(found.list);
            return found.list.id;
          },
          chunked: {
            rows: IMPORT_CHUNK_ROWS,
            open: (ctx, taskId, listId, fields) => openList(ctx, taskId, listId, fields.mode),
          },
        }),
      ),
    { config: { describe: 'import material list' } },
  );

  mount(app, suppliesOps.importProgress, async (request) => {
    const ctx = ctxOf(app, request);
    // Without a task: the caller's latest import, of this batch and kind when given.
    const { taskId, batchId, kind } = request.query;
    const [task] = await app.db
      .select()
      .from(importTasks)
      .where(
        and(
          eq(importTasks.userId, ctx.auth.userId),
          taskId ? eq(importTasks.taskKey, taskId) : undefined,
          batchId ? eq(importTasks.batchId, batchId) : undefined,
          kind ? eq(importTasks.kind, kind) : undefined,
        ),
      )
      .orderBy(desc(importTasks.createTime), desc(importTasks.id))
      .limit(1);
    if (!task) throw new AppError(404, 'import.task_unknown');
    const percent =
      task.status === 'done'
        ? 100
        : task.status === 'saving'
          ? 95
          : task.status === 'failed'
            ? 100
            : task.total
              ? Math.min(90, Math.round((task.processed / task.total) * 90))
              : 0;
    const reason = task.status === 'failed' && task.reason && isMessageCode(task.reason) ? task.reason : null;
    return asAnswer(suppliesOps.importProgress, {
      taskId: task.taskKey,
      kind: task.kind,
      batchId: task.batchId,
      fileName: task.fileName,
      status: task.status,
      reason,
      message: reason ? translate(reason, langOf(request)) : null,
      total: task.total,
      processed: task.processed,
      imported: task.imported,
      errorCount: task.errorCount,
      percent,
      errors: (task.errors ?? []).slice(0, 100),
      createTime: task.createTime,
      updateTime: task.updateTime,
    });
  });
}
