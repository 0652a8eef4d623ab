#!/usr/bin/env node
// Modules read their own tables (run by `npm run lint`): a domain module owns its tables, and another
// module reaches that data through the owner's exported functions (queries, views, scopes), not by
// importing the table. FILE_OWNERS and TABLE_OWNERS say which module owns each table of db/schema*.ts;
// the spine's tables (identity, tenancy, the outbox, logs) belong to a layer and every module may read
// them. A module file's imports of tables another module owns are counted; the files that still import
// some are listed in LEFT with their count, which may only fall (a new import, or a file whose count
// grew, fails; a file whose count fell must be updated here, so the list shrinks). `--print` prints the
// table as it stands, `--owners` the imports per owning module.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const src = join(root, 'packages/server/src');

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

/** The owner of a schema file's tables; a table named in TABLE_OWNERS overrides its file's owner. */
const FILE_OWNERS = {
  'schema-boxes.ts': 'boxes',
  'schema-codegen.ts': 'codegen',
  'schema-customs-dict.ts': 'customs',
  'schema-customs.ts': 'customs',
  'schema-entrust.ts': 'entrust',
  'schema-finance.ts': 'finance',
  'schema-jobs.ts': 'admin',
  'schema-lading.ts': 'lading',
  'schema-logistics.ts': 'logistics',
  'schema-mail.ts': 'admin',
  'schema-papers.ts': 'papers',
  'schema-project.ts': 'project',
  'schema-services.ts': 'services',
  'schema-tower.ts': 'tower',
  'schema-trade-policy.ts': 'trade-policy',
  'schema-voucher.ts': 'papers',
  // The spine: identity, tenancy, roles and grants (read by access/ on every request), the outbox and
  // change records (workflow/), the operation log and idempotency keys (http/).
  'schema.ts': 'layer',
};
const TABLE_OWNERS = {
  // schema-project.ts holds the supplies' and the HS codes' tables too.
  materialLists: 'supplies',
  supplies: 'supplies',
  materialCodes: 'supplies',
  customsCodes: 'hs',
  importTasks: 'layer', // resources/sheet-import.ts: every sheet import's progress
  // schema.ts: the tables of a domain among the spine's.
  sessions: 'auth',
  loginAttempts: 'auth',
  captchas: 'auth',
  resetCodes: 'auth',
  dicts: 'system',
  dictDetails: 'system',
  feedback: 'system',
  partnerships: 'project',
  files: 'files',
  messages: 'messages',
  directMessages: 'messages',
  viewRecords: 'messages',
  releases: 'admin',
};

const owner = new Map();
for (const name of readdirSync(join(src, 'db')).filter((n) => /^schema.*\.ts$/.test(n))) {
  if (!(name in FILE_OWNERS)) throw new Error(`tables.mjs: db/${name} has no owner in FILE_OWNERS`);
  const text = readFileSync(join(src, 'db', name), 'utf8');
  for (const m of text.matchAll(/^export const (\w+) = pgTable\(/gm))
    owner.set(m[1], TABLE_OWNERS[m[1]] ?? FILE_OWNERS[name]);
}
for (const table of Object.keys(TABLE_OWNERS))
  if (!owner.has(table)) throw new Error(`tables.mjs: TABLE_OWNERS names ${table}, which is no table`);

/**
 * Monitors: files that read every module's tables for what they are, rows to count, and nothing else (the
 * admin area's statistics: users and logins, projects, batches and boxes in motion, files, messages,
 * feedback). Asking each owner for a count of its rows would only wrap the table; they are not counted.
 * A monitor that comes to read a module's data for its meaning (a status, a scope) asks the owner like
 * any module (the statistics take "handed over" from boxes).
 */
const MONITORS = new Set(['packages/server/src/modules/admin/statistics.ts']);

/**
 * Files importing other modules' tables, with how many: none is left, and a file named here may only see
 * its count fall (an entry whose count fell to zero must go).
 */
const LEFT = {};

const counts = {};
const byOwner = {};
for (const file of files(join(src, 'modules'))) {
  if (MONITORS.has(relative(root, file))) continue;
  const module = relative(join(src, 'modules'), file).split('/')[0];
  const text = readFileSync(file, 'utf8');
  let n = 0;
  for (const m of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'[./]*db\/(schema[\w-]*\.ts)'/g))
    for (const part of m[1].split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      const of = owner.get(name);
      if (!of || of === 'layer' || of === module) continue;
      n++;
      byOwner[of] = (byOwner[of] ?? 0) + 1;
    }
  if (n) counts[relative(root, file)] = n;
}

if (process.argv.includes('--print')) {
  console.log(JSON.stringify(Object.fromEntries(Object.entries(counts).sort()), null, 2));
  process.exit(0);
}
if (process.argv.includes('--owners')) {
  console.log(
    JSON.stringify(Object.fromEntries(Object.entries(byOwner).sort((a, b) => b[1] - a[1])), null, 2),
  );
  process.exit(0);
}

const problems = [];
for (const [file, n] of Object.entries(counts)) {
  const allowed = LEFT[file] ?? 0;
  if (n > allowed) problems.push(`${file}: ${n} import(s) of another module's tables (allowed ${allowed})`);
}
for (const [file, allowed] of Object.entries(LEFT)) {
  const n = counts[file] ?? 0;
  if (n < allowed) problems.push(`${file}: ${n} import(s) of another module's tables now: set LEFT to ${n}`);
}
if (problems.length) {
  console.error(
    `Table ownership (scripts/tables.mjs): ${problems.length} problem(s)\n${problems.join('\n')}`,
  );
  process.exit(1);
}
const total = Object.values(counts).reduce((a, b) => a + b, 0);
console.log(
  `Table ownership: ${total} import(s) of another module's tables left in ${Object.keys(counts).length} file(s)`,
);
