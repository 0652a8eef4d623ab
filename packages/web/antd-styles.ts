// Build-time extraction of antd's styles. antd's CSS-in-JS serialised every
// component's style objects during the first render (~97 ms of /login's long tasks). The build now
// renders antd's components once in Node, writes their rules into two hashed CSS files and the app runs
// antd in zero-runtime mode (src/shell/antd-static.ts): only the theme's CSS variables are computed in
// the browser, so the primary colour and component size chosen in the settings still apply.
//  - `antd-core`: what the public pages (login, register, logon, information, errors) and the App's
//    message/notification need; linked in <head>, render-blocking, before the app's own CSS.
//  - `antd-rest`: every other component; linked with media="print" (fetched, not render-blocking) and
//    switched on by the router before any other page renders (src/shell/antd-static.ts).
import { createHash } from 'node:crypto';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antd from 'antd';
import { createElement as h, type ReactElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Plugin } from 'vite';

type Antd = Record<string, unknown> & typeof antd;
// biome-ignore lint/suspicious/noExplicitAny: antd's exports are rendered generically.
type AnyComp = any;

/** antd exports the public pages render (and the App's message/notification holders). */
export const CORE = [
  'App',
  'Button',
  'Checkbox',
  'Col',
  'Divider',
  'Form',
  'Input',
  'Radio',
  'Result',
  'Row',
  'Segmented',
  'Space',
  'Spin',
  'Card',
  'Typography',
  'message',
  'notification',
];
const SKIP = new Set(['ConfigProvider', 'Grid', 'version', 'theme', 'unstableSetRender']);

/** How one antd export is rendered so that every style hook it owns runs (as antd's static extractor). */
function render(name: string, C: AnyComp, a: Antd): ReactNode {
  switch (name) {
    case 'Affix':
      return h(C, null, h('div'));
    case 'Cascader':
      return [h(C, { key: 1 }), h(C.Panel, { key: 2 })];
    case 'Dropdown':
      return h(C, { menu: { items: [] } }, h('div'));
    case 'Menu':
    case 'Tree':
      return h(C, name === 'Menu' ? { items: [] } : { treeData: [] });
    case 'QRCode':
      return h(C, { value: 'tradelane' });
    case 'Tag':
      return [h(C, { key: 1, color: 'blue' }, 'Tag'), h(C, { key: 2, color: 'success' }, 'Tag')];
    case 'Badge':
      return [h(C, { key: 1 }), h(C.Ribbon, { key: 2 })];
    case 'Space':
      return [h(C, { key: 1 }), h(C.Compact, { key: 2 }, h(a.Button as AnyComp), h(C.Addon, null, '1'))];
    case 'Input':
      return [
        h(C, { key: 1 }),
        h(C.Search, { key: 3 }),
        h(C.TextArea, { key: 4 }),
        h(C.Password, { key: 5 }),
        h(C.OTP, { key: 6 }),
      ];
    case 'Modal':
      return [
        h(C, { key: 1 }),
        h(C._InternalPanelDoNotUseOrYouWillBeFired, { key: 2 }),
        h(C._InternalPanelDoNotUseOrYouWillBeFired, { key: 3, type: 'confirm' }),
      ];
    case 'message':
    case 'notification':
      return h(C._InternalPanelDoNotUseOrYouWillBeFired);
    case 'Layout':
      return h(
        C,
        null,
        h(C.Header, null, 'h'),
        h(C.Sider, null, 's'),
        h(C.Content, null, 'c'),
        h(C.Footer, null, 'f'),
      );
    default:
      return h(C);
  }
}

function renderAll(names: string[], a: Antd): ReactElement {
  const nodes = names.map((n) => h('div', { key: n }, render(n, a[n] as AnyComp, a)));
  // Same settings as the app (src/shell/AppProviders.tsx): CSS variables, no hash class, default prefix.
  return h(antd.ConfigProvider, { theme: { hashed: false } }, h(a.App as AnyComp, null, nodes));
}

/** The two style sheets: core (public pages) first, then every other component without repeats. */
export function extractAntdStyles(): { core: string; rest: string } {
  const a = antd as Antd;
  const all = Object.keys(a).filter(
    (n) => !SKIP.has(n) && (/^[A-Z]/.test(n) || n === 'message' || n === 'notification'),
  );
  const cache = createCache();
  const silence = console.error;
  const warn = console.warn;
  // antd warns about deprecated exports (List, Input.Group…) while rendering them; not ours to fix here.
  console.error = () => {};
  console.warn = () => {};
  try {
    renderToString(h(StyleProvider, { cache }, renderAll(CORE, a)));
    const core = extractStyle(cache, { plain: true, types: 'style', once: true });
    renderToString(h(StyleProvider, { cache }, renderAll(all, a)));
    const rest = extractStyle(cache, { plain: true, types: 'style', once: true });
    return { core, rest };
  } finally {
    console.error = silence;
    console.warn = warn;
  }
}

/** Emits the two sheets as hashed assets and links them first in <head> (before the app's CSS). */
export function antdStaticStyles(): Plugin {
  const files = { core: '', rest: '' };
  return {
    name: 'tradelane-antd-static-styles',
    apply: 'build',
    buildStart() {
      const css = extractAntdStyles();
      for (const key of ['core', 'rest'] as const) {
        const hash = createHash('sha256').update(css[key]).digest('base64url').slice(0, 8);
        files[key] = `assets/antd-${key}-${hash}.css`;
        this.emitFile({ type: 'asset', fileName: files[key], source: css[key] });
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        if (!files.core) return [];
        return [
          {
            tag: 'link',
            attrs: { rel: 'stylesheet', href: `/${files.core}`, 'data-antd': 'core' },
            injectTo: 'head-prepend' as const,
          },
          {
            tag: 'link',
            attrs: { rel: 'stylesheet', href: `/${files.rest}`, media: 'print', 'data-antd': 'rest' },
            injectTo: 'head-prepend' as const,
          },
        ];
      },
    },
  };
}
