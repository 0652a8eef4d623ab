import { describe, expect, it } from 'vitest';
import { formatHs, parseHsQuery } from './hs-query.ts';

describe('HS query parsing', () => {
  it('reads codes with dots, spaces or dashes as a prefix', () => {
    expect(parseHsQuery('8504.21')).toEqual({ kind: 'code', code: '850421' });
    expect(parseHsQuery(' 8544 49 ')).toEqual({ kind: 'code', code: '854449' });
    expect(parseHsQuery('0101')).toEqual({ kind: 'code', code: '0101' });
    expect(parseHsQuery('85444900001234')).toEqual({ kind: 'code', code: '8544490000' });
  });
  it('reads anything else as words', () => {
    expect(parseHsQuery('power   cable')).toEqual({ kind: 'name', name: 'power cable' });
    expect(parseHsQuery('变压器')).toEqual({ kind: 'name', name: '变压器' });
    expect(parseHsQuery('8504 transformer')).toEqual({ kind: 'name', name: '8504 transformer' });
    expect(parseHsQuery('   ')).toEqual({ kind: 'empty' });
  });
  it('formats codes as tariffs print them', () => {
    expect(formatHs('85')).toBe('85');
    expect(formatHs('850421')).toBe('8504.21');
    expect(formatHs('8504409000')).toBe('8504.40.90.00');
  });
});
