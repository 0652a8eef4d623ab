// The logistics screens' calls: boxes with where they are, the bulk commands of the box
// logistics machine, vehicles, containers, abnormal records, timelines and counts per state.
import type {
  abnormalAnswer,
  batchCountsAnswer,
  containerAnswer,
  containerTypeAnswer,
  shipmentCheckAnswer,
  signCheckAnswer,
  transitEventAnswer,
  vehicleAnswer,
} from '@tradelane/contract';
import type { z } from 'zod';
import { http } from '../../api/request.ts';
import type { Page, UploadAnswer } from '../../api/types.ts';
import type { BoxRow } from '../boxes/boxes-api.ts';

/** A box with where it is (its vehicle and container) and its logistics commands. */
export type LogisticsBox = BoxRow;
export type VehicleRow = z.infer<typeof vehicleAnswer>;
export type ContainerRow = z.infer<typeof containerAnswer>;
export type ContainerType = z.infer<typeof containerTypeAnswer>;
export type AbnormalRow = z.infer<typeof abnormalAnswer>;
/** One line of a timeline: one command (its moves share time, who, action and note). */
export type TransitEvent = z.infer<typeof transitEventAnswer>;
export type BatchCounts = z.infer<typeof batchCountsAnswer>;
export type ShipmentCheck = z.infer<typeof shipmentCheckAnswer>;
export type SignCheck = z.infer<typeof signCheckAnswer>;

type Boxes = Page<LogisticsBox>;
type Ids = { ids: number[] };

export const logisticsApi = {
  /** Boxes handed over (submitted packing lists): the ones in the logistics life cycle. */
  boxes: (batchId: number) =>
    http.get<Boxes>('/api/boxPiece', { batchId, status: 1, size: 2000, sort: 'boxNumber,asc' }),
  byToken: (token: string) => http.get<LogisticsBox>('/api/boxPiece/queryByBoxId', { boxId: token }),
  counts: (q: { batchId?: number; projectId?: number }) =>
    http.get<BatchCounts[]>('/api/boxPiece/logisticsCounts', q),
  checkShipment: (batchId: number) => http.get<ShipmentCheck>('/api/boxPiece/checkShipment', { batchId }),
  batchTimeline: (batchId: number) => http.get<TransitEvent[]>('/api/batchIntransitLive', { batchId }),
  boxTimeline: (boxPieceId: number) => http.get<TransitEvent[]>('/api/boxPieceIntransitLive', { boxPieceId }),
  vehicles: (batchId: number) => http.get<Page<VehicleRow>>('/api/accessoryInfo', { batchId, size: 200 }),
  createVehicle: (body: {
    batchId: number;
    plateNumber: string;
    driverName?: string;
    driverPhone?: string;
  }) => http.post<VehicleRow>('/api/accessoryInfo', body),
  containers: (batchId: number) =>
    http.get<Page<ContainerRow>>('/api/container', { batchId, size: 200, sort: 'id,asc' }),
  containerTypes: () => http.get<ContainerType[]>('/api/loadPlan/containerTypes'),

  load: (accessoryInfoId: number, boxPieceIds: number[]) =>
    http.post<Boxes>('/api/accessoryInfoBoxPiece', { accessoryInfoId, boxPieceIds }),
  offLoad: (batchId: number, boxPieceId: number, reason: string) =>
    http.post<Boxes>('/api/boxPiece/offLoad', { batchId, boxPieceId, reason }),
  undoLoading: (body: { id?: number; boxPieceIds?: number[]; reason: string }) =>
    http.post<Boxes>('/api/accessoryInfo/undoLoading', body),
  ship: (batchId: number, place?: string) => http.post<Boxes>('/api/boxPiece/ship', { batchId, place }),
  transit: (body: Ids & { place?: string }) => http.post<Boxes>('/api/boxPiece/transit', body),
  stuff: (containerId: number, boxPieceIds: number[]) =>
    http.post<Boxes>('/api/containerBoxPiece', { containerId, boxPieceIds }),
  undoPacking: (body: { id?: number; boxPieceIds?: number[]; reason: string }) =>
    http.post<Boxes>('/api/container/undoPacking', body),
  onBoard: (body: {
    ids?: number[];
    boxPieceIds?: number[];
    vessel: string;
    voyage: string;
    etd?: string | null;
    blNumber?: string | null;
    seals?: { containerId: number; sealNumber: string }[];
  }) => http.post<Boxes>('/api/container/onBoard', body),
  discharge: (body: {
    ids?: number[];
    boxPieceIds?: number[];
    port: string;
    eta?: string | null;
    ata?: string | null;
  }) => http.post<Boxes>('/api/container/discharge', body),
  unpack: (body: { ids?: number[]; boxPieceIds?: number[] }) =>
    http.post<Boxes>('/api/container/unpack', body),
  deliver: (body: Ids & { place?: string }) => http.post<Boxes>('/api/boxPiece/deliver', body),
  undoDelivery: (body: Ids & { reason: string }) => http.post<Boxes>('/api/boxPiece/undoDelivery', body),
  receive: (body: Ids & { place?: string }) => http.post<Boxes>('/api/boxPiece/receive', body),
  undoReceive: (body: Ids & { reason: string }) => http.post<Boxes>('/api/boxPiece/undoReceive', body),
  backSupplier: (body: Ids & { reason: string }) => http.post<Boxes>('/api/boxPiece/backSupplier', body),
  signCheck: (batchId: number) => http.get<SignCheck>('/api/projectBatch/checkSign', { batchId }),
  sign: (batchId: number, reason?: string) =>
    http.post<Boxes>('/api/projectBatch/sign', { batchId, ...(reason ? { reason } : {}) }),

  uploadPhoto: (file: File) => {
    const data = new FormData();
    data.append('kind', 'image');
    data.append('file', file);
    return http.post<UploadAnswer>('/api/file', data);
  },
  raiseAbnormal: (body: {
    boxPieceId: number;
    abnormalType: string;
    quantity?: number | null;
    note?: string | null;
    photoIds: number[];
  }) => http.post<AbnormalRow>('/api/abnormalRecord', body),
  resolveAbnormal: (id: number, note?: string | null) =>
    http.post<AbnormalRow>('/api/abnormalRecord/resolve', { id, note }),
  photo: (url: string) => http.get<Blob>(url, undefined, { responseType: 'blob' }),
};
