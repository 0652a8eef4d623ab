// antd's styles come from the build (packages/web/antd-styles.ts) when index.html links them: then antd
// runs in zero-runtime mode and computes only the theme's CSS variables. In dev and in unit tests there
// is no such link and antd generates its styles at runtime as before.

function link(kind: 'core' | 'rest'): HTMLLinkElement | null {
  return typeof document === 'undefined' ? null : document.querySelector(`link[data-antd="${kind}"]`);
}

/** True when the build's antd style sheets are linked (read once: antd memoises the mode per hook). */
export const antdStatic = link('core') !== null;

let rest: Promise<void> | undefined;

/**
 * Switches on the sheet of the components the public pages do not use (linked media="print", so it is
 * fetched without blocking the first render) and resolves once it applies. Pages other than the public
 * ones await it before they render.
 */
export function antdRestStyles(): Promise<void> {
  if (rest) return rest;
  const el = link('rest');
  if (!el) {
    rest = Promise.resolve();
    return rest;
  }
  rest = new Promise<void>((resolve) => {
    const done = () => {
      el.media = 'all';
      resolve();
    };
    // Loaded already (a media="print" sheet still loads): `sheet` is set once it has arrived.
    if (el.sheet) done();
    else {
      el.addEventListener('load', done, { once: true });
      // A failed load must not keep the page from rendering.
      el.addEventListener('error', done, { once: true });
    }
  });
  return rest;
}
