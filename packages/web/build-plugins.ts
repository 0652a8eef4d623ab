// Build-time plugins (issue 17, first load): preload the /login route's second wave, and write brotli
// and gzip copies of every text asset so the server sends them without compressing on the fly.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** Modules the /login page loads right after the entry: the page, the zh catalogue and locales. */
const FIRST_WAVE = [
  /\/pages\/auth\/Login\.tsx$/,
  /\/i18n\/zh\/index\.ts$/,
  /antd\/(es\/|lib\/)?locale\/zh_CN\.js$/,
  /dayjs\/locale\/zh-cn\.js$/,
];

function firstWave(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [c.fileName, ...c.imports]));
  const out = new Set<string>();
  const visit = (file: string) => {
    if (out.has(file) || entry.has(file)) return;
    out.add(file);
    for (const dep of byName.get(file)?.imports ?? []) visit(dep);
  };
  for (const c of chunks)
    if (c.facadeModuleId && FIRST_WAVE.some((re) => re.test(c.facadeModuleId ?? ''))) visit(c.fileName);
  return [...out];
}

export function preloadLoginWave(): Plugin {
  return {
    name: 'tradelane-preload-login-wave',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        return firstWave(ctx.bundle).map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/;

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tradelane-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) walk(path);
          else if (TEXT.test(name) && statSync(path).size > 1024) {
            const data = readFileSync(path);
            writeFileSync(
              `${path}.br`,
              brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
            writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
          }
        }
      };
      walk(outDir);
    },
  };
}
