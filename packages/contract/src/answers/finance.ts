// Answers of supply-chain finance: a company's bank and credit information and its financing
// applications (against a confirmed statement or a commercial invoice).
import { z } from 'zod';
import { financingMachine, financingStatusLabels } from '../finance.ts';
import { engineRow, eventOf, stateOf } from './common.ts';

/** A company's bank and credit information (GET /api/creditCarddInformation) with what it owes now. */
export const creditInfoAnswer = engineRow.extend({
  tenantId: z.number(),
  tenantName: z.string().nullable(),
  bankName: z.string(),
  bankAccount: z.string(),
  accountName: z.string().nullable(),
  swiftCode: z.string(),
  creditRating: z.string().nullable(),
  creditLimit: z.string().nullable(),
  /** Financed and not repaid, in the row's currency (decimal string). */
  outstanding: z.string(),
  currency: z.string(),
  remark: z.string().nullable(),
});

/** A financing application (GET /api/financing and its commands). */
export const financingAnswer = engineRow.extend({
  tenantId: z.number(),
  tenantName: z.string().nullable(),
  applicationNo: z.string(),
  basisType: z.enum(['reconciliation', 'invoice']),
  basisId: z.number(),
  basisLabel: z.string(),
  basisNo: z.string(),
  batchId: z.number(),
  batchNumber: z.string().nullable(),
  debtorTenantId: z.number(),
  debtorName: z.string().nullable(),
  amount: z.string(),
  currency: z.string(),
  termDays: z.number(),
  status: stateOf(financingStatusLabels),
  statusLabel: z.string(),
  reason: z.string().nullable(),
  remark: z.string().nullable(),
  disbursedOn: z.string().nullable(),
  dueDate: z.string().nullable(),
  repaidOn: z.string().nullable(),
  remindedOn: z.string().nullable(),
  mine: z.boolean(),
  actions: z.array(eventOf(financingMachine)),
});
