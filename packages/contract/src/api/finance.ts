// Supply-chain finance and the trade-policy tool besides their families: a financing application and
// the finance side's steps on it (review, approve, reject, disburse, repay); the trade-policy search of
// one country and code, what applies to many codes at once, and the import of a tariff file.

import { importedAnswer } from '../answers/customs.ts';
import { financingAnswer } from '../answers/finance.ts';
import { applicableCodesAnswer, policySearchAnswer } from '../answers/trade-policy.ts';
import {
  FINANCE_REVIEW,
  type FinancingEvent,
  financingApply,
  financingRef,
  financingReject,
} from '../finance.ts';
import { applicableBody, tradePolicyQuery } from '../trade-policy.ts';
import { operation } from './operation.ts';

const financing = ['financing'] as const;
/** A finance step on an application: the same caller, body and answer, one path per event. */
const step = <const P extends string>(path: P, summary: string) =>
  operation({
    method: 'POST',
    path,
    summary,
    tags: financing,
    caller: { permission: FINANCE_REVIEW },
    body: financingRef,
    answer: financingAnswer,
    changes: financing,
  });

export const financeOps = {
  apply: operation({
    method: 'POST',
    path: '/api/financing/apply',
    summary: 'Apply for financing against a confirmed statement or invoice (the company owed)',
    tags: financing,
    caller: { permission: 'financing:apply' },
    body: financingApply,
    answer: financingAnswer,
    status: 201,
    changes: financing,
  }),
  review: step('/api/financing/review', 'Take an application under review (finance)'),
  approve: step('/api/financing/approve', 'Approve an application under review (finance)'),
  reject: operation({
    method: 'POST',
    path: '/api/financing/reject',
    summary: 'Reject an application under review, with a reason (finance)',
    tags: financing,
    caller: { permission: FINANCE_REVIEW },
    body: financingReject,
    answer: financingAnswer,
    changes: financing,
  }),
  disburse: step(
    '/api/financing/disburse',
    'Disburse an approved loan; the due date follows from its term (finance)',
  ),
  repay: step('/api/financing/repay', 'Record the repayment of a disbursed loan (finance)'),
  policySearch: operation({
    method: 'GET',
    path: '/api/tradePolicy/search',
    summary: 'Duty rate, national lines and policy notes of a country for an HS code',
    tags: ['tradePolicy'],
    caller: { permission: 'tradePolicy:list' },
    query: tradePolicyQuery,
    answer: policySearchAnswer,
  }),
  applicable: operation({
    method: 'POST',
    path: '/api/tradePolicy/applicable',
    summary: 'Policy notes of many codes at once',
    tags: ['tradePolicy'],
    caller: { permission: 'tradePolicy:list' },
    body: applicableBody,
    answer: applicableCodesAnswer,
  }),
  importTariff: operation({
    method: 'POST',
    path: '/api/tariffRate/import',
    summary: 'Import duty rates from a tariff file (.xlsx or .csv)',
    tags: ['tradePolicy'],
    caller: { permission: 'tradePolicy:edit' },
    upload: true,
    answer: importedAnswer,
    changes: ['tariffRate'],
  }),
};

/** The finance side's step of each event (the web picks the operation by the command's event). */
export const financingSteps = {
  review: financeOps.review,
  approve: financeOps.approve,
  reject: financeOps.reject,
  disburse: financeOps.disburse,
  repay: financeOps.repay,
} as const satisfies Record<FinancingEvent, unknown>;
