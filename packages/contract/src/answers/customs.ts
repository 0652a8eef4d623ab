// Answers of the declaration workbench: declarations, their lines, declared prices, tickets, reviews,
// and clearance at destination with its timeline.
import { z } from 'zod';
import {
  clearanceMachine,
  clearanceStatusLabels,
  declareDirections,
  declareStatusLabels,
  ticketStatusLabels,
} from '../customs.ts';
import { engineRow, eventOf, stateOf, timelineEventAnswer } from './common.ts';

/** A declaration (GET /api/projectDeclare and the declaration commands) with its counts. */
export const declareAnswer = engineRow.extend({
  tenantId: z.number(),
  projectId: z.number(),
  batchId: z.number(),
  batchNumber: z.string().nullable(),
  brokerTenantId: z.number().nullable(),
  brokerName: z.string().nullable(),
  direction: z.enum(declareDirections),
  status: stateOf(declareStatusLabels),
  reason: z.string().nullable(),
  customsOffice: z.string().nullable(),
  portOfExit: z.string().nullable(),
  tradeMode: z.string(),
  transportMode: z.string(),
  vesselName: z.string().nullable(),
  voyageNo: z.string().nullable(),
  blNumber: z.string().nullable(),
  contractNumber: z.string().nullable(),
  tradingCountry: z.string().nullable(),
  destinationCountry: z.string().nullable(),
  portOfDestination: z.string().nullable(),
  incoterm: z.string().nullable(),
  currency: z.string(),
  freight: z.string().nullable(),
  insurance: z.string().nullable(),
  otherCharges: z.string().nullable(),
  packages: z.number().nullable(),
  packageType: z.string().nullable(),
  grossWeight: z.string().nullable(),
  netWeight: z.string().nullable(),
  remark: z.string().nullable(),
  submitTime: z.string().nullable(),
  approveTime: z.string().nullable(),
  lines: z.number(),
  undivided: z.number(),
  tickets: z.number(),
  actions: z.array(z.string()),
});

/** A goods line (GET /api/declareLine): its element template and values, what is missing, its price. */
export const declareLineAnswer = engineRow.extend({
  tenantId: z.number(),
  batchId: z.number(),
  declareId: z.number(),
  assortId: z.number().nullable(),
  lineNo: z.number(),
  hsCode: z.string().nullable(),
  name: z.string(),
  elements: z.string().nullable(),
  quantity: z.string(),
  confirmedQuantity: z.string(),
  unit: z.string(),
  legalUnit1: z.string().nullable(),
  legalQuantity1: z.string().nullable(),
  legalUnit2: z.string().nullable(),
  legalQuantity2: z.string().nullable(),
  unitPrice: z.string().nullable(),
  totalPrice: z.string().nullable(),
  currency: z.string().nullable(),
  originCountry: z.string().nullable(),
  destinationCountry: z.string().nullable(),
  domesticSource: z.string().nullable(),
  tradeMode: z.string(),
  contractNumber: z.string().nullable(),
  /** The confirmed material rows merged into the line, with their quantities. */
  source: z.array(z.strictObject({ id: z.number(), quantity: z.string() })),
  remark: z.string().nullable(),
  elementsId: z.number().nullable(),
  elementValues: z.record(z.string(), z.string()),
  elementTemplate: z.array(z.string()),
  tariffName: z.string().nullable(),
  missingElements: z.array(z.string()),
  declaredPrice: z.string().nullable(),
  declaredCurrency: z.string().nullable(),
  suggestedHsCode: z.string().nullable(),
});

/** A line's declared price (GET /api/declPrice): its inputs are kept, a later rate does not rewrite it. */
export const declPriceAnswer = engineRow.extend({
  tenantId: z.number(),
  batchId: z.number(),
  declareId: z.number(),
  lineId: z.number(),
  totalPurchasePrice: z.string(),
  purchaseCurrency: z.string(),
  premiumRate: z.string(),
  rateMonth: z.string(),
  conversionFactor: z.string(),
  declaredCurrency: z.string(),
  declaredPrice: z.string(),
});

/** A ticket (GET /api/assort): its lines and totals per currency. */
export const ticketAnswer = engineRow.extend({
  tenantId: z.number(),
  batchId: z.number(),
  declareId: z.number(),
  ticketNo: z.number(),
  tradeMode: z.string().nullable(),
  contractNumber: z.string().nullable(),
  status: stateOf(ticketStatusLabels),
  entryNumber: z.string().nullable(),
  declaredTime: z.string().nullable(),
  remark: z.string().nullable(),
  lines: z.number(),
  totals: z.array(z.strictObject({ currency: z.string(), amount: z.string() })),
  actions: z.array(z.string()),
});

/** A review step of a declaration (GET /api/examine). */
export const examineAnswer = engineRow.extend({
  tenantId: z.number(),
  batchId: z.number(),
  declareId: z.number(),
  lineId: z.number().nullable(),
  action: z.string(),
  opinion: z.string().nullable(),
  authorTenantId: z.number(),
  authorName: z.string().nullable(),
});

/** Clearance at destination (GET /api/customsClearanceLive and its step command) with its timeline. */
export const clearanceAnswer = engineRow.extend({
  tenantId: z.number(),
  projectId: z.number(),
  batchId: z.number(),
  batchNumber: z.string().nullable(),
  brokerTenantId: z.number().nullable(),
  status: stateOf(clearanceStatusLabels),
  lodgedDate: z.string().nullable(),
  inspectionDate: z.string().nullable(),
  assessedDate: z.string().nullable(),
  paidDate: z.string().nullable(),
  releasedDate: z.string().nullable(),
  dutiesAmount: z.string().nullable(),
  dutiesCurrency: z.string().nullable(),
  place: z.string().nullable(),
  remark: z.string().nullable(),
  actions: z.array(eventOf(clearanceMachine)),
  timeline: z.array(timelineEventAnswer),
});

/**
 * GET /api/declareElements/template: the element template of a tariff line, or — a shorter code — the
 * tariff lines under it to pick from.
 */
export const elementTemplateAnswer = z.strictObject({
  hsCode: z.string(),
  name: z.string().nullable(),
  unit1: z.string().nullable().optional(),
  unit2: z.string().nullable().optional(),
  elements: z.array(z.string()),
  candidates: z.array(z.strictObject({ code: z.string(), name: z.string() })).optional(),
});

/** What an import of a CSV table answers: how many rows it wrote. */
export const importedAnswer = z.strictObject({ imported: z.number() });

/** A ticket as its declare command answers it: the row with its commands (no line counts). */
export const ticketRowAnswer = ticketAnswer.omit({ lines: true, totals: true });

/** A month's exchange rate (GET /api/exchangeRate): units of `currency` per one `baseCurrency`. */
export const exchangeRateAnswer = engineRow.extend({
  currency: z.string(),
  baseCurrency: z.string(),
  month: z.string(),
  rate: z.string(),
});

/** One line's filled-in declaration elements (GET /api/declareElements), by element name. */
export const declareElementsAnswer = engineRow.extend({
  tenantId: z.number(),
  batchId: z.number(),
  declareId: z.number(),
  lineId: z.number(),
  hsCode: z.string().nullable(),
  values: z.record(z.string(), z.string()),
  remark: z.string().nullable(),
  /** The element names of the line's tariff template (empty without one). */
  template: z.array(z.string()),
});
