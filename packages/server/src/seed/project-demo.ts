// Demo project: 雅加达电厂二期 for the demo shipper, with both suppliers and the logistics
// provider on three batches — one with confirmed material lists, one waiting for the shipper, one in draft.
import { BatchStatus, MaterialListStatus } from '@tradelane/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import {
  batchPartners,
  materialCodes,
  materialLists,
  projectBatches,
  projectContracts,
  projectPersonnel,
  projects,
  supplies,
} from '../db/schema-project.ts';
import { confirmMaterialList, submitMaterialList } from '../modules/supplies/commands.ts';
import { callerOf } from '../workflow/in-process.ts';
import { seedCommand } from './commands.ts';

type Item = [
  code: string,
  name: string,
  enName: string,
  spec: string,
  hs: string,
  qty: number,
  unit: string,
  price: number,
  net: number,
  gross: number,
  tags?: string[],
];

const transformers: Item[] = [
  [
    'SE-TR-180',
    '主变压器',
    'Main power transformer',
    'SFZ11-180000/150, 180 MVA, 150/20 kV',
    '850423',
    2,
    '台',
    4_200_000,
    290_000,
    312_000,
  ],
  [
    'SE-TR-020',
    '厂用变压器',
    'Station service transformer',
    'SZ11-20000/20, 20 MVA, 20/6.3 kV',
    '850422',
    2,
    '台',
    680_000,
    42_000,
    46_500,
  ],
  [
    'SE-SG-024',
    '20kV 金属铠装开关柜',
    '20 kV metal-clad switchgear',
    'KYN28A-24, 1250 A, 31.5 kA',
    '853720',
    24,
    '面',
    96_000,
    36_000,
    40_800,
  ],
  [
    'SE-LV-MNS',
    '低压配电柜',
    'Low-voltage switchboard',
    'MNS 0.4 kV, 4000 A',
    '853710',
    18,
    '面',
    45_000,
    16_200,
    18_900,
  ],
  [
    'SE-TR-SPK',
    '变压器备件',
    'Transformer spare parts kit',
    '套管、密封件、分接开关触头',
    '850490',
    2,
    '套',
    58_000,
    1_200,
    1_560,
    ['spare'],
  ],
];
const cables: Item[] = [
  [
    'HN-MV-240',
    '中压电力电缆',
    'MV power cable',
    'YJV22-18/30kV 3×240 mm²',
    '854460',
    12_500,
    'm',
    38.5,
    112_500,
    118_000,
  ],
  [
    'HN-LV-185',
    '低压电力电缆',
    'LV power cable',
    'YJV22-0.6/1kV 4×185+1×95 mm²',
    '854449',
    18_000,
    'm',
    21.2,
    162_000,
    170_100,
  ],
  [
    'HN-CC-10',
    '控制电缆',
    'Control cable',
    'KVVP2-22 10×1.5 mm²',
    '854449',
    26_000,
    'm',
    2.35,
    15_600,
    17_160,
  ],
  ['HN-OF-24', '光缆', 'Optical fibre cable', 'GYTA53-24B1', '854470', 8_000, 'm', 0.92, 1_600, 1_840],
  [
    'HN-TM-30',
    '电缆终端',
    '30 kV cable termination',
    '冷缩式户外终端 3×240',
    '853590',
    120,
    '套',
    185,
    360,
    480,
    ['urgent'],
  ],
];
const switchyard: Item[] = [
  ['SE-DS-170', '隔离开关', 'Disconnector', 'GW4-170, 2000 A', '853530', 12, '组', 68_000, 14_400, 16_800],
  [
    'SE-SA-144',
    '避雷器',
    'Surge arrester',
    'Y10W-144/375',
    '853540',
    18,
    '只',
    9_800,
    1_620,
    2_070,
    ['dangerous'],
  ],
  [
    'SE-CT-145',
    '电流互感器',
    'Current transformer',
    'LVB-145, 2×600/1 A',
    '850431',
    12,
    '台',
    32_000,
    7_200,
    8_400,
  ],
];

export async function seedProjectDemo(db: Db) {
  const people = await db
    .select({ id: users.id, username: users.username, tenantId: users.tenantId })
    .from(users)
    .where(inArray(users.username, ['shipper', 'supplier', 'supplier2', 'logistics']));
  const u = Object.fromEntries(people.map((p) => [p.username, p]));
  if (!u.shipper || !u.supplier || !u.supplier2 || !u.logistics) return;
  const shipper = u.shipper.tenantId;
  const by = { createBy: 'system', updateBy: 'system' };
  const [project] = await db
    .insert(projects)
    .values({
      tenantId: shipper,
      name: '雅加达电厂二期',
      enName: 'Jakarta Power Plant Phase II',
      code: 'JKT-PP2',
      country: 'ID',
      site: '印度尼西亚雅加达丹戎不碌 / Tanjung Priok, Jakarta',
      description: '2×350 MW 燃煤电站二期工程：升压站、厂用电系统与电缆。',
      startDate: '2026-03-01',
      endDate: '2027-12-31',
      status: 1,
      ...by,
    })
    .returning();
  await db
    .insert(projectPersonnel)
    .values({ tenantId: shipper, projectId: project.id, userId: u.shipper.id, role: 'manager', ...by });
  const contract = async (
    n: string,
    partner: number,
    amount: number,
    currency: string,
    incoterm: string,
    place: string,
    name: string,
  ) =>
    (
      await db
        .insert(projectContracts)
        .values({
          tenantId: shipper,
          projectId: project.id,
          contractNumber: n,
          name,
          supplierTenantId: partner,
          amount,
          currency,
          signDate: '2026-04-15',
          incoterm,
          incotermPlace: place,
          status: 1,
          ...by,
        })
        .returning()
    )[0];
  const c1 = await contract(
    'JKT2-SE-2026-001',
    u.supplier.tenantId,
    12_860_000,
    'CNY',
    'FOB',
    'Shanghai',
    '变压器及开关设备采购合同',
  );
  const c2 = await contract(
    'JKT2-HN-2026-002',
    u.supplier2.tenantId,
    1_250_000,
    'USD',
    'FOB',
    'Shanghai',
    '电缆采购合同',
  );
  await contract(
    'JKT2-COSCO-2026-L01',
    u.logistics.tenantId,
    420_000,
    'USD',
    'CIF',
    'Jakarta',
    '海运及清关服务合同',
  );

  const batch = async (
    n: string,
    [name, enName]: [string, string],
    days: number,
    pol: string,
    status: number,
  ) =>
    (
      await db
        .insert(projectBatches)
        .values({
          tenantId: shipper,
          projectId: project.id,
          batchNumber: n,
          name,
          enName,
          plannedShipDate: new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10),
          portOfLoading: pol,
          portOfDischarge: 'IDJKT',
          destinationSite: '雅加达电厂二期现场',
          destinationSiteEn: 'Jakarta Power Plant Phase II site',
          status,
          // Created a week apart, oldest first, so lists sort as they would in real use.
          createTime: new Date(Date.now() - (90 - days) * 86_400_000),
          ...by,
        })
        .returning()
    )[0];
  const b1 = await batch(
    'JKT2-B001',
    ['第一批：主变压器及开关柜', 'Lot 1: main transformers and switchgear'],
    14,
    'CNSHA',
    BatchStatus.planned,
  );
  // B001 and B002 are moved on by their material lists' commands below; B003's lists are still drafts.
  const b2 = await batch('JKT2-B002', ['第二批：电缆', 'Lot 2: cables'], 30, 'CNSHA', BatchStatus.planned);
  const b3 = await batch(
    'JKT2-B003',
    ['第三批：升压站设备', 'Lot 3: substation equipment'],
    60,
    'CNNGB',
    BatchStatus.materials,
  );

  const join = (b: typeof b1, tenant: number, end: number, bpStatus: number, contractId?: number) =>
    db.insert(batchPartners).values({
      tenantId: shipper,
      projectId: project.id,
      batchId: b.id,
      partnerTenantId: tenant,
      partnerEnd: end,
      bpStatus,
      contractId,
      ...by,
    });
  const list = async (
    b: typeof b1,
    supplier: number,
    status: number,
    items: Item[],
    currency: string,
    contractId: number,
  ) => {
    const [l] = await db
      .insert(materialLists)
      .values({
        tenantId: shipper,
        projectId: project.id,
        batchId: b.id,
        supplierTenantId: supplier,
        status: MaterialListStatus.draft,
        ...by,
      })
      .returning();
    if (items.length)
      await db.insert(supplies).values(
        items.map(
          (
            [code, name, enName, spec, hsCode, quantity, unit, unitPrice, netWeight, grossWeight, tags],
            i,
          ) => ({
            tenantId: shipper,
            projectId: project.id,
            batchId: b.id,
            listId: l.id,
            supplierTenantId: supplier,
            contractId,
            lineNo: i + 1,
            materialCode: code,
            name,
            enName,
            spec,
            brand: supplier === u.supplier.tenantId ? '上海电气' : '华能',
            hsCode,
            quantity,
            unit,
            unitPrice,
            currency,
            totalPrice: Math.round(quantity * unitPrice * 100) / 100,
            originCountry: 'CN',
            netWeight,
            grossWeight,
            tags: tags ?? [],
            ...by,
          }),
        ),
      );
    if (items.length)
      await db
        .insert(materialCodes)
        .values(
          items.map(([code, name, enName, spec, hsCode, , unit]) => ({
            tenantId: supplier,
            code,
            name,
            enName,
            spec,
            unit,
            hsCode,
            originCountry: 'CN',
            ...by,
          })),
        )
        .onConflictDoNothing();
    // Submitted by its supplier, confirmed by the shipper: the server's commands, as the demo users.
    const supplierUser = supplier === u.supplier.tenantId ? 'supplier' : 'supplier2';
    if (status !== MaterialListStatus.draft)
      await seedCommand(db, submitMaterialList, await callerOf(db, supplierUser), { listId: l.id });
    if (status === MaterialListStatus.confirmed)
      await seedCommand(db, confirmMaterialList, await callerOf(db, 'shipper'), { listId: l.id });
  };
  // The suppliers of B001 and B002 have started; their lists' commands move them on.
  await join(b1, u.supplier.tenantId, 1, 1, c1.id);
  await join(b1, u.logistics.tenantId, 2, 1);
  await list(b1, u.supplier.tenantId, MaterialListStatus.confirmed, transformers, 'CNY', c1.id);
  await join(b2, u.supplier2.tenantId, 1, 1, c2.id);
  await join(b2, u.logistics.tenantId, 2, 0);
  await list(b2, u.supplier2.tenantId, MaterialListStatus.submitted, cables, 'USD', c2.id);
  await join(b3, u.supplier.tenantId, 1, 1, c1.id);
  await join(b3, u.supplier2.tenantId, 1, 0, c2.id);
  await join(b3, u.logistics.tenantId, 2, 0);
  await list(b3, u.supplier.tenantId, MaterialListStatus.draft, switchyard, 'CNY', c1.id);
  await list(b3, u.supplier2.tenantId, MaterialListStatus.draft, [], 'USD', c2.id);
}
