// Calls of the shipping-instruction page and the ship inquiry: the instruction and its commands, the
// pre-fill from the shipper's last one, the vessel register search and the inquiry.
import type {
  entrustAnswer,
  entrustPrefillAnswer,
  inquiryVesselAnswer,
  portCallAnswer,
  vesselAnswer,
  vesselBatchAnswer,
} from '@tradelane/contract';
import type { z } from 'zod';
import { http } from '../../api/request.ts';
import type { Page } from '../../api/types.ts';

export interface EntrustFields {
  shipperText: string;
  consignee: string;
  notifyParty?: string | null;
  portOfLoading: string;
  portOfDischarge: string;
  placeOfDelivery?: string | null;
  incoterm: string;
  incotermPlace?: string | null;
  wantedEtd?: string | null;
  vesselId?: number | null;
  voyageNo?: string | null;
  cargoDescription?: string | null;
  specialRequirements?: string | null;
}

export type EntrustRow = z.infer<typeof entrustAnswer>;
export type EntrustPrefill = z.infer<typeof entrustPrefillAnswer>;
export type VesselRow = z.infer<typeof vesselAnswer>;
export type PortCall = z.infer<typeof portCallAnswer>;
export type VesselBatch = z.infer<typeof vesselBatchAnswer>;
export type InquiryVessel = z.infer<typeof inquiryVesselAnswer>;

export const entrustApi = {
  last: (batchId: number) => http.get<EntrustPrefill>('/api/deliveryEntrust/last', { batchId }),
  create: (body: EntrustFields & { batchId: number; partyTenantId?: number | null }) =>
    http.post<EntrustRow>('/api/deliveryEntrust', body),
  update: (body: EntrustFields & { id: number }) => http.put<EntrustRow>('/api/deliveryEntrust', body),
  remove: (id: number) => http.del('/api/deliveryEntrust', { data: [id] }),
  command: (event: 'submit' | 'accept' | 'return', id: number, reason?: string) =>
    http.post<EntrustRow>(`/api/deliveryEntrust/${event}`, reason === undefined ? { id } : { id, reason }),
  ships: (shiName: string) =>
    http.get<Page<VesselRow>>('/api/deliveryEntrust/queryshipname', { shiName, size: 20 }),
  inquiry: (q: string) => http.get<Page<InquiryVessel>>('/api/shipInquiry', { q, size: 10 }),
};
