import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n, loadLanguage } from '../src/i18n/index.ts';

// The test files of a worker share one document (isolate: false in vitest.config.ts): what a test rendered
// is unmounted after it, and each file starts with the storage of a fresh tab.
afterEach(cleanup);
localStorage.clear();
sessionStorage.clear();

// antd reads matchMedia and ResizeObserver, which jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub, writable: true });
}

// Both whole catalogues, zh active: what a signed-in page sees.
await loadLanguage('zh', true);
await loadLanguage('en', true);
await i18n.changeLanguage('zh');
