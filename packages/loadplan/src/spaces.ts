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
): Space[] {
  const x2 = x + b.l;
  const y2 = y + b.w;
  const z2 = z + b.h;
  const ax2 = x + b.pl;
  const ay2 = y + b.pw;
  const aboveP = Math.min(b.topCap, floorP - b.pressure);
  const kept: Space[] = [];
  const pieces: Space[] = [];
  const push = (x1: number, y1: number, z1: number, xx: number, yy: number, zz: number, p: number) => {
    if (xx - x1 < minDim || yy - y1 < minDim || zz - z1 < minDim) return;
    pieces.push({ x1, y1, z1, x2: xx, y2: yy, z2: zz, p });
  };
  for (const s of spaces) {
    if (s.x2 <= x || s.x1 >= x2 || s.y2 <= y || s.y1 >= y2 || s.z2 <= z || s.z1 >= z2) {
      kept.push(s);
      continue;
    }
    if (s.x1 < x) push(s.x1, s.y1, s.z1, x, s.y2, s.z2, s.p);
    if (x2 < s.x2) push(x2, s.y1, s.z1, s.x2, s.y2, s.z2, s.p);
    if (s.y1 < y) push(s.x1, s.y1, s.z1, s.x2, y, s.z2, s.p);
    if (y2 < s.y2) push(s.x1, y2, s.z1, s.x2, s.y2, s.z2, s.p);
    if (s.z1 < z) push(s.x1, s.y1, s.z1, s.x2, s.y2, z, s.p);
    if (z2 < s.z2 && b.pl > 0 && b.pw > 0) {
      const px1 = Math.max(x, s.x1);
      const py1 = Math.max(y, s.y1);
      const px2 = Math.min(ax2, s.x2);
      const py2 = Math.min(ay2, s.y2);
      if (px1 < px2 && py1 < py2) push(px1, py1, z2, px2, py2, s.z2, aboveP);
    }
  }
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
