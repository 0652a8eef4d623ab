// Answers of the boxes screens: a box with what it holds, where it is and what the caller may do,
// packing progress per material row, counts per logistics state and what blocks shipping.
import { z } from 'zod';
import { boxStatusLabels, packingProgressLabels } from '../boxes.ts';
import { logisticsLabels, logisticsMachine } from '../logistics.ts';
import { engineRow, eventOf, stateOf } from './common.ts';

/** One material row in a box (a box's `contents`). */
export const boxContentAnswer = z.strictObject({
  id: z.number(),
  boxId: z.number(),
  suppliesId: z.number(),
  quantity: z.number(),
  remark: z.string().nullable(),
  lineNo: z.number(),
  materialCode: z.string().nullable(),
  name: z.string(),
  enName: z.string().nullable(),
  spec: z.string().nullable(),
  hsCode: z.string().nullable(),
  unit: z.string(),
  tags: z.array(z.string()),
});

/** A box (GET /api/boxPiece and its queries; the packing and logistics commands answer pages of them). */
export const boxAnswer = engineRow.extend({
  tenantId: z.number(),
  projectId: z.number(),
  batchId: z.number(),
  supplierTenantId: z.number(),
  boxNumber: z.string(),
  seq: z.number(),
  token: z.string(),
  packageType: z.string(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  grossWeight: z.number(),
  netWeight: z.number(),
  volume: z.number(),
  outOfGauge: z.boolean(),
  stackable: z.boolean(),
  thisSideUp: z.boolean(),
  fragile: z.boolean(),
  dangerousClass: z.string().nullable(),
  unNumber: z.string().nullable(),
  sscc: z.string().nullable(),
  userBoxTypeId: z.number().nullable(),
  status: stateOf(boxStatusLabels),
  logisticsStatus: stateOf(logisticsLabels),
  reason: z.string().nullable(),
  submitTime: z.string().nullable(),
  remark: z.string().nullable(),
  supplierName: z.string().nullable(),
  batchNumber: z.string().nullable(),
  contentCount: z.number(),
  contents: z.array(boxContentAnswer),
  dangerous: z.boolean(),
  actions: z.array(z.string()),
  logisticsActions: z.array(eventOf(logisticsMachine)),
  accessoryInfoId: z.number().nullable(),
  plateNumber: z.string().nullable(),
  containerId: z.number().nullable(),
  containerNumber: z.string().nullable(),
});

/** Packing progress of one material row (GET /api/boxPiece/packingProgress `rows`). */
export const packingProgressRowAnswer = z.strictObject({
  suppliesId: z.number(),
  listId: z.number(),
  supplierTenantId: z.number(),
  lineNo: z.number(),
  materialCode: z.string().nullable(),
  name: z.string(),
  enName: z.string().nullable(),
  spec: z.string().nullable(),
  hsCode: z.string().nullable(),
  unit: z.string(),
  tags: z.array(z.string()),
  quantity: z.number(),
  packed: z.number(),
  left: z.number(),
  progress: stateOf(packingProgressLabels),
});
export const packingProgressAnswer = z.strictObject({
  rows: z.array(packingProgressRowAnswer),
  fullyPacked: z.boolean(),
});

/** Boxes per logistics state of one batch (GET /api/boxPiece/logisticsCounts, one per batch). */
export const batchCountsAnswer = z.strictObject({
  batchId: z.number(),
  counts: z.record(z.string(), z.number()),
  total: z.number(),
});

/** What blocks shipping a batch (GET /api/boxPiece/checkShipment). */
export const shipmentCheckAnswer = z.strictObject({
  batchId: z.number(),
  boxes: z.number(),
  notLoaded: z.number(),
  canShip: z.boolean(),
  blocking: z.array(z.strictObject({ code: z.string(), count: z.number(), message: z.string() })),
});

/**
 * What signing a batch leaves behind (GET /api/projectBatch/checkSign): boxes not delivered block it;
 * boxes delivered but not received on site and open abnormal records need the signer's reason.
 */
export const signCheckAnswer = z.strictObject({
  notDelivered: z.number(),
  notReceived: z.array(z.strictObject({ id: z.number(), boxNumber: z.string() })),
  openAbnormal: z.array(
    z.strictObject({
      id: z.number(),
      boxNumber: z.string(),
      abnormalType: z.string(),
      note: z.string().nullable(),
    }),
  ),
  needsReason: z.boolean(),
});

/** A box's content row (GET /api/boxPieceDetail): the material's names and what is left to pack of it. */
export const boxDetailAnswer = engineRow.extend({
  tenantId: z.number(),
  batchId: z.number(),
  supplierTenantId: z.number(),
  boxId: z.number(),
  suppliesId: z.number(),
  quantity: z.number(),
  remark: z.string().nullable(),
  name: z.string().nullable(),
  enName: z.string().nullable(),
  spec: z.string().nullable(),
  unit: z.string().nullable(),
  hsCode: z.string().nullable(),
  /** The material row's quantity (null when the row is gone). */
  rowQuantity: z.number().nullable(),
  left: z.number().nullable(),
});

/** POST /api/boxPiece/import: a finished packing-list import and the boxes it created or filled. */
export const packingImportAnswer = z.strictObject({
  taskId: z.string(),
  status: z.literal('done'),
  imported: z.number(),
  boxes: z.number(),
});

/** A box type the company keeps (GET /api/userboxtype): outer and inner sizes in mm, tare weight in kg. */
export const boxTypeAnswer = engineRow.extend({
  tenantId: z.number(),
  name: z.string(),
  packageType: z.string(),
  innerLength: z.number().nullable(),
  innerWidth: z.number().nullable(),
  innerHeight: z.number().nullable(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  tareWeight: z.number().nullable(),
  remark: z.string().nullable(),
});
