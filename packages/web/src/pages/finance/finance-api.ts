// Supply-chain finance calls: the company's bank and credit information (creditCarddInformation), its
// financing applications and the finance side's commands; the papers one may finance.
import {
  type creditInfoAnswer,
  DocumentStatus,
  type documentAnswer,
  type FinancingEvent,
  type financingAnswer,
  type InputOf,
  ReconciliationStatus,
  type statementAnswer,
} from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { financeOps, financingSteps } from '@tradelane/contract/api/finance';
import type { z } from 'zod';
import { call, callCommand } from '../../api/client.ts';

export type CreditInfoRow = z.infer<typeof creditInfoAnswer>;
export type FinancingRow = z.infer<typeof financingAnswer>;

export interface Basis {
  key: string;
  basisType: 'reconciliation' | 'invoice';
  id: number;
  no: string;
  batchNumber: string | null;
  totals: { currency: string; total: string }[];
}

export type { FinancingEvent };

type StatementRow = Pick<
  z.infer<typeof statementAnswer>,
  'id' | 'statementNo' | 'batchNumber' | 'mine' | 'totals'
>;
type DocumentRow = Pick<z.infer<typeof documentAnswer>, 'id' | 'docNo' | 'name' | 'mine' | 'batchId'>;

export const financeApi = {
  /** Spec §7: GET with page 0 and size 100000. */
  creditInfos: () => call(families.creditCarddInformation.list, { page: 0, size: 100000 }),
  createCreditInfo: (body: InputOf<typeof families.creditCarddInformation.create>) =>
    call(families.creditCarddInformation.create, body),
  updateCreditInfo: (body: InputOf<typeof families.creditCarddInformation.update>) =>
    call(families.creditCarddInformation.update, body),
  apply: (body: InputOf<typeof financeOps.apply>) => call(financeOps.apply, body),
  command: (event: string, id: number, reason?: string) => callCommand(financingSteps, event, id, reason),
  /** The caller's own confirmed statements and commercial invoices. */
  bases: async (): Promise<Basis[]> => {
    const [recs, docs] = await Promise.all([
      // A company sees the families its role lists: a supplier has no statements, and that is no error.
      call(
        families.reconciliation.list,
        { status: ReconciliationStatus.confirmed, page: 0, size: 200 },
        { silent: true },
      ).catch(() => ({
        content: [] as StatementRow[],
      })),
      call(
        families.document.list,
        { status: DocumentStatus.confirmed, docType: 'commercial_invoice', page: 0, size: 200 },
        { silent: true },
      ).catch(() => ({ content: [] as DocumentRow[] })),
    ]);
    return [
      ...recs.content
        .filter((r) => r.mine)
        .map((r) => ({
          key: `reconciliation:${r.id}`,
          basisType: 'reconciliation' as const,
          id: r.id,
          no: r.statementNo ?? `#${r.id}`,
          batchNumber: r.batchNumber,
          totals: r.totals.map((x) => ({ currency: x.currency, total: x.gross })),
        })),
      ...docs.content
        .filter((d) => d.mine)
        .map((d) => ({
          key: `invoice:${d.id}`,
          basisType: 'invoice' as const,
          id: d.id,
          no: d.docNo ?? d.name,
          batchNumber: null,
          totals: [],
        })),
    ];
  },
};
