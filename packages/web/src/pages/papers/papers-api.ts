// The papers screens' calls: documents of a batch and statements of charges, their commands and files.
import type {
  documentAnswer,
  documentCreate,
  documentFileAnswer,
  ReconciliationLine,
  reconciliationUpdate,
  statementAnswer,
  statementLineAnswer,
} from '@tradelane/contract';
import { fileOps } from '@tradelane/contract/api/account';
import { families } from '@tradelane/contract/api/families';
import { papersOps } from '@tradelane/contract/api/papers';
import type { z } from 'zod';
import { call, callCommand } from '../../api/client.ts';

export type DocumentFile = z.infer<typeof documentFileAnswer>;
export type DocumentRow = z.infer<typeof documentAnswer>;

export type NewDocument = z.input<typeof documentCreate>;
/** What a statement's form sends (its batch on creation, its id on update). */
type StatementFields = Omit<z.input<typeof reconciliationUpdate>, 'lines'> & { lines: ReconciliationLine[] };

export type StatementLine = z.infer<typeof statementLineAnswer>;
/** A statement with its lines' amounts, totals, and paid (confirmed vouchers) and outstanding per currency. */
export type StatementRow = z.infer<typeof statementAnswer>;

/** A statement's commands by event. */
const statementSteps = {
  submit: papersOps.submitStatement,
  confirm: papersOps.confirmStatement,
  reject: papersOps.rejectStatement,
};

export const papersApi = {
  upload: (file: File) => {
    const data = new FormData();
    data.append('kind', 'paper');
    data.append('file', file);
    return call(fileOps.upload, data);
  },
  batchAdd: (docs: NewDocument[]) => call(papersOps.batchAddDocuments, docs),
  documentCommand: (event: string, id: number) =>
    callCommand({ submit: papersOps.submitDocument, confirm: papersOps.confirmDocument }, event, id),
  createStatement: (body: StatementFields & { batchId: number }) =>
    call(families.reconciliation.create, body),
  updateStatement: (body: StatementFields & { id: number }) => call(families.reconciliation.update, body),
  statementCommand: (event: string, id: number, reason?: string) =>
    callCommand(statementSteps, event, id, reason),
  remove: (family: 'document' | 'reconciliation', id: number) => call(families[family].remove, [id]),
  exportStatement: (id: number) => call(papersOps.exportStatement, { id }),
};
