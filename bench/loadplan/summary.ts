export interface Row {
  set: number;
  problem: number;
  engine: string;
  timeLimitMs: number;
  utilisation: number;
  ms: number;
  boxes: number;
  violations: Record<string, number>;
  stats?: { blocks: number; nodes: number; beamWidth: number } | undefined;
}

const pct = (x: number) => (x * 100).toFixed(2);

/** Markdown table: per engine and set, mean/min utilisation, mean time, plans breaking a rule. */
export function summarise(rows: readonly Row[]): string {
  const lines = [
    '| engine | set | problems | mean util % | min util % | mean ms/problem | plans with violations | of which support | unsupported boxes |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const engines = [...new Set(rows.map((r) => r.engine))];
  for (const engine of engines) {
    const mine = rows.filter((r) => r.engine === engine);
    const sets = [...new Set(mine.map((r) => r.set))].sort((a, b) => a - b);
    const line = (label: string, rs: readonly Row[]) => {
      const u = rs.map((r) => r.utilisation);
      const bad = rs.filter((r) => Object.keys(r.violations).length > 0).length;
      const sup = rs.filter((r) => (r.violations.support ?? 0) > 0).length;
      const unsupported = rs.reduce((s, r) => s + (r.violations.support ?? 0), 0);
      const placed = rs.reduce((s, r) => s + r.boxes, 0);
      lines.push(
        `| ${engine} | ${label} | ${rs.length} | ${pct(u.reduce((s, x) => s + x, 0) / u.length)} | ${pct(Math.min(...u))} | ${(rs.reduce((s, r) => s + r.ms, 0) / rs.length).toFixed(0)} | ${bad} | ${sup} | ${unsupported} of ${placed} (${pct(unsupported / Math.max(1, placed))}%) |`,
      );
    };
    for (const set of sets)
      line(
        `BR${set}`,
        mine.filter((r) => r.set === set),
      );
    if (sets.length > 1) line('all', mine);
  }
  return lines.join('\n');
}

/** Markdown table of the engine's mean utilisation per time limit (rows) and set (columns). */
export function curve(rows: readonly Row[]): string {
  const mine = rows.filter((r) => r.engine === 'loadplan');
  const sets = [...new Set(mine.map((r) => r.set))].sort((a, b) => a - b);
  const limits = [...new Set(mine.map((r) => r.timeLimitMs))].sort((a, b) => a - b);
  const mean = (rs: readonly Row[]) =>
    rs.length ? pct(rs.reduce((s, r) => s + r.utilisation, 0) / rs.length) : '–';
  const lines = [
    `| time limit | problems | ${sets.map((s) => `BR${s}`).join(' | ')} | all |`,
    `|---:|---:|${sets.map(() => '---:|').join('')}---:|`,
  ];
  for (const t of limits) {
    const at = mine.filter((r) => r.timeLimitMs === t);
    lines.push(
      `| ${t / 1000} s | ${at.length} | ${sets.map((s) => mean(at.filter((r) => r.set === s))).join(' | ')} | ${mean(at)} |`,
    );
  }
  return lines.join('\n');
}
