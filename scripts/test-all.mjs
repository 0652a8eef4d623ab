#!/usr/bin/env node
// The unit and API suites (vitest, PGlite and PostgreSQL) and the browser tests (scripts/e2e.mjs) run side
// by side: the browser tests wait on a single-threaded page much of the time, which the API suites fill.
// Each line is prefixed with its suite; the exit code is the first failure's (0 when both pass).
// Why side by side: docs/decisions.md, "How the tests run inside 30 minutes of CI".
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const root = new URL('..', import.meta.url).pathname;

function run(name, cmd, args) {
  const started = Date.now();
  const child = spawn(cmd, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    const out = stream === child.stdout ? process.stdout : process.stderr;
    createInterface({ input: stream }).on('line', (line) => out.write(`[${name}] ${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      const secs = Math.round((Date.now() - started) / 1000);
      console.log(`[${name}] finished in ${secs} s with ${signal ?? `exit code ${code}`}`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all([
  run('unit', 'node_modules/.bin/vitest', ['run']),
  run('e2e', process.execPath, ['scripts/e2e.mjs']),
]);
process.exit(codes.find((c) => c !== 0) ?? 0);
