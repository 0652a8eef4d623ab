// Query keys by resource name, in one place. Every query of a family — its lists, details, pickers,
// timelines — starts with ['resource', <family>], so a command or a save refreshes that family (and the
// families whose rows it changes on the server: the contract's familyEffects) and never every query.
import type { QueryClient } from '@tanstack/react-query';
import { familyEffects } from '@tradelane/contract';

export const RESOURCE = 'resource';

/** ['resource', family, ...rest]: the key of any query of a family. */
export function resourceKey<R extends readonly unknown[]>(family: string, ...rest: R) {
  return [RESOURCE, family, ...rest] as const;
}

/** The families a change to `families` refreshes: themselves and, transitively, what they change — once each. */
export function familiesChangedBy(families: readonly string[]): string[] {
  const out = new Set<string>();
  const visit = (f: string) => {
    if (out.has(f)) return;
    out.add(f);
    for (const also of familyEffects[f] ?? []) visit(also);
  };
  for (const f of families) visit(f);
  return [...out];
}

/** Marks stale (and refetches the shown) queries of these families and of the families they change. */
export function refreshResources(qc: QueryClient, families: readonly string[]): Promise<void> {
  const hit = new Set(familiesChangedBy(families));
  return qc.invalidateQueries({
    predicate: (q) => q.queryKey[0] === RESOURCE && hit.has(String(q.queryKey[1])),
  });
}
