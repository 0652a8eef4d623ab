// What printed papers rely on: SSCCs handed out from a prefix's range (never 19 digits), units and
// countries in the document's language, container numbers in their canonical ISO 6346 form.
import { describe, expect, it } from 'vitest';
import {
  canonicalContainerNumber,
  countryName,
  iso6346Problem,
  isValidSscc,
  ssccCapacity,
  ssccOf,
  unitName,
} from '../src/index.ts';

describe('SSCC serials', () => {
  it('share the 17 − L digits a prefix leaves between the extension digit and the serial reference', () => {
    expect(ssccCapacity('0614141')).toBe(1e10);
    expect(ssccCapacity('0614141999')).toBe(1e7);
    expect(ssccOf('0614141', 0).slice(0, 17)).toBe('00614141000000000');
    // A million and one with a 10-digit prefix: extension digit 1, serial reference 000001.
    expect(ssccOf('0614141999', 1_000_001).slice(0, 17)).toBe('10614141999000001');
    for (const [prefix, n] of [
      ['0614141', 0],
      ['0614141', 123_456_789],
      ['0614141999', 1_000_001],
      ['0614141999', 9_999_999],
      ['061414199912', 99_999],
    ] as const) {
      const s = ssccOf(prefix, n);
      expect(s).toHaveLength(18);
      expect(isValidSscc(s)).toBe(true);
      expect(s.slice(1, 1 + prefix.length)).toBe(prefix);
    }
  });

  it('refuse a serial past the range instead of growing to 19 digits', () => {
    expect(() => ssccOf('0614141999', 10_000_000)).toThrow(RangeError);
    expect(() => ssccOf('0614141', -1)).toThrow(RangeError);
  });
});

describe('units and countries in a document’s language', () => {
  it('finds a unit by any way it is written', () => {
    expect(unitName('台', 'en')).toBe('unit');
    expect(unitName('面', 'en')).toBe('panel');
    expect(unitName('只', 'en')).toBe('pc');
    expect(unitName('PCS', 'zh')).toBe('件');
    expect(unitName('ｍ', 'en')).toBe('m');
    expect(unitName('套', 'bilingual')).toBe('套 set');
    // Unknown: as written.
    expect(unitName('樘', 'en')).toBe('樘');
  });
  it('names a country', () => {
    expect(countryName('CN', 'en')).toBe('China');
    expect(countryName('cn', 'zh')).toBe('中国');
    expect(countryName(null, 'en')).toBe('');
  });
});

describe('container numbers', () => {
  it('take spaces, dashes, lower case and full-width forms to the canonical one', () => {
    for (const typed of [
      'CSQU 305438-3',
      'csqu3054383',
      'CSQU-305438-3',
      'ＣＳＱＵ３０５４３８３',
      'CSQU　305438－3',
      'CSQU.305438/3',
    ])
      expect(canonicalContainerNumber(typed), typed).toBe('CSQU3054383');
    expect(iso6346Problem('ＣＳＱＵ ３０５４３８－３')).toBeUndefined();
    expect(iso6346Problem('CSQU 305438-4')).toEqual({ code: 'container.check_digit', expected: 3 });
  });
});
