// The box logistics machine's commands as operations: load and off-load, ship, domestic transit, stuff
// into containers and take out again, on board, discharge, unpack, deliver, receive (and their undos),
// back to supplier, sign. Each moves a set of boxes, all or none, and answers the boxes it moved.
// Then the logistics reads: boxes with their vehicle and container, the transit timelines, counts per
// state, what signing leaves behind, abnormal records' photos and resolution, and container load plans.

import { type ZodType, z } from 'zod';
import { batchCountsAnswer, boxAnswer, signCheckAnswer } from '../answers/boxes.ts';
import { listOf } from '../answers/common.ts';
import { proposalAnswer, storedPlanAnswer } from '../answers/loadplan.ts';
import {
  abnormalAnswer,
  abnormalBoxAnswer,
  containerGroupAnswer,
  groupedBoxAnswer,
  transitEventAnswer,
} from '../answers/logistics.ts';
import {
  abnormalPhotoQuery,
  abnormalResolve,
  batchTimelineQuery,
  boxesInput,
  boxesOfBatchGroupsQuery,
  boxesReasonInput,
  boxTimelineQuery,
  containerIdQuery,
  containerPlanRequest,
  containersInput,
  dischargeInput,
  loadInput,
  logisticsCountsQuery,
  offLoadInput,
  onBoardInput,
  shipInput,
  signInput,
  stuffInput,
  undoGroupInput,
  unlinkInput,
} from '../logistics.ts';
import type { Permission } from '../permissions.ts';
import { batchIdQuery } from '../project.ts';
import { fileAnswer, operation } from './operation.ts';

const tags = ['logistics'] as const;
/** The boxes a command moved, with where each now is and what may follow. */
const moved = listOf(boxAnswer);
/** A box's move changes its vehicle's and container's loads and its batch's state. */
const changes = ['boxPiece', 'accessoryInfo', 'container', 'projectBatch'] as const;

const boxStep = <const P extends string, const B extends ZodType, const M extends 'POST' | 'DELETE' = 'POST'>(
  path: P,
  permission: Permission,
  body: B,
  summary: string,
  method: M = 'POST' as M,
) =>
  operation({
    method,
    path,
    summary,
    tags,
    caller: { permission },
    body,
    answer: moved,
    changes,
  });

export const logisticsOps = {
  load: {
    ...boxStep(
      '/api/accessoryInfoBoxPiece',
      'logistics:load',
      loadInput,
      'Load boxes onto a vehicle (accessoryInfoId, boxPieceIds): not loaded → loaded',
    ),
    status: 201 as const,
  },
  offLoad: boxStep(
    '/api/boxPiece/offLoad',
    'logistics:load',
    offLoadInput,
    'Take one box off its vehicle (batchId, boxPieceId, reason): loaded → not loaded',
  ),
  undoLoading: boxStep(
    '/api/accessoryInfo/undoLoading',
    'logistics:load',
    undoGroupInput,
    'Take the boxes of a vehicle (id) or a selection (boxPieceIds) off again, with a reason',
  ),
  unloadLinks: boxStep(
    '/api/accessoryInfoBoxPiece',
    'logistics:load',
    unlinkInput,
    'Take boxes off their vehicles by link ids (body: ids, or {ids, reason}; reason also as a query): off-load, loaded → not loaded',
    'DELETE',
  ),
  ship: boxStep(
    '/api/boxPiece/ship',
    'logistics:ship',
    shipInput,
    'Ship the loaded boxes of a batch (refused while any box is not loaded: see checkShipment)',
  ),
  transit: boxStep(
    '/api/boxPiece/transit',
    'logistics:ship',
    boxesInput,
    'Boxes in domestic transit (ids, place): shipped → domestic in transit',
  ),
  stuff: {
    ...boxStep(
      '/api/containerBoxPiece',
      'container:stuff',
      stuffInput,
      'Stuff boxes into a container (containerId, boxPieceIds; with placements, an accepted load plan): in transit → boxed',
    ),
    status: 201 as const,
  },
  undoPacking: boxStep(
    '/api/container/undoPacking',
    'container:stuff',
    undoGroupInput,
    'Take the boxes of a container (id) or a selection (boxPieceIds) out again, with a reason',
  ),
  unstuffLinks: boxStep(
    '/api/containerBoxPiece',
    'container:stuff',
    unlinkInput,
    'Take boxes out of their containers by link ids (body: ids, or {ids, reason}; reason also as a query): undo packing, boxed → in transit',
    'DELETE',
  ),
  onBoard: boxStep(
    '/api/container/onBoard',
    'logistics:vessel',
    onBoardInput,
    'Containers loaded on board (ids, vessel, voyage, etd, blNumber): boxed → on board',
  ),
  discharge: boxStep(
    '/api/container/discharge',
    'logistics:vessel',
    dischargeInput,
    'Containers unloaded at the port of discharge (ids, port, eta, ata): on board → unloaded',
  ),
  unpack: boxStep(
    '/api/container/unpack',
    'logistics:vessel',
    containersInput,
    'Containers unpacked (ids, place): unloaded → unpacked',
  ),
  deliver: boxStep(
    '/api/boxPiece/deliver',
    'logistics:deliver',
    boxesInput,
    'Boxes delivered to site (ids, place)',
  ),
  undoDelivery: boxStep(
    '/api/boxPiece/undoDelivery',
    'logistics:deliver',
    boxesReasonInput,
    'Undo a delivery (ids, reason): delivered → unpacked',
  ),
  receive: boxStep('/api/boxPiece/receive', 'logistics:receive', boxesInput, 'Receive boxes on site (ids)'),
  undoReceive: boxStep(
    '/api/boxPiece/undoReceive',
    'logistics:receive',
    boxesReasonInput,
    'Undo a receipt (ids, reason): received → delivered',
  ),
  backSupplier: boxStep(
    '/api/boxPiece/backSupplier',
    'logistics:receive',
    boxesReasonInput,
    'Reject boxes at receipt and send them back to the supplier (ids, reason)',
  ),
  sign: boxStep(
    '/api/projectBatch/sign',
    'logistics:receive',
    signInput,
    'Sign for a batch: every box delivered (refused while any is not)',
  ),

  resolveAbnormal: operation({
    method: 'POST',
    path: '/api/abnormalRecord/resolve',
    summary: 'Resolve an abnormal record (id, note): the shipper',
    tags: ['abnormalRecord'],
    caller: { permission: 'abnormalRecord:resolve' },
    body: abnormalResolve,
    answer: abnormalAnswer,
    changes: ['abnormalRecord'],
  }),
};

const list = { permission: 'boxPiece:list' } as const;

/** The logistics screens' reads and the container load plan. */
export const logisticsReadOps = {
  signCheck: operation({
    method: 'GET',
    path: '/api/projectBatch/checkSign',
    summary:
      'What signing a batch would leave behind: boxes not delivered (they block it), delivered but not received, abnormal records open',
    tags,
    caller: { permission: 'logistics:receive' },
    query: batchIdQuery,
    answer: signCheckAnswer,
  }),
  boxesWithContainer: operation({
    method: 'GET',
    path: '/api/viewBoxPieceContainer',
    summary: 'Boxes of a batch with their container (containerId: of one)',
    tags,
    caller: list,
    query: boxesOfBatchGroupsQuery,
    answer: listOf(groupedBoxAnswer),
  }),
  boxesWithVehicle: operation({
    method: 'GET',
    path: '/api/viewBoxAccessoryContainer',
    summary: 'Boxes of a batch with their vehicle and container (accessoryInfoId: of one)',
    tags,
    caller: list,
    query: boxesOfBatchGroupsQuery,
    answer: listOf(groupedBoxAnswer),
  }),
  byContainer: operation({
    method: 'GET',
    path: '/api/viewBoxPieceContainer/groupByContainer',
    summary: 'Boxes of a batch grouped by container (and those in none)',
    tags,
    caller: list,
    query: boxesOfBatchGroupsQuery,
    answer: z.array(containerGroupAnswer),
  }),
  abnormalBoxes: operation({
    method: 'GET',
    path: '/api/viewBoxPieceAbnormal',
    summary: 'Boxes with abnormal records',
    tags,
    caller: { permission: 'abnormalRecord:list' },
    query: batchIdQuery,
    answer: listOf(abnormalBoxAnswer),
  }),
  batchTimeline: operation({
    method: 'GET',
    path: '/api/batchIntransitLive',
    summary: 'A batch in transit: its events, one line per command',
    tags,
    caller: list,
    query: batchTimelineQuery,
    answer: z.array(transitEventAnswer),
    tokenScope: 'events',
  }),
  boxTimeline: operation({
    method: 'GET',
    path: '/api/boxPieceIntransitLive',
    summary: 'One box in transit: every step with time, place, who and note',
    tags,
    caller: list,
    query: boxTimelineQuery,
    answer: z.array(transitEventAnswer),
    tokenScope: 'events',
  }),
  counts: operation({
    method: 'GET',
    path: '/api/boxPiece/logisticsCounts',
    summary: 'Boxes per logistics state, per batch (of a project or a batch)',
    tags,
    caller: list,
    query: logisticsCountsQuery,
    answer: z.array(batchCountsAnswer),
  }),
  abnormalPhoto: operation({
    method: 'GET',
    path: '/api/abnormalRecord/photo',
    summary: 'A photo of an abnormal record',
    tags,
    caller: { permission: 'abnormalRecord:list' },
    query: abnormalPhotoQuery,
    answer: fileAnswer,
  }),
  proposePlan: operation({
    method: 'POST',
    path: '/api/container/plan',
    summary:
      "Propose the fewest containers of the chosen types for a batch's boxes in domestic transit (placements, loading order, centre of gravity, fill, lower bounds, out-of-gauge boxes apart)",
    tags,
    caller: { permission: 'container:stuff' },
    body: containerPlanRequest,
    answer: proposalAnswer,
  }),
  storedPlan: operation({
    method: 'GET',
    path: '/api/container/plan',
    summary: "A container's stored load plan (3D view)",
    tags,
    caller: { permission: 'container:list' },
    query: containerIdQuery,
    answer: storedPlanAnswer,
  }),
  loadingSheet: operation({
    method: 'GET',
    path: '/api/container/loadingSheet',
    summary: 'Loading sheet (PDF) of a container for the warehouse crew, in the reader’s language',
    tags,
    caller: { permission: 'container:list' },
    query: containerIdQuery,
    answer: fileAnswer,
  }),
};
