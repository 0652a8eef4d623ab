// Which loading steps the printed plan shows: one view after every N boxes, N a round number.

export interface StepGroup {
  /** 1-based first and last box of the group, in loading order. */
  from: number;
  to: number;
  /** Boxes of each type in the group, by type index, most first. */
  counts: { type: number; count: number }[];
}

const NICE = [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100];

/** The smallest round group size that needs at most `maxGroups` groups for `n` boxes. */
export function groupSize(n: number, maxGroups: number): number {
  if (n <= 0) return 1;
  const need = Math.ceil(n / Math.max(1, maxGroups));
  const nice = NICE.find((s) => s >= need);
  if (nice !== undefined) return nice;
  const mag = 10 ** Math.floor(Math.log10(need));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * mag).find((s) => s >= need);
  return Math.ceil(step ?? need);
}

/** Consecutive groups of `groupSize(n, maxGroups)` boxes over a loading order. */
export function stepGroups(placements: readonly { type: number }[], maxGroups: number): StepGroup[] {
  const n = placements.length;
  const size = groupSize(n, maxGroups);
  const out: StepGroup[] = [];
  for (let from = 1; from <= n; from += size) {
    const to = Math.min(n, from + size - 1);
    const byType = new Map<number, number>();
    for (let i = from - 1; i < to; i++) {
      const t = placements[i]!.type;
      byType.set(t, (byType.get(t) ?? 0) + 1);
    }
    const counts = [...byType]
      .map(([type, count]) => ({ type, count }))
      .sort((a, b) => b.count - a.count || a.type - b.type);
    out.push({ from, to, counts });
  }
  return out;
}

/** Boxes per type in a container plan (for box lists), in type order. */
export function countByType(placements: readonly { type: number }[], types: number): number[] {
  const out = new Array<number>(types).fill(0);
  for (const p of placements) out[p.type] = (out[p.type] ?? 0) + 1;
  return out;
}
