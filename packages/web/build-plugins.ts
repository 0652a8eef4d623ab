// Build-time plugins: preload the /login route's second wave, paint /login's brand
// panel before the app's JavaScript runs, and write brotli and gzip copies of every text asset so the
// server sends them without compressing on the fly.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { theme as antdTheme } from 'antd';
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin, Rollup } from 'vite';
import { DEFAULT_THEME, LANGUAGE_KEY, SETTINGS_KEY } from './src/config.ts';
import { enCore } from './src/i18n/en/core.ts';
import { zhCore } from './src/i18n/zh/core.ts';
import { AuthBrand } from './src/pages/auth/AuthBrand.tsx';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** Modules the /login page loads right after the entry: the page, the zh public words and locales. */
const FIRST_WAVE = [
  /\/pages\/auth\/Login\.tsx$/,
  /\/i18n\/zh\/core\.ts$/,
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

/** The brand panel of /login as the app renders it (AuthFrame), in one language, the theme left to fill in. */
function brandMarkup(lang: 'zh' | 'en'): string {
  const { login } = lang === 'zh' ? zhCore : enCore;
  // The app's antd <App> wrapper: its text metrics come from theme variables made in the browser, so the
  // panel carries them itself (as AppProviders sets them) and nothing moves when React takes over.
  const token = antdTheme.getDesignToken();
  const app = {
    fontFamily: 'var(--app-font)',
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    color: token.colorText,
  };
  return renderToStaticMarkup(
    h(
      'div',
      { className: 'ant-app', style: app },
      h(
        'div',
        { className: 'auth' },
        h(AuthBrand, {
          words: login,
          title: 'Tradelane',
          theme: '__THEME__',
          // The footer line comes from the server's settings; its height is kept so nothing moves when it arrives.
          foot: '\u00a0',
          logoLink: (children: ReactNode) =>
            h(
              'a',
              { href: '/Information', className: 'auth-brand-logo', style: { color: '#fff' } },
              children,
            ),
        }),
        h('main', { className: 'auth-main' }),
      ),
    ),
  );
}

/**
 * /login's first frame without waiting for JavaScript. The build writes a small classic
 * script (CSP `script-src 'self'`, deferred: it runs once the document is parsed) that, on /login, puts the
 * brand panel into #root in the stored language
 * and theme, and starts the app's entry only after that frame is painted; React then renders the same
 * panel over it. Elsewhere the entry starts at once. The entry stays preloaded from <head>.
 */
export function paintLoginFirst(): Plugin {
  let outDir = '';
  let boot: { file: string; source: string } | null = null;
  return {
    name: 'tradelane-paint-login-first',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const entry = ctx.chunk?.fileName;
        if (!entry) return html;
        const panels = JSON.stringify({ zh: brandMarkup('zh'), en: brandMarkup('en') });
        const source = `(function () {
  var start = function () {
    if (start.done) return;
    start.done = true;
    import('/${entry}');
  };
  var root = document.getElementById('root');
  if (location.pathname === '/login' && root && !root.firstChild) {
    var lang = 'zh';
    var theme = ${JSON.stringify(DEFAULT_THEME)};
    try {
      if (localStorage.getItem(${JSON.stringify(LANGUAGE_KEY)}) === 'en') lang = 'en';
      var saved = JSON.parse(localStorage.getItem(${JSON.stringify(SETTINGS_KEY)}) || '{}');
      if (saved && /^#[0-9a-fA-F]{3,8}$/.test(saved.theme)) theme = saved.theme;
    } catch (e) {}
    root.innerHTML = ${panels}[lang].split('__THEME__').join(theme);
    // The entry runs after the panel's frame; a hidden tab gets no animation frame, hence the timer.
    requestAnimationFrame(function () { setTimeout(start, 0); });
    setTimeout(start, 200);
  } else start();
})();
`;
        const file = `assets/boot-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
        boot = { file, source };
        const tag = new RegExp(
          `<script type="module" crossorigin src="/${entry.replace(/[.]/g, '\\.')}"></script>`,
        );
        if (!tag.test(html))
          throw new Error(`paintLoginFirst: the entry's script tag for ${entry} was not found`);
        // On HTTP/1.1 a browser opens six connections per host: the boot script and the stylesheets the
        // panel's frame needs come first in <head>, the ~60 module preloads after them.
        const preloads: string[] = [];
        const rest = html
          .replace(tag, `<link rel="modulepreload" crossorigin href="/${entry}">`)
          .replace(/\s*<link rel="modulepreload"[^>]*>/g, (link) => {
            preloads.push(link.trim());
            return '';
          });
        return rest
          .replace('<head>', `<head>\n    <script src="/${file}" defer></script>`)
          .replace('</head>', `    ${preloads.join('\n    ')}\n  </head>`);
      },
    },
    writeBundle() {
      if (boot) writeFileSync(join(outDir, boot.file), boot.source);
    },
  };
}
