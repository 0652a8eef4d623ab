// The calls of the B/L and tally screens: spec §7 paths `billLading` (POST, PUT when an id is
// present) with its commands and PDF, `tallySheet` (PUT, POST batchUpdate, GET synchPacklist) and
// `viewTallySheet`.
import type { BillLadingCreate, billLadingAnswer, InputOf, tallyAnswer } from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { papersOps } from '@tradelane/contract/api/papers';
import type { z } from 'zod';
import { call, callCommand } from '../../api/client.ts';

export type BillLadingRow = z.infer<typeof billLadingAnswer>;
export type TallyRow = z.infer<typeof tallyAnswer>;

export type BillLadingBody = Partial<Omit<BillLadingCreate, 'batchId'>>;

/** The row's commands by event. */
const billSteps = {
  submit: papersOps.submitBill,
  confirm: papersOps.confirmBill,
  reject: papersOps.rejectBill,
};

export const ladingApi = {
  createBill: (batchId: number) => call(families.billLading.create, { batchId }),
  /** Spec §7: PUT when an id is present. */
  saveBill: (id: number, body: BillLadingBody) => call(families.billLading.update, { id, ...body }),
  bill: (id: number) => call(families.billLading.queryById, { id }),
  billCommand: (event: string, id: number, reason?: string) => callCommand(billSteps, event, id, reason),
  removeBill: (id: number) => call(families.billLading.remove, [id]),
  billPdf: (id: number) => call(papersOps.billPdf, { id }),
  tally: (batchId: number, status?: number) =>
    call(families.viewTallySheet.list, {
      batchId,
      page: 0,
      size: 2000,
      ...(status === undefined ? {} : { status }),
    }),
  sync: (batchId: number) => call(papersOps.syncTally, { batchId }),
  tallyBox: (body: InputOf<typeof papersOps.tallyBox>) => call(papersOps.tallyBox, body),
  tallyMany: (ids: number[], status: InputOf<typeof papersOps.tallyBoxes>['status']) =>
    call(papersOps.tallyBoxes, { ids, status }),
};
