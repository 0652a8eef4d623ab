// Draws the printed load plan onto page-sized canvases (A4 landscape, 150 dpi). Text is drawn by the
// browser with its own fonts, so Chinese needs no font embedded in the PDF.

export const PAGE_W = 1754;
export const PAGE_H = 1240;
export const MARGIN = 70;
const FONT =
  '"Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", "Source Han Sans SC", "Helvetica Neue", Arial, sans-serif';

export type Cell = string | { swatch: string; text: string };

export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: string;
  align?: CanvasTextAlign;
  maxWidth?: number;
}

export class PageWriter {
  readonly pages: HTMLCanvasElement[] = [];
  ctx!: CanvasRenderingContext2D;
  y = MARGIN;

  constructor(private readonly footer: (page: number, total: number) => string) {}

  newPage(): CanvasRenderingContext2D {
    const canvas = document.createElement('canvas');
    canvas.width = PAGE_W;
    canvas.height = PAGE_H;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d canvas');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, PAGE_W, PAGE_H);
    ctx.textBaseline = 'alphabetic';
    this.pages.push(canvas);
    this.ctx = ctx;
    this.y = MARGIN;
    return ctx;
  }

  /** Room left above the footer. */
  get room(): number {
    return PAGE_H - MARGIN - 30 - this.y;
  }

  ensure(height: number): void {
    if (this.pages.length === 0 || this.room < height) this.newPage();
  }

  text(s: string, x: number, y: number, style: TextStyle = {}): number {
    const ctx = this.ctx;
    const size = style.size ?? 22;
    ctx.font = `${style.bold ? '600 ' : ''}${size}px ${FONT}`;
    ctx.fillStyle = style.color ?? '#1f2633';
    ctx.textAlign = style.align ?? 'left';
    const fitted = style.maxWidth ? fit(ctx, s, style.maxWidth) : s;
    ctx.fillText(fitted, x, y);
    return ctx.measureText(fitted).width;
  }

  /** Writes a line at the cursor and moves down. */
  line(s: string, style: TextStyle = {}, gap = 1.6): void {
    const size = style.size ?? 22;
    this.ensure(size * gap);
    this.y += size;
    this.text(s, MARGIN, this.y, { maxWidth: PAGE_W - 2 * MARGIN, ...style });
    this.y += size * (gap - 1);
  }

  /** A table at the cursor; rows that do not fit continue on new pages under a repeated header. */
  table(columns: Column[], rows: Cell[][], x = MARGIN, rowH = 38): void {
    const width = columns.reduce((s, c) => s + c.width, 0);
    const header = () => {
      this.ctx.fillStyle = '#eef1f6';
      this.ctx.fillRect(x, this.y, width, rowH);
      this.row(
        columns,
        columns.map((c) => c.title),
        x,
        rowH,
        true,
      );
    };
    this.ensure(rowH * 2);
    header();
    rows.forEach((r, i) => {
      if (this.room < rowH) {
        this.newPage();
        header();
      }
      if (i % 2 === 1) {
        this.ctx.fillStyle = '#f8f9fb';
        this.ctx.fillRect(x, this.y, width, rowH);
      }
      this.row(columns, r, x, rowH, false);
    });
    this.ctx.strokeStyle = '#c9ced6';
    this.ctx.lineWidth = 1;
    this.ctx.beginPath();
    this.ctx.moveTo(x, this.y + 0.5);
    this.ctx.lineTo(x + width, this.y + 0.5);
    this.ctx.stroke();
    this.y += 16;
  }

  private row(columns: Column[], cells: Cell[], x: number, rowH: number, bold: boolean): void {
    let cx = x;
    const base = this.y + rowH * 0.68;
    columns.forEach((c, i) => {
      const cell = cells[i] ?? '';
      const pad = 10;
      let text = typeof cell === 'string' ? cell : cell.text;
      let tx = cx + pad;
      if (typeof cell !== 'string') {
        this.ctx.fillStyle = cell.swatch;
        this.ctx.fillRect(tx, this.y + rowH * 0.25, rowH * 0.5, rowH * 0.5);
        tx += rowH * 0.5 + 10;
      }
      const right = c.align === 'right';
      const maxWidth = c.width - (tx - cx) - pad;
      text = text ?? '';
      this.text(text, right ? cx + c.width - pad : tx, base, {
        size: 19,
        bold,
        align: right ? 'right' : 'left',
        maxWidth,
      });
      cx += c.width;
    });
    this.y += rowH;
  }

  /** Page numbers and a footer line on every page, once all pages exist. */
  finish(): HTMLCanvasElement[] {
    const total = this.pages.length;
    this.pages.forEach((canvas, i) => {
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      this.ctx = ctx;
      ctx.strokeStyle = '#d9dde4';
      ctx.beginPath();
      ctx.moveTo(MARGIN, PAGE_H - MARGIN + 4);
      ctx.lineTo(PAGE_W - MARGIN, PAGE_H - MARGIN + 4);
      ctx.stroke();
      this.text(this.footer(i + 1, total), PAGE_W - MARGIN, PAGE_H - MARGIN + 34, {
        size: 17,
        color: '#6b7280',
        align: 'right',
      });
    });
    return this.pages;
  }
}

/** The longest prefix of s (with an ellipsis) that fits in maxWidth. */
function fit(ctx: CanvasRenderingContext2D, s: string, maxWidth: number): string {
  if (ctx.measureText(s).width <= maxWidth) return s;
  let lo = 0;
  let hi = s.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (ctx.measureText(`${s.slice(0, mid)}…`).width <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return `${s.slice(0, lo)}…`;
}
