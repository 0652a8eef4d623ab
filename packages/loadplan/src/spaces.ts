import type { Block } from './blocks.ts';

/**
 * An empty cuboid [x1,x2)×[y1,y2)×[z1,z2) whose whole floor is supported (container floor or solid
 * block tops at exactly z1). Spaces overlap (maximal-space style) but never overlap placed boxes.
 * `p` is the extra pressure its floor may still take (Infinity when no load rule applies).
 */
export interface Space {
  x1: number;
  y1: number;
  z1: number;
  x2: number;
  y2: number;
  z2: number;
  p: number;
}

// Module-level helpers rather than closures: this is the hottest code of the planner.
function push(
  pieces: Space[],
  minDim: number,
  x1: number,
  y1: number,
  z1: number,
  x2: number,
  y2: number,
  z2: number,
  p: number,
): void {
  if (x2 - x1 < minDim || y2 - y1 < minDim || z2 - z1 < minDim) return;
  pieces.push({ x1, y1, z1, x2, y2, z2, p });
}

function contains(a: Space, b: Space): boolean {
  return (
    a.x1 <= b.x1 && a.y1 <= b.y1 && a.z1 <= b.z1 && a.x2 >= b.x2 && a.y2 >= b.y2 && a.z2 >= b.z2 && a.p >= b.p
  );
}

/**
 * Split the spaces around a block placed at (x, y, z). Pieces beside or below the block keep their
 * floor; the piece above it is cut down to the block's packing area, which is what keeps every
 * space's floor fully supported. Pieces narrower than `minDim` cannot hold any box and are dropped.
 */
export function splitSpaces(
  spaces: readonly Space[],
  b: Block,
  x: number,
  y: number,
  z: number,
  floorP: number,
  minDim: number,
  mergeFloors: boolean,
): Space[] {
  const x2 = x + b.l;
  const y2 = y + b.w;
  const z2 = z + b.h;
  const ax2 = x + b.pl;
  const ay2 = y + b.pw;
  const aboveP = Math.min(b.topCap, floorP - b.pressure);
  const kept: Space[] = [];
  const pieces: Space[] = [];
  for (const s of spaces) {
    if (s.x2 <= x || s.x1 >= x2 || s.y2 <= y || s.y1 >= y2 || s.z2 <= z || s.z1 >= z2) {
      kept.push(s);
      continue;
    }
    if (s.x1 < x) push(pieces, minDim, s.x1, s.y1, s.z1, x, s.y2, s.z2, s.p);
    if (x2 < s.x2) push(pieces, minDim, x2, s.y1, s.z1, s.x2, s.y2, s.z2, s.p);
    if (s.y1 < y) push(pieces, minDim, s.x1, s.y1, s.z1, s.x2, y, s.z2, s.p);
    if (y2 < s.y2) push(pieces, minDim, s.x1, y2, s.z1, s.x2, s.y2, s.z2, s.p);
    if (s.z1 < z) push(pieces, minDim, s.x1, s.y1, s.z1, s.x2, s.y2, z, s.p);
    if (z2 < s.z2 && b.pl > 0 && b.pw > 0) {
      const px1 = Math.max(x, s.x1);
      const py1 = Math.max(y, s.y1);
      const px2 = Math.min(ax2, s.x2);
      const py2 = Math.min(ay2, s.y2);
      if (px1 < px2 && py1 < py2) push(pieces, minDim, px1, py1, z2, px2, py2, s.z2, aboveP);
    }
  }
  if (mergeFloors) mergeTops(kept, pieces, z2, minDim);
  // New pieces are parts of old spaces, so only they can be dominated (by old or new spaces).
  const out = kept;
  const nk = kept.length;
  for (let i = 0; i < pieces.length; i++) {
    const s = pieces[i]!;
    let dominated = false;
    for (let j = 0; j < nk && !dominated; j++) dominated = contains(kept[j]!, s);
    for (let j = 0; j < pieces.length && !dominated; j++) {
      if (j === i) continue;
      const o = pieces[j]!;
      // Of two identical pieces keep the first.
      if (contains(o, s) && (j < i || !contains(s, o))) dominated = true;
    }
    if (!dominated) out.push(s);
  }
  return out;
}

/**
 * The piece above a block only covers the block's own top, so neighbouring tops at the same height
 * would stay separate floors. Two spaces with the same floor level whose x ranges meet give the
 * space spanning both x ranges over their common y range (and likewise with x and y swapped): every
 * point of it lies in one of the two, so it is empty and its floor fully supported.
 */
function mergeTops(kept: readonly Space[], pieces: Space[], level: number, minDim: number): void {
  const n = pieces.length;
  for (let i = 0; i < n; i++) {
    const a = pieces[i]!;
    if (a.z1 !== level) continue;
    for (const b of kept) mergePair(a, b, level, minDim, pieces);
  }
}

function mergePair(a: Space, b: Space, level: number, minDim: number, pieces: Space[]): void {
  if (b === a || b.z1 !== level) return;
  const z2 = Math.min(a.z2, b.z2);
  const p = Math.min(a.p, b.p);
  if (a.x1 <= b.x2 && b.x1 <= a.x2) {
    const y1 = Math.max(a.y1, b.y1);
    const y2 = Math.min(a.y2, b.y2);
    const x1 = Math.min(a.x1, b.x1);
    const x2 = Math.max(a.x2, b.x2);
    if (y2 - y1 >= minDim && (x1 < a.x1 || x2 > a.x2) && (x1 < b.x1 || x2 > b.x2))
      pieces.push({ x1, y1, z1: level, x2, y2, z2, p });
  }
  if (a.y1 <= b.y2 && b.y1 <= a.y2) {
    const x1 = Math.max(a.x1, b.x1);
    const x2 = Math.min(a.x2, b.x2);
    const y1 = Math.min(a.y1, b.y1);
    const y2 = Math.max(a.y2, b.y2);
    if (x2 - x1 >= minDim && (y1 < a.y1 || y2 > a.y2) && (y1 < b.y1 || y2 > b.y2))
      pieces.push({ x1, y1, z1: level, x2, y2, z2, p });
  }
}
