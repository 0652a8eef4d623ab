#!/usr/bin/env node
// Type-checks every TypeScript project of the repository, two at a time. The compiler is TypeScript 7 (the
// native one): 47 s for the projects, benches included, on the 2-core CI machine (TypeScript 5.9: 86 s).
// (`typescript-5` stays only for the tests that walk source files with its compiler API.)
// Exits non-zero if any project fails.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const tsc = join(root, 'node_modules/.bin/tsc');
// Largest first, so that the last one to start is a short one.
// packages/server's project includes bench/ (the benches drive the server's code): a bench that no longer
// compiles is found when the code it drives changes, not when someone next measures.
const projects = ['packages/server', 'packages/web', 'e2e', 'packages/contract', 'packages/loadplan'];
const width = Math.max(1, Number(process.env.TYPECHECK_JOBS ?? 2));

function check(project) {
  return new Promise((resolve) => {
    let out = '';
    const child = spawn(tsc, ['--noEmit', '-p', project], { cwd: root });
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('close', (code) => resolve({ project, code, out }));
  });
}

const queue = [...projects];
let failed = 0;
await Promise.all(
  Array.from({ length: width }, async () => {
    for (let p = queue.shift(); p; p = queue.shift()) {
      const r = await check(p);
      if (r.code !== 0) {
        failed++;
        process.stdout.write(`typecheck: ${r.project} failed\n${r.out}`);
      }
    }
  }),
);
process.exit(failed ? 1 : 0);
