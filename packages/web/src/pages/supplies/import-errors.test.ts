import { describe, expect, it } from 'vitest';
import { errorPlace, importFailure } from './import-errors.ts';

describe('import error rendering', () => {
  it('reads the errors of an invalid import, sorted by row and column', () => {
    const f = importFailure({
      code: 'supplies.import_invalid',
      errorCount: 2,
      errors: [
        { row: 9, column: 'H', field: 'quantity', message: 'must be > 0' },
        { row: 4, column: 'G', field: 'hsCode', message: 'unknown HS code' },
      ],
    });
    expect(f?.errorCount).toBe(2);
    expect(f?.errors.map((e) => e.row)).toEqual([4, 9]);
    expect(f?.errors[0]).toEqual({ row: 4, column: 'G', field: 'hsCode', message: 'unknown HS code' });
  });
  it('ignores other errors', () => {
    expect(importFailure({ code: 'supplies.not_editable', message: 'x' })).toBeNull();
    expect(importFailure(null)).toBeNull();
    expect(importFailure('oops')).toBeNull();
  });
  it('names the place by row and column', () => {
    const t = (k: string, o?: Record<string, unknown>) => `${k}:${o?.row}/${o?.column}`;
    expect(errorPlace({ row: 5, column: '', field: 'unit', message: '' }, t)).toBe(
      'project.import.place:5/unit',
    );
  });
});
