// Seed step 27: the shipping-instruction page under the papers menu, the ship inquiry
// (with the vessel register) under the tools menu, their buttons and dictionaries; and the demo — real
// container ships of the public record (names, IMO numbers, flags, sizes; the MMSIs are given for the
// demo), a COSCO voyage Shanghai → Singapore → Jakarta the provider keeps, and instructions on three lots.
import { EntrustStatus, entrustStatusLabels, vesselTypes } from '@tradelane/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { menus, users } from '../db/schema.ts';
import { deliveryEntrusts, vesselSchedules, vessels } from '../db/schema-entrust.ts';
import { projectBatches } from '../db/schema-project.ts';
import { acceptEntrust, cargoSummaries, submitEntrust } from '../modules/entrust/entrust.ts';
import { callerOf } from '../workflow/in-process.ts';
import { seedCommand } from './commands.ts';
import type { MenuSeed } from './menus.ts';
import {
  button,
  type DictSeed,
  grantMenusToRole,
  insertDictionaries,
  insertMenus,
  labelEntries,
} from './reference.ts';

const entrustMenu: MenuSeed = {
  key: 'deliveryEntrust:list',
  title: '托运委托',
  enTitle: 'Shipping instructions',
  type: 1,
  path: 'entrust',
  component: 'papers/entrust',
  componentName: 'DeliveryEntrust',
  permission: 'deliveryEntrust:list',
  icon: 'international',
  sort: 0,
  children: [
    button('deliveryEntrust:add', '托运委托新增', 'Add shipping instruction', 1),
    button('deliveryEntrust:edit', '托运委托编辑', 'Edit shipping instruction', 2),
    button('deliveryEntrust:del', '托运委托删除', 'Delete shipping instruction', 3),
    button('deliveryEntrust:submit', '托运委托提交', 'Submit shipping instruction', 4),
    button('deliveryEntrust:accept', '托运委托接受', 'Accept shipping instruction', 5),
    button('deliveryEntrust:return', '托运委托退回', 'Return shipping instruction', 6),
  ],
};

const shipMenu: MenuSeed = {
  key: 'shipInquiry:use',
  title: '船舶查询',
  enTitle: 'Ship inquiry',
  type: 1,
  path: 'ships',
  component: 'tools/ships/index',
  componentName: 'ShipInquiry',
  icon: 'search',
  sort: 3,
  children: [
    button('vessel:add', '船舶与船期新增', 'Add vessel or port call', 1),
    button('vessel:edit', '船舶与船期编辑', 'Edit vessel or port call', 2),
    button('vessel:del', '船舶与船期删除', 'Delete vessel or port call', 3),
  ],
};

const roleMenus: Record<string, string[]> = {
  admin: [
    'deliveryEntrust:list',
    ...(entrustMenu.children ?? []).map((b) => b.key),
    'shipInquiry:use',
    ...(shipMenu.children ?? []).map((b) => b.key),
  ],
  shipper: [
    'deliveryEntrust:list',
    'deliveryEntrust:add',
    'deliveryEntrust:edit',
    'deliveryEntrust:del',
    'deliveryEntrust:submit',
    'shipInquiry:use',
  ],
  supplier: ['shipInquiry:use'],
  logistics: [
    'deliveryEntrust:list',
    'deliveryEntrust:accept',
    'deliveryEntrust:return',
    'shipInquiry:use',
    'vessel:add',
    'vessel:edit',
    'vessel:del',
  ],
};

const dictionaries: DictSeed[] = [
  {
    name: 'vessel_type',
    description: '船型 / vessel type',
    entries: vesselTypes.map((v) => [v.code, v.zh, v.en]),
  },
  {
    name: 'entrust_status',
    description: '托运委托状态 / shipping instruction status',
    entries: labelEntries(entrustStatusLabels),
  },
];

export async function seedEntrustReference(db: Db) {
  const parents = await db
    .select({ id: menus.id, key: menus.menuKey })
    .from(menus)
    .where(inArray(menus.menuKey, ['papers', 'tools']));
  const parent = (key: string) => parents.find((p) => p.key === key)?.id ?? null;
  await insertMenus(db, [entrustMenu], parent('papers'), '单证与对账');
  await insertMenus(db, [shipMenu], parent('tools'), '工具箱');
  for (const [role, keys] of Object.entries(roleMenus)) await grantMenusToRole(db, role, keys);
  await insertDictionaries(db, dictionaries);
}

type DemoVessel = [
  name: string,
  imo: string,
  mmsi: string,
  flag: string,
  teu: number,
  dwt: number,
  built: number,
  operator: string,
];
const demoVessels: DemoVessel[] = [
  ['COSCO SHIPPING UNIVERSE', '9795610', '477267900', 'HK', 21237, 198000, 2018, 'COSCO SHIPPING Lines'],
  ['CSCL GLOBE', '9695121', '477712400', 'HK', 19100, 184320, 2014, 'COSCO SHIPPING Lines'],
  ['OOCL HONG KONG', '9776171', '477333500', 'HK', 21413, 191317, 2017, 'OOCL'],
  ['MAERSK MC-KINNEY MOLLER', '9619907', '219018271', 'DK', 18270, 194153, 2013, 'Maersk'],
  ['EVER GIVEN', '9811000', '353136000', 'PA', 20124, 199629, 2018, 'Evergreen Marine'],
  ['MSC GULSUN', '9839430', '357981000', 'PA', 23756, 232618, 2019, 'MSC'],
  ['HMM ALGECIRAS', '9863297', '352986146', 'PA', 23964, 232311, 2020, 'HMM'],
];

const day = 86_400_000;
const at = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * day);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

export async function seedEntrustDemo(db: Db) {
  const people = await db
    .select({ username: users.username, tenantId: users.tenantId })
    .from(users)
    .where(inArray(users.username, ['shipper', 'logistics']));
  const logistics = people.find((p) => p.username === 'logistics');
  const shipper = people.find((p) => p.username === 'shipper');
  if (!logistics || !shipper) return;
  const by = { createBy: 'logistics', updateBy: 'logistics' };
  const rows = await db
    .insert(vessels)
    .values(
      demoVessels.map(([name, imo, mmsi, flag, teu, dwt, built, operator]) => ({
        tenantId: logistics.tenantId,
        name,
        imo,
        mmsi,
        flag,
        vesselType: 'container',
        teu,
        dwt,
        built,
        operator,
        ...by,
      })),
    )
    .returning();
  const ship = (name: string) => rows.find((r) => r.name === name)?.id as number;
  const voyage = (vessel: string, voyageNo: string, calls: [string, number, number, string][]) =>
    db.insert(vesselSchedules).values(
      calls.map(([portCode, eta, etd, terminal], i) => ({
        tenantId: logistics.tenantId,
        vesselId: ship(vessel),
        voyageNo,
        portCode,
        seq: i + 1,
        eta: at(eta, 6),
        etd: at(etd, 18),
        terminal,
        ...by,
      })),
    );
  await voyage('COSCO SHIPPING UNIVERSE', '041S', [
    ['CNSHA', -6, -5, '洋山四期 Yangshan Phase IV'],
    ['SGSIN', 0, 1, 'Pasir Panjang'],
    ['IDJKT', 3, 4, 'JICT Tanjung Priok'],
  ]);
  await voyage('COSCO SHIPPING UNIVERSE', '042S', [
    ['CNSHA', 16, 17, '洋山四期 Yangshan Phase IV'],
    ['SGSIN', 22, 23, 'Pasir Panjang'],
    ['IDJKT', 25, 26, 'JICT Tanjung Priok'],
  ]);
  await voyage('CSCL GLOBE', '063S', [
    ['CNNGB', 9, 10, '北仑 Beilun'],
    ['CNSHA', 11, 12, '洋山 Yangshan'],
    ['SGSIN', 17, 18, 'Tanjong Pagar'],
    ['LKCMB', 22, 23, 'CICT Colombo'],
  ]);

  const batches = await db
    .select()
    .from(projectBatches)
    .where(inArray(projectBatches.batchNumber, ['JKT2-B006', 'JKT2-B007', 'JKT2-B008']));
  const cargo = await cargoSummaries(
    db,
    batches.map((b) => b.id),
  );
  const parties = {
    shipperText:
      '中建国际工程有限公司 China Construction International Engineering Co., Ltd.\n北京市朝阳区 Chaoyang District, Beijing, China',
    consignee:
      'Jakarta Power Plant Phase II Project Office\nJl. Raya Pelabuhan No. 9, Tanjung Priok, Jakarta 14310, Indonesia',
    notifyParty: 'Same as consignee / 同收货人',
    incoterm: 'CIF',
    incotermPlace: 'Jakarta',
    specialRequirements:
      '超限设备需平板箱并加固；请提供装箱照片。Out-of-gauge units on flat racks with lashing; photos of stuffing, please.',
  };
  const plan: [string, number, string][] = [
    ['JKT2-B008', EntrustStatus.accepted, '041S'],
    ['JKT2-B007', EntrustStatus.accepted, '041S'],
    ['JKT2-B006', EntrustStatus.submitted, '042S'],
  ];
  const as = { shipper: await callerOf(db, 'shipper'), logistics: await callerOf(db, 'logistics') };
  for (const [number, status, voyageNo] of plan) {
    const b = batches.find((x) => x.batchNumber === number);
    if (!b) continue;
    const [row] = await db
      .insert(deliveryEntrusts)
      .values({
        tenantId: b.tenantId,
        projectId: b.projectId,
        batchId: b.id,
        partyTenantId: logistics.tenantId,
        entrustNo: `SI-${number}-01`,
        ...parties,
        portOfLoading: b.portOfLoading ?? 'CNSHA',
        portOfDischarge: b.portOfDischarge ?? 'IDJKT',
        placeOfDelivery: b.destinationSite,
        wantedEtd: (voyageNo === '041S' ? at(-5, 0) : at(17, 0)).toISOString().slice(0, 10),
        vesselId: ship('COSCO SHIPPING UNIVERSE'),
        vesselName: 'COSCO SHIPPING UNIVERSE',
        voyageNo,
        ...cargo.get(b.id),
        cargoDescription: b.enName ?? b.name,
        status: EntrustStatus.draft,
        createTime: at(-9, 2),
        createBy: 'shipper',
        updateBy: 'shipper',
      })
      .returning();
    // Sent by the shipper and, for the lots on the earlier sailing, accepted by the provider: the server's own
    // commands, dated to their days in the story.
    const submitTime = at(-8, 2);
    await seedCommand(db, submitEntrust, as.shipper, { id: row.id }, submitTime);
    let stamps: Partial<typeof deliveryEntrusts.$inferInsert> = { submitTime };
    if (status === EntrustStatus.accepted) {
      const acceptTime = at(-7, 3);
      await seedCommand(db, acceptEntrust, as.logistics, { id: row.id }, acceptTime);
      stamps = { ...stamps, acceptTime };
    }
    await db.update(deliveryEntrusts).set(stamps).where(eq(deliveryEntrusts.id, row.id));
  }
}
