// Calls of the shipping-instruction page and the ship inquiry: the instruction and its commands, the
// pre-fill from the shipper's last one, the vessel register search and the inquiry.
import type { CargoSummary } from '@tradelane/contract';
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

export interface EntrustRow extends EntrustFields, CargoSummary {
  id: number;
  batchId: number;
  batchNumber: string | null;
  entrustNo: string;
  partyTenantId: number;
  partyName: string | null;
  shipperName: string | null;
  vesselName: string | null;
  portOfLoadingName: string | null;
  portOfDischargeName: string | null;
  status: number;
  reason: string | null;
  submitTime: string | null;
  mine: boolean;
  actions: string[];
}

export interface EntrustPrefill extends Partial<Omit<EntrustFields, 'shipperText'>> {
  fromId: number | null;
  fromEntrustNo: string | null;
  shipperText: string | null;
  vesselName: string | null;
  cargo: CargoSummary | null;
  providers: { id: number; name: string }[];
}

export interface VesselRow {
  id: number;
  name: string;
  imo: string;
  mmsi: string | null;
  callSign: string | null;
  flag: string;
  flagName: string | null;
  vesselType: string;
  vesselTypeLabel: string | null;
  teu: number | null;
  dwt: number | null;
  built: number | null;
  operator: string | null;
  keeperName: string | null;
  mine: boolean;
}

export interface PortCall {
  id: number;
  vesselId: number;
  voyageNo: string;
  portCode: string;
  portName: string | null;
  seq: number;
  eta: string | null;
  etd: string | null;
  terminal: string | null;
  keeperName: string | null;
  mine: boolean;
}

export interface VesselBatch {
  batchId: number;
  batchNumber: string;
  batchName: string | null;
  projectName: string | null;
  entrustNo: string;
  statusLabel: string;
  voyageNo: string | null;
  portOfLoading: string;
  portOfDischarge: string;
  packages: number;
  grossWeight: number;
}

export type InquiryVessel = VesselRow & { schedule: PortCall[]; batches: VesselBatch[] };

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
