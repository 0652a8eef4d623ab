#!/usr/bin/env node
// The API's paths are spelled in the contract only (run by `npm run lint`): an `/api/…` or `/auth/…`
// string in the server's or the web's source (tests aside) is an operation declared twice. The files
// that still spell some are listed in LEFT with their count, which may only fall: a new path, or a file
// whose count grew, fails; a file that reached zero (or fell) must be updated here, so the list shrinks.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

/** A string or template literal that starts a path of the API: '/api/…', `/api/…`, "/auth/…". */
const PATH = /['"`]\/(api|auth)\//g;

/** Files still spelling paths, with how many (the migration to contract operations is not finished). */
const LEFT = {};

const counts = {};
for (const dir of ['packages/server/src', 'packages/web/src'])
  for (const file of files(join(root, dir))) {
    const n = (readFileSync(file, 'utf8').match(PATH) ?? []).length;
    if (n) counts[relative(root, file)] = n;
  }

// `--print`: the LEFT table as it stands (to paste after a migration step).
if (process.argv.includes('--print')) {
  console.log(JSON.stringify(Object.fromEntries(Object.entries(counts).sort()), null, 2));
  process.exit(0);
}

const problems = [];
for (const [file, n] of Object.entries(counts)) {
  const allowed = LEFT[file] ?? 0;
  if (n > allowed)
    problems.push(`${file}: ${n} API path(s) spelled outside the contract (allowed ${allowed})`);
  else if (n < allowed)
    problems.push(`${file}: ${n} left, LEFT says ${allowed}: lower it in scripts/api-paths.mjs`);
}
for (const file of Object.keys(LEFT))
  if (!counts[file]) problems.push(`${file}: no path left: remove it from LEFT in scripts/api-paths.mjs`);

if (problems.length) {
  console.error(`API paths belong to the contract (packages/contract/src/api):\n${problems.join('\n')}`);
  process.exit(1);
}
const total = Object.values(counts).reduce((a, b) => a + b, 0);
console.log(`API paths: ${total} left outside the contract, in ${Object.keys(counts).length} files`);
