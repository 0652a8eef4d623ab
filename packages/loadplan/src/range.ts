/** Parse "1-10,15" into the set of numbers it names (used by the CLI and the benchmark). */
export function parseRange(spec: string): Set<number> {
  const out = new Set<number>();
  for (const part of spec.split(',')) {
    const [a, b] = part.split('-').map((s) => Number(s.trim()));
    const end = b === undefined ? a : b;
    if (a === undefined || end === undefined || !Number.isInteger(a) || !Number.isInteger(end))
      throw new Error(`bad range "${part}"`);
    for (let i = a; i <= end; i++) out.add(i);
  }
  return out;
}
