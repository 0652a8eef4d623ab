// Excel import of a material list: the upload is streamed through ExcelJS's streaming reader, every row
// is validated, and only a list without errors is saved — in one transaction, so never in part.
// Progress lives in import_task, so any API node can answer getImportProgress.
import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { type SuppliesColumnKey, translate } from '@tradelane/contract';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { importTasks, supplies } from '../../db/schema-project.ts';
import { AppError, badRequest, langOf } from '../../http/errors.ts';
import { xlsxWithinLimits } from '../../lib/xlsx-guard.ts';
import { type Ctx, ctxOf } from '../../resources/engine.ts';
import { recordChange } from '../../workflow/events.ts';
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
import { headerMap, type ParsedRow, parseRow, type RowError, templateWorkbook } from './sheet.ts';

export const MAX_IMPORT_ROWS = 50_000;
const PROGRESS_EVERY_MS = 250;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const importFields = z.object({
  batchId: z.coerce.number().int().positive(),
  taskId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
  mode: z.enum(['append', 'replace']).default('append'),
});

type Task = typeof importTasks.$inferSelect;

async function updateTask(db: Db, id: number, patch: Partial<Task>) {
  await db
    .update(importTasks)
    .set({ ...patch, updateTime: new Date() })
    .where(eq(importTasks.id, id));
}

/** Reads the first worksheet; returns the valid rows and every error found. */
export async function readSheet(
  input: NodeJS.ReadableStream,
  lang: 'zh' | 'en',
  onProgress: (rowsRead: number) => void,
): Promise<{
  rows: ParsedRow[];
  errors: RowError[];
  badRows: number;
  headerFound: boolean;
  tooMany: boolean;
}> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input as never, {
    sharedStrings: 'cache',
    worksheets: 'emit',
    styles: 'ignore',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const rows: ParsedRow[] = [];
  const errors: RowError[] = [];
  let map: Map<number, SuppliesColumnKey> | null = null;
  let sheets = 0;
  let read = 0;
  let tooMany = false;
  let badRows = 0;
  for await (const ws of reader) {
    // Only the first sheet holds the list; later sheets (notes) are read past.
    if (sheets++ > 0) {
      for await (const _ of ws) void _;
      continue;
    }
    for await (const row of ws) {
      const values = (row.values as ExcelJS.CellValue[]) ?? [];
      if (!map) {
        if (row.number <= 10) map = headerMap(values);
        continue;
      }
      // The template's second header row (English) is not data.
      if (headerMap(values)) continue;
      read++;
      if (rows.length >= MAX_IMPORT_ROWS) {
        tooMany = true;
        continue;
      }
      const errorsBefore = errors.length;
      const parsed = parseRow(values, map, row.number, lang, errors);
      if (errors.length > errorsBefore) badRows++;
      else if (parsed) rows.push(parsed);
      if (read % 500 === 0) onProgress(read);
    }
  }
  return { rows, errors, badRows, headerFound: Boolean(map), tooMany };
}

async function saveRows(
  ctx: Ctx,
  taskId: number,
  listId: number,
  rows: ParsedRow[],
  mode: 'append' | 'replace',
) {
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const locked = await listById(db, listId, true);
    if (!locked) throw badRequest('supplies.not_partner');
    assertEditable(locked);
    const list = await touchList({ ...ctx, db }, locked);
    if (mode === 'replace') await db.delete(supplies).where(eq(supplies.listId, list.id));
    let line = await nextLineNo(db, list.id);
    const values = rows.map((r) => ({
      ...r,
      tenantId: list.tenantId,
      projectId: list.projectId,
      batchId: list.batchId,
      listId: list.id,
      supplierTenantId: list.supplierTenantId,
      lineNo: r.lineNo ?? line++,
      totalPrice: lineTotal(r.quantity, r.unitPrice),
      tags: [],
      createBy: ctx.auth.username,
      updateBy: ctx.auth.username,
    }));
    await bulkInsert(db, supplies, values);
    await rememberListMaterials(db, list.id, ctx.auth.username);
    await startSupplierPart({ ...ctx, db }, list.batchId);
    await refreshBatchStatus(db, ctx.auth, list.batchId);
    await recordChange(db, ctx.auth, {
      tenantId: list.tenantId,
      entity: 'materialList',
      entityId: list.id,
      action: 'import',
      note: `${values.length} rows (${mode})`,
      batchId: list.batchId,
      projectId: list.projectId,
      partyTenantId: list.supplierTenantId,
      detail: { taskId },
    });
    return values.length;
  });
}

function sendImportErrors(reply: FastifyReply, lang: 'zh' | 'en', taskKey: string, errors: RowError[]) {
  const first = errors[0];
  const message = translate('supplies.import_invalid', lang, {
    count: errors.length,
    row: first.row,
    column: first.column,
    reason: first.message,
  });
  return reply.status(400).send({
    status: 400,
    code: 'supplies.import_invalid',
    message,
    taskId: taskKey,
    errorCount: errors.length,
    errors: errors.slice(0, 1000),
    timestamp: Date.now(),
  });
}

/** A task not updated for this long is not running anywhere: its server stopped (crash, restart). */
const ORPHAN_AFTER_MS = 10 * 60_000;

/** Imports left "reading"/"saving" by a server that stopped are failed, so no one waits on them forever. */
export async function failInterruptedImports(db: Db, olderThanMs = ORPHAN_AFTER_MS): Promise<number> {
  const rows = await db
    .update(importTasks)
    .set({ status: 'failed', errorCount: 1, updateTime: new Date() })
    .where(
      and(
        inArray(importTasks.status, ['reading', 'saving']),
        lt(importTasks.updateTime, new Date(Date.now() - olderThanMs)),
      ),
    )
    .returning({ id: importTasks.id });
  return rows.length;
}

export async function importRoutes(app: FastifyInstance) {
  const tags = ['supplies'];
  // At start, then every minute (another node's crash is seen by the nodes still running).
  const sweep = () =>
    failInterruptedImports(app.db).catch((err: unknown) => app.log.error({ err }, 'import sweep failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(sweep, 60_000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
  app.get(
    '/api/importTemplate/getByTemplateType',
    {
      config: { permission: 'supplies:list' },
      schema: { tags, summary: 'The material-list Excel template (zh/en)' },
    },
    async (request, reply) => {
      const q = z
        .object({ templateType: z.string().default('supplies'), type: z.string().optional() })
        .parse(request.query ?? {});
      const type = q.type ?? q.templateType;
      if (!['supplies', '1', 'material'].includes(type))
        throw badRequest('validation', { field: 'templateType', reason: type });
      reply.header('content-type', XLSX);
      reply.header(
        'content-disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent('物料清单导入模板')}.xlsx`,
      );
      return reply.send(await templateWorkbook());
    },
  );

  app.post(
    '/api/supplies/suppliesListImport',
    {
      config: { permission: 'supplies:import', describe: 'import material list' },
      schema: { tags, consumes: ['multipart/form-data'], summary: 'Import a material list (.xlsx)' },
    },
    async (request, reply) => {
      const ctx = ctxOf(app, request);
      const lang = langOf(request);
      if (!request.isMultipart()) throw badRequest('file.missing');
      const part = await request.file();
      if (!part) throw badRequest('file.missing');
      const fieldValues: Record<string, unknown> = { ...(request.query as Record<string, unknown>) };
      for (const [k, f] of Object.entries(part.fields)) {
        const v = (f as { value?: unknown } | undefined)?.value;
        if (typeof v === 'string') fieldValues[k] = v;
      }
      const parsedFields = importFields.safeParse(fieldValues);
      if (!parsedFields.success) {
        part.file.resume();
        throw parsedFields.error;
      }
      const fields = parsedFields.data;
      let found: Awaited<ReturnType<typeof supplierList>>;
      try {
        found = await supplierList(ctx, fields.batchId);
        assertEditable(found.list);
      } catch (err) {
        part.file.resume();
        throw err;
      }
      const taskKey = fields.taskId ?? randomUUID();
      const [task] = await app.db
        .insert(importTasks)
        .values({
          taskKey,
          tenantId: ctx.auth.tenantId,
          userId: ctx.auth.userId,
          kind: 'supplies',
          batchId: fields.batchId,
          status: 'reading',
          createBy: ctx.auth.username,
        })
        .onConflictDoNothing()
        .returning();
      if (!task) {
        part.file.resume();
        throw new AppError(409, 'data_id_unique');
      }
      // The upload (≤ 10 MB) is held; what it inflates to is counted before the reader sees it (zip bombs).
      let file: Buffer;
      try {
        file = await part.toBuffer();
        if (!(await xlsxWithinLimits(file))) throw badRequest('supplies.import_bad_file');
      } catch (err) {
        const tooLarge = (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
        await updateTask(app.db, task.id, { status: 'failed', errorCount: 1 });
        throw tooLarge ? new AppError(413, 'file.too_large', { max: '10M' }) : err;
      }
      const size = file.length;
      let bytes = 0;
      let lastWrite = 0;
      let pending: Promise<void> = Promise.resolve();
      const counter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          bytes += chunk.length;
          cb(null, chunk);
        },
      });
      Readable.from([file]).pipe(counter);
      const progress = (rowsRead: number) => {
        const now = Date.now();
        if (now - lastWrite < PROGRESS_EVERY_MS) return;
        lastWrite = now;
        pending = pending.then(() =>
          updateTask(app.db, task.id, {
            processed: rowsRead,
            total: size ? Math.max(rowsRead, Math.round((rowsRead * size) / Math.max(bytes, 1))) : rowsRead,
          }),
        );
      };
      let result: Awaited<ReturnType<typeof readSheet>>;
      try {
        result = await readSheet(counter, lang, progress);
      } catch {
        await pending;
        await updateTask(app.db, task.id, { status: 'failed', errorCount: 1 });
        throw badRequest('supplies.import_bad_file');
      }
      await pending;
      const fail = async (
        code: 'supplies.import_no_header' | 'supplies.import_empty' | 'supplies.import_too_many',
      ) => {
        await updateTask(app.db, task.id, { status: 'failed', errorCount: 1 });
        throw badRequest(code, { max: MAX_IMPORT_ROWS });
      };
      if (!result.headerFound) await fail('supplies.import_no_header');
      if (result.tooMany) await fail('supplies.import_too_many');
      if (!result.rows.length && !result.errors.length) await fail('supplies.import_empty');
      const total = result.rows.length + result.badRows;
      if (result.errors.length) {
        await updateTask(app.db, task.id, {
          status: 'failed',
          total,
          processed: total,
          errorCount: result.errors.length,
          errors: result.errors.slice(0, 1000),
        });
        return sendImportErrors(reply, lang, taskKey, result.errors);
      }
      await updateTask(app.db, task.id, { status: 'saving', total, processed: total });
      let imported = 0;
      try {
        imported = await saveRows(ctx, task.id, found.list.id, result.rows, fields.mode);
      } catch (err) {
        await updateTask(app.db, task.id, { status: 'failed', errorCount: 1 });
        throw err;
      }
      await updateTask(app.db, task.id, { status: 'done', imported });
      reply.status(201);
      return { taskId: taskKey, status: 'done', imported, listId: found.list.id };
    },
  );

  app.get(
    '/api/supplies/getImportProgress',
    { config: { permission: 'supplies:list' }, schema: { tags, summary: 'Progress of an import' } },
    async (request) => {
      const ctx = ctxOf(app, request);
      const { taskId } = z
        .object({ taskId: z.string().trim().max(64).optional() })
        .parse(request.query ?? {});
      const [task] = await app.db
        .select()
        .from(importTasks)
        .where(
          and(eq(importTasks.userId, ctx.auth.userId), taskId ? eq(importTasks.taskKey, taskId) : undefined),
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
      return {
        taskId: task.taskKey,
        batchId: task.batchId,
        status: task.status,
        total: task.total,
        processed: task.processed,
        imported: task.imported,
        errorCount: task.errorCount,
        percent,
        errors: (task.errors ?? []).slice(0, 100),
        createTime: task.createTime,
        updateTime: task.updateTime,
      };
    },
  );
}
