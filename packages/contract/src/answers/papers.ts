// Answers of the papers screens: trade documents, statements of charges and their payment vouchers,
// shipping instructions, the vessel register and ship inquiry, bills of lading and tally sheets.
import { z } from 'zod';
import { entrustStatusLabels } from '../entrust.ts';
import { billLadingStatusLabels, tallyStatusLabels } from '../lading.ts';
import { documentStatusLabels, reconciliationStatusLabels } from '../papers.ts';
import { voucherStatusLabels } from '../vouchers.ts';
import { engineRow, stateOf } from './common.ts';

/** What every paper carries: its batch, the party that drew it up, and whether the caller did. */
const paper = engineRow.extend({
  tenantId: z.number(),
  projectId: z.number(),
  batchId: z.number(),
  partyTenantId: z.number(),
  submitTime: z.string().nullable(),
  batchNumber: z.string().nullable(),
  partyName: z.string().nullable(),
  mine: z.boolean(),
  actions: z.array(z.string()),
});

/** A file of a paper, with where to download and view it. */
export const documentFileAnswer = z.strictObject({
  id: z.number(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  url: z.string(),
  viewUrl: z.string(),
});

/** A trade document (GET /api/document). */
export const documentAnswer = paper.extend({
  docType: z.string(),
  docTypeLabel: z.string(),
  docNo: z.string().nullable(),
  name: z.string(),
  remark: z.string().nullable(),
  fileIds: z.array(z.number()),
  files: z.array(documentFileAnswer),
  status: stateOf(documentStatusLabels),
  confirmTime: z.string().nullable(),
});

/** A line of a statement with its amounts (decimal strings, exact). */
export const statementLineAnswer = z.strictObject({
  chargeType: z.string(),
  chargeTypeLabel: z.string(),
  description: z.string().nullable().optional(),
  quantity: z.string(),
  unitPrice: z.string(),
  currency: z.string(),
  taxRate: z.string(),
  net: z.string(),
  tax: z.string(),
  gross: z.string(),
  grossMinor: z.string(),
});
/** Totals of one currency: minor units and decimal strings. */
export const currencyTotalAnswer = z.strictObject({
  currency: z.string(),
  netMinor: z.string(),
  taxMinor: z.string(),
  grossMinor: z.string(),
  net: z.string(),
  tax: z.string(),
  gross: z.string(),
});
/** Paid (confirmed vouchers), pending (submitted) and outstanding of one currency. */
export const paymentSummaryAnswer = z.strictObject({
  currency: z.string(),
  totalMinor: z.string(),
  paidMinor: z.string(),
  pendingMinor: z.string(),
  outstandingMinor: z.string(),
  total: z.string(),
  paid: z.string(),
  pending: z.string(),
  outstanding: z.string(),
});
/** A statement of charges (GET /api/reconciliation and queryById). */
export const statementAnswer = paper.extend({
  statementNo: z.string().nullable(),
  remark: z.string().nullable(),
  lines: z.array(statementLineAnswer),
  totals: z.array(currencyTotalAnswer),
  payments: z.array(paymentSummaryAnswer),
  status: stateOf(reconciliationStatusLabels),
  reason: z.string().nullable(),
  confirmTime: z.string().nullable(),
});

/** A payment voucher against a statement (GET /api/voucherProcess). */
export const voucherAnswer = paper.extend({
  reconciliationId: z.number(),
  statementNo: z.string().nullable(),
  currency: z.string(),
  amountMinor: z.string(),
  amount: z.string(),
  paymentDate: z.string(),
  bankReference: z.string(),
  remark: z.string().nullable(),
  fileIds: z.array(z.number()),
  files: z.array(documentFileAnswer),
  status: stateOf(voucherStatusLabels),
  reason: z.string().nullable(),
  confirmTime: z.string().nullable(),
});

/** A shipping instruction (GET /api/deliveryEntrust): a draft shows the batch's cargo as it is now. */
export const entrustAnswer = paper.extend({
  entrustNo: z.string(),
  shipperText: z.string(),
  consignee: z.string(),
  notifyParty: z.string().nullable(),
  portOfLoading: z.string(),
  portOfDischarge: z.string(),
  placeOfDelivery: z.string().nullable(),
  incoterm: z.string(),
  incotermPlace: z.string().nullable(),
  wantedEtd: z.string().nullable(),
  vesselId: z.number().nullable(),
  vesselName: z.string().nullable(),
  voyageNo: z.string().nullable(),
  packages: z.number(),
  grossWeight: z.number(),
  volume: z.number(),
  cargoDescription: z.string().nullable(),
  specialRequirements: z.string().nullable(),
  status: stateOf(entrustStatusLabels),
  statusLabel: z.string(),
  reason: z.string().nullable(),
  acceptTime: z.string().nullable(),
  shipperName: z.string().nullable(),
  portOfLoadingName: z.string().nullable(),
  portOfDischargeName: z.string().nullable(),
});

export const cargoSummaryAnswer = z.strictObject({
  packages: z.number(),
  grossWeight: z.number(),
  volume: z.number(),
});
/** GET /api/deliveryEntrust/last: a new instruction's fields from the shipper's last one and the batch. */
export const entrustPrefillAnswer = z.strictObject({
  fromId: z.number().nullable(),
  fromEntrustNo: z.string().nullable(),
  shipperText: z.string().nullable(),
  consignee: z.string().nullable(),
  notifyParty: z.string().nullable(),
  portOfLoading: z.string().nullable(),
  portOfDischarge: z.string().nullable(),
  placeOfDelivery: z.string().nullable(),
  incoterm: z.string().nullable(),
  incotermPlace: z.string().nullable(),
  vesselId: z.number().nullable(),
  vesselName: z.string().nullable(),
  specialRequirements: z.string().nullable(),
  cargoDescription: z.string().nullable(),
  wantedEtd: z.string().nullable(),
  cargo: cargoSummaryAnswer.nullable(),
  providers: z.array(z.strictObject({ id: z.number(), name: z.string() })),
});

/** A vessel of the register (GET /api/deliveryEntrust/queryshipname). */
export const vesselAnswer = engineRow.extend({
  tenantId: z.number(),
  name: z.string(),
  imo: z.string(),
  mmsi: z.string().nullable(),
  callSign: z.string().nullable(),
  flag: z.string(),
  flagName: z.string().nullable(),
  vesselType: z.string(),
  vesselTypeLabel: z.string().nullable(),
  teu: z.number().nullable(),
  dwt: z.number().nullable(),
  built: z.number().nullable(),
  operator: z.string().nullable(),
  remark: z.string().nullable(),
  keeperName: z.string().nullable(),
  mine: z.boolean(),
});
/** A port call of a vessel's schedule. */
export const portCallAnswer = engineRow.extend({
  tenantId: z.number(),
  vesselId: z.number(),
  vesselName: z.string().nullable(),
  imo: z.string().nullable(),
  voyageNo: z.string(),
  portCode: z.string(),
  portName: z.string().nullable(),
  seq: z.number(),
  eta: z.string().nullable(),
  etd: z.string().nullable(),
  terminal: z.string().nullable(),
  remark: z.string().nullable(),
  keeperName: z.string().nullable(),
  mine: z.boolean(),
});
/** A batch named on a sent instruction for a vessel. */
export const vesselBatchAnswer = z.strictObject({
  vesselId: z.number().nullable(),
  entrustId: z.number(),
  entrustNo: z.string(),
  status: z.number(),
  statusLabel: z.string(),
  voyageNo: z.string().nullable(),
  portOfLoading: z.string(),
  portOfDischarge: z.string(),
  packages: z.number(),
  grossWeight: z.number(),
  batchId: z.number(),
  batchNumber: z.string(),
  batchName: z.string().nullable(),
  projectName: z.string().nullable(),
});
/** GET /api/shipInquiry: a vessel with its port calls and the batches on it the caller sees. */
export const inquiryVesselAnswer = vesselAnswer.extend({
  schedule: z.array(portCallAnswer),
  batches: z.array(vesselBatchAnswer),
});

export const billLadingContainerAnswer = z.strictObject({
  containerNumber: z.string(),
  sealNumber: z.string().nullable(),
  typeCode: z.string(),
  packages: z.number(),
  grossWeight: z.string(),
  measurement: z.string(),
});
/** A bill of lading (GET /api/billLading and queryById) with what the batch's boxes add up to. */
export const billLadingAnswer = paper.extend({
  blNumber: z.string().nullable(),
  shipper: z.string().nullable(),
  consignee: z.string().nullable(),
  notifyParty: z.string().nullable(),
  vessel: z.string().nullable(),
  voyage: z.string().nullable(),
  portOfLoading: z.string().nullable(),
  portOfDischarge: z.string().nullable(),
  portOfLoadingName: z.string().nullable(),
  portOfDischargeName: z.string().nullable(),
  placeOfReceipt: z.string().nullable(),
  placeOfDelivery: z.string().nullable(),
  marksAndNumbers: z.string().nullable(),
  packages: z.number().nullable(),
  description: z.string().nullable(),
  grossWeight: z.string().nullable(),
  measurement: z.string().nullable(),
  freightTerms: z.string().nullable(),
  freightTermsLabel: z.string().nullable(),
  originals: z.number().nullable(),
  placeOfIssue: z.string().nullable(),
  dateOfIssue: z.string().nullable(),
  containers: z.array(billLadingContainerAnswer),
  remark: z.string().nullable(),
  status: stateOf(billLadingStatusLabels),
  reason: z.string().nullable(),
  confirmTime: z.string().nullable(),
  fromBoxes: z.strictObject({
    batchId: z.number(),
    packages: z.number(),
    grossWeight: z.string(),
    measurement: z.string(),
  }),
});

/** A box on a tally sheet (GET /api/viewTallySheet). */
export const tallyAnswer = engineRow.extend({
  tenantId: z.number(),
  projectId: z.number(),
  batchId: z.number(),
  boxId: z.number(),
  supplierTenantId: z.number(),
  supplierName: z.string().nullable(),
  boxNumber: z.string(),
  packageType: z.string().nullable(),
  logisticsStatus: z.number(),
  expectedQuantity: z.string(),
  talliedQuantity: z.string().nullable(),
  status: stateOf(tallyStatusLabels),
  statusLabel: z.string().nullable(),
  note: z.string().nullable(),
  tallyBy: z.string().nullable(),
  tallyTime: z.string().nullable(),
  /** The kinds of abnormal record this tally has raised already (once per box and kind). */
  raised: z.array(z.string()),
  actions: z.array(z.string()),
});

/** GET /api/tallySheet/synchPacklist: the boxes added, the ones refreshed, and how many the sheet holds. */
export const tallySyncAnswer = z.strictObject({
  added: z.number(),
  refreshed: z.number(),
  totalElements: z.number(),
});
