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
});

// Each catalogue is its own chunk: a first load fetches only the language in use.
const catalogues: Record<Lang, () => Promise<object>> = {
  zh: () => import('./zh/index.ts').then((m) => m.zh),
  en: () => import('./en/index.ts').then((m) => m.en),
};

/** antd's locale of each language, loaded with the catalogue. */
const antdLocales: Partial<Record<Lang, Locale>> = {};
const antdLoaders: Record<Lang, () => Promise<Locale>> = {
  zh: () => Promise.all([import('antd/locale/zh_CN'), import('dayjs/locale/zh-cn')]).then(([m]) => m.default),
  en: () => import('antd/locale/en_US').then((m) => m.default),
};

export function antdLocale(lang: Lang): Locale | undefined {
  return antdLocales[lang];
}

export async function loadLanguage(lang: Lang): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation') && antdLocales[lang]) return;
  const [catalogue, locale] = await Promise.all([catalogues[lang](), antdLoaders[lang]()]);
  antdLocales[lang] = locale;
  i18n.addResourceBundle(lang, 'translation', catalogue);
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
