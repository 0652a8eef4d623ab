// Seed step 6: the papers menu (documents, statements of charges), its permissions and
// dictionaries; and the demo papers on batch JKT2-B001 — a commercial invoice the supplier has not
// submitted yet and the logistics provider's draft statement of charges.
import {
  chargeTypes,
  DocumentStatus,
  documentStatusLabels,
  documentTypes,
  ReconciliationStatus,
  reconciliationStatusLabels,
} from '@tradelane/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { reconciliations, tradeDocuments } from '../db/schema-papers.ts';
import { projectBatches } from '../db/schema-project.ts';
import type { MenuSeed } from './menus.ts';
import { button, type DictSeed, labelEntries, seedDomainReference } from './reference.ts';

export const paperMenus: MenuSeed[] = [
  {
    key: 'papers',
    title: '单证与对账',
    enTitle: 'Papers & charges',
    type: 0,
    path: 'papers',
    icon: 'documents',
    sort: 35,
    children: [
      {
        key: 'document:list',
        title: '单据',
        enTitle: 'Documents',
        type: 1,
        path: 'documents',
        component: 'papers/documents',
        componentName: 'Documents',
        permission: 'document:list',
        icon: 'document',
        sort: 1,
        children: [
          button('document:add', '单据上传', 'Add document', 1),
          button('document:del', '单据删除', 'Delete document', 2),
          button('document:submit', '单据提交', 'Submit document', 3),
          button('document:confirm', '单据确认', 'Confirm document', 4),
        ],
      },
      {
        key: 'reconciliation:list',
        title: '对账单',
        enTitle: 'Statements of charges',
        type: 1,
        path: 'reconciliation',
        component: 'papers/reconciliation',
        componentName: 'Reconciliation',
        permission: 'reconciliation:list',
        icon: 'finance',
        sort: 2,
        children: [
          button('reconciliation:add', '对账单新增', 'Add statement', 1),
          button('reconciliation:edit', '对账单编辑', 'Edit statement', 2),
          button('reconciliation:del', '对账单删除', 'Delete statement', 3),
          button('reconciliation:submit', '对账单提交', 'Submit statement', 4),
          button('reconciliation:confirm', '对账单确认', 'Confirm statement', 5),
          button('reconciliation:reject', '对账单驳回', 'Reject statement', 6),
        ],
      },
    ],
  },
];

const docs = ['papers', 'document:list'];
export const paperRoleMenus: Record<string, string[]> = {
  shipper: [
    ...docs,
    'document:add',
    'document:del',
    'document:submit',
    'document:confirm',
    'reconciliation:list',
    'reconciliation:confirm',
    'reconciliation:reject',
  ],
  supplier: [...docs, 'document:add', 'document:del', 'document:submit'],
  logistics: [
    ...docs,
    'document:add',
    'document:del',
    'document:submit',
    'reconciliation:list',
    'reconciliation:add',
    'reconciliation:edit',
    'reconciliation:del',
    'reconciliation:submit',
  ],
};

const paperDictionaries: DictSeed[] = [
  {
    name: 'document_type',
    description: '单据类型 / document type',
    entries: documentTypes.map((d) => [d.code, d.zh, d.en]),
  },
  {
    name: 'document_status',
    description: '单据状态 / document status',
    entries: labelEntries(documentStatusLabels),
  },
  {
    name: 'charge_type',
    description: '费用类型 / charge type',
    entries: chargeTypes.map((c) => [c.code, c.zh, c.en]),
  },
  {
    name: 'reconciliation_status',
    description: '对账单状态 / statement status',
    entries: labelEntries(reconciliationStatusLabels),
  },
];

export const seedPaperReference = (db: Db) =>
  seedDomainReference(db, { menus: paperMenus, roleMenus: paperRoleMenus, dictionaries: paperDictionaries });

export async function seedPapersDemo(db: Db) {
  const [batch] = await db.select().from(projectBatches).where(eq(projectBatches.batchNumber, 'JKT2-B001'));
  const people = await db
    .select()
    .from(users)
    .where(inArray(users.username, ['supplier', 'logistics']));
  const supplier = people.find((u) => u.username === 'supplier');
  const logistics = people.find((u) => u.username === 'logistics');
  if (!batch || !supplier || !logistics) return;
  const on = { tenantId: batch.tenantId, projectId: batch.projectId, batchId: batch.id };
  await db.insert(tradeDocuments).values({
    ...on,
    partyTenantId: supplier.tenantId,
    docType: 'commercial_invoice',
    docNo: 'CI-SE-2026-0107',
    name: '商业发票 CI-SE-2026-0107',
    status: DocumentStatus.notSubmitted,
    createBy: 'supplier',
    updateBy: 'supplier',
  });
  await db.insert(reconciliations).values({
    ...on,
    partyTenantId: logistics.tenantId,
    statementNo: 'COSCO-ST-2026-031',
    remark: '上海 → 雅加达，2×40HQ',
    lines: [
      {
        chargeType: 'ocean_freight',
        description: '40HQ',
        quantity: '2',
        unitPrice: '2150',
        currency: 'USD',
        taxRate: '0',
      },
      {
        chargeType: 'thc',
        description: '上海港',
        quantity: '2',
        unitPrice: '1280',
        currency: 'CNY',
        taxRate: '6',
      },
      {
        chargeType: 'trucking',
        description: '工厂 → 外高桥',
        quantity: '2',
        unitPrice: '1850',
        currency: 'CNY',
        taxRate: '9',
      },
      {
        chargeType: 'customs_broker',
        description: null,
        quantity: '1',
        unitPrice: '350',
        currency: 'CNY',
        taxRate: '6',
      },
    ],
    status: ReconciliationStatus.draft,
    createBy: 'logistics',
    updateBy: 'logistics',
  });
}
