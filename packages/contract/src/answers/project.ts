// Answers of the project screens: projects, batches and their workbenches, batch partners, partnerships,
// contracts and personnel. Material lists and their rows are answers/supplies.ts.
import { z } from 'zod';
import { batchPartnerMachine, partnershipMachine } from '../project.ts';
import { engineRow, eventOf, listOf, timelineEventAnswer } from './common.ts';
import { listSummaryAnswer } from './supplies.ts';

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
