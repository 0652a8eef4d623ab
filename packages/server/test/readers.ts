// Readers no one here wrote, for what the product prints: poppler (pdftoppm renders a page as a 203 dpi
// thermal printer would, pdftotext reads the text), qpdf (checks the file's structure) and zbar (decodes
// every bar code and QR code on a rendered page, as a warehouse scanner would).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'tl-readers-'));

/** Writes a PDF's bytes to a file (after checking they are one) and answers its path. */
export function savePdf(bytes: Buffer, name: string): string {
  if (bytes.subarray(0, 5).toString() !== '%PDF-')
    throw new Error(`${name} is not a PDF: ${bytes.subarray(0, 80)}`);
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

/** qpdf --check: the file's structure, cross-reference table and streams are sound (exit 0, no warnings). */
export function qpdfCheck(file: string): string {
  const run = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
  if (run.status !== 0)
    throw new Error(`qpdf --check ${file}: exit ${run.status}\n${run.stdout}${run.stderr}`);
  return run.stdout;
}

export const pdfText = (file: string, layout = true) =>
  execFileSync('pdftotext', [...(layout ? ['-layout'] : []), file, '-']).toString();

export const pdfPages = (file: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())?.[1]);

export interface Decoded {
  type: string;
  data: string;
}

/** Every symbol zbar finds on each page rendered at `dpi` (a 203 dpi thermal printer by default). */
export function scanPdf(file: string, dpi = 203): Decoded[][] {
  const prefix = `${file}-${dpi}`;
  execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-png', file, prefix]);
  const base = prefix.split('/').at(-1) as string;
  const pages = readdirSync(dir)
    .filter((f) => f.startsWith(`${base}-`) && f.endsWith('.png'))
    .sort((a, b) => Number(/-(\d+)\.png$/.exec(a)?.[1]) - Number(/-(\d+)\.png$/.exec(b)?.[1]));
  return pages.map((png) => {
    const run = spawnSync('zbarimg', ['-q', '--nodbus', join(dir, png)], { encoding: 'utf8' });
    // zbarimg: 0 found symbols, 4 found none.
    if (run.status !== 0 && run.status !== 4)
      throw new Error(`zbarimg ${png}: exit ${run.status} ${run.stderr}`);
    return run.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const at = line.indexOf(':');
        return { type: line.slice(0, at), data: line.slice(at + 1) };
      });
  });
}
