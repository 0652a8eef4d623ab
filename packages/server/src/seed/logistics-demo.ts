// Demo data of the logistics life cycle: a second project of the demo shipper and
// eleven lots (logistics-demo-lots.ts), each one's material list submitted and confirmed, its packing list
// handed over, and its boxes walked through the box logistics machine to one stage — not loaded … signed,
// and a box sent back to the supplier — at realistic past times. Every status change is the server's own
// command run as the demo user who would make it (workflow/in-process.ts): the machines, their guards and
// effects decide, so the demo cannot reach a state the server would refuse; each step is then dated to its
// day. Rows that are created rather than moved (batch, lists, boxes, vehicles, containers) are inserted.
// One container is stuffed by the load planner's accepted plan; one damaged box has an abnormal record
// with a photo, stored as uploads are.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  BatchStatus,
  BoxStatus,
  boxVolume,
  isOutOfGauge,
  iso6346CheckDigit,
  LogisticsStatus,
  MaterialListStatus,
} from '@tradelane/contract';
import { type BoxSpec, checkPlan, planContainer, STANDARD_CONTAINERS } from '@tradelane/loadplan';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { changeRecords, users } from '../db/schema.ts';
import { boxPieceDetails, boxPieces } from '../db/schema-boxes.ts';
import {
  abnormalRecords,
  containerBoxes,
  containers,
  vehicleBoxes,
  vehicles,
} from '../db/schema-logistics.ts';
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
import type { AuthContext } from '../http/auth.ts';
import type { Storage } from '../lib/storage.ts';
import { submitPackingList } from '../modules/boxes/commands.ts';
import { checkUpload, storeUploads } from '../modules/files/service.ts';
import { boxFits } from '../modules/logistics/capacity.ts';
import {
  deliver,
  discharge,
  loadBoxes,
  offLoadBox,
  onBoard,
  receive,
  backSupplier as sendBack,
  shipBatch,
  signBatch,
  stuffBoxes,
  transitBoxes,
  unpack,
} from '../modules/logistics/commands.ts';
import { deriveBatchFromBoxes } from '../modules/project/batch-status.ts';
import { confirmMaterialList, submitMaterialList } from '../modules/supplies/commands.ts';
import { callerOf } from '../workflow/in-process.ts';
import type { Command } from '../workflow/kernel.ts';
import { seedCommand } from './commands.ts';
import { ctgProject, type DemoUser, type Lot, lots } from './logistics-demo-lots.ts';

const S = LogisticsStatus;
type Person = { id: number; username: string; tenantId: number };
type People = Record<DemoUser, Person>;
type Box = typeof boxPieces.$inferSelect;

/** The project a lot belongs to, with its contract per partner tenant. */
interface Home {
  project: { id: number; tenantId: number };
  contracts: Map<number, number>;
  portOfDischarge: string;
  site: string;
  siteEn: string;
  unpackPlace: string;
  sailDays: number;
}

const works: Record<'supplier' | 'supplier2', string> = {
  supplier: '上海闵行 · 上海电气临港工厂',
  supplier2: '江苏宜兴 · 华能电缆厂',
};

export const containerNumber = (owner: string, serial: string) => {
  const first10 = `${owner}U${serial}`;
  return `${first10}${iso6346CheckDigit(first10)}`;
};

export async function seedLogisticsDemo(db: Db, storage?: Storage) {
  const names: DemoUser[] = ['shipper', 'supplier', 'supplier2', 'logistics', 'site'];
  const found = await db
    .select({ id: users.id, username: users.username, tenantId: users.tenantId })
    .from(users)
    .where(inArray(users.username, names));
  if (found.length !== names.length) return;
  const u = Object.fromEntries(found.map((p) => [p.username, p])) as People;
  const [jkt] = await db.select().from(projects).where(eq(projects.code, 'JKT-PP2'));
  if (!jkt) return;
  const jktContracts = await db
    .select({ id: projectContracts.id, partner: projectContracts.supplierTenantId })
    .from(projectContracts)
    .where(eq(projectContracts.projectId, jkt.id));
  const homes: Record<Lot['project'], Home> = {
    JKT2: {
      project: jkt,
      contracts: new Map(jktContracts.map((c) => [c.partner, c.id])),
      portOfDischarge: 'IDJKT',
      site: '雅加达电厂二期现场',
      siteEn: 'Jakarta Power Plant Phase II site',
      unpackPlace: '丹戎不碌港 CFS 仓库',
      sailDays: 9,
    },
    CTG4: await seedCtgProject(db, u),
  };
  const photo = storage ? await storePhoto(db, storage, u.site) : undefined;
  const auth = Object.fromEntries(
    await Promise.all(names.map(async (n) => [n, await callerOf(db, n)] as const)),
  ) as Record<DemoUser, AuthContext>;
  for (const lot of lots) await new LotWalk(db, u, auth, homes[lot.project], lot).run(photo);
}

async function seedCtgProject(db: Db, u: People): Promise<Home> {
  const p = ctgProject;
  const by = { createBy: 'shipper', updateBy: 'shipper', createTime: daysAgo(200, 10) };
  const [project] = await db
    .insert(projects)
    .values({
      tenantId: u.shipper.tenantId,
      name: p.name,
      enName: p.enName,
      code: p.code,
      country: p.country,
      site: p.site,
      description: p.description,
      startDate: p.startDate,
      endDate: p.endDate,
      status: 1,
      ...by,
    })
    .returning();
  await db.insert(projectPersonnel).values({
    tenantId: u.shipper.tenantId,
    projectId: project.id,
    userId: u.shipper.id,
    role: 'manager',
    ...by,
  });
  const contracts = new Map<number, number>();
  for (const [contractNumber, partner, amount, currency, incoterm, place, name] of p.contracts) {
    const [c] = await db
      .insert(projectContracts)
      .values({
        tenantId: u.shipper.tenantId,
        projectId: project.id,
        contractNumber,
        name,
        supplierTenantId: u[partner].tenantId,
        amount,
        currency,
        signDate: '2025-08-20',
        incoterm,
        incotermPlace: place,
        status: 1,
        ...by,
      })
      .returning();
    contracts.set(u[partner].tenantId, c.id);
  }
  return {
    project,
    contracts,
    portOfDischarge: p.portOfDischarge,
    site: p.destinationSite,
    siteEn: p.destinationSiteEn,
    unpackPlace: '吉大港 CFS 仓库',
    sailDays: 13,
  };
}

/** Midnight of a day in Beijing time, some days back, plus an hour of that day. */
function daysAgo(days: number, hour: number): Date {
  const d = new Date(Date.now() - days * 86_400_000 + 8 * 3_600_000);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour - 8, 0, 0));
}

/** The damage photo, stored like an upload of the site staff (content-addressed, a sys_file row). */
async function storePhoto(db: Db, storage: Storage, site: Person) {
  const data = readFileSync(new URL('./data/abnormal-damage.png', import.meta.url));
  const [saved] = await storeUploads(
    db,
    storage,
    { userId: site.id, tenantId: site.tenantId, username: site.username },
    [checkUpload({ filename: 'CTG4-B002-箱体破损.png', data }, 'image')],
  );
  return saved.id;
}

/** One lot: its batch, material list and boxes, then its walk through the machine to its stage. */
class LotWalk {
  private batch!: typeof projectBatches.$inferSelect;
  private boxes: Box[] = [];
  private trucks: number[] = [];

  constructor(
    private db: Db,
    private u: People,
    private auth: Record<DemoUser, AuthContext>,
    private home: Home,
    private lot: Lot,
  ) {}

  /** A time of the lot's story: days after its boxes were loaded, at an hour (Beijing time). */
  private at(day: number, hour: number): Date {
    const t = daysAgo(this.lot.daysAgo - day, hour);
    const latest = Date.now() - 3_600_000;
    return t.getTime() < latest ? t : new Date(latest);
  }

  async run(photo: number | undefined) {
    await this.pack();
    const lot = this.lot;
    const stage = lot.stage;
    const all = this.boxes.map((_, i) => i);
    if (stage === S.notLoaded) return;
    const mover = lot.trucks[0]?.by ?? lot.supplier;
    const moverUser: DemoUser = mover === 'logistics' ? 'logistics' : lot.supplier;
    let day = 0;
    for (const [i, truck] of lot.trucks.entries()) {
      const owner: DemoUser = truck.by === 'logistics' ? 'logistics' : lot.supplier;
      const [v] = await this.db
        .insert(vehicles)
        .values({
          tenantId: this.batch.tenantId,
          projectId: this.batch.projectId,
          batchId: this.batch.id,
          ownerTenantId: this.u[owner].tenantId,
          plateNumber: truck.plate,
          vehicleType: truck.vehicleType,
          driverName: truck.driver,
          driverPhone: truck.phone,
          fromPlace: works[lot.supplier],
          toPlace: '上海外高桥港区',
          createTime: this.at(0, 8),
          updateTime: this.at(0, 8),
          createBy: owner,
          updateBy: owner,
        })
        .returning();
      this.trucks.push(v.id);
      if (truck.boxes.length) await this.load(i, truck.boxes, this.at(0, 9 + i), owner, works[lot.supplier]);
    }
    if (lot.offLoad) {
      const last = lot.trucks.length - 1;
      const owner: DemoUser = lot.trucks[last]?.by === 'logistics' ? 'logistics' : lot.supplier;
      const box = this.boxes[lot.offLoad.box] as Box;
      await this.command(
        offLoadBox,
        { batchId: this.batch.id, boxPieceId: box.id, reason: lot.offLoad.reason },
        this.at(0, 14),
        owner,
        { place: works[lot.supplier] },
      );
      day = 1;
      await this.load(last, [lot.offLoad.box], this.at(day, 9), owner, works[lot.supplier]);
    }
    if (stage === S.loaded) return;
    const shipped = this.at(day, 17);
    await this.command(
      shipBatch,
      { batchId: this.batch.id, place: works[lot.supplier].split(' · ')[0] },
      shipped,
      moverUser,
    );
    await this.db.update(vehicles).set({ departTime: shipped }).where(eq(vehicles.batchId, this.batch.id));
    if (stage === S.shipped) return;
    await this.command(
      transitBoxes,
      { ids: this.ids(all), place: '上海外高桥物流园区', note: '已进港区，待装箱' },
      this.at(day + 1, 8),
      moverUser,
    );
    if (stage === S.inTransit) return;
    await this.stuff();
    if (stage === S.boxed) return;
    await this.sea(stage);
    if (stage <= S.unpacked) return;
    await this.arrive(stage, photo);
  }

  private async pack() {
    const { lot, u, home } = this;
    const supplier = u[lot.supplier];
    const shipper = u.shipper.tenantId;
    const system = { createBy: 'system', updateBy: 'system' };
    const on = { tenantId: shipper, projectId: home.project.id };
    [this.batch] = await this.db
      .insert(projectBatches)
      .values({
        ...on,
        batchNumber: lot.number,
        name: lot.name[0],
        enName: lot.name[1],
        plannedShipDate: this.at(0, 12).toISOString().slice(0, 10),
        portOfLoading: 'CNSHA',
        portOfDischarge: home.portOfDischarge,
        destinationSite: home.site,
        destinationSiteEn: home.siteEn,
        // Planned: its material list moves it on, through the list commands below.
        status: BatchStatus.planned,
        createTime: this.at(-60, 10),
        updateTime: this.at(-22, 11),
        ...system,
      })
      .returning();
    const batchId = this.batch.id;
    const contractId = home.contracts.get(supplier.tenantId);
    await this.db.insert(batchPartners).values([
      {
        ...on,
        batchId,
        partnerTenantId: supplier.tenantId,
        partnerEnd: 1,
        bpStatus: 1,
        contractId,
        ...system,
      },
      { ...on, batchId, partnerTenantId: u.logistics.tenantId, partnerEnd: 2, bpStatus: 1, ...system },
    ]);
    const [list] = await this.db
      .insert(materialLists)
      .values({
        ...on,
        batchId,
        supplierTenantId: supplier.tenantId,
        status: MaterialListStatus.draft,
        createTime: this.at(-30, 9),
        ...system,
      })
      .returning();
    const rows = await this.db
      .insert(supplies)
      .values(
        lot.items.map(
          ([code, name, enName, spec, hsCode, quantity, unit, unitPrice, netWeight, grossWeight], i) => ({
            ...on,
            batchId,
            listId: list.id,
            supplierTenantId: supplier.tenantId,
            contractId,
            lineNo: i + 1,
            materialCode: code,
            name,
            enName,
            spec,
            brand: lot.supplier === 'supplier' ? '上海电气' : '华能',
            hsCode,
            quantity,
            unit,
            unitPrice,
            currency: lot.supplier === 'supplier' ? 'CNY' : 'USD',
            totalPrice: Math.round(quantity * unitPrice * 100) / 100,
            originCountry: 'CN',
            netWeight,
            grossWeight,
            ...system,
          }),
        ),
      )
      .returning();
    await this.db
      .insert(materialCodes)
      .values(
        lot.items.map(([code, name, enName, spec, hsCode, , unit]) => ({
          tenantId: supplier.tenantId,
          code,
          name,
          enName,
          spec,
          unit,
          hsCode,
          originCountry: 'CN',
          ...system,
        })),
      )
      .onConflictDoNothing();
    // Submitted by the supplier, confirmed by the shipper: the batch and the supplier's part follow.
    const submitted = this.at(-25, 15);
    await this.command(submitMaterialList, { listId: list.id }, submitted, lot.supplier);
    const confirmed = this.at(-22, 11);
    await this.command(confirmMaterialList, { listId: list.id }, confirmed, 'shipper');
    await this.db
      .update(materialLists)
      .set({ submitTime: submitted, confirmTime: confirmed, updateTime: confirmed })
      .where(eq(materialLists.id, list.id));
    const packed = this.at(-6, 10);
    const handedOver = this.at(-5, 16);
    // The packing list is handed over as a whole (the submit command takes every draft box of the
    // supplier); a box added afterwards stays a draft.
    const later = lot.boxes.filter((b) => b.draft);
    if (later.some((b) => lot.boxes.indexOf(b) < lot.boxes.length - later.length))
      throw new Error(`logistics demo: ${lot.number} lists a draft box before a handed-over one`);
    for (const [i, b] of lot.boxes.entries()) {
      if (b === later[0]) await this.handOver(handedOver);
      const [l, w, h] = b.size;
      const [box] = await this.db
        .insert(boxPieces)
        .values({
          ...on,
          batchId,
          supplierTenantId: supplier.tenantId,
          boxNumber: `${lot.number}-S${supplier.tenantId}-${String(i + 1).padStart(3, '0')}`,
          seq: i + 1,
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
          createTime: packed,
          updateTime: handedOver,
          createBy: lot.supplier,
          updateBy: lot.supplier,
        })
        .returning();
      this.boxes.push(box);
      await this.db.insert(boxPieceDetails).values(
        b.items.map(([code, quantity]) => ({
          tenantId: shipper,
          batchId,
          supplierTenantId: supplier.tenantId,
          boxId: box.id,
          suppliesId: rows.find((r) => r.materialCode === code)?.id as number,
          quantity,
          createBy: lot.supplier,
          updateBy: lot.supplier,
          createTime: packed,
        })),
      );
      // A box's creation is a plain insert (as the packing page's save is), recorded as the server does.
      await this.db.insert(changeRecords).values({
        ...on,
        batchId,
        entity: 'boxPiece',
        entityId: box.id,
        action: 'create',
        fromStatus: null,
        toStatus: String(BoxStatus.draft),
        partyTenantId: supplier.tenantId,
        actorTenantId: supplier.tenantId,
        createBy: lot.supplier,
        createTime: packed,
        updateTime: packed,
      });
    }
    if (!later.length) await this.handOver(handedOver);
  }

  /** The supplier hands its packing list over: the server's submit command, dated. */
  private async handOver(time: Date) {
    const submitted = this.boxes.map((b) => b.id);
    await this.command(submitPackingList, { batchId: this.batch.id }, time, this.lot.supplier);
    await this.db.update(boxPieces).set({ submitTime: time }).where(inArray(boxPieces.id, submitted));
    for (const b of this.boxes) b.submitTime = time;
  }

  private async load(truck: number, boxes: number[], time: Date, by: DemoUser, place: string) {
    const vehicle = this.trucks[truck] as number;
    await this.command(loadBoxes, { accessoryInfoId: vehicle, boxPieceIds: this.ids(boxes) }, time, by, {
      place,
    });
    await this.db
      .update(vehicleBoxes)
      .set({ createTime: time, updateTime: time })
      .where(and(eq(vehicleBoxes.accessoryInfoId, vehicle), inArray(vehicleBoxes.boxId, this.ids(boxes))));
  }

  /** Containers registered by the provider, stuffed at the yard; a planned one in its plan's order. */
  private async stuff() {
    const { lot } = this;
    this.containerIds = [];
    for (const [i, c] of lot.containers.entries()) {
      const type = STANDARD_CONTAINERS.find((t) => t.id === c.typeCode);
      if (!type?.maxPayload) throw new Error(`logistics demo: no container type ${c.typeCode}`);
      const boxes = c.boxes.map((b) => this.boxes[b] as Box);
      const weight = boxes.reduce((s, b) => s + Number(b.grossWeight), 0);
      const inner = { innerLength: type.l, innerWidth: type.w, innerHeight: type.h, typeCode: type.id };
      if (weight > type.maxPayload || boxes.some((b) => b.outOfGauge || !boxFits(b, inner)))
        throw new Error(`logistics demo: ${lot.number} does not fit ${c.typeCode}`);
      const time = this.at(3, 10 + i);
      const planned = c.planned ? planBoxes(type, boxes) : undefined;
      const [row] = await this.db
        .insert(containers)
        .values({
          tenantId: this.batch.tenantId,
          projectId: this.batch.projectId,
          batchId: this.batch.id,
          ownerTenantId: this.u.logistics.tenantId,
          containerNumber: containerNumber(c.owner, c.serial),
          typeCode: c.typeCode,
          sealNumber: c.seal,
          innerLength: type.l,
          innerWidth: type.w,
          innerHeight: type.h,
          maxPayload: type.maxPayload,
          tare: type.tare ?? null,
          createTime: this.at(2, 15),
          updateTime: time,
          createBy: 'logistics',
          updateBy: 'logistics',
        })
        .returning();
      this.containerIds.push(row.id);
      const order = planned ? planned.order.map((k) => c.boxes[k] as number) : c.boxes;
      const boxPieceIds = this.ids(order);
      // An accepted plan goes in as the planner page sends it: each box's place and loading order.
      const placements = planned?.placements.map((p, seq) => ({
        boxPieceId: boxPieceIds[seq] as number,
        seq: seq + 1,
        ...{ x: p.x, y: p.y, z: p.z, l: p.l, w: p.w, h: p.h },
      }));
      await this.command(
        stuffBoxes,
        { containerId: row.id, boxPieceIds, placements, plan: planned?.plan },
        time,
        'logistics',
        { place: '外高桥集装箱堆场' },
      );
      // The yard's loading order of a container stuffed without a plan, as its tally sheet lists it.
      for (const [seq, boxId] of boxPieceIds.entries())
        await this.db
          .update(containerBoxes)
          .set({ createTime: time, updateTime: time, ...(planned ? {} : { seq: seq + 1 }) })
          .where(and(eq(containerBoxes.containerId, row.id), eq(containerBoxes.boxId, boxId)));
      await this.setContainers({ updateTime: time }, [row.id]);
    }
  }
  private containerIds: number[] = [];

  /** The containers (and the boxes carried as break bulk, in none) a container step moves. */
  private async carried() {
    const inside = this.containerIds.length
      ? await this.db
          .select({ boxId: containerBoxes.boxId })
          .from(containerBoxes)
          .where(inArray(containerBoxes.containerId, this.containerIds))
      : [];
    const held = new Set(inside.map((r) => r.boxId));
    const loose = this.boxes.filter((b) => !held.has(b.id)).map((b) => b.id);
    return {
      ...(this.containerIds.length ? { ids: this.containerIds } : {}),
      ...(loose.length ? { boxPieceIds: loose } : {}),
    };
  }

  /** On board (containers and break bulk), discharged at the port, unpacked. */
  private async sea(stage: number) {
    const { lot, home } = this;
    const vessel = lot.vessel ?? {
      vessel: 'COSCO SHIPPING ARIES',
      voyage: '025S',
      blNumber: 'COSU6300000000',
    };
    const etd = this.at(6, 22);
    const eta = this.at(6 + home.sailDays, 8);
    const groups = await this.carried();
    await this.command(onBoard, { ...groups, ...vessel, etd, place: 'CNSHA' }, etd, 'logistics');
    await this.setContainers({ updateTime: etd });
    if (stage === S.onBoard) return;
    const ata = this.at(6 + home.sailDays, 14);
    await this.command(
      discharge,
      {
        ...groups,
        port: home.portOfDischarge,
        eta,
        ata,
        place: home.portOfDischarge,
        note: '船舶靠泊，集装箱卸船',
      },
      ata,
      'logistics',
    );
    await this.setContainers({ updateTime: ata });
    if (stage === S.unloaded) return;
    await this.command(
      unpack,
      { ...groups, place: home.unpackPlace, note: '清关放行后拆箱，外观完好' },
      this.at(8 + home.sailDays, 10),
      'logistics',
    );
  }

  private async setContainers(set: Partial<typeof containers.$inferInsert>, ids = this.containerIds) {
    if (ids.length)
      await this.db
        .update(containers)
        .set({ ...set, updateBy: 'logistics' })
        .where(inArray(containers.id, ids));
  }

  /** Delivered to site, received box by box (one damaged: recorded with a photo and sent back), signed. */
  private async arrive(stage: number, photo: number | undefined) {
    const { lot, home } = this;
    const sea = 8 + home.sailDays;
    const all = this.boxes.map((_, i) => i);
    await this.command(
      deliver,
      this.onSite(all, { place: home.site, note: '送达现场仓库' }),
      this.at(sea + 2, 15),
      'logistics',
    );
    if (stage === S.delivered) return;
    const rejected = lot.rejected;
    if (rejected) await this.raise(rejected, this.at(sea + 3, 9), photo);
    const kept = all.filter((i) => i !== rejected?.box);
    await this.command(
      receive,
      this.onSite(kept, { place: home.site, note: '扫码收货' }),
      this.at(sea + 3, 10),
      'site',
    );
    if (rejected)
      await this.command(
        sendBack,
        this.onSite([rejected.box], { reason: rejected.reason, place: home.site }),
        this.at(sea + 3, 11),
        'site',
      );
    if (stage === S.received) return;
    await this.command(
      signBatch,
      { batchId: this.batch.id, note: '全部到货，签收' },
      this.at(sea + 4, 16),
      'shipper',
      {
        place: home.site,
      },
    );
  }

  private async raise(r: NonNullable<Lot['rejected']>, time: Date, photo: number | undefined) {
    const box = this.boxes[r.box] as Box;
    const site = this.u.site;
    await this.db.insert(abnormalRecords).values({
      tenantId: box.tenantId,
      projectId: box.projectId,
      batchId: box.batchId,
      boxId: box.id,
      supplierTenantId: box.supplierTenantId,
      raisedByTenantId: site.tenantId,
      abnormalType: r.abnormalType,
      quantity: r.quantity,
      note: r.note,
      photoIds: photo ? [photo] : [],
      atStatus: box.logisticsStatus,
      createTime: time,
      updateTime: time,
      createBy: site.username,
      updateBy: site.username,
    });
    await this.db.insert(changeRecords).values({
      tenantId: box.tenantId,
      projectId: box.projectId,
      batchId: box.batchId,
      entity: 'boxPiece',
      entityId: box.id,
      action: 'abnormal',
      partyTenantId: box.supplierTenantId,
      actorTenantId: site.tenantId,
      place: this.home.site,
      note: `破损：${r.note}`,
      createBy: site.username,
      createTime: time,
      updateTime: time,
    });
  }

  /** The ids of some of the lot's boxes (by their index in the lot). */
  private ids(which: number[]) {
    return which.map((i) => this.boxes[i]?.id as number);
  }

  /** A step at the destination on some boxes: where it happened, with a note or the reason asked for. */
  private onSite(which: number[], at: { place: string; note?: string; reason?: string }) {
    return { ids: this.ids(which), ...at };
  }

  /**
   * One step of the story: the server's own command, run as the demo user (the machine, its guards and its
   * effects decide, as for a click), then dated to when the story has it happen. `where` names the place
   * of a step whose request carries none (a scan's location).
   */
  private async command<I>(
    cmd: Command<I>,
    input: I,
    time: Date,
    by: DemoUser,
    where: { place?: string } = {},
  ) {
    const [mark] = await this.db
      .select({ change: sql<number>`coalesce(max(${changeRecords.id}), 0)::int` })
      .from(changeRecords);
    const state = (b: Box) => `${b.status}/${b.logisticsStatus}`;
    const before = new Map(this.boxes.map((b) => [b.id, state(b)]));
    await seedCommand(this.db, cmd, this.auth[by], input);
    const fresh = { createTime: time, updateTime: time };
    await this.db
      .update(changeRecords)
      .set(fresh)
      .where(gt(changeRecords.id, Number(mark?.change)));
    if (where.place)
      await this.db
        .update(changeRecords)
        .set({ place: where.place })
        .where(and(gt(changeRecords.id, Number(mark?.change)), eq(changeRecords.entity, 'boxPiece')));
    this.boxes = await this.db
      .select()
      .from(boxPieces)
      .where(eq(boxPieces.batchId, this.batch.id))
      .orderBy(boxPieces.seq);
    const moved = this.boxes.filter((b) => state(b) !== before.get(b.id)).map((b) => b.id);
    if (moved.length)
      await this.db.update(boxPieces).set({ updateTime: time }).where(inArray(boxPieces.id, moved));
    for (const b of this.boxes) if (moved.includes(b.id)) b.updateTime = time;
    await this.derive(time);
  }

  /** The batch follows its boxes; its status change is dated with the step that caused it. */
  private async derive(time: Date, by?: DemoUser) {
    // After a command the kernel derived it already; the packing, inserted as rows, derives here.
    if (by) {
      const who = this.u[by];
      await deriveBatchFromBoxes(this.db, { username: who.username, tenantId: who.tenantId }, this.batch.id);
    }
    await this.db
      .update(changeRecords)
      .set({ createTime: time, updateTime: time })
      .where(
        and(
          eq(changeRecords.batchId, this.batch.id),
          eq(changeRecords.entity, 'projectBatch'),
          gt(changeRecords.createTime, time),
        ),
      );
    await this.db
      .update(projectBatches)
      .set({ updateTime: time })
      .where(eq(projectBatches.id, this.batch.id));
  }
}

/**
 * The load planner's plan for a container's boxes (a short, seeded run), checked by the planner's own
 * checker as an accepted plan is; kept as the stuff command keeps one: the plan's figures on the
 * container, each box's position and loading order on container_box_piece.
 */
function planBoxes(type: (typeof STANDARD_CONTAINERS)[number], boxes: Box[]) {
  const spec = { id: type.id, l: type.l, w: type.w, h: type.h, maxPayload: type.maxPayload };
  const specs: BoxSpec[] = boxes.map((b) => ({
    id: b.id,
    l: b.length,
    w: b.width,
    h: b.height,
    qty: 1,
    weight: Number(b.grossWeight),
    stackable: b.stackable && !b.fragile,
    ...(b.thisSideUp ? { vertical: [false, false, true] as const } : {}),
  }));
  // A loaded machine must not cut the first loading short: its boxes would be left out.
  const result = planContainer(spec, specs, { timeLimitMs: 300, seed: 1, completeFirst: true });
  const { violations } = checkPlan(spec, specs, result.placements);
  if (result.leftover.some((n) => n > 0) || violations.length)
    throw new Error(`logistics demo: no valid plan (${violations[0]?.message ?? 'boxes left out'})`);
  return {
    /** Indexes into `boxes`, in loading order; placements in the same order. */
    order: result.placements.map((p) => p.type),
    placements: result.placements,
    plan: {
      typeCode: type.id,
      volumeUtilisation: result.volumeUtilisation,
      weightUtilisation: result.weightUtilisation,
      totalWeight: result.totalWeight,
      centreOfGravity: result.centreOfGravity,
      cogOffset: result.cogOffset,
      boxCount: result.placements.length,
    },
  };
}
