import { describe, expect, it } from 'vitest';
import { fixed, upTo } from './numbers.ts';

describe('numbers as the lists show them', () => {
  it('groups thousands and keeps the asked decimals, as toLocaleString did', () => {
    expect(upTo(1234567.5, 1)).toBe('1,234,567.5');
    expect(upTo(2.34567, 3)).toBe('2.346');
    expect(upTo(12, 2)).toBe('12');
    expect(fixed(1234.5, 2)).toBe('1,234.50');
    expect(fixed(7, 0)).toBe('7');
    expect(fixed(-0.5, 2)).toBe('-0.50');
    for (const n of [0, 0.1, 99.995, 1e9 + 0.25, -42.125])
      for (const d of [0, 1, 2, 3]) {
        expect(upTo(n, d)).toBe(n.toLocaleString('en-US', { maximumFractionDigits: d }));
        expect(fixed(n, d)).toBe(
          n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }),
        );
      }
  });
});
