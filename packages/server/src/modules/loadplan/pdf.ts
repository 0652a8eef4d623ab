// POST /api/loadPlan/pdf: the 3D loading tool's plan printed as a PDF by the server — a summary (the
// containers and the cargo list), then per container an overview (its full load and its box list) and
// its loading steps. Every word is text in the shipped CJK font (searchable, copyable, readable by a
// screen reader); the views are isometric vector drawings, one colour per box type as in the tool.
import {
  formatTime,
  type LoadPlanPrint,
  type LoadPlanPrintKey,
  loadPlanPrintWord,
  loadPlanPrintWords,
} from '@tradelane/contract';
import { loadplanOps } from '@tradelane/contract/api/loadplan';
import { type Placement, typeRgb } from '@tradelane/loadplan';
import type { FastifyInstance } from 'fastify';
import { mount } from '../../http/mount.ts';
import { sendAttachment } from '../../resources/sheet-import.ts';
import { type Doc, fitText, newDoc } from '../boxes/pdf.ts';
import { isoView } from '../boxes/pdf-iso.ts';

const PAGE_W = 842;
const PAGE_H = 595;
const M = 32;

/** The printed words (one catalogue with the browser's print), the ones with numbers as functions. */
function wordsIn(lang: 'zh' | 'en') {
  const f = (key: LoadPlanPrintKey, params: Record<string, string | number>) =>
    loadPlanPrintWord(lang, key, params);
  return {
    ...loadPlanPrintWords[lang],
    subtitle: (date: string, mode: string, where: string, ms: number) =>
      f('subtitle', { date, mode, where, ms }),
    maxTop: (kg: string) => f('maxTop', { kg }),
    group: (group: number) => f('group', { group }),
    leftoverNote: (count: number) => f('leftoverNote', { count }),
    containerTitle: (n: number, total: number, type: string) => f('containerTitle', { n, total, type }),
    facts: (l: string, w: string, h: string, boxes: number, volume: string, weight: string) =>
      f('facts', { l, w, h, boxes, volume, weight }),
    stepCaption: (from: number, to: number, total: number) => f('stepCaption', { from, to, total }),
    page: (page: number, total: number) => f('page', { page, total }),
  };
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const hex = (rgb: number[]) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
const mix = (rgb: number[], to: number, share: number) => rgb.map((v) => v + (to - v) * share);
/** Top lighter, front as is, side darker; boxes of earlier steps faded towards white. */
function shades(type: number, isNew: boolean): [string, string, string] {
  const base = isNew ? typeRgb(type) : mix(typeRgb(type), 255, 0.65);
  return [hex(mix(base, 255, 0.3)), hex(base), hex(mix(base, 0, 0.2))];
}

/** The smallest round group size giving at most `max` groups of `n` boxes. */
function groupSize(n: number, max: number): number {
  const need = Math.ceil(Math.max(1, n) / max);
  return [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100].find((s) => s >= need) ?? need;
}

interface Column {
  title: string;
  w: number;
  right?: boolean;
}

export function loadPlanPdf(r: LoadPlanPrint): Doc {
  const t = wordsIn(r.lang);
  const doc = newDoc('A4', 'landscape', true);
  let y = M;
  const page = () => {
    doc.addPage({ size: 'A4', layout: 'landscape', margin: 0 });
    y = M;
  };
  const line = (text: string, size: number, colour = '#1f2633', gap = 1.5) => {
    doc.fillColor(colour);
    fitText(doc, text, M, y, PAGE_W - 2 * M, size, size * 0.7);
    y += size * gap;
  };
  /** A table at y from x; rows continue on new pages under a repeated header. */
  const table = (cols: Column[], rows: (string | { swatch: number; text: string })[][], x = M) => {
    const rowH = 15;
    const width = cols.reduce((s, c) => s + c.w, 0);
    const head = () => {
      doc.rect(x, y - 3, width, rowH).fill('#eef1f6');
      cells(cols.map((c) => c.title));
    };
    const cells = (values: (string | { swatch: number; text: string })[]) => {
      let cx = x;
      cols.forEach((c, i) => {
        const v = values[i] ?? '';
        let tx = cx + 3;
        const text = typeof v === 'string' ? v : v.text;
        if (typeof v !== 'string') {
          doc.rect(tx, y, 8, 8).fill(hex(typeRgb(v.swatch)));
          tx += 11;
        }
        doc.fillColor('#1f2633');
        const w = c.w - (tx - cx) - 3;
        doc.fontSize(8);
        if (c.right && doc.widthOfString(text) <= w)
          doc.text(text, cx + c.w - 3 - doc.widthOfString(text), y, { lineBreak: false });
        else fitText(doc, text, tx, y, w, 8, 5.5);
        cx += c.w;
      });
      y += rowH;
    };
    if (y + 2 * rowH > PAGE_H - M) page();
    head();
    for (const row of rows) {
      if (y + rowH > PAGE_H - M) {
        page();
        head();
      }
      cells(row);
    }
    y += 8;
  };
  const rules = (b: LoadPlanPrint['boxes'][number]) =>
    [
      b.vertical && !b.vertical[0] && !b.vertical[1] ? t.thisSideUp : null,
      b.stackable === false ? t.noStack : b.maxLoadOnTop !== undefined ? t.maxTop(fmt(b.maxLoadOnTop)) : null,
      b.group ? t.group(b.group) : null,
    ]
      .filter(Boolean)
      .join(t.dot);
  const weightOf = (p: Placement) => r.boxes[p.type]?.weight ?? 0;
  const figures = (c: LoadPlanPrint['containers'][number]) => {
    const weight = c.placements.reduce((s, p) => s + weightOf(p), 0);
    const volume = c.placements.reduce((s, p) => s + p.l * p.w * p.h, 0) / (c.l * c.w * c.h);
    const cogX =
      weight > 0 ? c.placements.reduce((s, p) => s + weightOf(p) * (p.x + p.l / 2), 0) / weight : null;
    return { weight, volume, cogX };
  };
  const loaded = new Array<number>(r.boxes.length).fill(0);
  for (const c of r.containers) for (const p of c.placements) loaded[p.type] = (loaded[p.type] ?? 0) + 1;

  // Summary.
  page();
  line(t.title, 20, '#1f2633', 1.6);
  line(
    t.subtitle(formatTime(Date.now()), t.mode[r.mode], t.where[r.where], Math.round(r.ms)),
    9,
    '#6b7280',
    2.4,
  );
  line(t.containers, 12, '#1f2633', 1.7);
  table(
    [
      { title: t.no, w: 34 },
      { title: t.type, w: 200 },
      { title: t.inner, w: 150 },
      { title: t.boxes, w: 60, right: true },
      { title: t.volume, w: 80, right: true },
      { title: t.weight, w: 130, right: true },
      { title: t.cog, w: 124, right: true },
    ],
    r.containers.map((c, i) => {
      const f = figures(c);
      return [
        String(i + 1),
        c.label,
        `${fmt(c.l)} × ${fmt(c.w)} × ${fmt(c.h)}`,
        fmt(c.placements.length),
        `${fmt(f.volume * 100, 1)} %`,
        c.maxPayload ? `${fmt(f.weight)} / ${fmt(c.maxPayload)}` : fmt(f.weight),
        f.cogX === null ? '–' : `${fmt(f.cogX / 1000, 2)} m (${fmt((f.cogX / c.l) * 100)} %)`,
      ];
    }),
  );
  line(t.boxTypes, 12, '#1f2633', 1.7);
  table(
    [
      { title: t.name, w: 220 },
      { title: t.dims, w: 130 },
      { title: t.unitWeight, w: 80, right: true },
      { title: t.qty, w: 50, right: true },
      { title: t.loaded, w: 50, right: true },
      { title: t.leftover, w: 60, right: true },
      { title: t.rules, w: 188 },
    ],
    r.boxes.map((b, i) => [
      { swatch: i, text: b.name },
      `${fmt(b.l)} × ${fmt(b.w)} × ${fmt(b.h)}`,
      fmt(b.weight ?? 0, 1),
      fmt(b.qty),
      fmt(loaded[i] ?? 0),
      fmt(r.leftover[i] ?? 0),
      rules(b),
    ]),
  );
  const left = r.leftover.reduce((s, n) => s + n, 0);
  if (y + 20 > PAGE_H - M) page();
  line(left > 0 ? t.leftoverNote(left) : t.leftoverNone, 10, left > 0 ? '#d4380d' : '#389e0d');

  // Per container: the full load beside its box list, then its steps four to a page.
  r.containers.forEach((c, ci) => {
    const f = figures(c);
    const title = t.containerTitle(ci + 1, r.containers.length, c.label);
    const n = c.placements.length;
    const colours = (p: Placement, isNew: boolean) => shades(p.type, isNew);
    page();
    line(title, 15, '#1f2633', 1.5);
    line(t.facts(fmt(c.l), fmt(c.w), fmt(c.h), n, fmt(f.volume * 100, 1), fmt(f.weight)), 9, '#4b5563', 2);
    const top = y;
    // The whole load in its types' colours, without numbers (the steps number the boxes).
    isoView(doc, c, c.placements, n + 1, n, { x: M, y: top, w: 440, h: PAGE_H - M - top - 10 }, (p) =>
      shades(p.type, true),
    );
    const counts = new Array<number>(r.boxes.length).fill(0);
    for (const p of c.placements) counts[p.type] = (counts[p.type] ?? 0) + 1;
    table(
      [
        { title: t.name, w: 140 },
        { title: t.boxes, w: 40, right: true },
        { title: t.dims, w: 90 },
        { title: t.totalWeight, w: 58, right: true },
      ],
      counts.flatMap((k, i) => {
        const b = r.boxes[i];
        return b && k
          ? [
              [
                { swatch: i, text: b.name },
                fmt(k),
                `${fmt(b.l)}×${fmt(b.w)}×${fmt(b.h)}`,
                fmt(k * (b.weight ?? 0)),
              ],
            ]
          : [];
      }),
      PAGE_W - M - 328,
    );
    const size = groupSize(n, 8);
    const cellW = (PAGE_W - 2 * M - 20) / 2;
    const cellH = (PAGE_H - 2 * M - 40) / 2;
    let g = 0;
    for (let from = 1; from <= n; from += size, g++) {
      const to = Math.min(n, from + size - 1);
      if (g % 4 === 0) {
        page();
        line(`${title}${t.dot}${t.steps}`, 13, '#1f2633', 1.6);
      }
      const x = M + (g % 2) * (cellW + 20);
      const cy = M + 22 + Math.floor((g % 4) / 2) * (cellH + 14);
      const byType = new Map<number, number>();
      for (const p of c.placements.slice(from - 1, to)) byType.set(p.type, (byType.get(p.type) ?? 0) + 1);
      doc.fillColor('#1f2633');
      fitText(doc, t.stepCaption(from, to, n), x, cy, cellW, 10);
      doc.fillColor('#4b5563');
      fitText(
        doc,
        [...byType].map(([type, k]) => `${k} × ${r.boxes[type]?.name ?? ''}`).join(t.sep),
        x,
        cy + 14,
        cellW,
        8,
        6,
      );
      isoView(doc, c, c.placements, from, to, { x, y: cy + 28, w: cellW, h: cellH - 32 }, colours);
    }
  });

  // Page numbers, once every page exists.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.fillColor('#6b7280');
    fitText(
      doc,
      `Tradelane${t.dot}${t.title}${t.dot}${t.page(i - range.start + 1, range.count)}`,
      M,
      PAGE_H - M + 10,
      PAGE_W - 2 * M,
      7,
    );
  }
  doc.end();
  return doc;
}

export async function loadPlanPdfRoutes(app: FastifyInstance) {
  mount(
    app,
    loadplanOps.pdf,
    async (request, reply) => {
      const body = request.body;
      const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
      const name = `${body.lang === 'zh' ? '装箱方案' : 'load-plan'}-${stamp}.pdf`;
      return sendAttachment(reply, 'application/pdf', name, loadPlanPdf(body));
    },
    { config: { describe: 'print a load plan' } },
  );
}
