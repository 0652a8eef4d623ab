// Every declared family (the resource engine's CRUD families) with the row its lists, details, creates
// and updates answer. The engine mounts a family's operations from here; the web's list and form pages
// call them by the family's name. A family marked `rowNotWritten` answers rows the contract has not
// described field by field yet: its answers are checked for an id only.

import { jobAnswer, jobLogAnswer, releaseAnswer } from '../answers/admin.ts';
import {
  abnormalAnswer,
  batchAnswer,
  billLadingAnswer,
  boxAnswer,
  boxDetailAnswer,
  clearanceAnswer,
  companyAnswer,
  containerAnswer,
  contractAnswer,
  creditInfoAnswer,
  customsCodeAnswer,
  declareAnswer,
  declareElementsAnswer,
  declareLineAnswer,
  declPriceAnswer,
  deptAnswer,
  dictAnswer,
  documentAnswer,
  entrustAnswer,
  examineAnswer,
  exchangeRateAnswer,
  financingAnswer,
  materialListAnswer,
  menuAnswer,
  partnershipAnswer,
  personnelAnswer,
  policyNoteAnswer,
  portCallAnswer,
  projectAnswer,
  statementAnswer,
  suppliesAnswer,
  tallyAnswer,
  tenantAnswer,
  ticketAnswer,
  userAnswer,
  vehicleAnswer,
  vesselAnswer,
  voucherAnswer,
} from '../answers/index.ts';
import { contractFileRowAnswer, partnershipRowAnswer, personnelRowAnswer } from '../answers/project.ts';
import {
  apiTokenAnswer,
  apiTokenIssuedAnswer,
  exceptionAnswer,
  exceptionCommentAnswer,
  webhookAnswer,
  webhookDeliveryAnswer,
} from '../answers/tower.ts';
import { familyOperations, rowNotWritten } from './operation.ts';

export const families = {
  abnormalRecord: familyOperations('abnormalRecord', abnormalAnswer),
  accessoryInfo: familyOperations('accessoryInfo', vehicleAnswer),
  apiTokens: familyOperations('apiTokens', apiTokenAnswer, { written: apiTokenIssuedAnswer }),
  assort: familyOperations('assort', ticketAnswer),
  batchPartner: familyOperations('batchPartner', rowNotWritten),
  billLading: familyOperations('billLading', billLadingAnswer),
  // A box is packed by the supplier whose confirmed list it holds.
  boxPiece: familyOperations('boxPiece', boxAnswer, {
    parties: { create: { party: ['supplier'], refusal: 'supplies.not_partner' } },
  }),
  boxPieceDetail: familyOperations('boxPieceDetail', boxDetailAnswer),
  container: familyOperations('container', containerAnswer),
  creditCarddInformation: familyOperations('creditCarddInformation', creditInfoAnswer),
  customsClearanceLive: familyOperations('customsClearanceLive', clearanceAnswer),
  customsCode: familyOperations('customsCode', customsCodeAnswer),
  customsCodeDict: familyOperations('customsCode/dict', rowNotWritten),
  declPrice: familyOperations('declPrice', declPriceAnswer),
  declareElements: familyOperations('declareElements', declareElementsAnswer),
  declareLine: familyOperations('declareLine', declareLineAnswer),
  // Only a batch's shipper instructs its provider.
  deliveryEntrust: familyOperations('deliveryEntrust', entrustAnswer, {
    parties: { create: { party: ['shipper'], refusal: 'entrust.shipper_only' } },
  }),
  deploy: familyOperations('deploy', releaseAnswer),
  dept: familyOperations('dept', deptAnswer),
  dict: familyOperations('dict', dictAnswer),
  dictDetail: familyOperations('dictDetail', rowNotWritten),
  directMessages: familyOperations('directMessages', rowNotWritten),
  document: familyOperations('document', documentAnswer),
  enterpriseInfo: familyOperations('enterpriseInfo', companyAnswer),
  examine: familyOperations('examine', examineAnswer),
  exceptions: familyOperations('exceptions', exceptionAnswer),
  exceptionComments: familyOperations('exceptions/comments', exceptionCommentAnswer),
  exchangeRate: familyOperations('exchangeRate', exchangeRateAnswer),
  feedback: familyOperations('feedback', rowNotWritten),
  file: familyOperations('file', rowNotWritten),
  financing: familyOperations('financing', financingAnswer),
  functionPermission: familyOperations('functionPermission', rowNotWritten),
  jobs: familyOperations('jobs', jobAnswer),
  jobLogs: familyOperations('jobs/logs', jobLogAnswer),
  laneDefaults: familyOperations('laneDefaults', rowNotWritten),
  log: familyOperations('log', rowNotWritten),
  materialCode: familyOperations('materialCode', rowNotWritten),
  materialList: familyOperations('materialList', materialListAnswer),
  menus: familyOperations('menus', menuAnswer),
  partner: familyOperations('partner', partnershipAnswer),
  partnership: familyOperations('partnership', partnershipRowAnswer),
  // Projects belong to shippers (or are set up by the platform); the others join their batches.
  project: familyOperations('project', projectAnswer, {
    parties: { create: { party: ['shipper', 'platform'] } },
  }),
  projectBatch: familyOperations('projectBatch', batchAnswer),
  projectContract: familyOperations('projectContract', contractAnswer),
  projectContractFile: familyOperations('projectContractFile', contractFileRowAnswer),
  // A declaration is opened by the batch's customs broker.
  projectDeclare: familyOperations('projectDeclare', declareAnswer, {
    parties: { create: { party: ['logistics'], refusal: 'customs.not_broker' } },
  }),
  projectPersonnel: familyOperations('projectPersonnel', personnelRowAnswer),
  reconciliation: familyOperations('reconciliation', statementAnswer),
  roles: familyOperations('roles', rowNotWritten),
  // A material list's rows are its supplier's.
  supplies: familyOperations('supplies', suppliesAnswer, {
    parties: { create: { party: ['supplier'], refusal: 'supplies.not_partner' } },
  }),
  sysRolesFunction: familyOperations('sysRolesFunction', rowNotWritten),
  tariffRate: familyOperations('tariffRate', rowNotWritten),
  tenantUser: familyOperations('tenantUser', tenantAnswer),
  tradePolicyNote: familyOperations('tradePolicyNote', policyNoteAnswer),
  userboxtype: familyOperations('userboxtype', rowNotWritten),
  users: familyOperations('users', userAnswer),
  vessel: familyOperations('vessel', vesselAnswer),
  vesselSchedule: familyOperations('vesselSchedule', portCallAnswer),
  viewFunctionPermissionMenu: familyOperations('viewFunctionPermissionMenu', rowNotWritten),
  viewProjectBatchPartner: familyOperations('viewProjectBatchPartner', rowNotWritten),
  viewProjectBatchSupplier: familyOperations('viewProjectBatchSupplier', rowNotWritten),
  viewProjectContract: familyOperations('viewProjectContract', contractAnswer),
  viewProjectPersonnel: familyOperations('viewProjectPersonnel', personnelAnswer),
  viewTallySheet: familyOperations('viewTallySheet', tallyAnswer),
  voucherProcess: familyOperations('voucherProcess', voucherAnswer),
  webhooks: familyOperations('webhooks', webhookAnswer),
  webhookDeliveries: familyOperations('webhooks/deliveries', webhookDeliveryAnswer),
};

export type FamilyKey = keyof typeof families;

/** A family's operations by its name (`/api/<name>`), for the generic list and form pages. */
export function familyNamed(name: string) {
  const found = Object.values(families).find((f) => f.name === name);
  if (!found) throw new Error(`no declared family ${name}`);
  return found;
}
