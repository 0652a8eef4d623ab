import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollWithBackoff } from './poll.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('progress polling', () => {
  it('keeps one request in flight when the server answers slower than the first interval', async () => {
    let inFlight = 0;
    let most = 0;
    const starts: number[] = [];
    const ask = () => {
      inFlight++;
      most = Math.max(most, inFlight);
      starts.push(Date.now());
      // The server takes 2 s per answer (a loaded machine).
      return new Promise<number>((resolve) =>
        setTimeout(() => {
          inFlight--;
          resolve(starts.length);
        }, 2000),
      );
    };
    const answers: number[] = [];
    const stop = pollWithBackoff(ask, (n) => answers.push(n));
    await vi.advanceTimersByTimeAsync(14_000);
    stop();
    expect(most).toBe(1);
    // 14 s at 2 s an answer plus the waits: far from the 35 a 400 ms interval would have started.
    expect(starts.length).toBeLessThanOrEqual(5);
    expect(answers).toEqual(starts.map((_, i) => i + 1).slice(0, answers.length));
    const gaps = starts.slice(1).map((t, i) => t - starts[i]);
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThanOrEqual(gaps[i - 1]);
  });

  it('backs off to the longest wait and stops asking once stopped', async () => {
    const ask = vi.fn(async () => 1);
    const stop = pollWithBackoff(ask, () => undefined, { first: 100, factor: 2, max: 800 });
    await vi.advanceTimersByTimeAsync(100 + 200 + 400 + 800 + 800);
    expect(ask).toHaveBeenCalledTimes(5);
    stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ask).toHaveBeenCalledTimes(5);
  });
});
