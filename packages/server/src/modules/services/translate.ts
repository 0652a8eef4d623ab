// Translation (GET /api/auxiliary/translate): zh↔en for material names and free text. The
// product's own words come first — the caller's bilingual material codes and rows, the HS 2022 chapters
// and sections, the imported Chinese tariff lines against their HS 2022 subheadings, and a curated
// glossary — then a LibreTranslate-compatible service (POST {url}/translate) when one is set up. Offline
// the answer is the glossary's match, or a stated reason with the glossary terms found in the text.
import {
  type Lang,
  translate as message,
  type TranslateAnswer,
  type TranslateSource,
} from '@tradelane/contract';
import { servicesOps } from '@tradelane/contract/api/services';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { caller } from '../../http/auth.ts';
import { langOf } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { guardedFetch } from '../../lib/outbound.ts';
import { hsChapters, hsEntry, hsSections } from '../hs/hs-index.ts';
import { tariffLineNames } from '../hs/tariff.ts';
import { bilingualMaterialCode } from '../supplies/material-codes.ts';
import { classifiedRowNamed } from '../supplies/rows.ts';
import { curatedGlossary } from './glossary-data.ts';
import { effectiveSettings } from './settings.ts';

const HAN = /[\u3400-\u9fff]/;

/** Comparable form: zh without spaces; en lower-case, single-spaced, without trailing punctuation. */
export function norm(text: string, lang: Lang): string {
  const t = text.normalize('NFKC').trim();
  if (lang === 'zh') return t.replace(/\s+/g, '').replace(/[。；;，,.]+$/, '');
  return t
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[.;,]+$/, '');
}

interface Pair {
  zh: string;
  en: string;
  source: TranslateSource;
}

let fixed: { zh: Map<string, Pair>; en: Map<string, Pair>; terms: Pair[]; termsEn: Pair[] } | null = null;

/** The curated glossary and the HS chapter and section names, indexed both ways (built once). */
function fixedGlossary() {
  if (fixed) return fixed;
  const zh = new Map<string, Pair>();
  const en = new Map<string, Pair>();
  const add = (p: Pair) => {
    if (!zh.has(norm(p.zh, 'zh'))) zh.set(norm(p.zh, 'zh'), p);
    if (!en.has(norm(p.en, 'en'))) en.set(norm(p.en, 'en'), p);
  };
  const terms = curatedGlossary.map(([z, e]) => ({ zh: z, en: e, source: 'glossary' as const }));
  for (const p of terms) add(p);
  for (const c of hsChapters()) if (c.zh) add({ zh: c.zh, en: c.en, source: 'hs' });
  for (const s of hsSections()) if (s.zh !== s.en) add({ zh: s.zh, en: s.en, source: 'hs' });
  // Longest first, so 主变压器 is found before 变压器 and gate valve before valve.
  terms.sort((a, b) => b.zh.length - a.zh.length);
  const termsEn = [...terms].sort((a, b) => b.en.length - a.en.length);
  fixed = { zh, en, terms, termsEn };
  return fixed;
}

/**
 * Imported tariff lines both ways: zh name → its HS 2022 subheading text, and a subheading's English
 * text → the zh name of its line (the lowest code under it). Read again after ten minutes.
 */
let tariff: { at: number; byZh: Map<string, Pair>; byEn: Map<string, Pair> } | null = null;
async function tariffGlossary(db: Db) {
  if (tariff && Date.now() - tariff.at < 600_000) return tariff;
  const rows = await tariffLineNames(db);
  const byZh = new Map<string, Pair>();
  const byEn = new Map<string, Pair>();
  for (const r of rows) {
    const e = hsEntry(r.hs6);
    if (!e) continue;
    const pair: Pair = { zh: r.name, en: e.en, source: 'hs' };
    if (!byZh.has(norm(r.name, 'zh'))) byZh.set(norm(r.name, 'zh'), pair);
    if (!byEn.has(norm(e.en, 'en'))) byEn.set(norm(e.en, 'en'), pair);
  }
  tariff = { at: Date.now(), byZh, byEn };
  return tariff;
}
export function forgetTariffGlossary() {
  tariff = null;
}

/** The caller's own bilingual names: its material codes, then its material rows (supplier or owner). */
async function materialPair(db: Db, tenantId: number, text: string, from: Lang): Promise<Pair | null> {
  const want = norm(text, from);
  const hit = await bilingualMaterialCode(
    db,
    tenantId,
    from === 'zh' ? { name: text.trim() } : { enLower: want },
  );
  if (hit?.en) return { zh: hit.zh, en: hit.en, source: 'material' };
  if (from !== 'zh') return null;
  // The supplier's classified rows, then the owner's.
  const row = await classifiedRowNamed(db, tenantId, text.trim());
  return row?.en ? { zh: row.zh, en: row.en, source: 'material' } : null;
}

/** Curated terms inside a longer text, for a partial answer. */
function termsIn(text: string, from: Lang): TranslateAnswer['terms'] {
  const found: TranslateAnswer['terms'] = [];
  let rest = from === 'zh' ? text : ` ${norm(text, 'en')} `;
  const { terms, termsEn } = fixedGlossary();
  for (const p of from === 'zh' ? terms : termsEn) {
    const term = from === 'zh' ? p.zh : ` ${p.en} `;
    if (!rest.includes(term)) continue;
    found.push({ term: from === 'zh' ? p.zh : p.en, translation: from === 'zh' ? p.en : p.zh });
    rest = rest.split(term).join(' | ');
    if (found.length >= 20) break;
  }
  return found;
}

/** LibreTranslate's POST /translate: {q, source, target, format, api_key} → {translatedText}. */
async function viaService(
  app: FastifyInstance,
  url: string,
  key: string | null,
  q: string,
  from: Lang,
  to: Lang,
): Promise<string> {
  const res = await guardedFetch(app.config.outbound, `${url}/translate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ q, source: from, target: to, format: 'text', ...(key ? { api_key: key } : {}) }),
    signal: AbortSignal.timeout(8000),
  });
  const body = (await res.json().catch(() => null)) as { translatedText?: unknown; error?: unknown } | null;
  if (!res.ok)
    throw new Error(`HTTP ${res.status}${typeof body?.error === 'string' ? `: ${body.error}` : ''}`);
  if (typeof body?.translatedText !== 'string' || !body.translatedText.trim())
    throw new Error('no translatedText in the answer');
  return body.translatedText.trim();
}

export async function translateText(
  app: FastifyInstance,
  tenantId: number,
  input: { q: string; from: Lang | 'auto'; to?: Lang },
  lang: Lang,
): Promise<TranslateAnswer> {
  const q = input.q.trim();
  const from: Lang = input.from === 'auto' ? (HAN.test(q) ? 'zh' : 'en') : input.from;
  const to: Lang = input.to ?? (from === 'zh' ? 'en' : 'zh');
  const answer = (text: string, source: TranslateSource): TranslateAnswer => ({
    text,
    from,
    to,
    source,
    terms: [],
  });
  if (from === to) return answer(q, 'glossary');
  const pick = (p: Pair) => answer(to === 'en' ? p.en : p.zh, p.source);
  const material = await materialPair(app.db, tenantId, q, from);
  if (material) return pick(material);
  const g = fixedGlossary();
  const hit = (from === 'zh' ? g.zh : g.en).get(norm(q, from));
  if (hit) return pick(hit);
  const lines = await tariffGlossary(app.db);
  const line = (from === 'zh' ? lines.byZh : lines.byEn).get(norm(q, from));
  if (line) return pick(line);
  const settings = await effectiveSettings(app);
  let why: string;
  if (settings.translateUrl) {
    try {
      return answer(
        await viaService(app, settings.translateUrl, settings.translateKey, q, from, to),
        'service',
      );
    } catch (err) {
      // The caller learns that it failed, not how: a network error's words would map the network.
      app.log.warn({ err }, 'translation service failed');
      why = message('translate.why_down', lang, { reason: message('outbound.unreachable', lang) });
    }
  } else why = message('translate.why_not_configured', lang);
  return {
    text: null,
    from,
    to,
    source: null,
    terms: termsIn(q, from),
    reason: message('translate.unavailable', lang, { why }),
  };
}

export async function translateRoutes(app: FastifyInstance) {
  mount(app, servicesOps.translate, async (request) =>
    translateText(app, caller(request).tenantId, request.query, langOf(request)),
  );
}
