// Money of payment vouchers: amounts as decimal strings to minor units in the currency's own
// digits, and paid / waiting / outstanding per currency from a statement's totals — BigInt, never a float.
import { describe, expect, it } from 'vitest';
import { amountMinor, paymentSummary, totalsByCurrency, voucherCreate } from '../src/index.ts';

describe('amountMinor', () => {
  it('reads decimal strings in the currency’s minor unit, exactly', () => {
    expect(amountMinor('1234.56', 'USD')).toEqual({ ok: true, minor: 123456n });
    expect(amountMinor('0.1', 'USD')).toEqual({ ok: true, minor: 10n });
    expect(amountMinor('1234.50', 'JPY')).toEqual({ ok: false, code: 'validation.amount_digits' });
    expect(amountMinor('1234.00', 'JPY')).toEqual({ ok: true, minor: 1234n });
    expect(amountMinor('1.234', 'KWD')).toEqual({ ok: true, minor: 1234n });
    expect(amountMinor('999999999999999.99', 'USD')).toEqual({ ok: true, minor: 99999999999999999n });
  });

  it('refuses zero, signs, exponents, commas and more decimals than the currency has', () => {
    for (const v of ['0', '0.00', '-1', '+1', '1e3', '1,5', '', ' ', '.5', '1.'])
      expect(amountMinor(v, 'USD').ok, v).toBe(false);
    expect(amountMinor('1.001', 'USD')).toEqual({ ok: false, code: 'validation.amount_digits' });
  });

  it('the voucher body takes the amount only as a string', () => {
    const body = {
      reconciliationId: 1,
      currency: 'usd',
      paymentDate: '2026-11-20',
      bankReference: 'R-1',
      fileIds: [1],
    };
    expect(voucherCreate.safeParse({ ...body, amount: '10.5' }).data?.currency).toBe('USD');
    expect(voucherCreate.safeParse({ ...body, amount: 10.5 }).success).toBe(false);
    expect(voucherCreate.safeParse({ ...body, amount: '1', paymentDate: '2026-02-30' }).success).toBe(false);
  });
});

describe('paymentSummary', () => {
  it('counts confirmed vouchers as paid and submitted ones as waiting, per currency', () => {
    const totals = totalsByCurrency([
      { chargeType: 'thc', quantity: '3', unitPrice: '0.1', currency: 'USD', taxRate: '0' },
      { chargeType: 'trucking', quantity: '1', unitPrice: '100', currency: 'CNY', taxRate: '13' },
    ]);
    const summary = paymentSummary(totals, [
      { currency: 'USD', amountMinor: '10', status: 1 },
      { currency: 'USD', amountMinor: '20', status: 1 },
      { currency: 'CNY', amountMinor: '5000', status: 0 },
      { currency: 'CNY', amountMinor: '9999', status: 2 },
    ]);
    expect(summary).toEqual([
      expect.objectContaining({
        currency: 'USD',
        total: '0.30',
        paid: '0.30',
        pending: '0.00',
        outstanding: '0.00',
      }),
      expect.objectContaining({
        currency: 'CNY',
        total: '113.00',
        paid: '0.00',
        pending: '50.00',
        outstanding: '113.00',
        outstandingMinor: '11300',
      }),
    ]);
  });
});
