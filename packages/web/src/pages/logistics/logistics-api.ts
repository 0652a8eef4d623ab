// The logistics screens' calls: boxes with where they are, the bulk commands of the box
// logistics machine, vehicles, containers, abnormal records, timelines and counts per state.
import {
  type abnormalAnswer,
  BoxStatus,
  type batchCountsAnswer,
  type containerAnswer,
  type containerTypeAnswer,
  type InputOf,
  type shipmentCheckAnswer,
  type signCheckAnswer,
  type transitEventAnswer,
  type vehicleAnswer,
} from '@tradelane/contract';
import { fileOps } from '@tradelane/contract/api/account';
import { boxesOps } from '@tradelane/contract/api/boxes';
import { families } from '@tradelane/contract/api/families';
import { loadplanOps } from '@tradelane/contract/api/loadplan';
import { logisticsOps, logisticsReadOps } from '@tradelane/contract/api/logistics';
import type { z } from 'zod';
import { call } from '../../api/client.ts';
import { http } from '../../api/request.ts';
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

export const logisticsApi = {
  /** Boxes handed over (submitted packing lists): the ones in the logistics life cycle. */
  boxes: (batchId: number) =>
    call(families.boxPiece.list, { batchId, status: BoxStatus.submitted, size: 2000, sort: 'boxNumber,asc' }),
  byToken: (token: string) => call(boxesOps.byToken, { boxId: token }),
  counts: (q: { batchId?: number; projectId?: number }) => call(logisticsReadOps.counts, q),
  checkShipment: (batchId: number) => call(boxesOps.checkShipment, { batchId }),
  batchTimeline: (batchId: number) => call(logisticsReadOps.batchTimeline, { batchId }),
  boxTimeline: (boxPieceId: number) => call(logisticsReadOps.boxTimeline, { boxPieceId }),
  vehicles: (batchId: number) => call(families.accessoryInfo.list, { batchId, size: 200 }),
  createVehicle: (body: InputOf<typeof families.accessoryInfo.create>) =>
    call(families.accessoryInfo.create, body),
  containers: (batchId: number) => call(families.container.list, { batchId, size: 200, sort: 'id,asc' }),
  containerTypes: () => call(loadplanOps.containerTypes),

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
  signCheck: (batchId: number) => call(logisticsReadOps.signCheck, { batchId }),
  sign: (batchId: number, reason?: string) =>
    call(logisticsOps.sign, { batchId, ...(reason ? { reason } : {}) }),

  uploadPhoto: (file: File) => {
    const data = new FormData();
    data.append('kind', 'image');
    data.append('file', file);
    return call(fileOps.upload, data);
  },
  raiseAbnormal: (body: InputOf<typeof families.abnormalRecord.create>) =>
    call(families.abnormalRecord.create, body),
  resolveAbnormal: (id: number, note?: string | null) => call(logisticsOps.resolveAbnormal, { id, note }),
  photo: (url: string) => http.get<Blob>(url, undefined, { responseType: 'blob' }),
};
