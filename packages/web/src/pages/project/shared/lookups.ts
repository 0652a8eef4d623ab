// Reference data and the caller's side of a project, shared by the issue-5 screens.

import { useQuery } from '@tanstack/react-query';
import { partyOfRole } from '@tradelane/contract';
import type { Party } from '@tradelane/contract/project';
import { type Lang, pick } from '../../../i18n/index.ts';
import { useSession } from '../../../stores/session.ts';
import { projectApi } from '../project-api.ts';

const day = 24 * 3600_000;

export function useCurrencies() {
  return useQuery({ queryKey: ['ref', 'currencies'], queryFn: projectApi.currencies, staleTime: day }).data
    ?.content;
}
export function useCountries() {
  return useQuery({ queryKey: ['ref', 'countries'], queryFn: projectApi.countries, staleTime: day }).data
    ?.content;
}
export function useProjects() {
  return (
    useQuery({ queryKey: ['resource', 'project', 'all'], queryFn: () => projectApi.projects() }).data
      ?.content ?? []
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
  return useQuery({ queryKey: ['resource', 'partner', 'all'], queryFn: projectApi.partners, enabled });
}

export function refLabel(lang: Lang, item: { code: string; zh: string; en: string }): string {
  return `${item.code} · ${pick(lang, item.zh, item.en)}`;
}

/** The side of a project the signed-in user works on (contract's partyOfRole); platform admins act on no side. */
export function useParty(): Party | null {
  const party = partyOfRole(useSession((s) => s.user?.roleType));
  return party === 'platform' ? null : party;
}
