// Seed step 4: the packing menu, its permissions and dictionaries; and the demo boxes — the
// confirmed batch JKT2-B001 packed by its supplier: rows partly packed, one out-of-gauge transformer,
// four boxes submitted to the shipper and one added later, still a draft.
import { randomBytes } from 'node:crypto';
import {
  BoxStatus,
  boxStatusLabels,
  boxVolume,
  isOutOfGauge,
  MaterialListStatus,
  packageTypes,
} from '@tradelane/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { changeRecords, users } from '../db/schema.ts';
import { boxPieceDetails, boxPieces, userBoxTypes } from '../db/schema-boxes.ts';
import { materialLists, projectBatches, supplies } from '../db/schema-project.ts';
import { submitBoxes } from '../modules/boxes/commands.ts';
import { callerOf } from '../workflow/in-process.ts';
import { seedCommand } from './commands.ts';
import type { MenuSeed } from './menus.ts';
import { button, type DictSeed, labelEntries, seedDomainReference } from './reference.ts';

export const boxMenus: MenuSeed[] = [
  {
    key: 'boxes',
    title: '装箱管理',
    enTitle: 'Packing',
    type: 0,
    path: 'boxes',
    icon: 'box',
    sort: 25,
    children: [
      {
        key: 'boxPiece:list',
        title: '箱件',
        enTitle: 'Boxes',
        type: 1,
        path: 'index',
        component: 'boxes/index',
        componentName: 'Boxes',
        permission: 'boxPiece:list',
        icon: 'box',
        sort: 1,
        children: [
          button('boxPiece:add', '箱件新增', 'Add box', 1),
          button('boxPiece:edit', '箱件编辑', 'Edit box', 2),
          button('boxPiece:del', '箱件删除', 'Delete box', 3),
          button('boxPiece:submit', '提交装箱单', 'Submit packing list', 4),
          button('boxPiece:import', '导入装箱单', 'Import packing list', 5),
          button('boxPiece:back', '退回装箱单', 'Return packing list', 6),
        ],
      },
    ],
  },
];

export const boxRoleMenus: Record<string, string[]> = {
  shipper: ['boxes', 'boxPiece:list', 'boxPiece:back'],
  supplier: [
    'boxes',
    'boxPiece:list',
    'boxPiece:add',
    'boxPiece:edit',
    'boxPiece:del',
    'boxPiece:submit',
    'boxPiece:import',
  ],
  logistics: ['boxes', 'boxPiece:list'],
};

const boxDictionaries: DictSeed[] = [
  {
    name: 'package_type',
    description: '包装类型 / package type',
    entries: packageTypes.map((p) => [p.code, p.zh, p.en]),
  },
  { name: 'box_status', description: '装箱单状态 / packing status', entries: labelEntries(boxStatusLabels) },
];

export const seedBoxReference = (db: Db) =>
  seedDomainReference(db, { menus: boxMenus, roleMenus: boxRoleMenus, dictionaries: boxDictionaries });

type DemoBox = {
  type: string;
  size: [number, number, number];
  gross: number;
  net: number;
  items: [code: string, qty: number][];
  submitted: boolean;
  thisSideUp?: boolean;
  stackable?: boolean;
  remark?: string;
};

/** The switchgear goes six panels to a case, in two cases alike. */
const switchgearCase: DemoBox = {
  type: 'wooden_case',
  size: [2400, 2000, 2300],
  gross: 10_400,
  net: 9_000,
  items: [['SE-SG-024', 6]],
  submitted: true,
  thisSideUp: true,
};

const demoBoxes: DemoBox[] = [
  {
    type: 'bare',
    size: [9800, 3600, 4200],
    gross: 148_000,
    net: 145_000,
    items: [['SE-TR-180', 1]],
    submitted: true,
    stackable: false,
    thisSideUp: true,
    remark: '超限件，需框架箱或散货船',
  },
  {
    type: 'wooden_case',
    size: [3800, 2200, 2500],
    gross: 23_600,
    net: 21_000,
    items: [['SE-TR-020', 1]],
    submitted: true,
    stackable: false,
    thisSideUp: true,
  },
  switchgearCase,
  switchgearCase,
  {
    type: 'carton',
    size: [1200, 800, 900],
    gross: 1_600,
    net: 1_200,
    items: [['SE-TR-SPK', 2]],
    submitted: false,
  },
];

export async function seedBoxesDemo(db: Db) {
  const [supplier] = await db.select().from(users).where(eq(users.username, 'supplier'));
  const [batch] = await db.select().from(projectBatches).where(eq(projectBatches.batchNumber, 'JKT2-B001'));
  if (!supplier || !batch) return;
  const [list] = await db
    .select()
    .from(materialLists)
    .where(and(eq(materialLists.batchId, batch.id), eq(materialLists.supplierTenantId, supplier.tenantId)));
  if (list?.status !== MaterialListStatus.confirmed) return;
  const rows = await db.select().from(supplies).where(eq(supplies.listId, list.id));
  const by = { createBy: 'supplier', updateBy: 'supplier' };
  await db.insert(userBoxTypes).values([
    {
      tenantId: supplier.tenantId,
      name: '开关柜木箱 2400',
      packageType: 'wooden_case',
      innerLength: 2300,
      innerWidth: 1900,
      innerHeight: 2200,
      length: 2400,
      width: 2000,
      height: 2300,
      tareWeight: 1_400,
      ...by,
    },
    {
      tenantId: supplier.tenantId,
      name: '备件纸箱 1200',
      packageType: 'carton',
      length: 1200,
      width: 800,
      height: 900,
      tareWeight: 40,
      ...by,
    },
  ]);
  const handedOver: number[] = [];
  for (const [i, b] of demoBoxes.entries()) {
    const seq = i + 1;
    const [l, w, h] = b.size;
    const [box] = await db
      .insert(boxPieces)
      .values({
        tenantId: batch.tenantId,
        projectId: batch.projectId,
        batchId: batch.id,
        supplierTenantId: supplier.tenantId,
        boxNumber: `${batch.batchNumber}-S${supplier.tenantId}-${String(seq).padStart(3, '0')}`,
        seq,
        token: randomBytes(16).toString('base64url'),
        packageType: b.type,
        length: l,
        width: w,
        height: h,
        grossWeight: b.gross,
        netWeight: b.net,
        volume: boxVolume(l, w, h),
        outOfGauge: isOutOfGauge(l, w, h),
        stackable: b.stackable ?? true,
        thisSideUp: b.thisSideUp ?? false,
        status: BoxStatus.draft,
        remark: b.remark ?? null,
        ...by,
      })
      .returning();
    await db.insert(boxPieceDetails).values(
      b.items.map(([code, quantity]) => ({
        tenantId: batch.tenantId,
        batchId: batch.id,
        supplierTenantId: supplier.tenantId,
        boxId: box.id,
        suppliesId: rows.find((r) => r.materialCode === code)!.id,
        quantity,
        ...by,
      })),
    );
    // A box's creation is a plain insert (as the packing page's save is), recorded as the server does.
    await db.insert(changeRecords).values({
      tenantId: batch.tenantId,
      projectId: batch.projectId,
      batchId: batch.id,
      entity: 'boxPiece',
      entityId: box.id,
      action: 'create',
      fromStatus: null,
      toStatus: String(BoxStatus.draft),
      partyTenantId: supplier.tenantId,
      actorTenantId: supplier.tenantId,
      createBy: 'supplier',
    });
    if (b.submitted) handedOver.push(box.id);
  }
  // The supplier submits the boxes it has finished: the server's command, and the batch follows them.
  await seedCommand(db, submitBoxes, await callerOf(db, 'supplier'), { ids: handedOver });
}
