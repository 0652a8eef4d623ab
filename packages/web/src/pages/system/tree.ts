// Flat rows with a pid → a tree (menus, departments), sorted by `sort` then id.
export interface TreeRow {
  id: number;
  pid: number | null;
  sort?: number;
}

export type TreeNode<T> = T & { children?: TreeNode<T>[] };

export function toTree<T extends TreeRow>(rows: T[]): TreeNode<T>[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<number | null, T[]>();
  for (const r of rows) {
    const key = r.pid !== null && ids.has(r.pid) ? r.pid : null;
    byParent.set(key, [...(byParent.get(key) ?? []), r]);
  }
  const build = (pid: number | null): TreeNode<T>[] =>
    (byParent.get(pid) ?? [])
      .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id)
      .map((r) => {
        const kids = build(r.id);
        return kids.length ? { ...r, children: kids } : { ...r };
      });
  return build(null);
}

/** Ids of a node and all its descendants. */
export function descendantIds<T extends TreeRow>(rows: T[], id: number): number[] {
  const out = [id];
  for (let i = 0; i < out.length; i++) for (const r of rows) if (r.pid === out[i]) out.push(r.id);
  return out;
}
