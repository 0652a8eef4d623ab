// HS 2022 in memory: 6,940 codes (chapters, headings, subheadings), searched by code prefix or words.
// Codes stay strings (leading zeros). Loaded once, on first use.
import { readFileSync } from 'node:fs';
import {
  dottedHs,
  HS_RESERVED_CHAPTERS,
  hsDigits,
  hsShapeProblem,
  type Lang,
  type MessageCode,
  translate,
} from '@tradelane/contract';
import { csvObjects } from '../reference/csv.ts';
import { chapterNamesZh, sectionNamesZh } from './names.ts';

export interface HsEntry {
  code: string;
  level: 2 | 4 | 6;
  parent: string | null;
  section: string;
  en: string;
  /** Chinese name where we have one (chapters; customs lines add more from the database). */
  zh: string | null;
  /** Lower-cased English words for matching. */
  text: string;
}
export interface HsSection {
  code: string;
  en: string;
  zh: string;
}

let loaded: { entries: HsEntry[]; byCode: Map<string, HsEntry>; sections: HsSection[] } | null = null;

function load() {
  if (loaded) return loaded;
  const rows = csvObjects(readFileSync(new URL('./data/harmonized-system.csv', import.meta.url), 'utf8'));
  const entries: HsEntry[] = rows.map((r) => {
    const level = Number(r.level) as 2 | 4 | 6;
    return {
      code: r.hscode,
      level,
      parent: r.parent === 'TOTAL' ? null : r.parent,
      section: r.section,
      en: r.description,
      zh: level === 2 ? (chapterNamesZh[r.hscode] ?? null) : null,
      text: r.description.toLowerCase(),
    };
  });
  const sections = csvObjects(readFileSync(new URL('./data/hs-sections.csv', import.meta.url), 'utf8')).map(
    (r) => ({ code: r.section, en: r.name.trim(), zh: sectionNamesZh[r.section] ?? r.name }),
  );
  loaded = { entries, byCode: new Map(entries.map((e) => [e.code, e])), sections };
  return loaded;
}

export const hsSections = () => load().sections;
export const hsChapters = () => load().entries.filter((e) => e.level === 2);
export const hsEntry = (code: string) => load().byCode.get(code);

/**
 * Whether a code names an HS heading or subheading: 4 or 6 digits that exist, or a national line
 * (8 or 10 digits) whose first six exist.
 */
export function hsCodeExists(code: string): boolean {
  if (!/^\d{4,10}$/.test(code) || code.length % 2) return false;
  // Statistics' "not specified" (99, 9999, 999999) is in the data but is no HS 2022 code.
  if (HS_RESERVED_CHAPTERS.includes(code.slice(0, 2))) return false;
  return Boolean(hsEntry(code.length > 6 ? code.slice(0, 6) : code));
}

/** Dotted form used on documents: 8504.23, 8504.23.10.00. */
export const formatHs = dottedHs;

export type HsProblem = { code: MessageCode; params: Record<string, unknown> };

/**
 * Why a typed code is not one to classify goods with, or null: malformed (shape), not an HS 2022 code
 * (a reserved chapter, statistics' 9999.99), or unknown (no such heading or subheading — the refusal
 * lists what its parent holds, so the user sees the nearest real codes).
 */
export function hsCodeProblem(typed: string, lang: Lang): HsProblem | null {
  const shape = hsShapeProblem(typed);
  if (shape) return shape;
  const digits = hsDigits(typed);
  if (hsCodeExists(digits)) return null;
  const missing = digits.length > 6 ? digits.slice(0, 6) : digits;
  const parent = hsEntry(missing.slice(0, missing.length - 2));
  const children = parent
    ? load()
        .entries.filter((e) => e.parent === parent.code)
        .slice(0, 6)
        .map((e) => dottedHs(e.code))
    : [];
  return {
    code: 'hs.unknown',
    params: {
      code: dottedHs(digits),
      hint: parent
        ? translate('hs.unknown_hint', lang, {
            parent: dottedHs(parent.code),
            children: children.join(lang === 'en' ? ', ' : '、'),
          })
        : '',
    },
  };
}

export function describe(e: HsEntry) {
  const { sections } = load();
  const chapter = load().byCode.get(e.code.slice(0, 2));
  const section = sections.find((s) => s.code === e.section);
  return {
    code: e.code,
    formatted: formatHs(e.code),
    level: e.level,
    parent: e.parent,
    description: e.en,
    zhDescription: e.zh,
    chapter: chapter ? { code: chapter.code, en: chapter.en, zh: chapter.zh } : null,
    section: section ?? null,
  };
}

const CJK = /[\u3400-\u9fff]/;

/**
 * Search by code prefix (digits, dots and spaces allowed) or by words (every word must appear;
 * Chinese text matches the chapter and section names). Subheadings rank first, then headings.
 */
/** Chinese words for goods common in engineering projects → the English words the nomenclature uses. */
const ZH_GOODS: [string, string][] = [
  ['变压器', 'transformers'],
  ['互感器', 'transformers'],
  ['电缆', 'insulated cable'],
  ['电线', 'insulated wire'],
  ['光缆', 'optical fibre cables'],
  ['开关柜', 'boards panels consoles'],
  ['配电柜', 'boards panels consoles'],
  ['断路器', 'circuit breakers'],
  ['隔离开关', 'isolating switches'],
  ['避雷器', 'lightning arresters'],
  ['绝缘子', 'insulators'],
  ['阀门', 'taps cocks valves'],
  ['阀', 'taps cocks valves'],
  ['水泵', 'pumps for liquids'],
  ['泵', 'pumps'],
  ['电动机', 'electric motors'],
  ['电机', 'electric motors'],
  ['发电机', 'generators'],
  ['汽轮机', 'steam turbines'],
  ['锅炉', 'boilers'],
  ['压缩机', 'compressors'],
  ['风机', 'fans'],
  ['起重机', 'cranes'],
  ['钢结构', 'structures'],
  ['钢管', 'tubes pipes'],
  ['管道', 'tubes pipes'],
  ['螺栓', 'bolts'],
  ['仪表', 'measuring'],
  ['蓄电池', 'accumulators'],
  ['电池', 'accumulators'],
  ['灯具', 'luminaires'],
  ['空调', 'air conditioning'],
  ['轴承', 'bearings'],
];

export function searchHs(
  query: string,
  opts: { size: number; level?: number },
): { total: number; items: HsEntry[] } {
  const { entries, sections } = load();
  const q = query.trim();
  const digits = q.replace(/[.\s]/g, '');
  let hits: HsEntry[];
  if (/^\d+$/.test(digits)) {
    hits = entries.filter((e) => e.code.startsWith(digits.slice(0, 6)) || digits.startsWith(e.code));
    // A longer national code (8/10 digits) also shows the subheading it falls under.
    hits.sort((a, b) => a.code.localeCompare(b.code));
  } else if (CJK.test(q)) {
    const words = q.split(/[\s,，;；、]+/).filter(Boolean);
    const sectionCodes = new Set(
      sections.filter((s) => words.every((w) => s.zh.includes(w))).map((s) => s.code),
    );
    hits = entries.filter(
      (e) =>
        (e.zh && words.every((w) => e.zh?.includes(w))) || (e.level === 2 && sectionCodes.has(e.section)),
    );
    // No Chinese text exists below chapter level (until a tariff file is imported): common goods words
    // of engineering projects are looked up through their English nomenclature terms.
    const english = words
      .map((w) => ZH_GOODS.find(([zh]) => w.includes(zh))?.[1])
      .filter((x): x is string => !!x);
    if (english.length) {
      const seen = new Set(hits.map((e) => e.code));
      for (const term of english) {
        for (const e of searchHs(term, { size: 10_000 }).items) {
          if (!seen.has(e.code)) {
            seen.add(e.code);
            hits.push(e);
          }
        }
      }
    }
  } else {
    const words = q
      .toLowerCase()
      .split(/[^a-z0-9-]+/)
      .filter((w) => w.length > 0);
    if (!words.length) return { total: 0, items: [] };
    const starts = words.map((w) => new RegExp(`\\b${w.replace(/-/g, '\\-')}`));
    const scored: { e: HsEntry; s: number }[] = [];
    for (const e of entries) {
      if (!words.every((w) => e.text.includes(w))) continue;
      // Whole-word matches and deeper levels first: a user classifying goods wants subheadings.
      let s = e.level;
      for (const re of starts) if (re.test(e.text)) s += 10;
      scored.push({ e, s });
    }
    scored.sort((a, b) => b.s - a.s || a.e.code.localeCompare(b.e.code));
    hits = scored.map((x) => x.e);
  }
  if (opts.level) hits = hits.filter((e) => e.level === opts.level);
  return { total: hits.length, items: hits.slice(0, opts.size) };
}
