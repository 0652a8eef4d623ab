// Reference data and the caller's side of a project, shared by the issue-5 screens.

import { useQuery } from '@tanstack/react-query';
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
export function usePartnerships(enabled = true) {
  return useQuery({ queryKey: ['resource', 'partner', 'all'], queryFn: projectApi.partners, enabled });
}

export function refLabel(lang: Lang, item: { code: string; zh: string; en: string }): string {
  return `${item.code} · ${pick(lang, item.zh, item.en)}`;
}

/** The side of a project a role type works on (DESIGN §4); platform admins act on no side. */
export function partyOf(roleType: number | undefined): Party | null {
  if (roleType === 1) return 'supplier';
  if (roleType === 2) return 'logistics';
  if (roleType === 3) return null;
  return 'shipper';
}

export function useParty(): Party | null {
  return partyOf(useSession((s) => s.user?.roleType));
}
