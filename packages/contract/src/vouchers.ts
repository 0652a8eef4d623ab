// Payment vouchers (spec §7 `voucherProcess`): the shipper pays a confirmed statement of
// charges and uploads the bank's proof; the logistics provider, who received the money, confirms it or
// rejects it with a reason; the shipper corrects a rejected voucher and submits it again. Amounts are
// decimal strings on the wire and minor units (BigInt) in the arithmetic — never floating point.
import { z } from 'zod';
import { type CurrencyTotal, formatMinor, minorUnitOf } from './papers.ts';
import { isCalendarDate } from './project.ts';
import type { StateLabels, StateMachine } from './workflow.ts';

export const VoucherStatus = { submitted: 0, confirmed: 1, rejected: 2 } as const;
export type VoucherStatusValue = (typeof VoucherStatus)[keyof typeof VoucherStatus];
export type VoucherEvent = 'confirm' | 'reject' | 'submit' | 'edit';
/** Created submitted by the shipper; the provider confirms (final) or rejects with a reason; the shipper
 * corrects a rejected voucher and submits it again. */
export const voucherMachine: StateMachine<VoucherStatusValue, VoucherEvent> = [
  { from: 0, event: 'confirm', to: 1, who: ['logistics'], guard: 'withinTotal' },
  { from: 0, event: 'reject', to: 2, who: ['logistics'], guard: 'reason' },
  { from: 2, event: 'submit', to: 0, who: ['shipper'], guard: 'withinTotal' },
  // The shipper changes or deletes a voucher only once it was rejected.
  { from: 2, event: 'edit', to: 2, who: ['shipper'] },
];
export const voucherStatusLabels: StateLabels = {
  0: { zh: '待确认', en: 'Submitted' },
  1: { zh: '已确认', en: 'Confirmed' },
  2: { zh: '已驳回', en: 'Rejected' },
};

/** A voucher may carry up to 10 files (upload kind `paper`, 50 MB each). */
export const VOUCHER_FILES_MAX = 10;

const id = z.coerce.number().int().positive();
/** A positive amount as a decimal string (a JSON number is refused: money never travels as a float). */
export const moneyString = z
  .string({ message: 'validation.amount' })
  .trim()
  .regex(/^\d{1,15}(\.\d{1,4})?$/, { message: 'validation.amount' });

const paymentDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid_format' })
  .refine(isCalendarDate, { message: 'validation.invalid_date' });

const voucherFields = {
  amount: moneyString,
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { message: 'validation.currency' }),
  paymentDate,
  bankReference: z.string().trim().min(1, { message: 'validation.required' }).max(64),
  remark: z.string().trim().max(500).nullish(),
  /** Files uploaded beforehand (POST /api/file, kind `paper`): the bank's slip, at least one. */
  fileIds: z.array(id).min(1).max(VOUCHER_FILES_MAX),
};
export const voucherCreate = z.object({ reconciliationId: id, ...voucherFields });
export type VoucherCreate = z.infer<typeof voucherCreate>;
export const voucherUpdate = z.object(voucherFields);
export const voucherRef = z.object({ id });
export const voucherReject = z.object({ id, reason: z.string().trim().min(1).max(500) });

/**
 * An amount's minor units in its currency, or why not: more decimals than the currency has
 * ('validation.amount_digits'), or zero ('validation.amount').
 */
export function amountMinor(
  amount: string,
  currency: string,
): { ok: true; minor: bigint } | { ok: false; code: 'validation.amount' | 'validation.amount_digits' } {
  const v = amount.trim();
  if (!/^\d{1,15}(\.\d{1,4})?$/.test(v)) return { ok: false, code: 'validation.amount' };
  const digits = minorUnitOf(currency);
  const [int, frac = ''] = v.split('.');
  if (frac.replace(/0+$/, '').length > digits) return { ok: false, code: 'validation.amount_digits' };
  const minor = BigInt(int + frac.padEnd(digits, '0').slice(0, digits));
  return minor > 0n ? { ok: true, minor } : { ok: false, code: 'validation.amount' };
}

export interface PaymentSummary {
  currency: string;
  /** Minor units as strings; the same as decimal strings without `Minor`. */
  totalMinor: string;
  paidMinor: string;
  pendingMinor: string;
  outstandingMinor: string;
  total: string;
  paid: string;
  /** Submitted, not yet confirmed. */
  pending: string;
  outstanding: string;
}

/**
 * Paid and outstanding per currency of a statement: its gross totals against the confirmed vouchers
 * (paid) and the submitted ones (pending, not yet counted as paid).
 */
export function paymentSummary(
  totals: Pick<CurrencyTotal, 'currency' | 'grossMinor'>[],
  vouchers: { currency: string; amountMinor: string | number | bigint; status: number }[],
): PaymentSummary[] {
  return totals.map((t) => {
    const sum = (status: number) =>
      vouchers
        .filter((v) => v.currency === t.currency && v.status === status)
        .reduce((n, v) => n + BigInt(v.amountMinor), 0n);
    const total = BigInt(t.grossMinor);
    const paid = sum(VoucherStatus.confirmed);
    const pending = sum(VoucherStatus.submitted);
    const outstanding = total - paid;
    const f = (n: bigint) => formatMinor(n, t.currency);
    return {
      currency: t.currency,
      totalMinor: total.toString(),
      paidMinor: paid.toString(),
      pendingMinor: pending.toString(),
      outstandingMinor: outstanding.toString(),
      total: f(total),
      paid: f(paid),
      pending: f(pending),
      outstanding: f(outstanding),
    };
  });
}
