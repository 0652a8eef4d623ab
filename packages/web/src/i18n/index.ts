import type { Locale } from 'antd/es/locale';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_KEY } from '../config.ts';

export type Lang = 'zh' | 'en';

export function storedLanguage(): Lang {
  try {
    return localStorage.getItem(LANGUAGE_KEY) === 'en' ? 'en' : 'zh';
  } catch {
    return 'zh';
  }
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {},
  lng: storedLanguage(),
  fallbackLng: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  // A page that renders before the rest of the catalogue arrives renders again when it does.
  react: { bindI18nStore: 'added' },
});

// Each catalogue is its own chunk, in two parts: the words of the public pages (core) come first, so /login
// loads only those of the language in use; the whole catalogue comes when a page other than the public ones
// is opened (fullCatalogue, awaited by the router).
const cores: Record<Lang, () => Promise<object>> = {
  zh: () => import('./zh/core.ts').then((m) => m.zhCore),
  en: () => import('./en/core.ts').then((m) => m.enCore),
};
const catalogues: Record<Lang, () => Promise<object>> = {
  zh: () => import('./zh/index.ts').then((m) => m.zh),
  en: () => import('./en/index.ts').then((m) => m.en),
};
const loaded: Partial<Record<Lang, 'core' | 'full'>> = {};
let wantFull = false;

/** antd's locale of each language, loaded with the catalogue. */
const antdLocales: Partial<Record<Lang, Locale>> = {};
const antdLoaders: Record<Lang, () => Promise<Locale>> = {
  zh: () => Promise.all([import('antd/locale/zh_CN'), import('dayjs/locale/zh-cn')]).then(([m]) => m.default),
  en: () => import('antd/locale/en_US').then((m) => m.default),
};

export function antdLocale(lang: Lang): Locale | undefined {
  return antdLocales[lang];
}

export async function loadLanguage(lang: Lang, full = wantFull): Promise<void> {
  if (antdLocales[lang] && (loaded[lang] === 'full' || (loaded[lang] === 'core' && !full))) return;
  const [catalogue, locale] = await Promise.all([(full ? catalogues : cores)[lang](), antdLoaders[lang]()]);
  antdLocales[lang] = locale;
  i18n.addResourceBundle(lang, 'translation', catalogue, true, true);
  if (loaded[lang] !== 'full') loaded[lang] = full ? 'full' : 'core';
}

/** The whole catalogue of the language in use (and of any language switched to later). */
export function fullCatalogue(): Promise<void> {
  wantFull = true;
  return loadLanguage(currentLang());
}

export function currentLang(): Lang {
  return i18n.language === 'en' ? 'en' : 'zh';
}

export async function setLanguage(lang: Lang): Promise<void> {
  await loadLanguage(lang);
  localStorage.setItem(LANGUAGE_KEY, lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  await i18n.changeLanguage(lang);
}

/** Picks the zh or en variant of a server-supplied bilingual text. */
export function pick(
  lang: Lang,
  zhText: string | null | undefined,
  enText: string | null | undefined,
): string {
  if (lang === 'en') return enText || zhText || '';
  return zhText || enText || '';
}
