import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_KEY } from '../config.ts';
import { en } from './en/index.ts';
import { zh } from './zh/index.ts';

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
  resources: { zh: { translation: zh }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function currentLang(): Lang {
  return i18n.language === 'en' ? 'en' : 'zh';
}

export async function setLanguage(lang: Lang): Promise<void> {
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
