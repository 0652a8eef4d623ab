// The loading sheet of a planned container for the warehouse crew (PDF, A4 landscape, zh or en): the
// container and its figures, isometric views per step group (boxes loaded before shaded grey, the
// group's new ones highlighted and numbered), and the table of boxes in loading order.
import type { Lang } from '@tradelane/contract';
import type { Placement } from '@tradelane/loadplan';
import { type Doc, fitText, newDoc } from '../boxes/pdf.ts';
import type { StoredPlan } from './plan.ts';

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

function handling(item: Item, lang: Lang): string {
  return [
    item.thisSideUp ? L(lang, '向上', 'this side up') : null,
    item.stackable ? null : L(lang, '不可堆叠', 'no stacking'),
    item.fragile ? L(lang, '易碎', 'fragile') : null,
  ]
    .filter(Boolean)
    .join(lang === 'zh' ? '、' : ', ');
}

const COS = Math.cos(Math.PI / 6);
const SIN = Math.sin(Math.PI / 6);

/**
 * One isometric view seen from the door side (+x, +y, up): the container's edges, boxes 1..upTo drawn
 * back to front, boxes from..upTo highlighted with their loading numbers.
 */
function isoView(
  doc: Doc,
  stored: StoredPlan,
  from: number,
  upTo: number,
  box: { x: number; y: number; w: number; h: number },
) {
  const c = stored.plan.container;
  const proj = (x: number, y: number, z: number) => [(x - y) * COS, (x + y) * SIN - z] as const;
  const corners = [0, c.l].flatMap((x) => [0, c.w].flatMap((y) => [0, c.h].map((z) => proj(x, y, z))));
  const minU = Math.min(...corners.map((p) => p[0]));
  const maxU = Math.max(...corners.map((p) => p[0]));
  const minV = Math.min(...corners.map((p) => p[1]));
  const maxV = Math.max(...corners.map((p) => p[1]));
  const scale = Math.min(box.w / (maxU - minU), box.h / (maxV - minV));
  const ox = box.x + (box.w - (maxU - minU) * scale) / 2;
  const oy = box.y + (box.h - (maxV - minV) * scale) / 2;
  const pt = (x: number, y: number, z: number): [number, number] => {
    const [u, v] = proj(x, y, z);
    return [ox + (u - minU) * scale, oy + (v - minV) * scale];
  };
  const poly = (pts: [number, number][]) => {
    doc.moveTo(pts[0]![0], pts[0]![1]);
    for (const p of pts.slice(1)) doc.lineTo(p[0], p[1]);
    doc.closePath();
  };
  // Floor and the two far walls.
  doc.save().lineWidth(0.6);
  poly([pt(0, 0, 0), pt(c.l, 0, 0), pt(c.l, c.w, 0), pt(0, c.w, 0)]);
  doc.fillAndStroke('#f2f4f7', '#8a94a6');
  poly([pt(0, 0, 0), pt(0, c.w, 0), pt(0, c.w, c.h), pt(0, 0, c.h)]);
  doc.fillAndStroke('#e9edf3', '#8a94a6');
  poly([pt(0, 0, 0), pt(c.l, 0, 0), pt(c.l, 0, c.h), pt(0, 0, c.h)]);
  doc.fillAndStroke('#eef1f5', '#8a94a6');
  const shown = stored.plan.placements.slice(0, upTo).map((p, i) => ({ p, seq: i + 1 }));
  // Painter's order: farther from the viewer first.
  shown.sort((a, b) => a.p.x + a.p.l + a.p.y + a.p.w + a.p.z - (b.p.x + b.p.l + b.p.y + b.p.w + b.p.z));
  for (const { p, seq } of shown) {
    const isNew = seq >= from;
    const [top, front, side] = isNew ? ['#ffd591', '#fa8c16', '#d46b08'] : ['#e4e7eb', '#c3c8cf', '#a9b0b9'];
    const { x, y, z, l, w, h } = p;
    poly([pt(x, y, z + h), pt(x + l, y, z + h), pt(x + l, y + w, z + h), pt(x, y + w, z + h)]);
    doc.fillAndStroke(top, '#555');
    poly([pt(x + l, y, z), pt(x + l, y + w, z), pt(x + l, y + w, z + h), pt(x + l, y, z + h)]);
    doc.fillAndStroke(front, '#555');
    poly([pt(x, y + w, z), pt(x + l, y + w, z), pt(x + l, y + w, z + h), pt(x, y + w, z + h)]);
    doc.fillAndStroke(side, '#555');
    if (isNew) {
      const [tx, ty] = pt(x + l / 2, y + w / 2, z + h);
      doc
        .fillColor('#000')
        .fontSize(7)
        .text(String(seq), tx - 10, ty - 4, { width: 20, align: 'center' });
    }
  }
  // The near edges of the container, over the cargo, so its outline reads.
  doc.lineWidth(0.5).strokeColor('#8a94a6').dash(2, { space: 2 });
  for (const [a, b] of [
    [pt(c.l, 0, c.h), pt(c.l, c.w, c.h)],
    [pt(c.l, c.w, 0), pt(c.l, c.w, c.h)],
    [pt(0, c.w, c.h), pt(c.l, c.w, c.h)],
  ] as const)
    doc.moveTo(a[0], a[1]).lineTo(b[0], b[1]).stroke();
  doc.undash().restore();
}

const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

export function loadingSheetPdf(stored: StoredPlan, batchNumber: string, lang: Lang): Doc {
  const doc = newDoc('A4', 'landscape');
  const { plan, items } = stored;
  const c = plan.container;
  const n = plan.placements.length;
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
    [L(lang, '箱件数', 'Boxes'), String(n)],
    [
      L(lang, '货重 / 载重 (kg)', 'Cargo / payload (kg)'),
      `${fmt(plan.totalWeight)} / ${fmt(c.maxPayload ?? 0)}`,
    ],
    [
      L(lang, '体积 / 重量利用率', 'Fill by volume / weight'),
      `${fmt(plan.volumeUtilisation * 100, 1)}% / ${fmt(plan.weightUtilisation * 100, 1)}%`,
    ],
    [
      L(lang, '重心 (mm，距后壁/左壁/箱底)', 'Centre of gravity (mm from back wall / left wall / floor)'),
      cog ? `${fmt(cog.x)} / ${fmt(cog.y)} / ${fmt(cog.z)}` : '—',
    ],
    [
      L(lang, '重心偏离中心 (长向 / 宽向)', 'Off the middle (length / width)'),
      off ? `${fmt(off.x * 100, 1)}% / ${fmt(off.y * 100, 1)}%` : '—',
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
      L(
        lang,
        '从箱门看：x 自后壁向箱门，y 自左壁向右，z 自箱底向上。按序号装载；橙色为本步新装的箱件。',
        'Seen from the door: x from the back wall towards the door, y from the left wall, z up from the floor. Load in number order; orange boxes are the ones this step adds.',
      ),
      M,
      M + 46 + facts.length * 15 + 6,
      { width: 420 },
    );
  isoView(doc, stored, n + 1, n, { x: 470, y: M + 40, w: PAGE_W - 470 - M, h: 240 });

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
    isoView(doc, stored, from, to, { x, y: y + 14, w: cellW, h: cellH - 16 });
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
  plan.placements.forEach((p, i) => {
    if (y + rowH > PAGE_H - M) tableHead();
    const item = items[i]!;
    const cells = [
      String(i + 1),
      item.boxNumber,
      `${fmt(p.x)} / ${fmt(p.y)} / ${fmt(p.z)}`,
      `${fmt(p.l)} × ${fmt(p.w)} × ${fmt(p.h)}`,
      orientation(item, p, lang),
      fmt(item.grossWeight, 1),
      handling(item, lang),
    ];
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
  });
  doc.end();
  return doc;
}
