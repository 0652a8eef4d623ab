// A small printer of object and array literals and call chains, laid out as the project's formatter
// (biome, 110 columns) lays them out: flat when the line fits, else one entry a line — so the
// generated files read as if written here, and stay as they are when formatted.
export const WIDTH = 110;

export type Node =
  | string
  | { obj: [string, Node][] }
  | { arr: Node[] }
  | { chain: string; calls: string[] }
  | { call: string; args: Node[] };

/** Columns a text takes on screen: CJK and full-width characters take two. */
export function width(s: string): number {
  let w = 0;
  for (const ch of s)
    w +=
      /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(
        ch,
      )
        ? 2
        : 1;
  return w;
}

/** A string literal as the formatter writes it: single quotes unless that needs more escapes. */
export function q(s: string): string {
  const singles = (s.match(/'/g) ?? []).length;
  const doubles = (s.match(/"/g) ?? []).length;
  const quote = singles > doubles ? '"' : "'";
  const body = s.replace(/\\/g, '\\\\').replace(quote === "'" ? /'/g : /"/g, `\\${quote}`);
  return `${quote}${body}${quote}`;
}

/** An object key: bare when it is an identifier. */
export const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : q(k));

/** Arrays of two or more objects of several keys are always one entry a line (as the formatter does). */
function forcedBreak(n: Node): boolean {
  if (typeof n === 'string') return false;
  if ('arr' in n)
    return (
      (n.arr.length > 1 && n.arr.every((x) => typeof x !== 'string' && 'obj' in x && x.obj.length > 1)) ||
      n.arr.some(forcedBreak)
    );
  if ('obj' in n) return n.obj.some(([, v]) => forcedBreak(v));
  if ('call' in n) return n.args.some(forcedBreak);
  return false;
}

function flat(n: Node): string {
  if (typeof n === 'string') return n;
  if ('obj' in n)
    return n.obj.length ? `{ ${n.obj.map(([k, v]) => `${key(k)}: ${flat(v)}`).join(', ')} }` : '{}';
  if ('arr' in n) return `[${n.arr.map(flat).join(', ')}]`;
  if ('call' in n) return `${n.call}(${n.args.map(flat).join(', ')})`;
  return n.chain + n.calls.join('');
}

/** `n` printed where `used` columns of the line are taken by `indent` spaces and what precedes it. */
export function print(n: Node, indent: number, used: number, suffix = ''): string {
  const f = flat(n);
  if (!forcedBreak(n) && !f.includes('\n') && used + width(f) + width(suffix) <= WIDTH) return f;
  if (typeof n === 'string') return n;
  const pad = ' '.repeat(indent + 2);
  const end = ' '.repeat(indent);
  if ('obj' in n) {
    const lines = n.obj.map(
      ([k, v]) => `${pad}${key(k)}: ${print(v, indent + 2, indent + 2 + width(key(k)) + 2, ',')},\n`,
    );
    return `{\n${lines.join('')}${end}}`;
  }
  if ('arr' in n)
    return `[\n${n.arr.map((v) => `${pad}${print(v, indent + 2, indent + 2, ',')},\n`).join('')}${end}]`;
  if ('call' in n)
    return `${n.call}(\n${n.args.map((v) => `${pad}${print(v, indent + 2, indent + 2, ',')},\n`).join('')}${end})`;
  return n.chain + n.calls.map((c) => `\n${pad}${c}`).join('');
}

/** `export const name = <value>;` (or any `head = value;` statement at the top level). */
export const statement = (head: string, value: Node) => `${head}${print(value, 0, width(head), ';')};\n`;
