// The server log for a person at a terminal: one short line per entry instead of pino's JSON. Anything
// else reading stdout (a log shipper, a file, CI) keeps the JSON lines. Lines arrive already serialized
// and redacted by the logger, so nothing secret can appear here that the JSON would not show.

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
const COLOURS: Record<number, string> = { 40: '\x1b[33m', 50: '\x1b[31m', 60: '\x1b[41m' };
const SKIP = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime']);

const two = (n: number) => String(n).padStart(2, '0');

/** One pino JSON line as "12:04:05 INFO  GET /api/x 200 12ms · message key=value"; other text as is. */
export function prettyLine(line: string, colour = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  if (typeof entry !== 'object' || entry === null) return `${line.trimEnd()}\n`;
  const level = Number(entry.level);
  const at = new Date(Number(entry.time) || Date.now());
  const time = `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
  const parts: string[] = [];
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  if (res?.statusCode) parts.push(String(res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${Math.round(entry.responseTime)}ms`);
  if (entry.msg) parts.push(parts.length ? `· ${entry.msg}` : String(entry.msg));
  for (const [k, v] of Object.entries(entry)) {
    if (SKIP.has(k) || v === undefined) continue;
    if (k === 'err' && v && typeof v === 'object') {
      const err = v as { message?: string; stack?: string };
      parts.push(`\n${err.stack ?? err.message ?? JSON.stringify(v)}`);
    } else parts.push(`${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  }
  const name = LEVELS[level] ?? String(entry.level);
  const tag = colour && COLOURS[level] ? `${COLOURS[level]}${name}\x1b[0m` : name;
  return `${time} ${tag} ${parts.join(' ')}\n`;
}

/** A log stream writing pretty lines to a terminal. */
export function prettyStream(out: { write(text: string): unknown }, colour: boolean) {
  return { write: (line: string) => out.write(prettyLine(line, colour)) };
}

/** Pretty lines when stdout is a terminal and LOG_FORMAT does not ask for JSON. */
export function terminalLogStream(
  env: Record<string, string | undefined> = process.env,
  stdout: { isTTY?: boolean; write(text: string): unknown } = process.stdout,
) {
  const format = env.LOG_FORMAT;
  if (format === 'json' || (format !== 'pretty' && !stdout.isTTY)) return undefined;
  return prettyStream(stdout, Boolean(stdout.isTTY) && !env.NO_COLOR);
}
