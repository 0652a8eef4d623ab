import { create } from 'zustand';
import { DEFAULT_THEME, SETTINGS_KEY, THEME_COOKIE, THEME_COOKIE_DAYS } from '../config.ts';
import { getCookie, setCookie } from '../utils/cookie.ts';

export interface Settings {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  uniqueOpened: boolean;
  showFooter: boolean;
  footerTxt: string;
  caseNumber: string;
}

export const defaultSettings: Settings = {
  theme: DEFAULT_THEME,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  uniqueOpened: true,
  showFooter: true,
  footerTxt: '',
  caseNumber: '',
};

type Persisted = Omit<Settings, 'footerTxt' | 'caseNumber'>;
const PERSISTED: (keyof Persisted)[] = [
  'theme',
  'tagsView',
  'fixedHeader',
  'sidebarLogo',
  'uniqueOpened',
  'showFooter',
];

export function loadSettings(): Settings {
  const out: Settings = { ...defaultSettings };
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}');
    if (raw && typeof raw === 'object') {
      for (const key of PERSISTED) {
        const v = (raw as Record<string, unknown>)[key];
        if (typeof v === typeof defaultSettings[key]) Object.assign(out, { [key]: v });
      }
    }
  } catch {
    /* corrupt storage: defaults */
  }
  const cookieTheme = getCookie(THEME_COOKIE);
  if (cookieTheme && /^#[0-9a-fA-F]{6}$/.test(cookieTheme)) out.theme = cookieTheme;
  return out;
}

export interface SettingsState extends Settings {
  change<K extends keyof Settings>(key: K, value: Settings[K]): void;
  /** Footer text and filing number come from the server configuration. */
  applyServerConfig(cfg: { footerTxt?: string; caseNumber?: string }): void;
}

export const useSettings = create<SettingsState>()((set, get) => ({
  ...loadSettings(),
  change(key, value) {
    set({ [key]: value } as Partial<Settings>);
    if (key === 'theme') setCookie(THEME_COOKIE, String(value), THEME_COOKIE_DAYS);
    const s = get();
    const persisted: Record<string, unknown> = {};
    for (const k of PERSISTED) persisted[k] = s[k];
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(persisted));
  },
  applyServerConfig(cfg) {
    set({ footerTxt: cfg.footerTxt ?? '', caseNumber: cfg.caseNumber ?? '' });
  },
}));
