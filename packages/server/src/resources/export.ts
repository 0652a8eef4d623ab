// GET /api/<family>/download: the same list (same filters, same scope) as an Excel sheet.

import { PassThrough } from 'node:stream';
import type { Lang } from '@tradelane/contract';
import { formatTime } from '@tradelane/contract';
import { familyLabels } from '@tradelane/contract/labels';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from '../http/content-disposition.ts';

/** What the export needs of a family; the engine hands it over with its own list function. */
export interface ExportSource {
  name: string;
  columns: Record<string, unknown>;
  hidden?: readonly string[];
  /** Headers that differ from the family's field labels (contract/src/labels). */
  labels?: { zh: Record<string, string>; en: Record<string, string> };
}
type Page = { content: Record<string, unknown>[]; next?: string };

const EXPORT_LIMIT = 200_000;

function cell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return formatTime(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return value as string | number | boolean;
}

/** Rows read per round trip; the sheet is written as they come, so memory does not grow with the list. */
const CHUNK = 1000;

/**
 * The list as a streamed .xlsx: the first page is read before anything is sent (a bad filter is still
 * a clean 400), then the rest follow by keyset paging (`after=`), each row written and forgotten.
 */
export async function exportRows(
  list: (query: Record<string, unknown>) => Promise<Page>,
  resource: ExportSource,
  ctx: { request: FastifyRequest },
  query: Record<string, unknown>,
  reply: FastifyReply,
  lang: Lang,
) {
  const base = { ...query, page: 0, size: CHUNK };
  delete (base as Record<string, unknown>).after;
  const first = await list(base);
  const keys = first.content.length
    ? Object.keys(first.content[0])
    : Object.keys(resource.columns).filter((k) => !resource.hidden?.includes(k));
  // Headers in the caller's language: the family's field labels, as the web shows them; a column
  // without one keeps its key.
  const labels = { ...familyLabels(resource.name, lang), ...(resource.labels?.[lang] ?? {}) };
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  workbook.creator = 'Tradelane';
  // A nested family (jobs/logs, customsCode/dict) names its sheet and file without the characters Excel refuses.
  const plain = resource.name.replace(/[*?:\\/[\]]/g, '-');
  const sheet = workbook.addWorksheet(plain);
  sheet.columns = keys.map((k) => ({
    header: labels[k] ?? k,
    key: k,
    width: Math.min(40, Math.max(10, (labels[k] ?? k).length + 4)),
  }));
  sheet.getRow(1).font = { bold: true };
  const filename = `${plain}-${new Date().toISOString().slice(0, 10)}.xlsx`;
  reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  reply.header('content-disposition', contentDisposition(filename));
  const write = async () => {
    let page = first;
    let written = 0;
    for (;;) {
      for (const row of page.content) {
        sheet.addRow(Object.fromEntries(keys.map((k) => [k, cell(row[k])]))).commit();
        written++;
      }
      if (!page.next || written >= EXPORT_LIMIT) break;
      page = await list({ ...base, after: page.next });
    }
    sheet.commit();
    await workbook.commit();
  };
  // A failure half-way can no longer change the status: the download ends broken, and it is logged.
  write().catch((err) => {
    ctx.request.log.error({ err }, 'export failed after its first page');
    stream.destroy(err as Error);
  });
  return reply.send(stream);
}
