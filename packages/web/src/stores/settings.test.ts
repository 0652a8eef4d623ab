import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_THEME, SETTINGS_KEY, THEME_COOKIE } from '../config.ts';
import { getCookie, removeCookie } from '../utils/cookie.ts';
import { defaultSettings, loadSettings, useSettings } from './settings.ts';

beforeEach(() => {
  localStorage.clear();
  removeCookie(THEME_COOKIE);
  useSettings.setState(defaultSettings);
});

describe('settings store', () => {
  it('defaults to the brand colour and every switch of the spec', () => {
    const s = loadSettings();
    expect(s.theme).toBe(DEFAULT_THEME);
    expect(DEFAULT_THEME).toBe('#008de7');
    expect(s).toMatchObject({ tagsView: true, fixedHeader: true, sidebarLogo: true, uniqueOpened: true });
  });
  it('persists a change and reloads it', () => {
    useSettings.getState().change('tagsView', false);
    useSettings.getState().change('theme', '#11a983');
    expect(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}')).toMatchObject({
      tagsView: false,
      theme: '#11a983',
    });
    expect(getCookie(THEME_COOKIE)).toBe('#11a983');
    expect(loadSettings()).toMatchObject({ tagsView: false, theme: '#11a983' });
  });
  it('ignores corrupt or mistyped storage', () => {
    localStorage.setItem(SETTINGS_KEY, '{"tagsView":"no","fixedHeader":false}');
    expect(loadSettings()).toMatchObject({ tagsView: true, fixedHeader: false });
    localStorage.setItem(SETTINGS_KEY, 'not json');
    expect(loadSettings().tagsView).toBe(true);
  });
  it('takes footer text and filing number from the server config', () => {
    useSettings.getState().applyServerConfig({ footerTxt: 'Tradelane', caseNumber: '沪ICP备1号' });
    expect(useSettings.getState()).toMatchObject({ footerTxt: 'Tradelane', caseNumber: '沪ICP备1号' });
  });
});
