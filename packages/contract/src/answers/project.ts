// Answers of the project screens: projects, batches and their workbenches, batch partners, partnerships,
// contracts, personnel, material lists and their rows, and the reference lists the forms pick from.
import { z } from 'zod';
import { batchPartnerMachine, partnershipMachine } from '../project.ts';
import { materialListMachine } from '../supplies.ts';
import { engineRow, eventOf, listOf, timelineEventAnswer } from './common.ts';

const projectFields = engineRow.extend({
  tenantId: z.number(),
  name: z.string(),
  enName: z.string().nullable(),
  code: z.string(),
  country: z.string().nullable(),
  site: z.string().nullable(),
  description: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  status: z.number(),
});
/** A project (GET /api/project) with its owner's name. */
export const projectAnswer = projectFields.extend({ tenantName: z.string().nullable() });

const batchFields = engineRow.extend({
  tenantId: z.number(),
  projectId: z.number(),
  batchNumber: z.string(),
  name: z.string().nullable(),
  enName: z.string().nullable(),
  plannedShipDate: z.string().nullable(),
  portOfLoading: z.string().nullable(),
  portOfDischarge: z.string().nullable(),
  destinationSite: z.string().nullable(),
  destinationSiteEn: z.string().nullable(),
  status: z.number(),
  logisticsStatus: z.number(),
  remark: z.string().nullable(),
});
/** A batch (GET /api/projectBatch) with its project's name and its ports' names. */
export const batchAnswer = batchFields.extend({
  projectName: z.string().nullable(),
  portOfLoadingName: z.string().nullable(),
  portOfDischargeName: z.string().nullable(),
});

/** A party on a batch, as the workbenches list them. */
export const batchPartnerAnswer = engineRow.extend({
  tenantId: z.number(),
  projectId: z.number(),
  batchId: z.number(),
  partnerTenantId: z.number(),
  partnerEnd: z.number(),
  bpStatus: z.number(),
  contractId: z.number().nullable(),
  remark: z.string().nullable(),
  partnerName: z.string().nullable(),
});

/**
 * A party on a batch as its families list it (GET /api/batchPartner, /api/viewProjectBatchPartner,
 * /api/viewProjectBatchSupplier): with the batch's number and the party's material list, if it has one.
 */
export const batchPartnerRowAnswer = batchPartnerAnswer.extend({
  batchNumber: z.string().nullable(),
  materialListId: z.number().nullable(),
  materialListStatus: z.number().nullable(),
});

/** A party's progress moved (POST /api/batchPartner/updateStatus): its row and the commands now open. */
export const batchPartnerMovedAnswer = batchPartnerAnswer
  .omit({ partnerName: true })
  .extend({ actions: z.array(eventOf(batchPartnerMachine)) });

const listFields = engineRow.extend({
  tenantId: z.number(),
  projectId: z.number(),
  batchId: z.number(),
  supplierTenantId: z.number(),
  status: z.number(),
  reason: z.string().nullable(),
  submitTime: z.string().nullable(),
  confirmTime: z.string().nullable(),
  supplierName: z.string().nullable(),
  rows: z.number(),
});
/** A material list (GET /api/materialList and its commands): its rows and the caller's commands. */
export const materialListAnswer = listFields.extend({
  batchNumber: z.string().nullable(),
  /** The commands the caller may give on the list now (the kernel's answer, own side only). */
  actions: z.array(eventOf(materialListMachine)),
  /** The same without the implicit `edit`. */
  events: z.array(eventOf(materialListMachine)),
});
/** A material list as the workbenches sum it up: amounts per currency and gross weight. */
export const listSummaryAnswer = listFields.extend({
  amounts: z.array(z.strictObject({ currency: z.string(), amount: z.number() })),
  grossWeight: z.number(),
});

/** What a party still has to do on a batch. */
export const waitingAnswer = z.strictObject({
  tenantId: z.number(),
  party: z.string(),
  action: z.string(),
  listId: z.number().optional(),
});

/** GET /api/projectBatch/workbench (and queryBatchById without the timeline). */
export const batchWorkbenchAnswer = batchAnswer.extend({
  project: projectFields,
  partners: z.array(batchPartnerAnswer),
  materialLists: z.array(listSummaryAnswer),
  waiting: z.array(waitingAnswer),
  timeline: z.array(timelineEventAnswer),
});

/** GET /api/projectBatch/queryBatchById: the batch workbench without its timeline. */
export const batchDetailAnswer = batchWorkbenchAnswer.omit({ timeline: true });

/** GET /api/project/getProjectIdByCurrent: the project the caller works on now, if any. */
export const currentProjectAnswer = z.strictObject({
  projectId: z.number().nullable(),
  project: projectAnswer.nullable(),
});

/** One batch of GET /api/project/workbench: its parties, lists, progress and who is waited for. */
export const projectWorkbenchBatchAnswer = batchFields.extend({
  partners: z.array(batchPartnerAnswer),
  materialLists: z.array(listSummaryAnswer),
  progress: z.strictObject({
    suppliers: z.number(),
    listsConfirmed: z.number(),
    listsSubmitted: z.number(),
    rows: z.number(),
  }),
  waiting: z.array(waitingAnswer),
});
export const projectWorkbenchAnswer = z.strictObject({
  project: projectFields,
  batches: z.array(projectWorkbenchBatchAnswer),
});

/** A partnership seen from the caller's side (GET /api/partner). */
export const partnershipAnswer = engineRow.extend({
  tenantId: z.number(),
  partnerTenantId: z.number(),
  partnerEnd: z.number(),
  status: z.number(),
  remark: z.string().nullable(),
  direction: z.enum(['invited', 'invitedBy']),
  shipperName: z.string().nullable(),
  partnerName: z.string().nullable(),
  otherTenantId: z.number(),
  otherName: z.string().nullable(),
});

/** A partnership row as stored (GET /api/partnership, without the caller's side and names). */
export const partnershipRowAnswer = engineRow.extend({
  tenantId: z.number(),
  partnerTenantId: z.number(),
  partnerEnd: z.number(),
  status: z.number(),
  remark: z.string().nullable(),
});
/** An invitation sent, accepted or declined: the partnership and what the caller may do with it now. */
export const partnershipMovedAnswer = partnershipRowAnswer.extend({
  actions: z.array(eventOf(partnershipMachine)),
});

/** A company a shipper may invite (GET /api/enterpriseInfo/getCustomer). */
export const customerAnswer = z.strictObject({
  id: z.number(),
  corporateName: z.string(),
  corporateCode: z.string().nullable(),
  end: z.number(),
  partnershipStatus: z.number().nullable(),
});

export const contractFileAnswer = z.strictObject({
  id: z.number(),
  fileId: z.number(),
  name: z.string(),
  url: z.string(),
});
/** A supply contract (GET /api/viewProjectContract) with its files. */
export const contractAnswer = engineRow.extend({
  tenantId: z.number(),
  projectId: z.number(),
  contractNumber: z.string(),
  name: z.string().nullable(),
  supplierTenantId: z.number(),
  amount: z.number(),
  currency: z.string(),
  signDate: z.string().nullable(),
  incoterm: z.string().nullable(),
  incotermPlace: z.string().nullable(),
  status: z.number(),
  remark: z.string().nullable(),
  supplierName: z.string().nullable(),
  projectName: z.string().nullable(),
  files: z.array(contractFileAnswer),
});

/** A contract row as stored (the contract number look-up answers it). */
export const contractRowAnswer = contractAnswer.omit({ supplierName: true, projectName: true, files: true });
/** GET /api/projectContract/commitByNumber/:n: whether the caller's company already uses the number. */
export const contractNumberAnswer = z.strictObject({
  contractNumber: z.string(),
  exists: z.boolean(),
  contract: contractRowAnswer.nullable(),
});
/** A file attached to a contract, as stored (POST /api/projectContractFile/createBatch answers them). */
export const contractFileRowAnswer = engineRow.extend({
  tenantId: z.number(),
  contractId: z.number(),
  fileId: z.number(),
  name: z.string(),
  url: z.string(),
  remark: z.string().nullable(),
});

/** GET /api/viewProjectSupplier: one row per project and supplier, with its batches and since when. */
export const projectSupplierAnswer = listOf(
  z.strictObject({
    projectId: z.number(),
    supplierTenantId: z.number(),
    batches: z.number(),
    since: z.string().nullable(),
    supplierName: z.string().nullable(),
  }),
);

/** A person on a project (GET /api/viewProjectPersonnel). */
export const personnelAnswer = engineRow.extend({
  tenantId: z.number(),
  projectId: z.number(),
  userId: z.number(),
  role: z.string(),
  remark: z.string().nullable(),
  username: z.string().nullable(),
  nickName: z.string().nullable(),
  phone: z.string().nullable(),
  projectName: z.string().nullable(),
});

/** A person on a project as stored (GET /api/projectPersonnel, without the names the view adds). */
export const personnelRowAnswer = personnelAnswer.omit({
  username: true,
  nickName: true,
  phone: true,
  projectName: true,
});

/** A material row (GET /api/supplies). */
export const suppliesAnswer = engineRow.extend({
  tenantId: z.number(),
  projectId: z.number(),
  batchId: z.number(),
  listId: z.number(),
  supplierTenantId: z.number(),
  contractId: z.number().nullable(),
  lineNo: z.number(),
  materialCode: z.string().nullable(),
  name: z.string(),
  enName: z.string().nullable(),
  spec: z.string().nullable(),
  brand: z.string().nullable(),
  hsCode: z.string().nullable(),
  quantity: z.number(),
  unit: z.string(),
  unitPrice: z.number().nullable(),
  currency: z.string().nullable(),
  totalPrice: z.number().nullable(),
  originCountry: z.string().nullable(),
  netWeight: z.number().nullable(),
  grossWeight: z.number().nullable(),
  remark: z.string().nullable(),
  tags: z.array(z.string()),
  supplierName: z.string().nullable(),
  /** The customs code register's code when the row has none. */
  suggestedHsCode: z.string().nullable(),
});

/** GET /api/reference/currencies rows (ISO 4217). */
export const currencyAnswer = z.strictObject({
  code: z.string(),
  numericCode: z.string(),
  minorUnit: z.number(),
  en: z.string(),
  zh: z.string(),
});
/** GET /api/reference/countries rows (ISO 3166). */
export const countryAnswer = z.strictObject({ code: z.string(), en: z.string(), zh: z.string() });
/** GET /api/reference/ports rows (UN/LOCODE). */
export const portAnswer = z.strictObject({
  locode: z.string(),
  country: z.string(),
  name: z.string(),
  nameAscii: z.string(),
  subdivision: z.string().nullable(),
  functions: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  aliases: z.array(z.string()),
});

/** An HS section (GET /api/hs/sections); a chapter adds its section (GET /api/hs/chapters). */
export const hsSectionAnswer = z.strictObject({ code: z.string(), en: z.string(), zh: z.string() });
export const hsChapterAnswer = hsSectionAnswer.extend({ section: z.string() });
/** An HS heading or subheading with its chapter and section. */
export const hsItemAnswer = z.strictObject({
  code: z.string(),
  formatted: z.string(),
  level: z.number(),
  parent: z.string().nullable(),
  description: z.string(),
  zhDescription: z.string().nullable(),
  chapter: hsSectionAnswer.nullable(),
  section: hsSectionAnswer.nullable(),
});
/** A line of the national customs code register. */
export const nationalCodeAnswer = z.strictObject({
  code: z.string(),
  hs6: z.string(),
  name: z.string(),
  unit1: z.string().nullable(),
  unit2: z.string().nullable(),
  elements: z.string().nullable(),
});
/** GET /api/hs/thirdParty/searcByName and queryByCodeNew: HS items and national register lines. */
export const hsPageAnswer = z.strictObject({
  content: z.array(hsItemAnswer),
  totalElements: z.number(),
  national: z.array(nationalCodeAnswer),
});

/** A refused row of an import: where, which field, and why (in the caller's language). */
export const importErrorAnswer = z.strictObject({
  row: z.number(),
  column: z.string(),
  field: z.string(),
  message: z.string(),
});
/** GET /api/supplies/getImportProgress: an import's progress (any API node reads it from import_task). */
export const importProgressAnswer = z.strictObject({
  taskId: z.string(),
  /** `supplies` (a material list) or `boxPiece` (a packing list). */
  kind: z.string(),
  batchId: z.number().nullable(),
  /** The name of the file the user chose. */
  fileName: z.string().nullable(),
  status: z.enum(['reading', 'saving', 'done', 'failed']),
  /**
   * Why a failed import failed (a message code): `import.interrupted` when its server stopped while it
   * worked (nothing was saved; the same file can be imported again), else the refusal's code.
   */
  reason: z.string().nullable(),
  /** The reason in the caller's language. */
  message: z.string().nullable(),
  total: z.number(),
  processed: z.number(),
  imported: z.number(),
  errorCount: z.number(),
  percent: z.number(),
  /** The first 100 refused rows. */
  errors: z.array(importErrorAnswer),
  createTime: z.string(),
  updateTime: z.string(),
});

/** A finished import (POST /api/supplies/suppliesListImport answers it with the list it filled). */
export const importDoneAnswer = z.strictObject({
  taskId: z.string(),
  status: z.literal('done'),
  imported: z.number(),
});
export const suppliesImportAnswer = importDoneAnswer.extend({ listId: z.number() });

/** A material row as stored (a row edit by command answers it, without the names the list adds). */
export const suppliesRowAnswer = suppliesAnswer.omit({ supplierName: true, suggestedHsCode: true });
/** A supplier's remembered material code with its last HS classification (GET /api/materialCode). */
export const materialCodeAnswer = engineRow.extend({
  tenantId: z.number(),
  code: z.string(),
  name: z.string(),
  enName: z.string().nullable(),
  spec: z.string().nullable(),
  brand: z.string().nullable(),
  unit: z.string().nullable(),
  hsCode: z.string().nullable(),
  originCountry: z.string().nullable(),
});
/** GET /api/supplies/summary: rows and amount per list and currency of a batch. */
export const suppliesSummaryAnswer = z.array(
  z.strictObject({
    listId: z.number(),
    currency: z.string().nullable(),
    rows: z.number(),
    amount: z.string().nullable(),
  }),
);
