// The pages of the printed load plan: a summary, then per container an overview with its box list and
// pages of step views (one view after each step group, earlier boxes faded).
import { formatTime } from '@tradelane/contract';
import { typeColor } from '@tradelane/loadplan';
import type { TFunction } from 'i18next';
import * as THREE from 'three';
import { fixed } from '../../../utils/numbers.ts';
import { plannedLabel } from './container-rows.ts';
import type { PlanResult } from './model.ts';
import { type Cell, MARGIN, PAGE_W, PageWriter } from './page-writer.ts';
import { buildContainerScene, type ContainerScene, cameraPose, VIEW_FOV } from './scene-build.ts';
import { countByType, stepGroups } from './step-groups.ts';

/** Step views per container in the printed plan (four to a page). */
export const PRINT_GROUPS = 8;

class ViewRenderer {
  private readonly renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  private readonly scene = new THREE.Scene();

  constructor() {
    this.renderer.setPixelRatio(1);
    this.scene.background = new THREE.Color('#eef1f6');
  }

  draw(
    cs: ContainerScene,
    step: number,
    focusFrom: number,
    ctx: CanvasRenderingContext2D,
    x: number,
    y: number,
    w: number,
    h: number,
  ) {
    this.renderer.setSize(w, h, false);
    cs.setStep(step);
    cs.setFocus(focusFrom);
    this.scene.add(cs.root);
    const camera = new THREE.PerspectiveCamera(VIEW_FOV, w / h, 0.05, 500);
    const pose = cameraPose(cs.size, w / h, VIEW_FOV);
    camera.position.copy(pose.position);
    camera.lookAt(pose.target);
    this.renderer.render(this.scene, camera);
    this.scene.remove(cs.root);
    ctx.drawImage(this.renderer.domElement, x, y, w, h);
    ctx.strokeStyle = '#c9ced6';
    ctx.lineWidth = 2;
    ctx.strokeRect(x, y, w, h);
  }

  dispose() {
    this.renderer.dispose();
    this.renderer.forceContextLoss();
  }
}

const fmt = (n: number, digits = 0) => fixed(n, digits);

/** Lets the page repaint between containers of a long plan. */
/** The summary's second line; every document dates itself as yyyy-MM-dd HH:mm:ss, whatever the locale. */
export function summarySubtitle(
  result: Pick<PlanResult, 'mode' | 'where' | 'ms'>,
  t: TFunction,
  now = new Date(),
) {
  return t('loadplan.pdfDoc.subtitle', {
    date: formatTime(now.getTime()),
    mode: t(`loadplan.mode.${result.mode}`),
    where: t(`loadplan.where.${result.where}`),
    ms: result.ms,
  });
}

const breathe = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function planPages(
  result: PlanResult,
  t: TFunction,
  lang: 'zh' | 'en',
): Promise<HTMLCanvasElement[]> {
  const { plan, boxes, names } = result;
  const w = new PageWriter(
    (page, total) =>
      `Tradelane · ${t('loadplan.pdfDoc.title')} · ${t('loadplan.pdfDoc.page', { page, total })}`,
  );
  const labelOf = (id: string | undefined) =>
    plannedLabel(result.containers, id, lang, t('loadplan.container.custom'));
  const loaded = countByType(
    plan.containers.flatMap((c) => c.placements),
    boxes.length,
  );

  // Summary.
  w.newPage();
  w.line(t('loadplan.pdfDoc.title'), { size: 40, bold: true }, 1.5);
  w.line(summarySubtitle(result, t), { size: 20, color: '#6b7280' }, 2.2);
  w.line(t('loadplan.pdfDoc.containers'), { size: 26, bold: true });
  w.table(
    [
      { title: t('loadplan.pdfDoc.no'), width: 70 },
      { title: t('loadplan.pdfDoc.type'), width: 454 },
      { title: t('loadplan.pdfDoc.inner'), width: 300 },
      { title: t('loadplan.pdfDoc.boxes'), width: 130, align: 'right' },
      { title: t('loadplan.pdfDoc.volume'), width: 170, align: 'right' },
      { title: t('loadplan.pdfDoc.weight'), width: 260, align: 'right' },
      { title: t('loadplan.pdfDoc.cog'), width: 230, align: 'right' },
    ],
    plan.containers.map((c, i) => [
      String(i + 1),
      labelOf(c.container.id),
      `${fmt(c.container.l)} × ${fmt(c.container.w)} × ${fmt(c.container.h)}`,
      fmt(c.placements.length),
      `${fmt(c.volumeUtilisation * 100, 1)} %`,
      c.container.maxPayload ? `${fmt(c.totalWeight)} / ${fmt(c.container.maxPayload)}` : fmt(c.totalWeight),
      c.centreOfGravity
        ? `${fmt(c.centreOfGravity.x / 1000, 2)} m (${fmt((c.centreOfGravity.x / c.container.l) * 100)} %)`
        : '–',
    ]),
  );
  w.line(t('loadplan.pdfDoc.boxTypes'), { size: 26, bold: true });
  w.table(
    [
      { title: t('loadplan.pdfDoc.name'), width: 420 },
      { title: t('loadplan.pdfDoc.dims'), width: 280 },
      { title: t('loadplan.pdfDoc.unitWeight'), width: 170, align: 'right' },
      { title: t('loadplan.pdfDoc.qty'), width: 120, align: 'right' },
      { title: t('loadplan.pdfDoc.loaded'), width: 120, align: 'right' },
      { title: t('loadplan.pdfDoc.leftover'), width: 120, align: 'right' },
      { title: t('loadplan.pdfDoc.rules'), width: 384 },
    ],
    boxes.map((b, i): Cell[] => [
      { swatch: typeColor(i), text: names[i] ?? '' },
      `${fmt(b.l)} × ${fmt(b.w)} × ${fmt(b.h)}`,
      fmt(b.weight ?? 0, 1),
      fmt(b.qty),
      fmt(loaded[i] ?? 0),
      fmt(plan.leftover[i] ?? 0),
      rules(t, b.vertical, b.stackable, b.maxLoadOnTop, b.group),
    ]),
  );
  const left = plan.leftover.reduce((s, n) => s + n, 0);
  w.line(left > 0 ? t('loadplan.pdfDoc.leftoverNote', { count: left }) : t('loadplan.leftoverNone'), {
    size: 22,
    bold: left > 0,
    color: left > 0 ? '#d4380d' : '#389e0d',
  });

  const views = new ViewRenderer();
  try {
    for (const [ci, cp] of plan.containers.entries()) {
      await breathe();
      const cs = buildContainerScene(cp, boxes, t('loadplan.door'));
      try {
        const title = t('loadplan.pdfDoc.containerTitle', {
          n: ci + 1,
          total: plan.containers.length,
          type: labelOf(cp.container.id),
        });
        const facts = t('loadplan.pdfDoc.facts', {
          l: fmt(cp.container.l),
          w: fmt(cp.container.w),
          h: fmt(cp.container.h),
          boxes: cp.placements.length,
          volume: fmt(cp.volumeUtilisation * 100, 1),
          weight: fmt(cp.totalWeight),
        });
        // Overview: the full load, and beside it the box list of this container.
        w.newPage();
        w.line(title, { size: 32, bold: true }, 1.4);
        w.line(facts, { size: 20, color: '#4b5563' }, 1.8);
        const top = w.y;
        const viewW = 1000;
        views.draw(cs, cp.placements.length, 0, w.ctx, MARGIN, top, viewW, 640);
        const counts = countByType(cp.placements, boxes.length);
        const listX = MARGIN + viewW + 30;
        const listW = PAGE_W - MARGIN - listX;
        w.y = top;
        w.table(
          [
            { title: t('loadplan.pdfDoc.name'), width: listW - 370 },
            { title: t('loadplan.pdfDoc.count'), width: 70, align: 'right' },
            { title: t('loadplan.pdfDoc.dims'), width: 190 },
            { title: t('loadplan.pdfDoc.totalWeight'), width: 110, align: 'right' },
          ],
          counts.flatMap((n, i): Cell[][] => {
            const b = boxes[i];
            if (!b || n === 0) return [];
            return [
              [
                { swatch: typeColor(i), text: names[i] ?? '' },
                fmt(n),
                `${fmt(b.l)}×${fmt(b.w)}×${fmt(b.h)}`,
                fmt(n * (b.weight ?? 0)),
              ],
            ];
          }),
          listX,
        );
        // Step views, four to a page.
        const groups = stepGroups(cp.placements, PRINT_GROUPS);
        const cellW = (PAGE_W - 2 * MARGIN - 40) / 2;
        const cellH = 440;
        groups.forEach((g, gi) => {
          if (gi % 4 === 0) {
            w.newPage();
            w.line(`${title} · ${t('loadplan.pdfDoc.steps')}`, { size: 26, bold: true }, 1.5);
          }
          const col = gi % 2;
          const row = Math.floor((gi % 4) / 2);
          const x = MARGIN + col * (cellW + 40);
          const y = w.y + row * (cellH + 78);
          w.text(
            t('loadplan.pdfDoc.stepCaption', { from: g.from, to: g.to, total: cp.placements.length }),
            x,
            y + 24,
            {
              size: 21,
              bold: true,
            },
          );
          const what = g.counts
            .map((c) => `${c.count} × ${names[c.type] ?? ''}`)
            .join(t('loadplan.pdfDoc.sep'));
          w.text(what, x, y + 54, { size: 18, color: '#4b5563', maxWidth: cellW });
          views.draw(cs, g.to, g.from, w.ctx, x, y + 66, cellW, cellH);
        });
      } finally {
        cs.dispose();
      }
    }
  } finally {
    views.dispose();
  }
  return w.finish();
}

/** "this side up · not stackable · group 1" for the box list. */
function rules(
  t: TFunction,
  vertical: readonly [boolean, boolean, boolean] | undefined,
  stackable: boolean | undefined,
  maxLoadOnTop: number | undefined,
  group: number | undefined,
): string {
  const out: string[] = [];
  if (vertical && !vertical[0] && !vertical[1]) out.push(t('loadplan.thisSideUp'));
  if (stackable === false) out.push(t('loadplan.pdfDoc.noStack'));
  else if (maxLoadOnTop !== undefined) out.push(t('loadplan.pdfDoc.maxTop', { kg: fmt(maxLoadOnTop) }));
  if (group) out.push(t('loadplan.pdfDoc.group', { group }));
  return out.join(' · ');
}
