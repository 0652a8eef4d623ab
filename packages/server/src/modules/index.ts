// Every domain module registers itself here, in one list.
import type { FastifyInstance } from 'fastify';
import { realtimeDelivery } from '../realtime/hub.ts';
import { registerResource } from '../resources/engine.ts';
import { registerCommands } from '../workflow/kernel.ts';
import { workflowKernel } from '../workflow/plugin.ts';
import { accountRoutes } from './account/routes.ts';
import { deployRoutes, releaseResource } from './admin/deploy.ts';
import { jobLogResource, jobResource, jobRoutes, pauseJob, resumeJob } from './admin/jobs.ts';
import { mailToolRoutes } from './admin/mail-tool.ts';
import { monitorRoutes } from './admin/monitor.ts';
import { roleAdminRoutes } from './admin/role-admin.ts';
import { statisticsRoutes } from './admin/statistics.ts';
import { systemMonitorRoutes } from './admin/system-monitor.ts';
import { tenantAdminRoutes } from './admin/tenant-admin.ts';
import { tenantArchiveRoutes } from './admin/tenant-archive.ts';
import { userAdminRoutes } from './admin/user-admin.ts';
import { authRoutes } from './auth/routes.ts';
import { boxesModule } from './boxes/index.ts';
import { codegenRoutes } from './codegen/routes.ts';
import { customsModule } from './customs/index.ts';
import { entrustModule } from './entrust/index.ts';
import { fileResource, fileRoutes, storageToolRoutes } from './files/routes.ts';
import { financeModule } from './finance/index.ts';
import { homeRoutes } from './home/routes.ts';
import { hsModule } from './hs/index.ts';
import { ladingModule } from './lading/index.ts';
import { loadPlanPdfRoutes } from './loadplan/pdf.ts';
import { loadPlanRoutes } from './loadplan/routes.ts';
import { logisticsModule } from './logistics/index.ts';
import { messageRoutes } from './messages/routes.ts';
import { papersModule } from './papers/index.ts';
import { projectModule } from './project/index.ts';
import { realtimeRoutes } from './realtime/routes.ts';
import { servicesModule } from './services/index.ts';
import { suppliesModule } from './supplies/index.ts';
import { configRoutes } from './system/config-routes.ts';
import { dictRoutes } from './system/dict-routes.ts';
import { answerFeedback } from './system/feedback-commands.ts';
import { menuRoutes } from './system/menu-routes.ts';
import { systemResources } from './system/resources.ts';
import { systemViewRoutes } from './system/views.ts';
import { testHookRoutes } from './test-hooks.ts';
import { towerModule } from './tower/index.ts';
import { tradePolicyModule } from './trade-policy/index.ts';

export const modules: ((app: FastifyInstance) => Promise<void>)[] = [
  workflowKernel,
  realtimeDelivery,
  authRoutes,
  configRoutes,
  menuRoutes,
  dictRoutes,
  fileRoutes,
  accountRoutes,
  messageRoutes,
  homeRoutes,
  realtimeRoutes,
  projectModule,
  hsModule,
  suppliesModule,
  customsModule,
  boxesModule,
  papersModule,
  entrustModule,
  logisticsModule,
  ladingModule,
  financeModule,
  tradePolicyModule,
  towerModule,
  userAdminRoutes,
  roleAdminRoutes,
  tenantAdminRoutes,
  monitorRoutes,
  statisticsRoutes,
  systemMonitorRoutes,
  mailToolRoutes,
  deployRoutes,
  tenantArchiveRoutes,
  storageToolRoutes,
  codegenRoutes,
  servicesModule,
  loadPlanRoutes,
  loadPlanPdfRoutes,
  systemViewRoutes,
  async (app) => {
    for (const r of [...systemResources, fileResource, jobResource, jobLogResource, releaseResource])
      registerResource(app, r);
    registerCommands(app, [pauseJob, resumeJob, answerFeedback]);
    await jobRoutes(app);
  },
  testHookRoutes,
];
