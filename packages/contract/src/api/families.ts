// Every declared family (the resource engine's CRUD families) with the row its lists, details, creates
// and updates answer. The engine mounts a family's operations from here; the web's list and form pages
// call them by the family's name.

import { directMessageAnswer, storedFileAnswer } from '../answers/account.ts';
import { feedbackAnswer, jobAnswer, jobLogAnswer, releaseAnswer } from '../answers/admin.ts';
import { boxTypeAnswer } from '../answers/boxes.ts';
import {
  abnormalAnswer,
  batchAnswer,
  billLadingAnswer,
  boxAnswer,
  boxDetailAnswer,
  changeRecordAnswer,
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
import {
  batchPartnerRowAnswer,
  contractFileRowAnswer,
  partnershipRowAnswer,
  personnelRowAnswer,
} from '../answers/project.ts';
import { customsCodeDictAnswer } from '../answers/services.ts';
import { materialCodeAnswer } from '../answers/supplies.ts';
import {
  dictEntryAnswer,
  functionAnswer,
  functionMenuAnswer,
  logAnswer,
  roleAnswer,
  roleFunctionAnswer,
} from '../answers/system.ts';
import {
  apiTokenAnswer,
  apiTokenIssuedAnswer,
  exceptionAnswer,
  exceptionCommentAnswer,
  laneDefaultAnswer,
  webhookAnswer,
  webhookDeliveryAnswer,
} from '../answers/tower.ts';
import { tariffRateRowAnswer } from '../answers/trade-policy.ts';
import { familyOperations } from './operation.ts';

export const families = {
  abnormalRecord: familyOperations('abnormalRecord', abnormalAnswer),
  accessoryInfo: familyOperations('accessoryInfo', vehicleAnswer),
  apiTokens: familyOperations('apiTokens', apiTokenAnswer, { written: apiTokenIssuedAnswer }),
  assort: familyOperations('assort', ticketAnswer),
  batchPartner: familyOperations('batchPartner', batchPartnerRowAnswer),
  billLading: familyOperations('billLading', billLadingAnswer),
  changeRecord: familyOperations('changeRecord', changeRecordAnswer),
  // A box is packed by the supplier whose confirmed list it holds.
  boxPiece: familyOperations('boxPiece', boxAnswer, {
    parties: { create: { party: ['supplier'], refusal: 'supplies.not_partner' } },
  }),
  boxPieceDetail: familyOperations('boxPieceDetail', boxDetailAnswer),
  container: familyOperations('container', containerAnswer),
  creditCarddInformation: familyOperations('creditCarddInformation', creditInfoAnswer),
  customsClearanceLive: familyOperations('customsClearanceLive', clearanceAnswer),
  customsCode: familyOperations('customsCode', customsCodeAnswer),
  customsCodeDict: familyOperations('customsCode/dict', customsCodeDictAnswer),
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
  dictDetail: familyOperations('dictDetail', dictEntryAnswer),
  directMessages: familyOperations('directMessages', directMessageAnswer),
  document: familyOperations('document', documentAnswer),
  enterpriseInfo: familyOperations('enterpriseInfo', companyAnswer),
  examine: familyOperations('examine', examineAnswer),
  exceptions: familyOperations('exceptions', exceptionAnswer),
  exceptionComments: familyOperations('exceptions/comments', exceptionCommentAnswer),
  exchangeRate: familyOperations('exchangeRate', exchangeRateAnswer),
  feedback: familyOperations('feedback', feedbackAnswer),
  file: familyOperations('file', storedFileAnswer),
  financing: familyOperations('financing', financingAnswer),
  functionPermission: familyOperations('functionPermission', functionAnswer),
  jobs: familyOperations('jobs', jobAnswer),
  jobLogs: familyOperations('jobs/logs', jobLogAnswer),
  laneDefaults: familyOperations('laneDefaults', laneDefaultAnswer),
  log: familyOperations('log', logAnswer),
  materialCode: familyOperations('materialCode', materialCodeAnswer),
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
  roles: familyOperations('roles', roleAnswer),
  // A material list's rows are its supplier's: written, changed and removed by that side alone.
  supplies: familyOperations('supplies', suppliesAnswer, {
    parties: {
      create: { party: ['supplier'], refusal: 'supplies.not_partner' },
      update: { party: ['supplier'], refusal: 'supplies.not_partner' },
      remove: { party: ['supplier'], refusal: 'supplies.not_partner' },
    },
  }),
  sysRolesFunction: familyOperations('sysRolesFunction', roleFunctionAnswer),
  tariffRate: familyOperations('tariffRate', tariffRateRowAnswer),
  tenantUser: familyOperations('tenantUser', tenantAnswer),
  tradePolicyNote: familyOperations('tradePolicyNote', policyNoteAnswer),
  userboxtype: familyOperations('userboxtype', boxTypeAnswer),
  users: familyOperations('users', userAnswer),
  vessel: familyOperations('vessel', vesselAnswer),
  vesselSchedule: familyOperations('vesselSchedule', portCallAnswer),
  viewFunctionPermissionMenu: familyOperations('viewFunctionPermissionMenu', functionMenuAnswer),
  viewProjectBatchPartner: familyOperations('viewProjectBatchPartner', batchPartnerRowAnswer),
  viewProjectBatchSupplier: familyOperations('viewProjectBatchSupplier', batchPartnerRowAnswer),
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
