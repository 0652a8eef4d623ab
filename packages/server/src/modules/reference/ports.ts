// UN/LOCODE sea ports, searched in memory (17,051 rows load in well under a second, once).
import { readFileSync } from 'node:fs';
import { csvObjects } from './csv.ts';

export interface Port {
  locode: string;
  country: string;
  name: string;
  nameAscii: string;
  subdivision: string;
  functions: string;
  lat: number | null;
  lon: number | null;
  /** Old codes carriers still write for this port. */
  aliases: string[];
}

/**
 * Carriers write Chinese ports with their old codes, which UN/LOCODE now gives to airports or has
 * dropped (data/README): map them to the port entries of the same city.
 */
export const portAliases: Record<string, string> = {
  CNSHA: 'CNSGH',
  CNNGB: 'CNNBO',
  CNTAO: 'CNQIN',
  CNSZX: 'CNSNZ',
  // Jakarta's Tanjung Priok, as carriers write it; UN/LOCODE lists its port area as New Priok.
  IDJKT: 'IDCTO',
};

let index: { all: Port[]; byCode: Map<string, Port> } | null = null;

function load() {
  if (index) return index;
  const text = readFileSync(new URL('./data/unlocode-seaports.csv', import.meta.url), 'utf8');
  const all: Port[] = csvObjects(text).map((r) => ({
    locode: `${r.country}${r.location}`,
    country: r.country,
    name: r.name,
    nameAscii: r.nameWoDiacritics,
    subdivision: r.subdivision,
    functions: r.function,
    lat: r.lat ? Number(r.lat) : null,
    lon: r.lon ? Number(r.lon) : null,
    aliases: [],
  }));
  const byCode = new Map(all.map((p) => [p.locode, p]));
  for (const [alias, target] of Object.entries(portAliases)) byCode.get(target)?.aliases.push(alias);
  index = { all, byCode };
  return index;
}

/** A port by its code or one of its aliases. */
export function findPort(code: string | null | undefined): Port | undefined {
  if (!code) return undefined;
  const c = code.toUpperCase().replace(/\s/g, '');
  const { byCode } = load();
  return byCode.get(c) ?? byCode.get(portAliases[c] ?? '');
}

export function searchPorts(q: string, opts: { country?: string; size: number }): Port[] {
  const { all } = load();
  const term = q.trim().toLowerCase();
  const code = term.toUpperCase().replace(/\s/g, '');
  const country = opts.country?.toUpperCase();
  const scored: { p: Port; s: number }[] = [];
  for (const p of all) {
    if (country && p.country !== country) continue;
    let s = 0;
    if (!term) s = 1;
    else if (p.locode === code || p.aliases.includes(code)) s = 100;
    else if (p.locode.startsWith(code) || p.aliases.some((a) => a.startsWith(code))) s = 50;
    else {
      const n = p.name.toLowerCase();
      const a = p.nameAscii.toLowerCase();
      if (n.startsWith(term) || a.startsWith(term)) s = 30;
      else if (n.includes(term) || a.includes(term)) s = 10;
    }
    if (s) scored.push({ p, s });
  }
  scored.sort((x, y) => y.s - x.s || x.p.name.localeCompare(y.p.name));
  return scored.slice(0, opts.size).map((x) => x.p);
}
