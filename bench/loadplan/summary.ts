export interface Row {
  /** BR file set (1–7) the problem came from; 0 for a generated problem. */
  set: number;
  /** Generated problems: number of box types and the generator's seed. */
  types?: number;
  seed?: number;
  problem: number;
  engine: string;
  timeLimitMs: number;
  /** 'cpu' when the limit was on the process's CPU time, absent for wall-clock. */
  clock?: string;
  utilisation: number;
  ms: number;
  /** CPU time the plan took (ms), when measured. */
  cpuMs?: number;
  boxes: number;
  violations: Record<string, number>;
  stats?: { blocks: number; nodes: number; beamWidth: number } | undefined;
}

/** Box types per problem in BR1–7 (Bischoff & Ratcliff's sets, from the same generator). */
const BR_TYPES = [0, 3, 5, 8, 10, 12, 15, 20];

const pct = (x: number) => (x * 100).toFixed(2);
const typesOf = (r: Row) => r.types ?? BR_TYPES[r.set] ?? 0;
const labelOf = (r: Row) => (r.types !== undefined ? `${r.types} types` : `BR${r.set}`);
/** Groups in order of their number of box types. */
function groups(rows: readonly Row[]): string[] {
  const order = new Map<string, number>();
  for (const r of rows) order.set(labelOf(r), typesOf(r));
  return [...order.keys()].sort((a, b) => order.get(a)! - order.get(b)! || a.localeCompare(b));
}

/** Markdown table: per engine and set, mean/min utilisation, mean time, plans breaking a rule. */
export function summarise(rows: readonly Row[]): string {
  const lines = [
    '| engine | set | box types | problems | mean util % | min util % | mean ms/problem | mean CPU ms | plans with violations | of which support | unsupported boxes |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const engines = [...new Set(rows.map((r) => r.engine))];
  for (const engine of engines) {
    const mine = rows.filter((r) => r.engine === engine);
    const labels = groups(mine);
    const line = (label: string, types: string, rs: readonly Row[]) => {
      const u = rs.map((r) => r.utilisation);
      const bad = rs.filter((r) => Object.keys(r.violations).length > 0).length;
      const sup = rs.filter((r) => (r.violations.support ?? 0) > 0).length;
      const unsupported = rs.reduce((s, r) => s + (r.violations.support ?? 0), 0);
      const placed = rs.reduce((s, r) => s + r.boxes, 0);
      const cpu = rs.filter((r) => r.cpuMs !== undefined);
      const cpuMean = cpu.length ? (cpu.reduce((s, r) => s + r.cpuMs!, 0) / cpu.length).toFixed(0) : '–';
      lines.push(
        `| ${engine} | ${label} | ${types} | ${rs.length} | ${pct(u.reduce((s, x) => s + x, 0) / u.length)} | ${pct(Math.min(...u))} | ${(rs.reduce((s, r) => s + r.ms, 0) / rs.length).toFixed(0)} | ${cpuMean} | ${bad} | ${sup} | ${unsupported} of ${placed} (${pct(unsupported / Math.max(1, placed))}%) |`,
      );
    };
    for (const label of labels) {
      const rs = mine.filter((r) => labelOf(r) === label);
      line(label, String(typesOf(rs[0]!)), rs);
    }
    if (labels.length > 1) {
      const ts = mine.map(typesOf);
      line('all', `${Math.min(...ts)}–${Math.max(...ts)}`, mine);
    }
  }
  return lines.join('\n');
}

/** Markdown table of the engine's mean utilisation per time limit (rows) and set (columns). */
export function curve(rows: readonly Row[]): string {
  const mine = rows.filter((r) => r.engine === 'loadplan');
  const labels = groups(mine);
  const limits = [...new Set(mine.map((r) => r.timeLimitMs))].sort((a, b) => a - b);
  const mean = (rs: readonly Row[]) =>
    rs.length ? pct(rs.reduce((s, r) => s + r.utilisation, 0) / rs.length) : '–';
  const lines = [
    `| time limit | problems | ${labels.join(' | ')} | all |`,
    `|---:|---:|${labels.map(() => '---:|').join('')}---:|`,
  ];
  for (const t of limits) {
    const at = mine.filter((r) => r.timeLimitMs === t);
    lines.push(
      `| ${t / 1000} s | ${at.length} | ${labels.map((l) => mean(at.filter((r) => labelOf(r) === l))).join(' | ')} | ${mean(at)} |`,
    );
  }
  return lines.join('\n');
}
