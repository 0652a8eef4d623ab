#!/usr/bin/env node
// The dependency rule (run by `npm run lint`): imports point down the layers, never back up.
// - Server (packages/server/src), one line from the bottom: lib (pure helpers) → config → db → access →
//   http → resources → workflow → realtime → modules → seed (seeds call the modules' commands) → app,
//   server, main. Type-only imports count: a type is an arrow too.
// - Web (packages/web/src): the shared layers (api, components, utils, stores, i18n, access, shell) never
//   import a page; a page is reached through the router's registry.
// Every folder has its own rank, so an import cycle between folders always contains a back arrow and
// fails too. A file in no ranked folder fails (a new folder takes its place in the line first). Module
// files have no import-time wiring (below).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return /\.(ts|tsx)$/.test(name) ? [p] : [];
  });
}

function imports(file) {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) =>
    normalize(join(dirname(file), m[1])),
  );
}

const SERVER_RANK = [
  ['lib', 0],
  ['config.ts', 1],
  ['seed', 9],
  ['db', 2],
  ['access', 3],
  ['http', 4],
  ['resources', 5],
  ['workflow', 6],
  ['realtime', 7],
  ['modules', 8],
  ['app.ts', 10],
  ['server.ts', 10],
  ['main.ts', 10],
];
// The entry files (app, server, main) share the top: nothing imports them but tests.
const ranks = SERVER_RANK.map(([, rank]) => rank).filter((rank) => rank < 10);
if (new Set(ranks).size !== ranks.length) throw new Error('layers.mjs: two folders share a rank');
const serverSrc = join(root, 'packages/server/src');
function serverLayer(file) {
  const rel = relative(serverSrc, file);
  for (const [prefix, rank] of SERVER_RANK)
    if (rel === prefix || rel.startsWith(`${prefix}/`) || rel.startsWith(`${prefix}.`))
      return { prefix, rank };
  return null;
}

const problems = [];
for (const file of files(serverSrc)) {
  const from = serverLayer(file);
  if (!from) {
    problems.push(`server: ${relative(serverSrc, file)} is in no layer (give its folder a rank)`);
    continue;
  }
  for (const target of imports(file)) {
    if (!target.startsWith(serverSrc)) continue;
    const to = serverLayer(target);
    if (!to || to.rank <= from.rank) continue;
    problems.push(
      `server: ${relative(serverSrc, file)} → ${relative(serverSrc, target)} (${from.prefix} may not import ${to.prefix})`,
    );
  }
}

// Wiring is explicit: a module joins another's extension point (a kernel listener, a home part, a file
// visibility, a batch follower) from its register function, which buildApp calls; importing a module
// file changes nothing. So no module file calls an imported name at its top level, nor is imported
// for its side effects alone.
for (const file of files(join(serverSrc, 'modules')).filter((f) => !/\.test\.tsx?$/.test(f))) {
  const text = readFileSync(file, 'utf8');
  const rel = relative(serverSrc, file);
  const imported = new Set(
    [...text.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}/gm)].flatMap((m) =>
      m[1]
        .split(',')
        .map((n) =>
          n
            .trim()
            .split(/\s+as\s+/)
            .pop()
            ?.replace(/^type\s+/, ''),
        )
        .filter(Boolean),
    ),
  );
  for (const m of text.matchAll(/^import\s+'([^']+)';/gm))
    problems.push(`server: ${rel} imports ${m[1]} for its side effects (register it in buildApp's modules)`);
  for (const m of text.matchAll(/^([A-Za-z_$][\w$]*)(?:\.[\w$]+)*\s*\(/gm))
    if (imported.has(m[1]))
      problems.push(
        `server: ${rel} calls ${m[1]} when imported (call it from the module's register function)`,
      );
}

const webSrc = join(root, 'packages/web/src');
const shared = ['api', 'components', 'utils', 'stores', 'i18n', 'access', 'shell'];
for (const file of files(webSrc)) {
  const top = relative(webSrc, file).split('/')[0];
  if (!shared.includes(top)) continue;
  for (const target of imports(file)) {
    const rel = relative(webSrc, target);
    if (rel.startsWith('pages/'))
      problems.push(`web: ${relative(webSrc, file)} → ${rel} (${top} may not import a page)`);
  }
}

if (problems.length) {
  console.error(
    `Dependency rule (scripts/layers.mjs): ${problems.length} problem(s)\n${problems.join('\n')}`,
  );
  process.exit(1);
}
console.log('Dependency rule: no back arrow');
