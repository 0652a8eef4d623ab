// The real server process (`tsx src/main.ts`) for tests that must crash it or run several: started on a
// free port, ready when /api/health answers; on PGlite its data directory is the test template's copy.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A DATA_DIR whose PGlite database is a copy of the migrated, seeded test template (no migration per start). */
export async function pgliteDataDir(template: string, dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  cpSync(template, join(dir, 'pglite'), { recursive: true });
  return dir;
}

export interface RealServer {
  child: ChildProcess;
  url: string;
  /** `kill -9`: no shutdown hook runs. */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => child.once('exit', () => r()));

export async function startRealServer(env: Record<string, string>): Promise<RealServer> {
  const port = await freePort();
  // Node itself with tsx's loader (not the tsx CLI, which runs the server in a child of its own: a
  // SIGKILL would reach only the wrapper and leave the server running).
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CAPTCHA: 'off',
      LOG_LEVEL: 'error',
      WEB_DIST: '',
      AUTH_RATE_LIMIT: '10000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    url,
    crash: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([exited(child), new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited(child);
    },
  };
}
