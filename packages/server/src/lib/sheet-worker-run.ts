// Reads one import's sheet in a worker thread with a capped heap, so ExcelJS's reader (its shared-string
// cache and its garbage) never grows the API process's heap. The rows go to the server chunk by chunk, one
// chunk only when the server asks for the next, so at most one chunk waits in each thread.
import { Readable, Transform } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import type { Lang } from '@tradelane/contract';
import { newState, SheetReadError, type SheetSpec, type SheetState, sheetChunks } from './sheet-read.ts';

export interface SheetJob {
  url: string;
  file: Uint8Array;
  lang: Lang;
  maxRows: number;
  chunkRows: number;
  /** False: only validate (no rows are sent, only the counts and errors at the end). */
  collect: boolean;
}

export type SheetMessage =
  | { type: 'progress'; read: number; bytes: number }
  | { type: 'chunk'; rows: unknown[]; state: SheetState }
  | { type: 'end'; state: SheetState }
  | { type: 'unreadable'; reason: string };

const port = parentPort as NonNullable<typeof parentPort>;
const send = (m: SheetMessage) => port.postMessage(m);
let wanted: (() => void) | null = null;

/** Reads one job's sheet, a chunk each time the server asks for the next. */
async function run(job: SheetJob) {
  const spec = (await import(job.url)) as SheetSpec<unknown, unknown>;
  const state = newState();
  let bytes = 0;
  const input = Readable.from([Buffer.from(job.file.buffer, job.file.byteOffset, job.file.byteLength)]).pipe(
    new Transform({
      transform(chunk: Buffer, _enc, cb) {
        bytes += chunk.length;
        cb(null, chunk);
      },
    }),
  );
  try {
    const chunks = sheetChunks(
      input,
      spec,
      job.lang,
      job.maxRows,
      job.chunkRows,
      (read) => send({ type: 'progress', read, bytes }),
      state,
    );
    for await (const rows of chunks) {
      if (!job.collect) continue;
      const next = new Promise<void>((resolve) => {
        wanted = resolve;
      });
      // The errors travel once, at the end; a chunk carries the counts.
      send({ type: 'chunk', rows, state: { ...state, errors: [] } });
      await next;
    }
    send({ type: 'end', state });
  } catch (err) {
    if (!(err instanceof SheetReadError)) throw err;
    send({ type: 'unreadable', reason: String((err.reason as Error)?.stack ?? err.reason) });
  }
}

// A thread reads one job after another (resources/sheet-import.ts keeps it for the next import once a job
// has ended): its start, the loader and ExcelJS, cost 1.3 s of CPU each time.
port.on('message', (m: 'next' | { type: 'job'; job: SheetJob }) => {
  if (m === 'next') {
    wanted?.();
    wanted = null;
  } else void run(m.job);
});
