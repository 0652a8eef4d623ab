import { describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from '../../../i18n/index.ts';
import { emptyBoxRow } from './model.ts';
import { summarySubtitle } from './plan-pages.ts';

describe('the printed plan', () => {
  it('dates itself as yyyy-MM-dd HH:mm:ss in both languages', async () => {
    const at = new Date(2026, 10, 22, 14, 13, 20);
    for (const lang of ['zh', 'en'] as const) {
      await loadLanguage(lang, true);
      await i18n.changeLanguage(lang);
      const line = summarySubtitle({ mode: 'fewest', where: 'browser', ms: 12 }, i18n.t.bind(i18n), at);
      expect(line).toContain('2026-11-22 14:13:20');
      expect(line).not.toMatch(/PM|AM|11\/22/);
    }
  });
  it('starts a new box row as "this side up"', () => {
    expect(emptyBoxRow().vertical).toEqual([false, false, true]);
  });
});
