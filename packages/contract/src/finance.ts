// Supply-chain finance (spec §7 `creditCarddInformation`): a company's bank and credit
// information, and financing applications against what it is owed — a confirmed statement of charges
// (reconciliation) or a confirmed commercial invoice. Money is decimal strings compared in minor units
// (BigInt), never floating point. The platform's finance role reviews, approves, disburses and records
// the repayment; only the applying company applies.
import { z } from 'zod';
import { countryCodes } from './countries.ts';
import { currencyScale, toMinor } from './customs.ts';
import { P } from './permissions.ts';
import type { StateLabels, StateMachine } from './workflow.ts';

/** The permission that makes a platform user the finance side (seeded on the template role `finance`). */
export const FINANCE_REVIEW = P.financing.review;

/**
 * SWIFT/BIC (ISO 9362): 4 letters (bank), 2 letters (a real ISO 3166 country), 2 letters or digits
 * (location), optionally 3 more (branch). Spaces are ignored; letters are upper-cased.
 */
export function isSwiftBic(value: string): boolean {
  const v = value.replace(/\s/g, '').toUpperCase();
  const m = /^[A-Z]{4}([A-Z]{2})[A-Z0-9]{2}([A-Z0-9]{3})?$/.exec(v);
  return Boolean(m && countryCodes.has(m[1]));
}

export const creditRatings = ['AAA', 'AA', 'A', 'BBB', 'BB', 'B', 'CCC', 'CC', 'C', 'D'] as const;

/** A non-negative amount with at most `scale` decimals and 16 integer digits, as a string. */
export const zMoney = (scale = 2) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((s) => new RegExp(`^\\d{1,16}(\\.\\d{1,${scale}})?$`).test(s), { message: 'finance.bad_amount' });

const zCurrency = z
  .string()
  .trim()
  .toUpperCase()
  .refine((c) => /^[A-Z]{3}$/.test(c) && currencyScale(c) >= 0, { message: 'validation.currency' });

export const creditInfoCreate = z.object({
  bankName: z.string().trim().min(1).max(100),
  /** Account number or IBAN: letters, digits and spaces, 4–34 characters without spaces. */
  bankAccount: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s/g, '').toUpperCase())
    .refine((v) => /^[A-Z0-9]{4,34}$/.test(v), { message: 'finance.bad_account' }),
  accountName: z.string().trim().max(100).nullish(),
  swiftCode: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s/g, '').toUpperCase())
    .refine(isSwiftBic, { message: 'finance.bad_swift' }),
  /** Set by the platform's finance side only. */
  creditRating: z.enum(creditRatings).nullish(),
  creditLimit: zMoney(2).nullish(),
  currency: zCurrency.default('CNY'),
  remark: z.string().trim().max(500).nullish(),
});
export type CreditInfoCreate = z.infer<typeof creditInfoCreate>;

export const financingBasisTypes = [
  { code: 'reconciliation', zh: '对账单', en: 'Statement of charges' },
  { code: 'invoice', zh: '商业发票', en: 'Commercial invoice' },
] as const;
export type FinancingBasisType = (typeof financingBasisTypes)[number]['code'];

export const FinancingStatus = {
  applied: 0,
  underReview: 1,
  approved: 2,
  rejected: 3,
  disbursed: 4,
  repaid: 5,
} as const;
export type FinancingStatusValue = (typeof FinancingStatus)[keyof typeof FinancingStatus];
export type FinancingEvent = 'review' | 'approve' | 'reject' | 'disburse' | 'repay';

/** The finance side takes an application through review; rejected and repaid are final. */
export const financingMachine: StateMachine<FinancingStatusValue, FinancingEvent> = [
  { from: 0, event: 'review', to: 1, who: ['finance'] },
  { from: 1, event: 'approve', to: 2, who: ['finance'] },
  { from: 1, event: 'reject', to: 3, who: ['finance'], guard: 'reason' },
  { from: 2, event: 'disburse', to: 4, who: ['finance'] },
  { from: 4, event: 'repay', to: 5, who: ['finance'] },
];
export const financingStatusLabels: StateLabels = {
  0: { zh: '已申请', en: 'Applied' },
  1: { zh: '审核中', en: 'Under review' },
  2: { zh: '已批准', en: 'Approved' },
  3: { zh: '已驳回', en: 'Rejected' },
  4: { zh: '已放款', en: 'Disbursed' },
  5: { zh: '已还款', en: 'Repaid' },
};

export const financingApply = z.object({
  basisType: z.enum(['reconciliation', 'invoice']),
  basisId: z.coerce.number().int().positive(),
  amount: zMoney(3),
  currency: zCurrency,
  /** Days from disbursement to the due date. */
  termDays: z.coerce.number().int().min(1).max(365),
  remark: z.string().trim().max(500).nullish(),
});
export type FinancingApply = z.infer<typeof financingApply>;
export const financingRef = z.object({ id: z.coerce.number().int().positive() });
export const financingReject = z.object({
  id: z.coerce.number().int().positive(),
  reason: z.string().trim().min(1).max(500),
});

/** Days before the due date when the reminder job starts telling the borrower (once a day). */
export const FINANCING_REMIND_DAYS = 7;

/** An amount in a currency's minor units, or null if it has more decimals than the currency allows. */
export function moneyMinor(amount: string, currency: string): bigint | null {
  try {
    return toMinor(amount, currencyScale(currency));
  } catch {
    return null;
  }
}

/** The due date of a loan disbursed on `disbursed` (YYYY-MM-DD) for `termDays` days. */
export function dueDateOf(disbursed: string, termDays: number): string {
  const d = new Date(`${disbursed}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + termDays);
  return d.toISOString().slice(0, 10);
}
