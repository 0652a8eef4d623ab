// The loading sheet of a container for the warehouse crew (PDF, A4 landscape, zh or en): the container
// and its figures, isometric views per step group (boxes loaded before shaded grey, the group's new ones
// highlighted and numbered), and the table of boxes in loading order. A container stuffed without a plan
// (boxes put in by hand, no positions) still lists every box it holds, with their count and weight.
import type { Lang } from '@tradelane/contract';
import type { Placement } from '@tradelane/loadplan';
import { type Doc, fitText, newDoc } from '../boxes/pdf.ts';
import { isoView } from '../boxes/pdf-iso.ts';
import type { StoredPlan, StuffedBox } from './plan.ts';

const L = (lang: Lang, zh: string, en: string) => (lang === 'zh' ? zh : en);
const PAGE_W = 842;
const PAGE_H = 595;
const M = 28;
/** At most this many step groups (views) per sheet; group sizes are round numbers. */
const MAX_GROUPS = 8;
const NICE = [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100, 150, 200, 250, 500];

export function groupSize(n: number, maxGroups = MAX_GROUPS): number {
  const need = Math.ceil(Math.max(1, n) / maxGroups);
  return NICE.find((s) => s >= need) ?? need;
}

type Item = StoredPlan['items'][number];

/** How a box stands, from its registered sizes (length, width, height) and its placed ones. */
function orientation(item: Item, p: Placement, lang: Lang): string {
  if (p.h === item.height) {
    const up = L(lang, '正放', 'upright');
    if (item.length === item.width) return up;
    return p.l === item.length
      ? L(lang, '正放，长边顺箱', 'upright, length along')
      : L(lang, '正放，长边横放', 'upright, length across');
  }
  return p.h === item.width
    ? L(lang, '侧放（宽边朝上）', 'on its side (width up)')
    : L(lang, '竖放（长边朝上）', 'on end (length up)');
}

function handling(item: Pick<Item, 'thisSideUp' | 'stackable' | 'fragile'>, lang: Lang): string {
  return [
    item.thisSideUp ? L(lang, '向上', 'this side up') : null,
    item.stackable ? null : L(lang, '不可堆叠', 'no stacking'),
    item.fragile ? L(lang, '易碎', 'fragile') : null,
  ]
    .filter(Boolean)
    .join(lang === 'zh' ? '、' : ', ');
}

const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

export function loadingSheetPdf(stored: StoredPlan, all: StuffedBox[], batchNumber: string, lang: Lang): Doc {
  const doc = newDoc('A4', 'landscape');
  const { plan, items } = stored;
  const c = plan.container;
  const n = plan.placements.length;
  const unplaced = all.filter((b) => !b.placed);
  const weight = all.reduce((sum, b) => sum + b.grossWeight, 0);
  const volume = all.reduce((sum, b) => sum + b.length * b.width * b.height, 0);
  const header = (page: string) => {
    doc.addPage();
    doc.fillColor('#000').fontSize(15);
    doc.text(`${L(lang, '装箱单', 'Loading sheet')} · ${stored.containerNumber} (${stored.typeCode})`, M, M, {
      lineBreak: false,
    });
    doc.fontSize(8.5).fillColor('#555');
    doc.text(`${L(lang, '批次', 'Batch')} ${batchNumber}  ·  ${page}`, M, M + 20, { lineBreak: false });
    doc.fillColor('#000');
  };

  header(L(lang, '装载总览', 'Overview'));
  const cog = plan.centreOfGravity;
  const off = plan.cogOffset;
  const facts: [string, string][] = [
    [L(lang, '内尺寸 (mm)', 'Inner size (mm)'), `${fmt(c.l)} × ${fmt(c.w)} × ${fmt(c.h)}`],
    [L(lang, '封号', 'Seal'), stored.sealNumber ?? '—'],
    [
      L(lang, '箱件数', 'Boxes'),
      unplaced.length
        ? L(
            lang,
            `${all.length}（${unplaced.length} 件未排位）`,
            `${all.length} (${unplaced.length} without a position)`,
          )
        : String(all.length),
    ],
    [L(lang, '货重 / 载重 (kg)', 'Cargo / payload (kg)'), `${fmt(weight)} / ${fmt(c.maxPayload ?? 0)}`],
    [
      L(lang, '体积 / 重量利用率', 'Fill by volume / weight'),
      `${fmt((volume / (c.l * c.w * c.h)) * 100, 1)}% / ${c.maxPayload ? fmt((weight / c.maxPayload) * 100, 1) : '—'}%`,
    ],
    [
      L(lang, '重心 (mm，距后壁/左壁/箱底)', 'Centre of gravity (mm from back wall / left wall / floor)'),
      cog && !unplaced.length ? `${fmt(cog.x)} / ${fmt(cog.y)} / ${fmt(cog.z)}` : '—',
    ],
    [
      L(lang, '重心偏离中心 (长向 / 宽向)', 'Off the middle (length / width)'),
      off && !unplaced.length ? `${fmt(off.x * 100, 1)}% / ${fmt(off.y * 100, 1)}%` : '—',
    ],
  ];
  facts.forEach(([k, v], i) => {
    doc
      .fontSize(9)
      .fillColor('#555')
      .text(k, M, M + 46 + i * 15, { width: 230, lineBreak: false });
    doc.fillColor('#000').text(v, M + 235, M + 46 + i * 15, { width: 200, lineBreak: false });
  });
  doc
    .fontSize(8.5)
    .fillColor('#555')
    .text(
      n
        ? L(
            lang,
            '从箱门看：x 自后壁向箱门，y 自左壁向右，z 自箱底向上。按序号装载；橙色为本步新装的箱件。',
            'Seen from the door: x from the back wall towards the door, y from the left wall, z up from the floor. Load in number order; orange boxes are the ones this step adds.',
          )
        : L(
            lang,
            '本箱未做装箱方案：箱件为人工装箱，没有位置。下表列出箱内全部箱件。',
            'This container was stuffed without a load plan: its boxes have no positions. The table lists every box in it.',
          ),
      M,
      M + 46 + facts.length * 15 + 6,
      { width: 420 },
    );
  if (n)
    isoView(doc, stored.plan.container, stored.plan.placements, n + 1, n, {
      x: 470,
      y: M + 40,
      w: PAGE_W - 470 - M,
      h: 240,
    });

  // Step groups, four views to a page.
  const size = groupSize(n);
  const groups: [number, number][] = [];
  for (let from = 1; from <= n; from += size) groups.push([from, Math.min(n, from + size - 1)]);
  const cellW = (PAGE_W - 2 * M - 20) / 2;
  const cellH = (PAGE_H - M - 60 - 20) / 2;
  groups.forEach(([from, to], g) => {
    if (g % 4 === 0) header(L(lang, '分步装载图', 'Loading steps'));
    const col = g % 2;
    const row = Math.floor((g % 4) / 2);
    const x = M + col * (cellW + 20);
    const y = M + 44 + row * (cellH + 20);
    doc.fontSize(10).fillColor('#000');
    const title = lang === 'zh' ? `第 ${g + 1} 步：箱件 ${from}–${to}` : `Step ${g + 1}: boxes ${from}–${to}`;
    doc.text(title, x, y, { lineBreak: false });
    isoView(doc, stored.plan.container, stored.plan.placements, from, to, {
      x,
      y: y + 14,
      w: cellW,
      h: cellH - 16,
    });
  });

  // The table, in loading order.
  const cols: { title: string; w: number }[] = [
    { title: L(lang, '序号', 'No.'), w: 34 },
    { title: L(lang, '箱号', 'Box number'), w: 150 },
    { title: L(lang, '位置 x / y / z (mm)', 'Position x / y / z (mm)'), w: 130 },
    { title: L(lang, '摆放尺寸 (mm)', 'Placed size (mm)'), w: 120 },
    { title: L(lang, '摆放方式', 'Orientation'), w: 150 },
    { title: L(lang, '毛重 (kg)', 'Gross (kg)'), w: 64 },
    { title: L(lang, '注意', 'Handling'), w: PAGE_W - 2 * M - 648 },
  ];
  const rowH = 15;
  let y = PAGE_H;
  const tableHead = () => {
    header(L(lang, '装载顺序', 'Loading order'));
    y = M + 44;
    let x = M;
    doc.rect(M, y - 3, PAGE_W - 2 * M, rowH).fill('#e8ecf2');
    doc.fillColor('#000');
    for (const col of cols) {
      fitText(doc, col.title, x + 2, y, col.w - 4, 8.5);
      x += col.w;
    }
    y += rowH;
  };
  const row = (cells: string[]) => {
    if (y + rowH > PAGE_H - M) tableHead();
    let x = M;
    doc.fillColor('#000');
    cells.forEach((text, k) => {
      fitText(doc, text, x + 2, y, cols[k]!.w - 4, 8.5);
      x += cols[k]!.w;
    });
    doc
      .moveTo(M, y + rowH - 3)
      .lineTo(PAGE_W - M, y + rowH - 3)
      .lineWidth(0.3)
      .strokeColor('#ccc')
      .stroke();
    y += rowH;
  };
  plan.placements.forEach((p, i) => {
    const item = items[i]!;
    row([
      String(i + 1),
      item.boxNumber,
      `${fmt(p.x)} / ${fmt(p.y)} / ${fmt(p.z)}`,
      `${fmt(p.l)} × ${fmt(p.w)} × ${fmt(p.h)}`,
      orientation(item, p, lang),
      fmt(item.grossWeight, 1),
      handling(item, lang),
    ]);
  });
  // Boxes stuffed by hand: no position, their registered size.
  unplaced.forEach((b, i) => {
    row([
      String(n + i + 1),
      b.boxNumber,
      '—',
      `${fmt(b.length)} × ${fmt(b.width)} × ${fmt(b.height)}`,
      '—',
      fmt(b.grossWeight, 1),
      handling(b, lang),
    ]);
  });
  if (y + rowH > PAGE_H - M) tableHead();
  fitText(
    doc,
    `${L(lang, '合计', 'Total')}: ${L(lang, `${all.length} 件`, `${all.length} boxes`)}, ${fmt(weight, 1)} kg`,
    M + 2,
    y + 2,
    PAGE_W - 2 * M,
    9,
  );
  doc.end();
  return doc;
}
