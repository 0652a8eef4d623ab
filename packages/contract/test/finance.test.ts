// The pure rules of supply-chain finance and trade policy.
import { describe, expect, it } from 'vitest';
import {
  applicableNotes,
  applicableRate,
  creditInfoCreate,
  dueDateOf,
  hsPrefixesOf,
  isSwiftBic,
  moneyMinor,
  policyNoteCreate,
} from '../src/index.ts';

describe('SWIFT/BIC', () => {
  it('takes 8 or 11 characters with a real country, spaces and case ignored', () => {
    expect(['BKCHCNBJ', 'BKCHCNBJ300', 'deut de ff', 'CHASUS33XXX'].map(isSwiftBic)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['BKCHXXBJ', 'BKCHCNB', 'BKCHCNBJ30', '1KCHCNBJ', 'BKCHCNBJ3000'].map(isSwiftBic)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    const parsed = creditInfoCreate.parse({
      bankName: 'B',
      bankAccount: 'de89 3704 0044 0532 0130 00',
      swiftCode: 'cobadeff',
    });
    expect([parsed.bankAccount, parsed.swiftCode, parsed.currency]).toEqual([
      'DE89370400440532013000',
      'COBADEFF',
      'CNY',
    ]);
  });
});

describe('money and dates', () => {
  it('reads amounts in the currency’s minor units, refusing extra decimals', () => {
    expect(moneyMinor('12470.5', 'CNY')).toBe(1247050n);
    expect(moneyMinor('100', 'JPY')).toBe(100n);
    expect(moneyMinor('100.5', 'JPY')).toBeNull();
    expect(moneyMinor('1.005', 'KWD')).toBe(1005n);
  });
  it('puts the due date the term after disbursement, across months and leap days', () => {
    expect(dueDateOf('2026-01-31', 30)).toBe('2026-03-02');
    expect(dueDateOf('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('trade policy matching', () => {
  const n = (hsPrefix: string, noteType: string) => ({ hsPrefix, noteType });
  it('lists every prefix of a code and picks the longest rate', () => {
    expect(hsPrefixesOf('8504.23.00')).toEqual(['85', '8504', '850423', '85042300']);
    const rates = [{ hsPrefix: '85' }, { hsPrefix: '850423' }, { hsPrefix: '8504' }, { hsPrefix: '8505' }];
    expect(applicableRate('85042300', rates)).toEqual({ hsPrefix: '850423' });
    expect(applicableRate('9001', rates)).toBeNull();
  });
  it('per note type the longest prefix wins; other types all apply', () => {
    const notes = [
      n('85', 'licence'),
      n('8504', 'licence'),
      n('85', 'certification'),
      n('8537', 'inspection'),
    ];
    expect(applicableNotes('850423', notes)).toEqual([n('8504', 'licence'), n('85', 'certification')]);
    expect(applicableNotes('853720', notes)).toEqual([
      n('8537', 'inspection'),
      n('85', 'licence'),
      n('85', 'certification'),
    ]);
  });
  it('a note needs a source and a validity that ends after it starts', () => {
    const base = {
      country: 'id',
      hsPrefix: '85.04',
      noteType: 'licence',
      title: 'T',
      validFrom: '2026-01-01',
    };
    expect(policyNoteCreate.safeParse(base).success).toBe(false);
    const ok = policyNoteCreate.parse({ ...base, sourceText: 'Reg. 8/2024' });
    expect([ok.country, ok.hsPrefix]).toEqual(['ID', '8504']);
    expect(policyNoteCreate.safeParse({ ...base, sourceText: 'x', validTo: '2025-12-31' }).success).toBe(
      false,
    );
    expect(policyNoteCreate.safeParse({ ...base, sourceUrl: 'ftp://x', validTo: null }).success).toBe(false);
  });
});
