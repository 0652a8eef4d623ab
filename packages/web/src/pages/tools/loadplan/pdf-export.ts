// The printable load plan: a PDF drawn by the server from the plan (its text is text — searchable and
// copyable — in an embedded font, its views vectors), or the page images of the browser's 3D views sent
// to the browser's print dialog. Loaded on demand with three.js, so neither is part of the page until
// the user asks.
import type { LoadPlanPrint } from '@tradelane/contract';
import { loadplanOps } from '@tradelane/contract/api/loadplan';
import type { TFunction } from 'i18next';
import { call } from '../../../api/client.ts';
import { downloadBlob } from '../../../api/download.ts';
import { plannedLabel } from './container-rows.ts';
import type { PlanResult } from './model.ts';
import { planPages } from './plan-pages.ts';

const JPEG_QUALITY = 0.85;

async function pageImages(result: PlanResult, t: TFunction, lang: 'zh' | 'en'): Promise<string[]> {
  return (await planPages(result, t, lang)).map((c) => c.toDataURL('image/jpeg', JPEG_QUALITY));
}

export function fileName(lang: 'zh' | 'en', now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}`;
  return `${lang === 'zh' ? '装箱方案' : 'load-plan'}-${stamp}.pdf`;
}

/** What the server prints: the plan as the tool shows it, container types named in the reader's language. */
export function printRequest(result: PlanResult, t: TFunction, lang: 'zh' | 'en'): LoadPlanPrint {
  return {
    lang,
    mode: result.mode,
    where: result.where,
    ms: Math.round(result.ms),
    boxes: result.boxes.map((b, i) => ({
      ...b,
      vertical: b.vertical ? [b.vertical[0], b.vertical[1], b.vertical[2]] : undefined,
      name: result.names[i] ?? '',
    })),
    containers: result.plan.containers.map((c) => ({
      label: plannedLabel(result.containers, c.container.id, lang, t('loadplan.container.custom')),
      l: c.container.l,
      w: c.container.w,
      h: c.container.h,
      maxPayload: c.container.maxPayload,
      placements: c.placements,
    })),
    leftover: result.plan.leftover,
  };
}

export async function downloadPlanPdf(result: PlanResult, t: TFunction, lang: 'zh' | 'en'): Promise<void> {
  const pdf = await call(loadplanOps.pdf, printRequest(result, t, lang), { timeoutMs: 120_000 });
  downloadBlob(pdf, fileName(lang));
}

/** Prints the same pages from a hidden frame (one image per A4 landscape page). */
export async function printPlan(result: PlanResult, t: TFunction, lang: 'zh' | 'en'): Promise<void> {
  await new Promise((r) => setTimeout(r, 30));
  const images = await pageImages(result, t, lang);
  const frame = document.createElement('iframe');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;';
  document.body.appendChild(frame);
  const doc = frame.contentDocument;
  const win = frame.contentWindow;
  if (!doc || !win) {
    frame.remove();
    return;
  }
  doc.title = t('loadplan.pdfDoc.title');
  const style = doc.createElement('style');
  style.textContent =
    '@page { size: A4 landscape; margin: 0 } body { margin: 0 } img { display: block; width: 100%; break-after: page }';
  doc.head.appendChild(style);
  await Promise.all(
    images.map(
      (src) =>
        new Promise<void>((resolve) => {
          const img = doc.createElement('img');
          img.onload = () => resolve();
          img.onerror = () => resolve();
          img.src = src;
          doc.body.appendChild(img);
        }),
    ),
  );
  win.focus();
  win.print();
  setTimeout(() => frame.remove(), 60_000);
}
