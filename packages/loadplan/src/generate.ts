import type { ThpackProblem } from './thpack.ts';
import type { BoxSpec } from './types.ts';

/**
 * Bischoff & Ratcliff's instance generator ("Issues in the development of approaches to container
 * loading", Omega 23, 1995), the procedure behind BR1–7 (3–20 box types) and Davies & Bischoff's
 * strongly heterogeneous BR8–15 (30–100 types). With the published seeds it reproduces those files
 * exactly, so new seeds give fresh problems drawn from the same distribution.
 */
export interface GenerateOptions {
  /** Number of box types n. */
  types: number;
  seed: number;
  /** Container (the 20 ft container of 1995, in cm, by default). */
  container?: { l: number; w: number; h: number };
  /** Lower and upper limits of the three box dimensions a_j, b_j. */
  lower?: readonly [number, number, number];
  upper?: readonly [number, number, number];
  /** A dimension may stand vertical when it is less than this many times the smallest one. */
  stability?: number;
  /** Problem number written with the problem (default 1). */
  problem?: number;
}

/** Seed of problem p (1–100) in every published BR set. */
export const brSeed = (p: number) => 2502505 + 100 * (p - 1);

/** The Park–Miller "minimal standard" generator of the paper; exact in doubles (16807·2³¹ < 2⁵³). */
function parkMiller(seed: number): () => number {
  const M = 2147483647;
  let x = seed % M;
  return () => {
    x = (16807 * x) % M;
    return x / M;
  };
}

export function generateBR(opts: GenerateOptions): ThpackProblem {
  const container = opts.container ?? { l: 587, w: 233, h: 220 };
  const a = opts.lower ?? [30, 25, 20];
  const b = opts.upper ?? [120, 100, 80];
  const L = opts.stability ?? 2;
  const n = opts.types;
  const random = parkMiller(opts.seed);
  // The paper discards the first ten numbers.
  for (let i = 0; i < 10; i++) random();
  const dims: number[][] = [];
  const vol: number[] = [];
  const qty: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = [random(), random(), random()];
    const d = [0, 1, 2].map((j) => a[j]! + Math.floor(r[j]! * (b[j]! - a[j]! + 1))).sort((u, v) => v - u);
    dims.push(d);
    vol.push(d[0]! * d[1]! * d[2]!);
    qty.push(1);
  }
  // Add a box of a random type until the next one would overflow the container's volume.
  const target = container.l * container.w * container.h;
  let cargo = vol.reduce((s, v) => s + v, 0);
  for (;;) {
    const k = Math.floor(random() * n);
    if (target < cargo + vol[k]!) break;
    qty[k]!++;
    cargo += vol[k]!;
  }
  const boxes: BoxSpec[] = dims.map((d, i) => {
    const min = Math.min(...d);
    return {
      id: i + 1,
      l: d[0]!,
      w: d[1]!,
      h: d[2]!,
      qty: qty[i]!,
      vertical: [d[0]! / min < L, d[1]! / min < L, d[2]! / min < L] as const,
    };
  });
  return { problem: opts.problem ?? 1, seed: opts.seed, container: { ...container }, boxes };
}

/** Problems in the OR-Library thpack layout that `parseThpack` reads. */
export function formatThpack(problems: readonly ThpackProblem[]): string {
  const lines = [` ${problems.length}`];
  for (const p of problems) {
    lines.push(` ${p.problem} ${p.seed}`, ` ${p.container.l} ${p.container.w} ${p.container.h}`);
    lines.push(` ${p.boxes.length}`);
    p.boxes.forEach((box, i) => {
      const v = box.vertical ?? [true, true, true];
      const f = (k: number) => (v[k] ? 1 : 0);
      lines.push(` ${box.id ?? i + 1} ${box.l} ${f(0)} ${box.w} ${f(1)} ${box.h} ${f(2)} ${box.qty}`);
    });
  }
  return `${lines.join('\n')}\n`;
}
