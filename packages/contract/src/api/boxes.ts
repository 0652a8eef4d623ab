// The boxes screens' own calls besides the box family's CRUD: lookups by batch or by a scanned label,
// bulk edits, packing rows into a box, packing progress, what blocks shipping, the label and
// packing-list documents, the packing-list import, and the packing list's hand-over commands.

import { z } from 'zod';
import {
  boxAnswer,
  boxDetailAnswer,
  packingImportAnswer,
  packingProgressAnswer,
  shipmentCheckAnswer,
} from '../answers/boxes.ts';
import { listOf } from '../answers/common.ts';
import {
  boxByTokenQuery,
  boxesOfBatchQuery,
  bulkUpdateBody,
  labelQuery,
  packBody,
  packingImportFields,
  packingListBack,
  packingListQuery,
  packingListRef,
  packingProgressQuery,
  removeDetailBody,
  submitBoxesInput,
} from '../boxes.ts';
import { fileAnswer, operation } from './operation.ts';

const tags = ['boxPiece'] as const;
const list = { permission: 'boxPiece:list' } as const;
const edit = { permission: 'boxPiece:edit' } as const;
/** Packing changes the boxes, their contents and the batch's packing state. */
const packing = ['boxPiece', 'boxPieceDetail', 'projectBatch'] as const;

export const boxesOps = {
  byBatch: operation({
    method: 'GET',
    path: '/api/boxPiece/queryByBatchId',
    summary: 'Boxes of a batch (the caller sees)',
    tags,
    caller: list,
    query: boxesOfBatchQuery,
    answer: boxAnswer.array(),
  }),
  byToken: operation({
    method: 'GET',
    path: '/api/boxPiece/queryByBoxId',
    summary: 'A box by its number or its label token (a scan)',
    tags,
    caller: list,
    query: boxByTokenQuery,
    answer: boxAnswer,
  }),
  updateMany: operation({
    method: 'POST',
    path: '/api/boxPiece/batchUpdate',
    summary: 'Update several boxes (all or none)',
    tags,
    caller: edit,
    body: bulkUpdateBody,
    answer: listOf(boxAnswer),
    changes: ['boxPiece'],
  }),
  updateDetails: operation({
    method: 'POST',
    path: '/api/boxPieceDetail/batchUpdate',
    summary: 'Update several box contents (all or none)',
    tags,
    caller: edit,
    body: bulkUpdateBody,
    answer: listOf(boxDetailAnswer),
    changes: packing,
  }),
  pack: operation({
    method: 'POST',
    path: '/api/boxPieceDetail/createDetail',
    summary: 'Pack rows into a box (a new one when `box` is given)',
    tags,
    // Only a supplier packs (its own boxes, from its confirmed list).
    caller: { ...edit, party: ['supplier'], refusal: 'supplies.not_partner' },
    body: packBody,
    answer: boxAnswer,
    changes: packing,
    status: 201,
  }),
  removeDetails: operation({
    method: 'POST',
    path: '/api/boxPieceDetail/removeDetail',
    summary: 'Take contents out of boxes by ids',
    tags,
    caller: edit,
    body: removeDetailBody,
    answer: z.strictObject({ deleted: z.number() }),
    changes: packing,
  }),
  packingProgress: operation({
    method: 'GET',
    path: '/api/boxPiece/packingProgress',
    summary: 'Packing progress per material row of a batch',
    tags,
    caller: list,
    query: packingProgressQuery,
    answer: packingProgressAnswer,
  }),
  checkShipment: operation({
    method: 'GET',
    path: '/api/boxPiece/checkShipment',
    summary: 'What blocks shipping a batch (boxes not loaded)',
    tags,
    caller: list,
    query: boxesOfBatchQuery,
    answer: shipmentCheckAnswer,
  }),
  labels: operation({
    method: 'GET',
    path: '/api/boxPiece/labels',
    summary:
      'Box labels (PDF): thermal 100×150 mm or A4 4/8-up; zh, en, bilingual; with ssccPrefix, a GS1 SSCC per box (given once, kept)',
    tags,
    caller: list,
    query: labelQuery,
    answer: fileAnswer,
    // With an SSCC prefix it hands out SSCCs to boxes without one: a write, so never on the cookie alone.
    writes: true,
  }),
  packingList: operation({
    method: 'GET',
    path: '/api/boxPiece/packingList',
    summary: 'Packing list (PDF or Excel), zh/en/bilingual, totals per supplier and batch',
    tags,
    caller: list,
    query: packingListQuery,
    answer: fileAnswer,
  }),
  importTemplate: operation({
    method: 'GET',
    path: '/api/boxPiece/importTemplate',
    summary: 'The packing-list Excel template',
    tags,
    caller: list,
    answer: fileAnswer,
  }),
  import: operation({
    method: 'POST',
    path: '/api/boxPiece/import',
    summary: 'Import a packing list (.xlsx)',
    tags,
    caller: { permission: 'boxPiece:import', party: ['supplier'], refusal: 'supplies.not_partner' },
    body: packingImportFields,
    upload: true,
    answer: packingImportAnswer,
    changes: packing,
    status: 201,
  }),
  submit: operation({
    method: 'POST',
    path: '/api/boxPiece/submitCustomer',
    summary: 'Submit the packing list of a batch to the shipper (partnetId: the supplier)',
    tags,
    caller: { permission: 'boxPiece:submit' },
    body: packingListRef,
    answer: listOf(boxAnswer),
    changes: packing,
  }),
  submitMany: operation({
    method: 'POST',
    path: '/api/boxPiece/batchUpdateBySubmit',
    summary: 'Submit the selected boxes to the shipper (all or none)',
    tags,
    caller: { permission: 'boxPiece:submit' },
    body: submitBoxesInput,
    answer: listOf(boxAnswer),
    changes: packing,
  }),
  back: operation({
    method: 'POST',
    path: '/api/boxPiece/back',
    summary: 'Return a submitted packing list to its supplier (reason)',
    tags,
    caller: { permission: 'boxPiece:back' },
    body: packingListBack,
    answer: listOf(boxAnswer),
    changes: packing,
  }),
};
