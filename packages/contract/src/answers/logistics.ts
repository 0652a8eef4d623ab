// Answers of the logistics screens: vehicles, containers, container types, abnormal records and the
// transit timelines (boxes themselves are answers/boxes.ts: a box carries where it is).
import { z } from 'zod';
import { boxStatusLabels } from '../boxes.ts';
import { abnormalMachine, abnormalStatusLabels, logisticsLabels } from '../logistics.ts';
import { engineRow, eventOf, stateOf, timelineEventAnswer } from './common.ts';

/** What vehicles and containers both carry: the batch, the owner and the load. */
const carrier = engineRow.extend({
  tenantId: z.number(),
  projectId: z.number(),
  batchId: z.number(),
  ownerTenantId: z.number(),
  remark: z.string().nullable(),
  batchNumber: z.string().nullable(),
  ownerName: z.string().nullable(),
  mine: z.boolean(),
  boxCount: z.number(),
  weight: z.number(),
  volume: z.number(),
});

/** A vehicle (GET /api/accessoryInfo). */
export const vehicleAnswer = carrier.extend({
  plateNumber: z.string(),
  vehicleType: z.string().nullable(),
  driverName: z.string().nullable(),
  driverPhone: z.string().nullable(),
  fromPlace: z.string().nullable(),
  toPlace: z.string().nullable(),
  departTime: z.string().nullable(),
});

/** A container (GET /api/container): its load against its capacity and whether it has a 3D plan. */
export const containerAnswer = carrier.extend({
  containerNumber: z.string(),
  typeCode: z.string(),
  sealNumber: z.string().nullable(),
  innerLength: z.number(),
  innerWidth: z.number(),
  innerHeight: z.number(),
  maxPayload: z.number(),
  tare: z.number().nullable(),
  vessel: z.string().nullable(),
  voyage: z.string().nullable(),
  etd: z.string().nullable(),
  blNumber: z.string().nullable(),
  port: z.string().nullable(),
  eta: z.string().nullable(),
  ata: z.string().nullable(),
  capacity: z.number(),
  fillVolume: z.number(),
  fillWeight: z.number(),
  planned: z.boolean(),
});

/** A standard container type (GET /api/loadPlan/containerTypes); some sources give no payload or door. */
export const containerTypeAnswer = z.strictObject({
  id: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
  l: z.number(),
  w: z.number(),
  h: z.number(),
  tare: z.number().optional(),
  maxPayload: z.number().optional(),
  doorW: z.number().optional(),
  doorH: z.number().optional(),
});

/** An abnormal record (GET /api/abnormalRecord): damage or shortage found on a box. */
export const abnormalAnswer = engineRow.extend({
  tenantId: z.number(),
  projectId: z.number(),
  batchId: z.number(),
  boxId: z.number(),
  supplierTenantId: z.number(),
  raisedByTenantId: z.number(),
  abnormalType: z.string(),
  quantity: z.number().nullable(),
  note: z.string().nullable(),
  photoIds: z.array(z.number()),
  atStatus: stateOf(logisticsLabels),
  status: stateOf(abnormalStatusLabels),
  resolveNote: z.string().nullable(),
  resolveTime: z.string().nullable(),
  boxNumber: z.string().nullable(),
  batchNumber: z.string().nullable(),
  raisedByName: z.string().nullable(),
  typeLabel: z.string(),
  atStatusLabel: z.string().nullable(),
  photos: z.array(z.strictObject({ id: z.number(), name: z.string(), url: z.string() })),
  actions: z.array(eventOf(abnormalMachine)),
});

/**
 * One line of a transit timeline with its labels in the reader's language: GET /api/boxPieceIntransitLive
 * (one box, every step) and GET /api/batchIntransitLive (a batch, one line per command with `count`).
 */
export const transitEventAnswer = timelineEventAnswer.extend({
  actionLabel: z.string(),
  fromLabel: z.string().nullable(),
  toLabel: z.string().nullable(),
  count: z.number().optional(),
});

/** A box of a batch with its vehicle and container (GET /api/viewBoxPieceContainer and the like). */
export const groupedBoxAnswer = z.strictObject({
  id: z.number(),
  boxNumber: z.string(),
  batchId: z.number(),
  supplierTenantId: z.number(),
  packageType: z.string(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  grossWeight: z.number(),
  volume: z.number(),
  status: stateOf(boxStatusLabels),
  logisticsStatus: stateOf(logisticsLabels),
  accessoryInfoId: z.number().nullable(),
  plateNumber: z.string().nullable(),
  containerId: z.number().nullable(),
  containerNumber: z.string().nullable(),
  /** The box's place in its container's loading order (null: not in a container, or stuffed by hand). */
  seq: z.number().nullable(),
});

/** GET /api/viewBoxPieceContainer/groupByContainer: a container's boxes (null: boxes in none) and its load. */
export const containerGroupAnswer = z.strictObject({
  containerId: z.number().nullable(),
  containerNumber: z.string().nullable(),
  boxes: z.array(groupedBoxAnswer),
  boxCount: z.number(),
  weight: z.number(),
  volume: z.number(),
});

/** GET /api/viewBoxPieceAbnormal: a box with abnormal records, how many are open and of which types. */
export const abnormalBoxAnswer = z.strictObject({
  boxId: z.number(),
  boxNumber: z.string(),
  logisticsStatus: stateOf(logisticsLabels),
  records: z.number(),
  open: z.number(),
  types: z.array(z.string()),
  last: z.string(),
});
