import { describe, expect, it } from 'vitest';
import { bigramsOf, type GramStats, gramChoice } from './gram-stats.ts';

const stats = (rows: number, shares: Record<string, number>): GramStats => ({
  rows,
  share: new Map(Object.entries(shares)),
});

describe('which pieces of a keyword the index is asked for', () => {
  it('cuts a keyword as tl_bigrams does: lower-cased, two characters, each once', () => {
    expect(bigramsOf('Cable')).toEqual(['ca', 'ab', 'bl', 'le']);
    expect(bigramsOf('变压器')).toEqual(['变压', '压器']);
    expect(bigramsOf('aaa')).toEqual(['aa']);
    expect(bigramsOf('电')).toEqual([]);
  });

  it('every piece where one is rare (not in the statistics) or no statistics were kept', () => {
    expect(gramChoice('电缆', null)).toBe('all');
    expect(gramChoice('变压器', stats(1_000_000, { 变压: 0.013 }))).toBe('all');
    expect(gramChoice('x1', stats(1_000_000, {}))).toBe('all');
  });

  it('no piece where the rarest is in about one row in seven at a million rows or more', () => {
    const common = stats(1_000_000, { 电缆: 0.276, ca: 0.2, ab: 0.2, bl: 0.2, le: 0.31, 螺栓: 0.074 });
    expect(gramChoice('电缆', common)).toBe('none');
    expect(gramChoice('cable', common)).toBe('none');
    // 7% of a million rows: the index, read whole, costs less than walking a company to its end.
    expect(gramChoice('螺栓', common)).toBe('all');
    // The same share in a small table: walking is the cheaper.
    expect(gramChoice('电缆', stats(100_000, { 电缆: 0.276 }))).toBe('all');
    expect(gramChoice('电缆', stats(300_000, { 电缆: 0.276 }))).toBe('none');
  });

  it('the rarest piece alone for a Chinese keyword whose pieces are all listed (they come together)', () => {
    const s = stats(1_000_000, { 变压: 0.0131, 压器: 0.0129, ab: 0.01, bc: 0.01, '12': 0.01, '23': 0.01 });
    expect(gramChoice('变压器', s)).toEqual({ piece: '压器' });
    // Letters and digits keep every piece: in a code the pieces narrow each other.
    expect(gramChoice('abc', s)).toBe('all');
    expect(gramChoice('123', s)).toBe('all');
  });
});
