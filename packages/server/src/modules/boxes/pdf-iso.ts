// An isometric view of a loaded container, drawn as vectors in a PDF: seen from the door side, the
// container's floor and far walls, its boxes back to front (the loading sheet's step views and the load
// plan's printed views).
import type { Placement } from '@tradelane/loadplan';
import type { Doc } from './pdf.ts';

const COS = Math.cos(Math.PI / 6);
const SIN = Math.sin(Math.PI / 6);

/**
 * One isometric view seen from the door side (+x, +y, up): the container's edges, boxes 1..upTo drawn
 * back to front, boxes from..upTo highlighted with their loading numbers.
 */
export function isoView(
  doc: Doc,
  c: { l: number; w: number; h: number },
  placements: readonly Placement[],
  from: number,
  upTo: number,
  box: { x: number; y: number; w: number; h: number },
  /** Fill colours (top, front, side) of a box: by default earlier boxes grey, the new ones orange. */
  colours: (p: Placement, isNew: boolean) => readonly [string, string, string] = (_p, isNew) =>
    isNew ? ['#ffd591', '#fa8c16', '#d46b08'] : ['#e4e7eb', '#c3c8cf', '#a9b0b9'],
) {
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
  const shown = placements.slice(0, upTo).map((p, i) => ({ p, seq: i + 1 }));
  // Painter's order: farther from the viewer first.
  shown.sort((a, b) => a.p.x + a.p.l + a.p.y + a.p.w + a.p.z - (b.p.x + b.p.l + b.p.y + b.p.w + b.p.z));
  for (const { p, seq } of shown) {
    const isNew = seq >= from;
    const [top, front, side] = colours(p, isNew);
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
