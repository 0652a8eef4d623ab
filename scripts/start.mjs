// `npm start`: builds the web app when it is missing or older than its sources, then runs the server
// (TypeScript through tsx) in this process: migrations, demo data on an empty database, API + web on one port.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = join(root, 'packages/web');
const built = join(web, 'dist/index.html');

function newest(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((f) => newest(join(path, f))));
}

function webIsStale() {
  if (!existsSync(join(web, 'package.json'))) return false;
  if (!existsSync(built)) return true;
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json']
    .map((f) => join(web, f))
    .filter((f) => existsSync(f));
  return Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
}

if (process.env.SKIP_WEB_BUILD !== '1' && webIsStale()) {
  console.log('Building the web app (packages/web) …');
  execFileSync('npm', ['run', '-s', 'build', '-w', '@tradelane/web'], { cwd: root, stdio: 'inherit' });
}

register();
await import('../packages/server/src/main.ts');
