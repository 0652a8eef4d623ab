import type { BoxSpec, ContainerSpec, Placement } from './types.ts';

export type ViolationKind =
  | 'bounds'
  | 'overlap'
  | 'orientation'
  | 'count'
  | 'weight'
  | 'support'
  | 'stacking'
  | 'load'
  | 'group'
  | 'type'
  | 'balance';

export interface Violation {
  kind: ViolationKind;
  /** Index of the offending placement (−1 for whole-plan rules such as weight). */
  index: number;
  message: string;
}

export interface CheckResult {
  ok: boolean;
  violations: Violation[];
}

/** Area of the union of rectangles, clipped to [x1,x2)×[y1,y2), exact by coordinate compression. */
export function unionArea(rects: readonly [number, number, number, number][]): number {
  if (rects.length === 0) return 0;
  const xs = [...new Set(rects.flatMap((r) => [r[0], r[2]]))].sort((a, b) => a - b);
  let area = 0;
  for (let i = 0; i + 1 < xs.length; i++) {
    const a = xs[i]!;
    const b = xs[i + 1]!;
    const spans = rects
      .filter((r) => r[0] <= a && r[2] >= b)
      .map((r) => [r[1], r[3]] as const)
      .sort((u, v) => u[0] - v[0]);
    let covered = 0;
    let cs = 0;
    let ce = 0;
    spans.forEach(([s, e], k) => {
      if (k === 0 || s > ce) {
        covered += ce - cs;
        cs = s;
        ce = e;
      } else if (e > ce) ce = e;
    });
    covered += ce - cs;
    area += covered * (b - a);
  }
  return area;
}

function overlap1(a1: number, a2: number, b1: number, b2: number): number {
  return Math.max(0, Math.min(a2, b2) - Math.max(a1, b1));
}

function orientationOk(box: BoxSpec, p: Placement): boolean {
  const d = [box.l, box.w, box.h];
  const vertical = box.vertical ?? [true, true, true];
  for (let k = 0; k < 3; k++) {
    if (!vertical[k] || p.h !== d[k]) continue;
    const a = d[(k + 1) % 3];
    const b = d[(k + 2) % 3];
    if ((p.l === a && p.w === b) || (p.l === b && p.w === a)) return true;
  }
  return false;
}

/**
 * Verify a plan against every hard rule: bounds, overlaps, orientation, counts, payload, full support
 * (the union of supporting top faces at exactly a box's bottom covers its whole base), nothing on
 * non-stackable boxes, top loads (each box passes its weight plus its load down to the boxes under
 * it, split by contact area) and loading groups (a box of a higher group never stands behind, i.e.
 * nearer the back wall with overlapping y–z projections, or below a box of a lower group), and the
 * centre of gravity (cargo with weight only): at most `cogShare` (default 0.1) of the container's
 * length and of its width away from its middle.
 * Independent of the planner on purpose: it shares no code with it.
 */
export function checkPlan(
  container: ContainerSpec,
  boxes: readonly BoxSpec[],
  placements: readonly Placement[],
  opts: { counts?: readonly number[]; cogShare?: number } = {},
): CheckResult {
  const v: Violation[] = [];
  const n = placements.length;
  const used = boxes.map(() => 0);
  let weight = 0;
  placements.forEach((p, i) => {
    const box = boxes[p.type];
    if (!box) {
      v.push({ kind: 'type', index: i, message: `unknown box type ${p.type}` });
      return;
    }
    used[p.type]!++;
    weight += box.weight ?? 0;
    if (
      p.x < 0 ||
      p.y < 0 ||
      p.z < 0 ||
      p.x + p.l > container.l ||
      p.y + p.w > container.w ||
      p.z + p.h > container.h
    )
      v.push({ kind: 'bounds', index: i, message: `box ${i} sticks out of the container` });
    if (!orientationOk(box, p))
      v.push({
        kind: 'orientation',
        index: i,
        message: `box ${i} size ${p.l}×${p.w}×${p.h} is not an allowed orientation`,
      });
  });
  used.forEach((u, t) => {
    const limit = opts.counts ? opts.counts[t]! : boxes[t]!.qty;
    if (u > limit)
      v.push({ kind: 'count', index: -1, message: `type ${t}: ${u} placed, only ${limit} available` });
  });
  if (container.maxPayload !== undefined && weight > container.maxPayload)
    v.push({
      kind: 'weight',
      index: -1,
      message: `cargo weighs ${weight}, payload is ${container.maxPayload}`,
    });

  // Overlaps: sweep along x so only boxes whose x ranges meet are compared.
  const byX = placements.map((_, i) => i).sort((a, b) => placements[a]!.x - placements[b]!.x);
  for (let s = 0; s < n; s++) {
    const a = placements[byX[s]!]!;
    for (let t = s + 1; t < n; t++) {
      const b = placements[byX[t]!]!;
      if (b.x >= a.x + a.l) break;
      if (overlap1(a.y, a.y + a.w, b.y, b.y + b.w) > 0 && overlap1(a.z, a.z + a.h, b.z, b.z + b.h) > 0)
        v.push({
          kind: 'overlap',
          index: Math.max(byX[s]!, byX[t]!),
          message: `boxes ${byX[s]} and ${byX[t]} overlap`,
        });
    }
  }

  // Support and what rests on what.
  const byTop = new Map<number, number[]>();
  placements.forEach((p, i) => {
    const top = p.z + p.h;
    const list = byTop.get(top);
    if (list) list.push(i);
    else byTop.set(top, [i]);
  });
  /** below[i]: boxes directly under i with their contact area. */
  const below: { j: number; area: number }[][] = placements.map(() => []);
  placements.forEach((p, i) => {
    if (p.z === 0) return;
    const rects: [number, number, number, number][] = [];
    for (const j of byTop.get(p.z) ?? []) {
      const q = placements[j]!;
      const ox = overlap1(p.x, p.x + p.l, q.x, q.x + q.l);
      const oy = overlap1(p.y, p.y + p.w, q.y, q.y + q.w);
      if (ox <= 0 || oy <= 0) continue;
      below[i]!.push({ j, area: ox * oy });
      rects.push([
        Math.max(p.x, q.x),
        Math.max(p.y, q.y),
        Math.min(p.x + p.l, q.x + q.l),
        Math.min(p.y + p.w, q.y + q.w),
      ]);
      if (boxes[q.type]?.stackable === false)
        v.push({ kind: 'stacking', index: i, message: `box ${i} rests on non-stackable box ${j}` });
    }
    const covered = unionArea(rects);
    if (covered < p.l * p.w)
      v.push({
        kind: 'support',
        index: i,
        message: `box ${i} at z=${p.z}: ${covered} of its ${p.l * p.w} base area supported`,
      });
  });

  // Top loads, highest boxes first so each box's own load is known before it is passed down.
  const load = placements.map(() => 0);
  const order = placements.map((_, i) => i).sort((a, b) => placements[b]!.z - placements[a]!.z);
  for (const i of order) {
    const p = placements[i]!;
    const total = (boxes[p.type]?.weight ?? 0) + load[i]!;
    for (const { j, area } of below[i]!) load[j]! += (total * area) / (p.l * p.w);
  }
  placements.forEach((p, i) => {
    const max = boxes[p.type]?.maxLoadOnTop;
    // A small tolerance absorbs rounding in the area split.
    if (max !== undefined && load[i]! > max * (1 + 1e-9) + 1e-9)
      v.push({ kind: 'load', index: i, message: `box ${i} carries ${load[i]}, max ${max}` });
  });

  // Loading groups (only when there is more than one).
  const groups = new Set(placements.map((p) => boxes[p.type]?.group ?? 0));
  for (let i = 0; i < n && groups.size > 1; i++) {
    const a = placements[i]!;
    const ga = boxes[a.type]?.group ?? 0;
    for (let j = 0; j < n; j++) {
      const b = placements[j]!;
      if ((boxes[b.type]?.group ?? 0) <= ga) continue;
      const yz = overlap1(a.y, a.y + a.w, b.y, b.y + b.w) > 0 && overlap1(a.z, a.z + a.h, b.z, b.z + b.h) > 0;
      const xy = overlap1(a.x, a.x + a.l, b.x, b.x + b.l) > 0 && overlap1(a.y, a.y + a.w, b.y, b.y + b.w) > 0;
      if ((yz && b.x + b.l <= a.x) || (xy && b.z + b.h <= a.z))
        v.push({
          kind: 'group',
          index: j,
          message: `box ${j} (group ${boxes[b.type]?.group}) blocks box ${i}`,
        });
    }
  }

  // Centre of gravity: over the road and under the crane, the weight must sit near the middle.
  const share = opts.cogShare ?? 0.1;
  let mass = 0;
  let mx = 0;
  let my = 0;
  for (const p of placements) {
    const m = boxes[p.type]?.weight ?? 0;
    mass += m;
    mx += m * (p.x + p.l / 2);
    my += m * (p.y + p.w / 2);
  }
  if (mass > 0 && Number.isFinite(share)) {
    const dx = Math.abs(mx / mass - container.l / 2) / container.l;
    const dy = Math.abs(my / mass - container.w / 2) / container.w;
    const pct = (f: number) => `${(f * 100).toFixed(1)}%`;
    if (dx > share + 1e-9 || dy > share + 1e-9)
      v.push({
        kind: 'balance',
        index: -1,
        message: `centre of gravity off the middle by ${pct(dx)} of the length and ${pct(dy)} of the width, at most ${pct(share)}`,
      });
  }
  return { ok: v.length === 0, violations: v };
}
