// Checking a menu grants its ancestors and descendants; unchecking removes its descendants.
export interface GrantRow {
  id: number;
  pid: number | null;
}

export function toggleGrant(rows: GrantRow[], checked: Set<number>, id: number, on: boolean): Set<number> {
  const next = new Set(checked);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const down = [id];
  for (let i = 0; i < down.length; i++) for (const r of rows) if (r.pid === down[i]) down.push(r.id);
  if (on) {
    for (const d of down) next.add(d);
    let p = byId.get(id)?.pid ?? null;
    while (p !== null) {
      next.add(p);
      p = byId.get(p)?.pid ?? null;
    }
  } else for (const d of down) next.delete(d);
  return next;
}
