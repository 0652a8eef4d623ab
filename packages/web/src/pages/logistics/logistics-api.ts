// The logistics screens' calls: boxes with where they are, the bulk commands of the box
// logistics machine, vehicles, containers, abnormal records, timelines and counts per state.
import type {
  abnormalAnswer,
  batchCountsAnswer,
  containerAnswer,
  containerTypeAnswer,
  InputOf,
  shipmentCheckAnswer,
  signCheckAnswer,
  transitEventAnswer,
  vehicleAnswer,
} from '@tradelane/contract';
import { logisticsOps } from '@tradelane/contract/api/logistics';
import type { z } from 'zod';
import { call } from '../../api/client.ts';
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
    call(logisticsOps.load, { accessoryInfoId, boxPieceIds }),
  offLoad: (batchId: number, boxPieceId: number, reason: string) =>
    call(logisticsOps.offLoad, { batchId, boxPieceId, reason }),
  undoLoading: (body: InputOf<typeof logisticsOps.undoLoading>) => call(logisticsOps.undoLoading, body),
  ship: (batchId: number, place?: string) => call(logisticsOps.ship, { batchId, place }),
  transit: (body: InputOf<typeof logisticsOps.transit>) => call(logisticsOps.transit, body),
  stuff: (containerId: number, boxPieceIds: number[]) =>
    call(logisticsOps.stuff, { containerId, boxPieceIds }),
  undoPacking: (body: InputOf<typeof logisticsOps.undoPacking>) => call(logisticsOps.undoPacking, body),
  onBoard: (body: InputOf<typeof logisticsOps.onBoard>) => call(logisticsOps.onBoard, body),
  discharge: (body: InputOf<typeof logisticsOps.discharge>) => call(logisticsOps.discharge, body),
  unpack: (body: InputOf<typeof logisticsOps.unpack>) => call(logisticsOps.unpack, body),
  deliver: (body: InputOf<typeof logisticsOps.deliver>) => call(logisticsOps.deliver, body),
  undoDelivery: (body: InputOf<typeof logisticsOps.undoDelivery>) => call(logisticsOps.undoDelivery, body),
  receive: (body: InputOf<typeof logisticsOps.receive>) => call(logisticsOps.receive, body),
  undoReceive: (body: InputOf<typeof logisticsOps.undoReceive>) => call(logisticsOps.undoReceive, body),
  backSupplier: (body: InputOf<typeof logisticsOps.backSupplier>) => call(logisticsOps.backSupplier, body),
  signCheck: (batchId: number) => http.get<SignCheck>('/api/projectBatch/checkSign', { batchId }),
  sign: (batchId: number, reason?: string) =>
    call(logisticsOps.sign, { batchId, ...(reason ? { reason } : {}) }),

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
