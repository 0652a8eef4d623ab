// The logistics screens' calls (issue 13): boxes with where they are, the bulk commands of the box
// logistics machine, vehicles, containers, abnormal records, timelines and counts per state.
import type { LogisticsEvent } from '@tradelane/contract';
import { http } from '../../api/request.ts';
import type { Page, UploadAnswer } from '../../api/types.ts';
import type { BoxRow } from '../boxes/boxes-api.ts';

export interface LogisticsBox extends BoxRow {
  logisticsActions: LogisticsEvent[];
  accessoryInfoId: number | null;
  plateNumber: string | null;
  containerId: number | null;
  containerNumber: string | null;
}

export interface VehicleRow {
  id: number;
  batchId: number;
  batchNumber: string | null;
  plateNumber: string;
  vehicleType: string | null;
  driverName: string | null;
  driverPhone: string | null;
  fromPlace: string | null;
  toPlace: string | null;
  departTime: string | null;
  remark: string | null;
  ownerName: string | null;
  mine: boolean;
  boxCount: number;
  weight: number;
  volume: number;
}

export interface ContainerRow {
  id: number;
  batchId: number;
  containerNumber: string;
  typeCode: string;
  sealNumber: string | null;
  innerLength: number;
  innerWidth: number;
  innerHeight: number;
  maxPayload: number;
  tare: number | null;
  vessel: string | null;
  voyage: string | null;
  etd: string | null;
  blNumber: string | null;
  port: string | null;
  eta: string | null;
  ata: string | null;
  remark: string | null;
  ownerName: string | null;
  mine: boolean;
  boxCount: number;
  weight: number;
  volume: number;
  capacity: number;
  fillVolume: number;
  fillWeight: number;
  planned: boolean;
}

export interface ContainerType {
  id: string;
  name: string;
  l: number;
  w: number;
  h: number;
  maxPayload: number;
}

export interface AbnormalRow {
  id: number;
  batchId: number;
  boxId: number;
  boxNumber: string | null;
  abnormalType: string;
  typeLabel: string;
  quantity: number | null;
  note: string | null;
  status: number;
  atStatus: number;
  atStatusLabel: string | null;
  raisedByName: string | null;
  resolveNote: string | null;
  resolveTime: string | null;
  createTime: string;
  createBy: string;
  photos: { id: number; name: string; url: string }[];
  actions: string[];
}

/** One line of a timeline: one command (its moves share time, who, action and note). */
export interface TransitEvent {
  id: number;
  time: string;
  byName: string | null;
  byTenantName: string | null;
  entity: string;
  action: string;
  actionLabel: string;
  fromStatus: string | null;
  toStatus: string | null;
  fromLabel: string | null;
  toLabel: string | null;
  count?: number;
  place: string | null;
  note: string | null;
}

export interface BatchCounts {
  batchId: number;
  counts: Record<string, number>;
  total: number;
}

export interface ShipmentCheck {
  batchId: number;
  boxes: number;
  notLoaded: number;
  canShip: boolean;
  blocking: { code: string; count: number; message: string }[];
}

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
  sign: (batchId: number) => http.post<Boxes>('/api/projectBatch/sign', { batchId }),

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
