// GET /api/<family>/download: the same list (same filters, same scope) as an Excel sheet.

import type { Lang } from '@tradelane/contract';
import { formatTime } from '@tradelane/contract';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { type Ctx, listRows, type Resource } from './engine.ts';

const EXPORT_LIMIT = 50_000;

function cell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return formatTime(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return value as string | number | boolean;
}

export async function exportRows(
  resource: Resource,
  ctx: Ctx,
  query: Record<string, unknown>,
  reply: FastifyReply,
  lang: Lang,
) {
  const { content } = await listRows(resource, ctx, { ...query, page: 0, size: EXPORT_LIMIT });
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Tradelane';
  const sheet = workbook.addWorksheet(resource.name);
  const keys = content.length
    ? Object.keys(content[0])
    : Object.keys(resource.columns).filter((k) => !resource.hidden?.includes(k));
  const labels = resource.labels?.[lang] ?? {};
  sheet.columns = keys.map((k) => ({
    header: labels[k] ?? k,
    key: k,
    width: Math.min(40, Math.max(10, (labels[k] ?? k).length + 4)),
  }));
  for (const row of content) sheet.addRow(Object.fromEntries(keys.map((k) => [k, cell(row[k])])));
  sheet.getRow(1).font = { bold: true };
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  const filename = `${resource.name}-${new Date().toISOString().slice(0, 10)}.xlsx`;
  reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  reply.header('content-disposition', `attachment; filename="${filename}"`);
  return reply.send(buffer);
}
