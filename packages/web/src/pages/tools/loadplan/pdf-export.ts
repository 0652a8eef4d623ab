// The printable load plan as a PDF download (page images in jsPDF) or through the browser's print dialog.
// Loaded on demand with jsPDF and three.js, so neither is part of the page until the user asks.
import type { TFunction } from 'i18next';
import { jsPDF } from 'jspdf';
import { downloadBlob } from '../../../api/download.ts';
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

export async function planPdf(result: PlanResult, t: TFunction, lang: 'zh' | 'en'): Promise<Blob> {
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4', compress: true });
  doc.setProperties({ title: t('loadplan.pdfDoc.title'), creator: 'Tradelane' });
  (await pageImages(result, t, lang)).forEach((img, i) => {
    if (i > 0) doc.addPage('a4', 'landscape');
    doc.addImage(img, 'JPEG', 0, 0, 297, 210, undefined, 'FAST');
  });
  return doc.output('blob');
}

export async function downloadPlanPdf(result: PlanResult, t: TFunction, lang: 'zh' | 'en'): Promise<void> {
  // Let the button show its spinner before the synchronous rendering starts.
  await new Promise((r) => setTimeout(r, 30));
  downloadBlob(await planPdf(result, t, lang), fileName(lang));
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
