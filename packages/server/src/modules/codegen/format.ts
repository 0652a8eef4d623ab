// The generated files through the project's formatter and import sorter (biome, with the repository's
// biome.json) when it is installed — a development tool for a development tool; without it the files
// stay as the printer laid them out, which is the formatter's layout for what the generator writes.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { GeneratedFile } from '@tradelane/contract';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const biome = `${root}node_modules/.bin/biome`;
const config = `${root}biome.json`;
const cache = new Map<string, string>();

function formatOne(path: string, text: string): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(
      biome,
      ['check', '--write', `--config-path=${config}`, `--stdin-file-path=${root}${path}`],
      {
        stdio: ['pipe', 'pipe', 'ignore'],
      },
    );
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.on('error', () => resolve(text));
    child.on('close', () => {
      const formatted = Buffer.concat(out).toString('utf8');
      resolve(formatted.trim() ? formatted : text);
    });
    child.stdin.end(text);
  });
}

export async function formatFiles(files: GeneratedFile[]): Promise<GeneratedFile[]> {
  if (!existsSync(biome) || !existsSync(config)) return files;
  return Promise.all(
    files.map(async (f) => {
      if (!/\.(ts|tsx)$/.test(f.path)) return f;
      const key = `${f.path}\n${f.content}`;
      let content = cache.get(key);
      if (content === undefined) {
        content = await formatOne(f.path, f.content);
        if (cache.size > 200) cache.clear();
        cache.set(key, content);
      }
      return { ...f, content };
    }),
  );
}
