import { labelResources } from '@tradelane/contract/labels';
import type { zh } from '../zh/index.ts';
import { admin } from './admin.ts';
import { codegen } from './codegen.ts';
import { enCore } from './core.ts';
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

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

// English. Must hold exactly the keys of zh/index.ts (checked by the compiler and a unit test).

export const en: Shape<typeof zh> = {
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
  resources: labelResources('en'),
  workflow,
  ...enCore,
};
