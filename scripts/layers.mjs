#!/usr/bin/env node
// The dependency rule (run by `npm run lint`): imports point down the layers, never back up.
// - Server (packages/server/src): db → lib, config → access → http → workflow, resources → modules,
//   realtime → db/seed (seeds call the modules' commands) → app, server, main.
// - Web (packages/web/src): the shared layers (api, components, utils, stores, i18n, access, router,
//   shell) never import a page; a page is reached through the router's registry.
// A back arrow fails, except the ones listed in KNOWN below (each one import, named, to be removed); a
// KNOWN entry that no longer occurs fails too, so the list only shrinks. Module files have no import-time
// wiring (below).
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
  ['config.ts', 1.5],
  ['lib', 1.5],
  ['db/seed', 6],
  ['db', 1],
  ['access', 2],
  ['http', 3],
  ['workflow', 4],
  ['resources', 4],
  ['modules', 5],
  ['realtime', 5],
  ['app.ts', 7],
  ['server.ts', 7],
  ['main.ts', 7],
];
const serverSrc = join(root, 'packages/server/src');
function serverLayer(file) {
  const rel = relative(serverSrc, file);
  for (const [prefix, rank] of SERVER_RANK)
    if (rel === prefix || rel.startsWith(`${prefix}/`) || rel.startsWith(`${prefix}.`))
      return { prefix, rank };
  return null;
}

// Known back arrows: `from → to` (paths under packages/server/src), each with why it is still there.
const KNOWN = new Map([
  ['access/party.ts → http/auth.ts', 'the caller type lives with the session resolver in http'],
  ['access/sessions.ts → workflow/notify.ts', 'ending sessions tells the user through the notifier'],
  [
    'db/client.ts → access/session-cache.ts',
    'the database client forwards LISTEN payloads to the session cache',
  ],
  [
    'lib/sheet-import.ts → http/content-disposition.ts',
    'the sheet import answers HTTP: it belongs above http',
  ],
  ['lib/sheet-import.ts → http/errors.ts', 'the sheet import answers HTTP: it belongs above http'],
  ['lib/sheet-import.ts → resources/engine.ts', 'the sheet import answers HTTP: it belongs above http'],
  ['lib/xlsx-guard.ts → http/errors.ts', 'a refused workbook is an HTTP error'],
]);

const found = new Set();
const problems = [];
for (const file of files(serverSrc)) {
  const from = serverLayer(file);
  if (!from) continue;
  for (const target of imports(file)) {
    if (!target.startsWith(serverSrc)) continue;
    const to = serverLayer(target);
    if (!to || to.rank <= from.rank) continue;
    const key = `${relative(serverSrc, file)} → ${relative(serverSrc, target)}`;
    if (KNOWN.has(key)) found.add(key);
    else problems.push(`server: ${key} (${from.prefix} may not import ${to.prefix})`);
  }
}
for (const key of KNOWN.keys())
  if (!found.has(key)) problems.push(`server: ${key} is gone: remove it from KNOWN`);

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
console.log(`Dependency rule: no back arrow (${KNOWN.size} known, listed in scripts/layers.mjs)`);
