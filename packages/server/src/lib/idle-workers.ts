// Worker threads at rest between jobs: starting one (the thread, the TypeScript loader, its libraries)
// costs a second or more of CPU, so a worker that finished its job cleanly waits for the next one of the
// same kind. At rest it keeps no process alive, and one that ends leaves the shelf.
import type { Worker } from 'node:worker_threads';

export class IdleWorkers {
  private idle: { worker: Worker; key: number; left: () => void }[] = [];

  /** `max`: how many may wait (read at each give-back, so a setting changed at start-up counts). */
  constructor(private readonly max: () => number) {}

  /** How many wait. */
  get size() {
    return this.idle.length;
  }

  /** A waiting worker started with this key (its heap cap), or none. */
  take(key: number): Worker | undefined {
    const i = this.idle.findIndex((w) => w.key === key);
    if (i < 0) return undefined;
    const [{ worker, left }] = this.idle.splice(i, 1);
    worker.off('exit', left);
    worker.ref();
    return worker;
  }

  /** A worker whose job ended cleanly: it waits, or ends when enough wait already. */
  giveBack(worker: Worker, key: number) {
    if (this.idle.length >= this.max()) {
      void worker.terminate();
      return;
    }
    worker.unref();
    const entry = {
      worker,
      key,
      left: () => {
        const at = this.idle.indexOf(entry);
        if (at >= 0) this.idle.splice(at, 1);
      },
    };
    this.idle.push(entry);
    worker.once('exit', entry.left);
  }
}
