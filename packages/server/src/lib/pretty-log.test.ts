import { describe, expect, it } from 'vitest';
import { terminalLogStream } from './pretty-log.ts';

/** A stdout stand-in: a terminal or not, keeping what was written. */
function out(isTTY: boolean) {
  const lines: string[] = [];
  return { isTTY, lines, write: (s: string) => lines.push(s) };
}

describe('the server log at a terminal', () => {
  it('prints one readable line per entry on a terminal', () => {
    const tty = out(true);
    const stream = terminalLogStream({ NO_COLOR: '1' }, tty);
    expect(stream).toBeDefined();
    // Lines as the server's logger (pino) writes them.
    const base = { time: Date.now(), pid: 1, hostname: 'h', reqId: 'req-1' };
    const req = { method: 'GET', url: '/api/health' };
    stream?.write(
      `${JSON.stringify({ ...base, level: 30, req, res: { statusCode: 200 }, responseTime: 3.4, msg: 'done' })}\n`,
    );
    stream?.write(
      `${JSON.stringify({ ...base, level: 40, applied: ['demo'], msg: 'seed steps applied' })}\n`,
    );
    expect(tty.lines).toHaveLength(2);
    expect(tty.lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/api\/health 200 3ms · done\n$/);
    expect(tty.lines[1]).toMatch(/^\d\d:\d\d:\d\d WARN {2}seed steps applied applied=\["demo"\]\n$/);
    expect(tty.lines.join('')).not.toContain('{"level"');
  });

  it('keeps JSON lines when the output is not a terminal, or LOG_FORMAT=json asks', () => {
    expect(terminalLogStream({}, out(false))).toBeUndefined();
    expect(terminalLogStream({ LOG_FORMAT: 'json' }, out(true))).toBeUndefined();
  });
});
