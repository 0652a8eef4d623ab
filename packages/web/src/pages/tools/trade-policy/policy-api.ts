// Trade policy calls: the search of one country and code, and the notes of many codes at once (badges
// on material rows and declaration lines), gathered into one request per scope and tick.
import type {
  applicableAnswer,
  applicableCodesAnswer,
  hsItemAnswer,
  policyNoteAnswer,
  policySearchAnswer,
  tariffRateAnswer,
} from '@tradelane/contract';
import { financeOps } from '@tradelane/contract/api/finance';
import type { z } from 'zod';
import { call } from '../../../api/client.ts';

export type PolicyNote = z.infer<typeof policyNoteAnswer>;
export type TariffRate = z.infer<typeof tariffRateAnswer>;
/** A level of the code's HS chain (chapter, heading, subheading). */
export type HsLink = z.infer<typeof hsItemAnswer>;
export type PolicyAnswer = z.infer<typeof policySearchAnswer>;
export type Applicable = z.infer<typeof applicableAnswer>;
type ApplicableAnswer = z.infer<typeof applicableCodesAnswer>;

export const policyApi = {
  search: (country: string, hsCode: string, includeExpired: boolean) =>
    call(financeOps.policySearch, { country, hsCode, includeExpired }),
  importRates: (file: File) => {
    const data = new FormData();
    data.append('file', file);
    return call(financeOps.importTariff, data);
  },
};

/** Where a badge's country comes from: a country code, or a batch (its project's country). */
export type PolicyScope = { country: string } | { batchId: number };
const scopeKey = (s: PolicyScope) => ('country' in s ? `c:${s.country}` : `b:${s.batchId}`);

type Pending = { codes: Set<string>; waiters: ((a: ApplicableAnswer | null) => void)[] };
const pending = new Map<string, Pending>();

/** The notes of one code, asked together with every other code asked for the same scope in this tick. */
export function applicableFor(scope: PolicyScope, code: string) {
  const key = scopeKey(scope);
  let p = pending.get(key);
  if (!p) {
    const created: Pending = { codes: new Set(), waiters: [] };
    p = created;
    pending.set(key, created);
    setTimeout(() => {
      pending.delete(key);
      call(financeOps.applicable, { ...scope, codes: [...created.codes] }, { silent: true }).then(
        (a) => {
          for (const w of created.waiters) w(a);
        },
        () => {
          for (const w of created.waiters) w(null);
        },
      );
    }, 20);
  }
  p.codes.add(code);
  return new Promise<{ countryName: string; item: Applicable | null }>((resolve) => {
    p.waiters.push((a) =>
      resolve({ countryName: a?.countryName ?? a?.country ?? '', item: a?.codes[code] ?? null }),
    );
  });
}
