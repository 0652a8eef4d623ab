// Seed step: bills of lading and the tally sheet — their pages under "Papers & charges", their
// buttons and dictionaries; and the demo: a B/L draft for JKT2-B008 (two containers on the COSCO
// SHIPPING LIBRA) and the tally of JKT2-B007 synchronised from its packing list, not tallied yet.
import {
  BillLadingStatus,
  billLadingStatusLabels,
  freightTerms,
  tallyStatusLabels,
} from '@tradelane/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { menus, tenants, users } from '../db/schema.ts';
import { billLadings } from '../db/schema-lading.ts';
import { projectBatches } from '../db/schema-project.ts';
import { syncTally } from '../modules/lading/tally.ts';
import { batchContainers } from '../modules/logistics/capacity.ts';
import { callerOf, inProcessCtx } from '../workflow/in-process.ts';
import type { MenuSeed } from './menus.ts';
import { button, grantMenusToRole, insertDictionaries, insertMenus, labelEntries } from './reference.ts';

export const ladingMenus: MenuSeed[] = [
  {
    key: 'billLading:list',
    title: '提单',
    enTitle: 'Bills of lading',
    type: 1,
    path: 'billLading',
    component: 'papers/billLading',
    componentName: 'BillLading',
    permission: 'billLading:list',
    icon: 'documents',
    sort: 3,
    children: [
      button('billLading:add', '提单新增', 'Add bill of lading', 1),
      button('billLading:edit', '提单编辑', 'Edit bill of lading', 2),
      button('billLading:del', '提单删除', 'Delete bill of lading', 3),
      button('billLading:submit', '提单提交', 'Submit bill of lading', 4),
      button('billLading:confirm', '提单确认', 'Confirm bill of lading', 5),
      button('billLading:reject', '提单驳回', 'Reject bill of lading', 6),
    ],
  },
  {
    key: 'tallySheet:list',
    title: '理货单',
    enTitle: 'Tally sheet',
    type: 1,
    path: 'tallySheet',
    component: 'papers/tallySheet',
    componentName: 'TallySheet',
    permission: 'tallySheet:list',
    icon: 'document',
    sort: 4,
    children: [
      button('tallySheet:sync', '理货单同步装箱单', 'Synchronise tally from packing list', 1),
      button('tallySheet:edit', '理货', 'Tally boxes', 2),
    ],
  },
];

const allKeys = (m: MenuSeed): string[] => [m.key, ...(m.children ?? []).flatMap(allKeys)];

export const ladingRoleMenus: Record<string, string[]> = {
  shipper: ['billLading:list', 'billLading:confirm', 'billLading:reject', 'tallySheet:list'],
  logistics: [
    'papers',
    'billLading:list',
    'billLading:add',
    'billLading:edit',
    'billLading:del',
    'billLading:submit',
    'tallySheet:list',
    'tallySheet:sync',
    'tallySheet:edit',
  ],
};

export async function seedLadingReference(db: Db) {
  const [papers] = await db.select({ id: menus.id }).from(menus).where(eq(menus.menuKey, 'papers'));
  await insertMenus(db, ladingMenus, papers?.id ?? null, '单证与对账');
  await grantMenusToRole(db, 'admin', ladingMenus.flatMap(allKeys));
  for (const [code, keys] of Object.entries(ladingRoleMenus)) await grantMenusToRole(db, code, keys);
  await insertDictionaries(db, [
    {
      name: 'bill_lading_status',
      description: '提单状态 / bill of lading status',
      entries: labelEntries(billLadingStatusLabels),
    },
    {
      name: 'freight_terms',
      description: '运费条款 / freight terms',
      entries: freightTerms.map((f) => [f.code, f.zh, f.en]),
    },
    {
      name: 'tally_status',
      description: '理货结果 / tally result',
      entries: labelEntries(tallyStatusLabels),
    },
  ]);
}

export async function seedLadingDemo(db: Db) {
  const batches = await db
    .select()
    .from(projectBatches)
    .where(inArray(projectBatches.batchNumber, ['JKT2-B007', 'JKT2-B008']));
  const [logistics] = await db.select().from(users).where(eq(users.username, 'logistics'));
  const b008 = batches.find((b) => b.batchNumber === 'JKT2-B008');
  const b007 = batches.find((b) => b.batchNumber === 'JKT2-B007');
  if (!logistics || !b008 || !b007) return;
  const [owner] = await db.select().from(tenants).where(eq(tenants.id, b008.tenantId));
  const held = await batchContainers(db, b008.id);
  const sum = (k: 'grossWeight' | 'measurement') => held.reduce((s, c) => s + Number(c[k]), 0).toFixed(3);
  await db.insert(billLadings).values({
    tenantId: b008.tenantId,
    projectId: b008.projectId,
    batchId: b008.id,
    partyTenantId: logistics.tenantId,
    blNumber: held.find((c) => c.blNumber)?.blNumber ?? null,
    shipper: [owner?.corporateName, owner?.address].filter(Boolean).join('\n'),
    consignee: 'PT PLN (Persero) UIP Jawa Bagian Barat\nJl. Gatot Subroto Kav. 18, Jakarta 12950, Indonesia',
    notifyParty: 'SAME AS CONSIGNEE',
    vessel: held.find((c) => c.vessel)?.vessel ?? 'COSCO SHIPPING LIBRA',
    voyage: held.find((c) => c.voyage)?.voyage ?? '031S',
    portOfLoading: b008.portOfLoading ?? 'CNSHA',
    portOfDischarge: b008.portOfDischarge ?? 'IDJKT',
    placeOfDelivery: b008.destinationSite,
    marksAndNumbers: `${b008.batchNumber}\nJAKARTA PP2\nMADE IN CHINA`,
    packages: held.reduce((s, c) => s + c.packages, 0),
    description: 'POWER PLANT EQUIPMENT AND SPARE PARTS\n电站设备及备件',
    grossWeight: sum('grossWeight'),
    measurement: sum('measurement'),
    freightTerms: 'prepaid',
    originals: 3,
    placeOfIssue: 'SHANGHAI',
    containers: held.map((c) => ({
      containerNumber: c.containerNumber,
      sealNumber: c.sealNumber,
      typeCode: c.typeCode,
      packages: c.packages,
      grossWeight: c.grossWeight,
      measurement: c.measurement,
    })),
    status: BillLadingStatus.draft,
    createBy: 'logistics',
    updateBy: 'logistics',
  });
  // The tally of JKT2-B007: its handed-over boxes, synchronised by its logistics provider.
  await syncTally(inProcessCtx(db, await callerOf(db, 'logistics')), b007.id);
}
