import { describe, expect, it } from 'vitest';
import { formatBytes } from './format.ts';

describe('formatBytes', () => {
  it('reads as KB, MB or GB', () => {
    expect(formatBytes(1)).toBe('1 KB');
    expect(formatBytes(66 * 1024)).toBe('66 KB');
    expect(formatBytes(12.5 * 2 ** 20)).toBe('12.5 MB');
    expect(formatBytes(5 * 2 ** 30)).toBe('5.00 GB');
  });
});
