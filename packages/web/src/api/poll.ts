// Following a long task's progress: one request in flight at a time, and the wait between two growing
// while the task runs on, so a slow server is not handed a queue of requests it cannot answer in time.

export interface Backoff {
  /** Wait before the first request and after the first answer (ms). */
  first: number;
  /** Each next wait is the last one times this. */
  factor: number;
  /** The longest wait (ms). */
  max: number;
}

export const PROGRESS_BACKOFF: Backoff = { first: 400, factor: 1.5, max: 3000 };

/** Calls `ask` until the returned stop is called; a failed request counts as an answer. */
export function pollWithBackoff<T>(
  ask: () => Promise<T>,
  onAnswer: (value: T) => void,
  backoff: Backoff = PROGRESS_BACKOFF,
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wait = backoff.first;
  const next = () => {
    timer = setTimeout(async () => {
      if (stopped) return;
      try {
        const value = await ask();
        if (!stopped) onAnswer(value);
      } catch {
        /* the next turn asks again */
      }
      if (stopped) return;
      wait = Math.min(backoff.max, Math.round(wait * backoff.factor));
      next();
    }, wait);
  };
  next();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
