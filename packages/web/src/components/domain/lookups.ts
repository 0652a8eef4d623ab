// Reference data and the caller's side of a project, shared by the domain screens.

import { useQuery } from '@tanstack/react-query';
import { partyOfRole } from '@tradelane/contract';
import { referenceOps } from '@tradelane/contract/api/account';
import { families } from '@tradelane/contract/api/families';
import type { Party } from '@tradelane/contract/project';
import { call } from '../../api/client.ts';
import { type Lang, pick } from '../../i18n/index.ts';
import { useSession } from '../../stores/session.ts';

const day = 24 * 3600_000;

export function useCurrencies() {
  return useQuery({
    queryKey: ['ref', 'currencies'],
    queryFn: () => call(referenceOps.currencies),
    staleTime: day,
  }).data?.content;
}
export function useCountries() {
  return useQuery({
    queryKey: ['ref', 'countries'],
    queryFn: () => call(referenceOps.countries),
    staleTime: day,
  }).data?.content;
}
export function useProjects() {
  return (
    useQuery({
      queryKey: ['resource', 'project', 'all'],
      queryFn: () => call(families.project.list, { size: 200 }),
    }).data?.content ?? []
  );
}
/** A project picker's options: code and name in the reader's language (names repeat across years). */
export function projectOptions(
  projects: { id: number; code: string; name: string; enName?: string | null }[],
  lang: Lang,
): { value: number; label: string }[] {
  return projects.map((p) => ({ value: p.id, label: `${p.code} · ${pick(lang, p.name, p.enName)}` }));
}
export function usePartnerships(enabled = true) {
  return useQuery({
    queryKey: ['resource', 'partner', 'all'],
    queryFn: () => call(families.partner.list, { page: 0, size: 500 }),
    enabled,
  });
}

export function refLabel(lang: Lang, item: { code: string; zh: string; en: string }): string {
  return `${item.code} · ${pick(lang, item.zh, item.en)}`;
}

/** The side of a project the signed-in user works on (contract's partyOfRole); platform admins act on no side. */
export function useParty(): Party | null {
  const party = partyOfRole(useSession((s) => s.user?.roleType));
  return party === 'platform' ? null : party;
}
