// The Excel import mechanism every sheet import shares (material lists, packing lists): the upload is
// held (≤ 10 MB) and checked against what it inflates to (zip bombs), read in a worker thread with a capped
// heap (lib/sheet-worker-run.ts), with progress in import_task (so any API node answers getImportProgress),
// every row validated, and only a sheet without errors is saved — in one transaction, so never in part.
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { MultipartFile } from '@fastify/multipart';
import { type Lang, type MessageCode, translate } from '@tradelane/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { LeasedKind } from '../db/leases.ts';
import { importTasks } from '../db/schema-project.ts';
import { contentDisposition } from '../http/content-disposition.ts';
import { AppError, badRequest, langOf } from '../http/errors.ts';
import { xlsxWithinLimits } from '../http/xlsx-guard.ts';
import { FairQueue, QueueFull } from '../lib/fair-queue.ts';
import { IdleWorkers } from '../lib/idle-workers.ts';
import {
  MAX_KEPT_ERRORS,
  newState,
  type RowError,
  type SheetModule,
  SheetReadError,
  type SheetResult,
  type SheetState,
} from '../lib/sheet-read.ts';
import type { SheetJob, SheetMessage } from '../lib/sheet-worker-run.ts';
import { type Ctx, ctxOf } from './engine.ts';

export * from '../lib/sheet-read.ts';

const PROGRESS_EVERY_MS = 250;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends a file as a download named `name` (UTF-8 safe). */
export function sendAttachment(
  reply: FastifyReply,
  type: string,
  name: string,
  body: Buffer | NodeJS.ReadableStream,
) {
  reply.header('content-type', type);
  reply.header('content-disposition', contentDisposition(name));
  return reply.send(body);
}

const workerUrl = new URL('../lib/sheet-worker.mjs', import.meta.url);

/** The sheet reader's heap cap in a worker (IMPORT_WORKER_MB); a sheet that needs more is refused. */
export const sheetWorkerLimits = { heapMb: 96 };

/**
 * Imports' turns on this node, fair per tenant like the planner's (IMPORT_WORKERS, IMPORT_QUEUE,
 * IMPORT_TENANT_QUEUE): a company runs at most all workers but one and keeps at most its share waiting.
 */
export const importLimits = { workers: 4, tenantWaiting: 4, totalWaiting: 32 };
const importTurns = new FairQueue(() => ({
  workers: importLimits.workers,
  tenantWorkers: Math.max(1, importLimits.workers - 1),
  tenantWaiting: importLimits.tenantWaiting,
  totalWaiting: importLimits.totalWaiting,
}));

/**
 * Reads a sheet in a worker thread and yields its valid rows chunk by chunk, as `sheetChunks` does in
 * process: `state` holds the counts as it goes and the errors at the end. The worker reads on only when
 * the next chunk is asked for; with `collect` false it only validates and yields nothing. A sheet that
 * outgrows the worker's heap is refused (413 `import.sheet_too_large`), never the server's memory.
 */
export async function* sheetChunksInWorker<R>(
  file: Buffer,
  sheet: SheetModule<R>,
  lang: Lang,
  maxRows: number,
  chunkRows: number,
  onProgress: (rowsRead: number, bytesRead: number) => void,
  state: SheetState,
  collect = true,
): AsyncGenerator<R[], void, undefined> {
  const job: SheetJob = { url: sheet.url, file, lang, maxRows, chunkRows, collect };
  const heapMb = sheetWorkerLimits.heapMb;
  const worker = takeReader(heapMb);
  worker.postMessage({ type: 'job', job });
  const queue: Exclude<SheetMessage, { type: 'progress' }>[] = [];
  let failure: unknown = null;
  let ended = false;
  let wake: (() => void) | null = null;
  const poke = () => {
    wake?.();
    wake = null;
  };
  const onMessage = (m: SheetMessage) => {
    if (m.type === 'progress') onProgress(m.read, m.bytes);
    else {
      queue.push(m);
      poke();
    }
  };
  const onError = (err: Error & { code?: string }) => {
    failure = err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError(413, 'import.sheet_too_large') : err;
    poke();
  };
  const onExit = () => {
    ended = true;
    poke();
  };
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', onExit);
  // Kept for the next import only once its job has answered to the end (its last message read).
  let done = false;
  try {
    for (;;) {
      while (!queue.length && !failure && !ended)
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      const m = queue.shift();
      if (!m) throw failure ?? new SheetReadError('the sheet reader stopped without an answer');
      if (m.type === 'unreadable') {
        done = true;
        throw new SheetReadError(m.reason);
      }
      Object.assign(state, m.state);
      if (m.type === 'end') {
        done = true;
        return;
      }
      yield m.rows as R[];
      worker.postMessage('next');
    }
  } finally {
    worker.off('message', onMessage);
    worker.off('error', onError);
    worker.off('exit', onExit);
    if (done && !failure && !ended) idleReaders.giveBack(worker, heapMb);
    else await worker.terminate();
  }
}

/**
 * Sheet readers at rest, ready for the next import: starting one (a thread, the loader, ExcelJS) costs
 * 1.3 s of CPU. A reader is kept only after a job it read to the end, at most as many as imports may run
 * at once, and only for the heap cap it was started with; one that failed or was left mid-sheet ends.
 */
const idleReaders = new IdleWorkers(() => importLimits.workers);

/** Tests: how many sheet readers wait for the next import. */
export const readersAtRest = () => idleReaders.size;

function takeReader(heapMb: number): Worker {
  return (
    idleReaders.take(heapMb) ??
    new Worker(workerUrl, {
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: Math.max(4, heapMb / 8) },
    })
  );
}

/** Reads the whole first worksheet (in a worker); returns every valid row and the errors found. */
export async function readSheet<R>(
  file: Buffer,
  sheet: SheetModule<R>,
  lang: Lang,
  maxRows: number,
  onProgress: (rowsRead: number, bytesRead: number) => void,
): Promise<SheetResult<R>> {
  const state = newState();
  const rows: R[] = [];
  for await (const chunk of sheetChunksInWorker(file, sheet, lang, maxRows, 5_000, onProgress, state))
    for (const r of chunk) rows.push(r);
  return { ...state, rows };
}

type Task = typeof importTasks.$inferSelect;

async function updateTask(db: Db, id: number, patch: Partial<Task>) {
  await db
    .update(importTasks)
    .set({ ...patch, updateTime: new Date() })
    .where(eq(importTasks.id, id));
}

/** One kind of import: its fields, its sheet, its refusals, and how a clean sheet is saved. */
export interface ImportDefinition<F extends { batchId?: number; taskId?: string }, S, _K, R> {
  kind: string;
  fields: z.ZodType<F>;
  maxRows: number;
  /** The sheet's module (its `headerMap` and `parseRow`), read in a worker thread. */
  sheet: SheetModule<R>;
  codes: {
    badFile: MessageCode;
    noHeader: MessageCode;
    empty: MessageCode;
    tooMany: MessageCode;
    invalid: MessageCode;
  };
  /** Checks before the file is read (who may import where); returns what `save` needs. */
  prepare(ctx: Ctx, fields: F): Promise<S>;
  /**
   * Either: saves every row (all read first) in one transaction, or throws and saves nothing; more errors
   * by row are a refusal too.
   */
  save?(
    ctx: Ctx,
    taskId: number,
    state: S,
    rows: R[],
    fields: F,
    lang: Lang,
  ): Promise<{ imported: number; errors?: RowError[]; answer?: Record<string, unknown> }>;
  /** Or: saves the rows chunk by chunk as they are read, in one transaction (constant memory). */
  chunked?: ChunkedSave<F, S, R>;
}

export interface ImportSaved {
  imported: number;
  answer?: Record<string, unknown>;
}

/** What a chunked save does inside the import's one transaction. */
export interface ChunkSink<R> {
  /** Inserts one chunk of valid rows. */
  insert(rows: R[]): Promise<void>;
  /** After the last chunk, with the sheet free of errors: what follows the rows (records, statuses). */
  finish(imported: number): Promise<ImportSaved>;
}

export interface ChunkedSave<F, S, R> {
  /** Rows per chunk. */
  rows: number;
  /**
   * Opens the save when the first chunk is ready, inside the transaction (`ctx.db` is the transaction):
   * locks and checks what it writes to, clears it in replace mode.
   */
  open(ctx: Ctx, taskId: number, state: S, fields: F): Promise<ChunkSink<R>>;
}

/** Thrown inside an import's transaction to roll it back: the sheet has errors, or no rows to save. */
class Refusal extends Error {}

/**
 * A `save` that finds its errors as it writes (each row through a command's own checks): `body` saves every
 * row in one transaction (`tctx.db`) and pushes what a row breaks to `errors`; any error rolls all of it
 * back and is the import's answer, nothing saved.
 */
export async function saveRowByRow(
  ctx: Ctx,
  body: (tctx: Ctx, errors: RowError[]) => Promise<ImportSaved>,
): Promise<ImportSaved & { errors?: RowError[] }> {
  const errors: RowError[] = [];
  const refused = new Refusal();
  try {
    return await ctx.db.transaction(async (db) => {
      const saved = await body({ ...ctx, db }, errors);
      if (errors.length) throw refused;
      return saved;
    });
  } catch (err) {
    if (err === refused) return { imported: 0, errors };
    throw err;
  }
}

export const importTaskId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/)
  .optional();

function sendImportErrors(
  reply: FastifyReply,
  code: MessageCode,
  lang: Lang,
  taskKey: string,
  errors: RowError[],
  count = errors.length,
) {
  const first = errors[0];
  const message = translate(code, lang, {
    count,
    row: first.row,
    column: first.column,
    reason: first.message,
  });
  return reply.status(400).send({
    status: 400,
    code,
    message,
    taskId: taskKey,
    errorCount: count,
    errors: errors.slice(0, MAX_KEPT_ERRORS),
    timestamp: Date.now(),
  });
}

/** Runs an import for a multipart request: fields, task, guarded upload, streamed read, all-or-nothing save. */
export async function runImport<F extends { batchId?: number; taskId?: string }, S, K, R>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  def: ImportDefinition<F, S, K, R>,
) {
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
  const parsedFields = def.fields.safeParse(fieldValues);
  if (!parsedFields.success) {
    part.file.resume();
    throw parsedFields.error;
  }
  const fields = parsedFields.data;
  let state: S;
  try {
    state = await def.prepare(ctx, fields);
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
      kind: def.kind,
      batchId: fields.batchId ?? null,
      status: 'reading',
      fileName: part.filename ? part.filename.slice(0, 255) : null,
      createBy: ctx.auth.username,
      ...app.leases.stamp(),
    })
    .onConflictDoNothing()
    .returning();
  if (!task) {
    part.file.resume();
    throw new AppError(409, 'data_id_unique');
  }
  // This node renews the task's lease until the import ends, however it ends (waiting its turn included).
  const release = app.leases.hold(IMPORT_LEASE, task.id);
  try {
    // The upload is read only once the import has its turn: a waiting import holds no memory.
    let turn: () => void;
    try {
      turn = await importTurns.acquire(ctx.auth.tenantId);
    } catch (err) {
      part.file.resume();
      const refusal =
        err instanceof QueueFull
          ? new AppError(429, err.scope === 'tenant' ? 'import.busy' : 'import.busy_node', {
              waiting: err.waiting,
            })
          : err;
      await updateTask(app.db, task.id, { status: 'failed', errorCount: 1, reason: reasonOf(refusal) });
      throw refusal;
    }
    try {
      return await importFile(app, reply, def, ctx, lang, part, fields, state, taskKey, task);
    } finally {
      turn();
    }
  } finally {
    release();
  }
}

async function importFile<F extends { batchId?: number; taskId?: string }, S, K, R>(
  app: FastifyInstance,
  reply: FastifyReply,
  def: ImportDefinition<F, S, K, R>,
  ctx: Ctx,
  lang: Lang,
  part: MultipartFile,
  fields: F,
  state: S,
  taskKey: string,
  task: Task,
) {
  const failed = (reason: MessageCode, extra: Partial<Task> = {}) =>
    updateTask(app.db, task.id, { status: 'failed', errorCount: 1, reason, ...extra });
  // The upload (≤ 10 MB) is held; what it inflates to is counted before the reader sees it (zip bombs).
  let file: Buffer;
  try {
    file = await part.toBuffer();
    if (!(await xlsxWithinLimits(file))) throw badRequest(def.codes.badFile);
  } catch (err) {
    const tooLarge = (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
    const refusal = tooLarge ? new AppError(413, 'file.too_large', { max: '10M' }) : err;
    await failed(reasonOf(refusal));
    throw refusal;
  }
  const size = file.length;
  let lastWrite = 0;
  let pending: Promise<void> = Promise.resolve();
  // Progress is written outside the import's transaction and never awaited inside it.
  const progress = (rowsRead: number, bytesRead: number) => {
    const now = Date.now();
    if (now - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = now;
    pending = pending.then(() =>
      updateTask(app.db, task.id, {
        processed: rowsRead,
        total: size ? Math.max(rowsRead, Math.round((rowsRead * size) / Math.max(bytesRead, 1))) : rowsRead,
      }),
    );
  };
  const saving = (total: number) =>
    (pending = pending.then(() =>
      updateTask(app.db, task.id, { status: 'saving', total, processed: total }),
    ));
  // On PGlite (one connection) an open transaction holds every other request, progress polls included:
  // there the sheet is first read through only to validate it (progress shows), and its rows are read
  // again into the transaction only when it is clean. On PostgreSQL one read feeds the transaction.
  const validateFirst = app.database.kind === 'pglite';
  const attempt = async (): Promise<{ st: SheetState; saved?: ImportSaved }> => {
    const chunked = def.chunked;
    if (!chunked) {
      const st = await readSheet(file, def.sheet, lang, def.maxRows, progress);
      return { st, saved: await saveAll(st) };
    }
    if (validateFirst) {
      const checked = newState();
      const check = sheetChunksInWorker(
        file,
        def.sheet,
        lang,
        def.maxRows,
        chunked.rows,
        progress,
        checked,
        false,
      );
      for (let next = await check.next(); !next.done; next = await check.next());
      if (!checked.headerFound || checked.tooMany || checked.errorCount || !checked.valid)
        return { st: checked };
      await saving(checked.valid);
    }
    const st = newState();
    const chunks = sheetChunksInWorker(
      file,
      def.sheet,
      lang,
      def.maxRows,
      chunked.rows,
      validateFirst ? () => undefined : progress,
      st,
    );
    try {
      const saved = await app.db.transaction(async (tx) => {
        const txCtx: Ctx = { ...ctx, db: tx as unknown as Db };
        let sink: ChunkSink<R> | null = null;
        for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
          // Any error and nothing is saved: the rows inserted so far are rolled back.
          if (st.errorCount || st.tooMany) throw new Refusal();
          sink ??= await chunked.open(txCtx, task.id, state, fields);
          await sink.insert(next.value);
        }
        if (!sink || st.errorCount || st.tooMany) throw new Refusal();
        if (!validateFirst) saving(st.valid);
        return sink.finish(st.valid);
      });
      return { st, saved };
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      // The rest of the sheet is still read (outside the transaction) so that every error is reported.
      for (let next = await chunks.next(); !next.done; next = await chunks.next());
      return { st };
    } finally {
      await chunks.return();
    }
  };
  // Reads every row, then saves them with `save` (when the sheet is clean).
  let saveErrors: RowError[] = [];
  const saveAll = async (st: SheetResult<R>): Promise<ImportSaved | undefined> => {
    if (!st.headerFound || st.tooMany || st.errorCount || !st.rows.length) return undefined;
    const total = st.rows.length + st.badRows;
    await pending;
    await updateTask(app.db, task.id, { status: 'saving', total, processed: total });
    const saved = await (def.save as NonNullable<typeof def.save>)(
      ctx,
      task.id,
      state,
      st.rows,
      fields,
      lang,
    );
    st.rows = [];
    saveErrors = saved.errors ?? [];
    return saved;
  };
  let outcome: { st: SheetState; saved?: ImportSaved };
  try {
    try {
      outcome = await attempt();
    } catch (first) {
      if (!(first instanceof SheetReadError)) throw first;
      // The streaming reader has failed once on a sound file on a loaded machine: the file is in memory,
      // so it is read once more before it is called unreadable.
      try {
        outcome = await attempt();
        app.log.warn({ err: first.reason }, 'sheet read failed once and succeeded on a second read');
      } catch (err) {
        if (!(err instanceof SheetReadError)) throw err;
        app.log.info({ err: err.reason }, 'sheet unreadable');
        throw badRequest(def.codes.badFile);
      }
    }
  } catch (err) {
    await pending.catch(() => undefined);
    await failed(reasonOf(err));
    throw err;
  }
  await pending;
  const { st, saved } = outcome;
  const fail = async (code: MessageCode) => {
    await failed(code);
    throw badRequest(code, { max: def.maxRows });
  };
  if (!st.headerFound) await fail(def.codes.noHeader);
  if (st.tooMany) await fail(def.codes.tooMany);
  if (!st.valid && !st.errorCount) await fail(def.codes.empty);
  const total = st.valid + st.badRows;
  const refuse = async (errors: RowError[], count = errors.length) => {
    await updateTask(app.db, task.id, {
      status: 'failed',
      reason: def.codes.invalid,
      total,
      processed: total,
      errorCount: count,
      errors: errors.slice(0, MAX_KEPT_ERRORS),
    });
    return sendImportErrors(reply, def.codes.invalid, lang, taskKey, errors, count);
  };
  if (st.errorCount) return refuse(st.errors, st.errorCount);
  if (saveErrors.length) return refuse(saveErrors);
  if (!saved) throw new Error('import: a clean sheet was not saved');
  await updateTask(app.db, task.id, { status: 'done', imported: saved.imported });
  reply.status(201);
  return { taskId: taskKey, status: 'done', imported: saved.imported, ...(saved.answer ?? {}) };
}

/** The leased-task kind of imports (db/leases.ts). */
export const IMPORT_LEASE = 'import';

/** Imports at work are leased: one whose node stopped is failed, so no one waits on it forever. */
export const importLeases: LeasedKind<typeof importTasks> = {
  name: IMPORT_LEASE,
  table: importTasks,
  id: importTasks.id,
  leaseNode: importTasks.leaseNode,
  leaseUntil: importTasks.leaseUntil,
  atWork: inArray(importTasks.status, ['reading', 'saving']),
  interrupted: () => ({
    status: 'failed',
    reason: 'import.interrupted' satisfies MessageCode,
    errorCount: 1,
    updateTime: new Date(),
  }),
};

export function declareImportLeases(app: FastifyInstance) {
  app.leases.declare(importLeases);
}

/** What a failed import's record says it failed of: the refusal's catalogue code. */
function reasonOf(err: unknown): MessageCode {
  return err instanceof AppError ? err.code : 'internal';
}
