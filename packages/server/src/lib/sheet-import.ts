// The Excel import mechanism every sheet import shares (material lists, packing lists): the upload is
// held (≤ 10 MB) and checked against what it inflates to (zip bombs), streamed through ExcelJS's reader
// with progress in import_task (so any API node answers getImportProgress), every row validated, and
// only a sheet without errors is saved — by the caller, in one transaction, so never in part.
import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { type Lang, type MessageCode, translate } from '@tradelane/contract';
import { and, eq, inArray, lt } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { importTasks } from '../db/schema-project.ts';
import { AppError, badRequest, langOf } from '../http/errors.ts';
import { type Ctx, ctxOf } from '../resources/engine.ts';
import { cellText } from './cell-text.ts';
import { xlsxWithinLimits } from './xlsx-guard.ts';

const PROGRESS_EVERY_MS = 250;

export interface RowError {
  row: number;
  column: string;
  field: string;
  message: string;
}

/** How one kind of sheet reads: which row is its header, and what a data row means. */
export interface SheetSpec<K, R> {
  headerMap(values: ExcelJS.CellValue[]): Map<number, K> | null;
  parseRow(
    values: ExcelJS.CellValue[],
    map: Map<number, K>,
    rowNo: number,
    lang: Lang,
    errors: RowError[],
  ): R | null;
}

export interface SheetResult<R> extends SheetState {
  rows: R[];
}

/** A column of an import sheet as the contract declares it: its key and its zh and en headers. */
export interface SheetColumn<K extends string = string> {
  readonly key: K;
  readonly zh: string;
  readonly en: string;
  readonly width: number;
  readonly required?: boolean;
}

/** A header or dictionary word as matched: no spaces, no required-mark `*`, lower case. */
export const sheetWord = (s: string) => s.replace(/[\s*]+/g, '').toLowerCase();

/** The header row of a column set: a row naming (by zh, en or key) at least the `needed` columns. */
export function headerMatcher<K extends string>(columns: readonly SheetColumn<K>[], needed: readonly K[]) {
  const index = new Map<string, K>();
  for (const c of columns) for (const h of [c.zh, c.en, c.key]) index.set(sheetWord(h), c.key);
  return (values: ExcelJS.CellValue[]): Map<number, K> | null => {
    const map = new Map<number, K>();
    values.forEach((v, i) => {
      const key = index.get(sheetWord(cellText(v)));
      if (key) map.set(i, key);
    });
    const keys = new Set(map.values());
    return needed.every((k) => keys.has(k)) ? map : null;
  };
}

/**
 * One data row's cells by column key (null when the row is blank), and how its problems are reported:
 * `fail` names the cell's column in the reader's language; `num` reads a number (thousands separators
 * dropped; blank is null, or an error when required).
 */
export function rowReader<K extends string>(
  columns: readonly SheetColumn<K>[],
  values: ExcelJS.CellValue[],
  map: Map<number, K>,
  rowNo: number,
  lang: Lang,
  errors: RowError[],
) {
  const raw: Partial<Record<K, string>> = {};
  for (const [i, key] of map) raw[key] = cellText(values[i]);
  if (Object.values(raw).every((v) => !v)) return null;
  const fail = (field: K, code: MessageCode, params: Record<string, unknown> = {}) =>
    errors.push(cellError(columns, rowNo, field, lang, code, params));
  const num = (field: K, required = false): number | null => {
    const v = (raw[field] ?? '').replace(/,/g, '');
    if (!v) {
      if (required) fail(field, 'import.required');
      return null;
    }
    const n = Number(v);
    if (Number.isFinite(n)) return n;
    fail(field, 'import.number');
    return null;
  };
  return { raw, fail, num };
}

/** An error on one cell, its column named in the reader's language. */
export function cellError<K extends string>(
  columns: readonly SheetColumn<K>[],
  row: number,
  field: K,
  lang: Lang,
  code: MessageCode,
  params: Record<string, unknown> = {},
): RowError {
  const column = columns.find((c) => c.key === field)?.[lang] ?? field;
  return { row, column, field, message: translate(code, lang, params) };
}

/** An import template: zh headers (`*` on required ones) on row 1, en on row 2, samples, a notes sheet. */
export async function templateWorkbook(t: {
  sheet: string;
  columns: readonly SheetColumn[];
  samples: unknown[][];
  notes: string[];
}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(t.sheet, { views: [{ state: 'frozen', ySplit: 2 }] });
  ws.columns = t.columns.map((c) => ({ key: c.key, width: c.width }));
  ws.addRow(t.columns.map((c) => (c.required ? `*${c.zh}` : c.zh)));
  ws.addRow(t.columns.map((c) => c.en));
  for (const r of [1, 2]) {
    ws.getRow(r).font = { bold: true };
    ws.getRow(r).fill = {
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: r === 1 ? 'FFD9E8FB' : 'FFEFF5FD' },
    };
  }
  for (const row of t.samples) ws.addRow(row);
  const notes = wb.addWorksheet('说明 Notes');
  notes.columns = [{ width: 110 }];
  for (const line of t.notes) notes.addRow([line]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends a file as a download named `name` (UTF-8 safe). */
export function sendAttachment(
  reply: FastifyReply,
  type: string,
  name: string,
  body: Buffer | NodeJS.ReadableStream,
) {
  reply.header('content-type', type);
  reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
  return reply.send(body);
}

/** Row errors kept in memory, answered and stored with a task (the count goes on past them). */
export const MAX_KEPT_ERRORS = 1000;

/** What a sheet's read has found so far; filled in as its rows are read. */
export interface SheetState {
  /** The first MAX_KEPT_ERRORS errors. */
  errors: RowError[];
  errorCount: number;
  /** Rows with at least one error. */
  badRows: number;
  /** Rows without error (blank rows are neither). */
  valid: number;
  headerFound: boolean;
  tooMany: boolean;
}

/** The streaming reader failed on the file (as opposed to the rows it holds or the database). */
export class SheetReadError extends Error {
  constructor(readonly reason: unknown) {
    super('sheet unreadable');
  }
}

const newState = (): SheetState => ({
  errors: [],
  errorCount: 0,
  badRows: 0,
  valid: 0,
  headerFound: false,
  tooMany: false,
});

/**
 * Reads the first worksheet as a stream and yields its valid rows in chunks of `chunkRows` (the last one
 * shorter), recording errors and counts in `state` as it goes. The reader only reads on when the next
 * chunk is asked for, so at most one chunk of rows is held (plus ExcelJS's shared-string cache).
 */
export async function* sheetChunks<K, R>(
  input: NodeJS.ReadableStream,
  spec: SheetSpec<K, R>,
  lang: Lang,
  maxRows: number,
  chunkRows: number,
  onProgress: (rowsRead: number) => void,
  state: SheetState,
): AsyncGenerator<R[], void, undefined> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input as never, {
    sharedStrings: 'cache',
    worksheets: 'emit',
    styles: 'ignore',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let chunk: R[] = [];
  let map: Map<number, K> | null = null;
  let sheets = 0;
  let read = 0;
  const rowErrors: RowError[] = [];
  const sheetIterator = reader[Symbol.asyncIterator]();
  const step = async <T>(it: AsyncIterator<T>) => {
    try {
      return await it.next();
    } catch (err) {
      throw new SheetReadError(err);
    }
  };
  for (let s = await step(sheetIterator); !s.done; s = await step(sheetIterator)) {
    const rowIterator = (s.value as AsyncIterable<ExcelJS.Row>)[Symbol.asyncIterator]();
    // Only the first sheet holds the data; later sheets (notes) are read past.
    const data = sheets++ === 0;
    for (let r = await step(rowIterator); !r.done; r = await step(rowIterator)) {
      if (!data) continue;
      const row = r.value;
      const values = (row.values as ExcelJS.CellValue[]) ?? [];
      if (!map) {
        if (row.number <= 10) map = spec.headerMap(values);
        state.headerFound = Boolean(map);
        continue;
      }
      // A template's second header row (English) is not data.
      if (spec.headerMap(values)) continue;
      read++;
      if (state.valid >= maxRows) {
        state.tooMany = true;
        continue;
      }
      rowErrors.length = 0;
      const parsed = spec.parseRow(values, map, row.number, lang, rowErrors);
      if (rowErrors.length) {
        state.badRows++;
        state.errorCount += rowErrors.length;
        for (const e of rowErrors) if (state.errors.length < MAX_KEPT_ERRORS) state.errors.push(e);
      } else if (parsed) {
        state.valid++;
        chunk.push(parsed);
      }
      if (read % 500 === 0) onProgress(read);
      if (chunk.length >= chunkRows) {
        const full = chunk;
        chunk = [];
        yield full;
      }
    }
  }
  if (chunk.length) yield chunk;
}

/** Reads the whole first worksheet; returns every valid row and the errors found. */
export async function readSheet<K, R>(
  input: NodeJS.ReadableStream,
  spec: SheetSpec<K, R>,
  lang: Lang,
  maxRows: number,
  onProgress: (rowsRead: number) => void,
): Promise<SheetResult<R>> {
  const state = newState();
  const rows: R[] = [];
  for await (const chunk of sheetChunks(input, spec, lang, maxRows, 10_000, onProgress, state))
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
export interface ImportDefinition<F extends { batchId: number; taskId?: string }, S, K, R> {
  kind: string;
  fields: z.ZodType<F>;
  maxRows: number;
  spec: SheetSpec<K, R>;
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
export async function runImport<F extends { batchId: number; taskId?: string }, S, K, R>(
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
  const failed = (extra: Partial<Task> = {}) =>
    updateTask(app.db, task.id, { status: 'failed', errorCount: 1, ...extra });
  // The upload (≤ 10 MB) is held; what it inflates to is counted before the reader sees it (zip bombs).
  let file: Buffer;
  try {
    file = await part.toBuffer();
    if (!(await xlsxWithinLimits(file))) throw badRequest(def.codes.badFile);
  } catch (err) {
    const tooLarge = (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
    await failed();
    throw tooLarge ? new AppError(413, 'file.too_large', { max: '10M' }) : err;
  }
  const size = file.length;
  let bytes = 0;
  let lastWrite = 0;
  let pending: Promise<void> = Promise.resolve();
  const counted = () => {
    const counter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        bytes += chunk.length;
        cb(null, chunk);
      },
    });
    Readable.from([file]).pipe(counter);
    return counter;
  };
  // Progress is written outside the import's transaction and never awaited inside it (on PGlite, one
  // connection, it is written once the transaction ends).
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
  // One read of the file: chunk by chunk into the transaction, or every row first for `save`.
  const attempt = async (input: NodeJS.ReadableStream): Promise<{ st: SheetState; saved?: ImportSaved }> => {
    const chunked = def.chunked;
    if (!chunked) {
      const st = await readSheet(input, def.spec, lang, def.maxRows, progress);
      return { st, saved: await saveAll(st) };
    }
    const st = newState();
    const chunks = sheetChunks(input, def.spec, lang, def.maxRows, chunked.rows, progress, st);
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
        const total = st.valid;
        pending = pending.then(() =>
          updateTask(app.db, task.id, { status: 'saving', total, processed: total }),
        );
        return sink.finish(st.valid);
      });
      return { st, saved };
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      // The rest of the sheet is still read (outside the transaction) so that every error is reported.
      for (let next = await chunks.next(); !next.done; next = await chunks.next());
      return { st };
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
      outcome = await attempt(counted());
    } catch (first) {
      if (!(first instanceof SheetReadError)) throw first;
      // The streaming reader has failed once on a sound file on a loaded machine: the file is in memory,
      // so it is read once more (unstreamed count) before it is called unreadable.
      try {
        bytes = size;
        outcome = await attempt(Readable.from([file]));
        app.log.warn({ err: first.reason }, 'sheet read failed once and succeeded on a second read');
      } catch (err) {
        if (!(err instanceof SheetReadError)) throw err;
        app.log.info({ err: err.reason }, 'sheet unreadable');
        throw badRequest(def.codes.badFile);
      }
    }
  } catch (err) {
    await pending.catch(() => undefined);
    await failed();
    throw err;
  }
  await pending;
  const { st, saved } = outcome;
  const fail = async (code: MessageCode) => {
    await failed();
    throw badRequest(code, { max: def.maxRows });
  };
  if (!st.headerFound) await fail(def.codes.noHeader);
  if (st.tooMany) await fail(def.codes.tooMany);
  if (!st.valid && !st.errorCount) await fail(def.codes.empty);
  const total = st.valid + st.badRows;
  const refuse = async (errors: RowError[], count = errors.length) => {
    await updateTask(app.db, task.id, {
      status: 'failed',
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
