// Simplified Chinese (default). en/index.ts must hold exactly the same keys.
import { labelResources } from '@tradelane/contract/labels';
import { admin } from './admin.ts';
import { codegen } from './codegen.ts';
import { zhCore } from './core.ts';
import { customs } from './customs.ts';
import { entrust, ships } from './entrust.ts';
import { finance } from './finance.ts';
import { lading } from './lading.ts';
import { loadplan } from './loadplan.ts';
import { logistics } from './logistics.ts';
import { logisticsPlan } from './logistics-plan.ts';
import { papers } from './papers.ts';
import { project } from './project.ts';
import { services } from './services.ts';
import { tower } from './tower.ts';
import { vouchers } from './vouchers.ts';
import { workflow } from './workflow.ts';

export const zh = {
  entrust,
  finance,
  ships,
  loadplan,
  logistics: { ...logistics, plan: logisticsPlan },
  papers,
  vouchers,
  lading,
  admin,
  codegen,
  customs,
  project,
  services,
  tower,
  resources: labelResources('zh'),
  workflow,
  ...zhCore,
};
