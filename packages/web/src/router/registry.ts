// Server menu `component` values → lazily loaded pages. Unknown values render ComingSoon.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { CHUNK_TIMEOUT_MS } from '../config.ts';

type PageModule = { default: ComponentType };
type Loader = () => Promise<PageModule>;

/** Chunk loading gives up after 120 s with a failed-load error. */
export function withTimeout(load: Loader, ms = CHUNK_TIMEOUT_MS): Loader {
  return () =>
    new Promise<PageModule>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('chunk load timeout')), ms);
      load().then(
        (m) => {
          clearTimeout(timer);
          resolve(m);
        },
        (e: unknown) => {
          clearTimeout(timer);
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });
}

const pages: Record<string, Loader> = {
  dashboard: () => import('../pages/dashboard/Dashboard.tsx'),
  messageCenter: () => import('../pages/messages/MessageCenter.tsx'),
  'news/center': () => import('../pages/messages/MessageCenter.tsx'),
  userCenter: () => import('../pages/user-center/UserCenter.tsx'),
  'user/center': () => import('../pages/user-center/UserCenter.tsx'),
  'tools/loadplan': () => import('../pages/tools/loadplan/LoadPlanPage.tsx'),
  project: () => import('../pages/project/ProjectsPage.tsx'),
  'project/batch': () => import('../pages/project/batch/BatchesPage.tsx'),
  'project/contract': () => import('../pages/project/contract/ContractsPage.tsx'),
  'project/personnel': () => import('../pages/project/personnel/PersonnelPage.tsx'),
  'project/partner': () => import('../pages/project/partner/PartnersPage.tsx'),
  supplies: () => import('../pages/supplies/SuppliesPage.tsx'),
  boxes: () => import('../pages/boxes/BoxesPage.tsx'),
  logistics: () => import('../pages/logistics/LogisticsPage.tsx'),
  customs: () => import('../pages/customs/CustomsPage.tsx'),
  'customs/rates': () => import('../pages/customs/RatesPage.tsx'),
  'customs/codes': () => import('../pages/customs/CustomsCodesPage.tsx'),
  'papers/documents': () => import('../pages/papers/DocumentsPage.tsx'),
  'papers/reconciliation': () => import('../pages/papers/ReconciliationPage.tsx'),
  'papers/entrust': () => import('../pages/papers/EntrustPage.tsx'),
  'papers/billLading': () => import('../pages/papers/BillLadingPage.tsx'),
  'papers/tallySheet': () => import('../pages/papers/TallyPage.tsx'),
  'tools/hs': () => import('../pages/tools/hs/HsSearchPage.tsx'),
  'tools/ships': () => import('../pages/tools/ships/ShipInquiryPage.tsx'),
  'tools/email': () => import('../pages/tools/email/EmailPage.tsx'),
  'tools/storage': () => import('../pages/tools/storage/StoragePage.tsx'),
  'tools/generator': () => import('../pages/tools/generator/GeneratorPage.tsx'),
  'tools/aliPay': () => import('../pages/tools/alipay/AlipayPage.tsx'),
  'tools/weather': () => import('../pages/tools/weather/WeatherPage.tsx'),
  'tools/translate': () => import('../pages/tools/translate/TranslatePage.tsx'),
  'tools/trade-policy': () => import('../pages/tools/trade-policy/TradePolicyPage.tsx'),
  'tower/exceptions': () => import('../pages/tower/ExceptionsPage.tsx'),
  'tower/webhooks': () => import('../pages/tower/WebhooksPage.tsx'),
  'tower/otif': () => import('../pages/tower/OtifPage.tsx'),
  'tower/lanes': () => import('../pages/tower/LanesPage.tsx'),
  'finance/credit': () => import('../pages/finance/CreditPage.tsx'),
  'finance/financing': () => import('../pages/finance/FinancingPage.tsx'),
  'finance/review': () => import('../pages/finance/ReviewPage.tsx'),
  'system/user': () => import('../pages/system/user/UsersPage.tsx'),
  'system/role': () => import('../pages/system/role/RolesPage.tsx'),
  'system/menu': () => import('../pages/system/menu/MenusPage.tsx'),
  'system/dept': () => import('../pages/system/dept/DeptsPage.tsx'),
  'system/dict': () => import('../pages/system/dict/DictsPage.tsx'),
  'system/function': () => import('../pages/system/function/FunctionsPage.tsx'),
  'system/tenant': () => import('../pages/system/tenant/TenantsPage.tsx'),
  'system/feedback': () => import('../pages/system/feedback/FeedbackPage.tsx'),
  'system/timing': () => import('../pages/system/timing/TimingPage.tsx'),
  'system/api-tokens': () => import('../pages/system/api-tokens/ApiTokensPage.tsx'),
  'monitor/log': () => import('../pages/monitor/log/OperationLogPage.tsx'),
  'monitor/log/errorLog': () => import('../pages/monitor/log/ErrorLogPage.tsx'),
  'monitor/online': () => import('../pages/monitor/online/OnlinePage.tsx'),
  'monitor/statistics': () => import('../pages/monitor/statistics/StatisticsPage.tsx'),
  'monitor/server': () => import('../pages/monitor/server/ServerMonitorPage.tsx'),
  'monitor/druid': () => import('../pages/monitor/druid/DatabaseMonitorPage.tsx'),
};

/** 'system/user/index.vue' → 'system/user'. */
export function normalizeComponentKey(component: string): string {
  return component
    .replace(/^\/+/, '')
    .replace(/\.(vue|tsx?)$/, '')
    .replace(/\/index$/, '');
}

export function hasPage(component: string): boolean {
  return normalizeComponentKey(component) in pages;
}

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazy page for a menu component, or null when the registry has none. */
export function pageFor(component: string): LazyExoticComponent<ComponentType> | null {
  const key = normalizeComponentKey(component);
  const load = pages[key];
  if (!load) return null;
  let c = cache.get(key);
  if (!c) {
    c = lazy(withTimeout(load));
    cache.set(key, c);
  }
  return c;
}
