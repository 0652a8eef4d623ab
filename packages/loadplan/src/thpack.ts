import type { BoxSpec, ContainerSpec } from './types.ts';

export interface ThpackProblem {
  /** Problem number as written in the file. */
  problem: number;
  seed: number;
  container: ContainerSpec;
  /** In file order; `id` is the box type's number `i` from the file. */
  boxes: BoxSpec[];
}

/**
 * Parse an OR-Library thpack file (Bischoff & Ratcliff): the number of problems, then per problem
 * `p seed`, the container `L W H`, the number of box types n, and n lines `i l fl w fw h fh q`
 * where each flag says whether that dimension may stand vertical.
 */
export function parseThpack(text: string): ThpackProblem[] {
  const tok = text.split(/\s+/).filter((t) => t.length > 0);
  let pos = 0;
  const next = (what: string): number => {
    const t = tok[pos++];
    if (t === undefined) throw new Error(`thpack: unexpected end of input reading ${what}`);
    const n = Number(t);
    if (!Number.isFinite(n)) throw new Error(`thpack: expected a number for ${what}, got "${t}"`);
    return n;
  };
  const count = next('problem count');
  const out: ThpackProblem[] = [];
  for (let k = 0; k < count; k++) {
    const problem = next('problem number');
    const seed = next('seed');
    const container = {
      l: next('container length'),
      w: next('container width'),
      h: next('container height'),
    };
    const n = next('box type count');
    const boxes: BoxSpec[] = [];
    for (let j = 0; j < n; j++) {
      const id = next('box type number');
      const l = next('length');
      const fl = next('length flag');
      const w = next('width');
      const fw = next('width flag');
      const h = next('height');
      const fh = next('height flag');
      const qty = next('quantity');
      boxes.push({ id, l, w, h, qty, vertical: [fl === 1, fw === 1, fh === 1] });
    }
    out.push({ problem, seed, container, boxes });
  }
  return out;
}
