// A sheet import's 400 answer (`supplies.import_invalid`, `boxes.import_invalid`) → rows of (row, column,
// message) for the error table.
import type { ImportError } from '../project/project-api.ts';

export interface ImportFailure {
  errorCount: number;
  errors: ImportError[];
}

/** Reads the error body; null when it is not an import validation failure. */
export function importFailure(body: unknown): ImportFailure | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as { code?: unknown; errors?: unknown; errorCount?: unknown };
  if (typeof b.code !== 'string' || !b.code.endsWith('.import_invalid') || !Array.isArray(b.errors))
    return null;
  const errors = b.errors
    .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
    .map((e) => ({
      row: Number(e.row) || 0,
      column: typeof e.column === 'string' ? e.column : String(e.column ?? ''),
      field: typeof e.field === 'string' ? e.field : '',
      message: typeof e.message === 'string' ? e.message : '',
    }))
    .sort((a, b2) => a.row - b2.row || a.column.localeCompare(b2.column));
  return { errorCount: typeof b.errorCount === 'number' ? b.errorCount : errors.length, errors };
}

/** 'Row 7, column H (Quantity)'-style location, as a user finds it in the sheet. */
export function errorPlace(e: ImportError, t: (key: string, o?: Record<string, unknown>) => string): string {
  return t('project.import.place', { row: e.row, column: e.column || e.field });
}
