// Dictionaries by name (GET /api/dictDetail/map), labelled by the current language at render time.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import type { DictEntry } from '../../api/types.ts';
import { type Lang, pick } from '../../i18n/index.ts';
import type { DeclContext, Option } from './types.ts';

export function useDictMap(names: string[]): Record<string, DictEntry[]> {
  const key = [...new Set(names)].sort();
  const q = useQuery({
    queryKey: ['dictMap', key.join(',')],
    queryFn: () => api.dictMap(key),
    enabled: key.length > 0,
    staleTime: 5 * 60_000,
  });
  return q.data ?? {};
}

export function dictOptions(entries: DictEntry[] | undefined, lang: Lang): Option[] {
  return (entries ?? []).map((e) => ({ value: e.value, label: pick(lang, e.label, e.enLabel) }));
}

/** The declaration context: translation, language and dictionaries. */
export function useDeclContext(dictNames: string[]): DeclContext {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const map = useDictMap(dictNames);
  return useMemo(
    () => ({
      t,
      lang,
      dict: (name: string) => dictOptions(map[name], lang),
      dictLabel: (name: string, value: unknown) => {
        const e = map[name]?.find((d) => d.value === String(value));
        return e
          ? pick(lang, e.label, e.enLabel)
          : value === null || value === undefined
            ? ''
            : String(value);
      },
    }),
    [t, lang, map],
  );
}
