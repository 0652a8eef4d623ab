// Calls of the shipping-instruction page and the ship inquiry: the instruction and its commands, the
// pre-fill from the shipper's last one, the vessel register search and the inquiry.
import type {
  deliveryEntrustUpdate,
  entrustAnswer,
  entrustPrefillAnswer,
  inquiryVesselAnswer,
  portCallAnswer,
  vesselAnswer,
  vesselBatchAnswer,
} from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { papersOps } from '@tradelane/contract/api/papers';
import type { z } from 'zod';
import { call, callCommand } from '../../api/client.ts';

/** The instruction's own fields, as its form sends them. */
export type EntrustFields = z.input<typeof deliveryEntrustUpdate>;

export type EntrustRow = z.infer<typeof entrustAnswer>;
export type EntrustPrefill = z.infer<typeof entrustPrefillAnswer>;
export type VesselRow = z.infer<typeof vesselAnswer>;
export type PortCall = z.infer<typeof portCallAnswer>;
export type VesselBatch = z.infer<typeof vesselBatchAnswer>;
export type InquiryVessel = z.infer<typeof inquiryVesselAnswer>;

/** The row's commands by event. */
const entrustSteps = {
  submit: papersOps.submitEntrust,
  accept: papersOps.acceptEntrust,
  return: papersOps.returnEntrust,
};

export const entrustApi = {
  last: (batchId: number) => call(papersOps.lastEntrust, { batchId }),
  create: (body: EntrustFields & { batchId: number; partyTenantId?: number | null }) =>
    call(families.deliveryEntrust.create, body),
  update: (body: EntrustFields & { id: number }) => call(families.deliveryEntrust.update, body),
  remove: (id: number) => call(families.deliveryEntrust.remove, [id]),
  command: (event: string, id: number, reason?: string) => callCommand(entrustSteps, event, id, reason),
  ships: (shiName: string) => call(papersOps.queryShipName, { shiName, size: 20 }),
  inquiry: (q: string) => call(papersOps.shipInquiry, { q, size: 10 }),
};
