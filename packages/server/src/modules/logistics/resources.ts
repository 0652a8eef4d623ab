// Vehicles (accessoryInfo), containers, what is on them (accessoryInfoBoxPiece, containerBoxPiece: read
// here, written by the load and stuff commands) and abnormal records, as declarations on the engine.

import {
  AbnormalStatus,
  abnormalCreate,
  abnormalMachine,
  abnormalStatusLabels,
  abnormalTypes,
  accessoryInfoBoxPieceUpdate,
  containerBoxPieceUpdate,
  containerCreate,
  containerUpdate,
  LogisticsStatus,
  logisticsLabels,
  P,
  vehicleCreate,
  vehicleUpdate,
} from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { logisticsOps, logisticsReadOps } from '@tradelane/contract/api/logistics';
import { STANDARD_CONTAINERS } from '@tradelane/loadplan';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { partyOf } from '../../access/party.ts';
import {
  abnormalRecords,
  containerBoxes,
  containers,
  vehicleBoxes,
  vehicles,
} from '../../db/schema-logistics.ts';
import { AppError, badRequest, langOf, notFound } from '../../http/errors.ts';
import { type Ctx, defineResource, type Row, type RowOf } from '../../resources/engine.ts';
import { recordChange } from '../../workflow/events.ts';
import { actionsFor, defineCommand } from '../../workflow/kernel.ts';
import { type Notice, notify } from '../../workflow/notify.ts';
import { boxRow, boxRowScope } from '../boxes/for-logistics.ts';
import { fileResource } from '../files/routes.ts';
import { fileSummaries } from '../files/service.ts';
import { batchNumbers, logisticsProvidersOf, tenantNames } from '../project/names.ts';
import { abnormalProblem, openProblem } from '../tower/problems.ts';
import {
  abnormalScope,
  containerScope,
  newOnBatch,
  ownerOfGroup,
  servesBatch,
  vehicleScope,
} from './access.ts';
import { checkContainerFits } from './capacity.ts';
import { checkChangedPlacement } from './plan.ts';

/** Per group (vehicle or container): how many boxes, their weight and volume. */
async function loadOf(ctx: Ctx, link: typeof vehicleBoxes | typeof containerBoxes, ids: number[]) {
  if (!ids.length) return new Map<number, { boxes: number; weight: number; volume: number }>();
  const col = link === vehicleBoxes ? vehicleBoxes.accessoryInfoId : containerBoxes.containerId;
  const rows = await ctx.db
    .select({
      id: col,
      boxes: sql<number>`count(*)::int`,
      weight: sql<number>`coalesce(sum(${boxRow.grossWeight}), 0)::float8`,
      volume: sql<number>`coalesce(sum(${boxRow.volume}), 0)::float8`,
    })
    .from(link)
    .innerJoin(boxRow, eq(boxRow.id, link.boxId))
    .where(inArray(col, ids))
    .groupBy(col);
  return new Map(rows.map((r) => [Number(r.id), { boxes: r.boxes, weight: r.weight, volume: r.volume }]));
}

async function decorateGroups(
  ctx: Ctx,
  rows: (RowOf<typeof vehicles> | RowOf<typeof containers>)[],
  link: typeof vehicleBoxes | typeof containerBoxes,
) {
  const loads = await loadOf(
    ctx,
    link,
    rows.map((r) => r.id),
  );
  const batches = await batchNumbers(
    ctx.db,
    rows.map((r) => r.batchId),
  );
  const owners = await tenantNames(
    ctx.db,
    rows.map((r) => r.ownerTenantId),
  );
  return rows.map((r) => {
    const load = loads.get(r.id) ?? { boxes: 0, weight: 0, volume: 0 };
    const capacity =
      link === containerBoxes
        ? (Number(r.innerLength) * Number(r.innerWidth) * Number(r.innerHeight)) / 1e9
        : undefined;
    return {
      ...r,
      batchNumber: batches.get(r.batchId) ?? null,
      ownerName: owners.get(r.ownerTenantId)?.name ?? null,
      mine: r.ownerTenantId === ctx.auth.tenantId,
      boxCount: load.boxes,
      weight: Math.round(load.weight * 10) / 10,
      volume: Math.round(load.volume * 1000) / 1000,
      ...(capacity !== undefined
        ? {
            capacity: Math.round(capacity * 100) / 100,
            fillVolume: capacity ? Math.round((load.volume / capacity) * 1000) / 10 : 0,
            fillWeight: Number(r.maxPayload)
              ? Math.round((load.weight / Number(r.maxPayload)) * 1000) / 10
              : 0,
            planned: Boolean(r.plan),
          }
        : {}),
    };
  });
}

/** A group (vehicle, container) is deleted only when nothing is on it. */
async function assertEmpty(
  ctx: Ctx,
  link: typeof vehicleBoxes | typeof containerBoxes,
  rows: (RowOf<typeof vehicles> | RowOf<typeof containers>)[],
) {
  const loads = await loadOf(
    ctx,
    link,
    rows.map((r) => r.id),
  );
  for (const r of rows) {
    ownerOfGroup(ctx, r);
    if (loads.get(r.id)?.boxes) throw badRequest('logistics.in_use');
  }
}

export const vehicleResource = defineResource({
  family: families.accessoryInfo,
  table: vehicles,
  create: vehicleCreate,
  update: vehicleUpdate,
  filters: {
    id: 'equal',
    batchId: 'equal',
    projectId: 'equal',
    ownerTenantId: 'equal',
    blurry: { op: 'blurry', columns: ['plateNumber', 'driverName'] },
  },
  defaultSort: ['id,desc'],
  permissions: {
    list: 'accessoryInfo:list',
    create: 'logistics:load',
    update: 'logistics:load',
    delete: 'logistics:load',
  },
  scope: vehicleScope,
  serverOwned: ['tenantId', 'projectId', 'ownerTenantId'],
  canWrite: ownerOfGroup,
  hooks: {
    beforeCreate: (ctx, data) => newOnBatch(ctx, data, ['supplier', 'logistics']),
    beforeDelete: (ctx, rows) => assertEmpty(ctx, vehicleBoxes, rows),
    decorate: (ctx, rows) => decorateGroups(ctx, rows, vehicleBoxes),
  },
});

/** A container's sizes come from its type unless given; an unknown type is refused. */
function withTypeSizes(data: Row): Row {
  const type = STANDARD_CONTAINERS.find((c) => c.id === data.typeCode);
  if (
    !type &&
    (data.innerLength == null ||
      data.innerWidth == null ||
      data.innerHeight == null ||
      data.maxPayload == null)
  )
    throw badRequest('container.type_unknown', { typeCode: data.typeCode });
  return {
    ...data,
    innerLength: data.innerLength ?? type?.l,
    innerWidth: data.innerWidth ?? type?.w,
    innerHeight: data.innerHeight ?? type?.h,
    maxPayload: data.maxPayload ?? type?.maxPayload,
    tare: data.tare ?? type?.tare ?? null,
  };
}

async function assertContainerFree(ctx: Ctx, batchId: number, containerNumber: string, exceptId?: number) {
  const [taken] = await ctx.db
    .select({ id: containers.id })
    .from(containers)
    .where(and(eq(containers.batchId, batchId), eq(containers.containerNumber, containerNumber)));
  if (taken && taken.id !== exceptId) throw new AppError(409, 'container.number_taken', { containerNumber });
}

export const containerResource = defineResource({
  family: families.container,
  table: containers,
  create: containerCreate,
  update: containerUpdate,
  filters: {
    id: 'equal',
    batchId: 'equal',
    projectId: 'equal',
    typeCode: 'in',
    blurry: { op: 'blurry', columns: ['containerNumber', 'sealNumber', 'blNumber', 'vessel'] },
  },
  defaultSort: ['id,asc'],
  permissions: {
    list: 'container:list',
    create: 'container:stuff',
    update: 'container:stuff',
    delete: 'container:stuff',
  },
  scope: containerScope,
  serverOwned: [
    'tenantId',
    'projectId',
    'ownerTenantId',
    'vessel',
    'voyage',
    'etd',
    'blNumber',
    'port',
    'eta',
    'ata',
    'plan',
  ],
  hidden: ['plan'],
  canWrite: ownerOfGroup,
  hooks: {
    beforeCreate: async (ctx, data) => {
      const row = await newOnBatch(ctx, data, ['logistics']);
      if (!ctx.auth.isPlatformAdmin && !(await servesBatch(ctx, row.batchId)))
        throw new AppError(403, 'state.wrong_party');
      await assertContainerFree(ctx, row.batchId, row.containerNumber);
      return withTypeSizes(row);
    },
    beforeUpdate: async (ctx, existing, data) => {
      if (data.containerNumber)
        await assertContainerFree(ctx, existing.batchId, data.containerNumber, existing.id);
      const next = data.typeCode && data.typeCode !== existing.typeCode ? withTypeSizes({ ...data }) : data;
      // New sizes, payload or type must still take what the container holds.
      const sizing = ['typeCode', 'innerLength', 'innerWidth', 'innerHeight', 'maxPayload'];
      if (sizing.some((k) => next[k] !== undefined && next[k] !== existing[k]))
        await checkContainerFits(ctx, { ...existing, ...next }, []);
      return next;
    },
    beforeDelete: (ctx, rows) => assertEmpty(ctx, containerBoxes, rows),
    decorate: (ctx, rows) => decorateGroups(ctx, rows, containerBoxes),
  },
});

/** The vehicle or container a link hangs on, to be changed by the company that registered it. */
async function groupOfLink(ctx: Ctx, name: LinkFamily, link: Row) {
  if (name === 'accessoryInfoBoxPiece') {
    const [vehicle] = await ctx.db
      .select()
      .from(vehicles)
      .where(eq(vehicles.id, Number(link.accessoryInfoId)));
    if (!vehicle) throw notFound();
    return vehicle;
  }
  return containerOfLink(ctx, Number(link.containerId));
}

async function containerOfLink(ctx: Ctx, containerId: number) {
  const [container] = await ctx.db.select().from(containers).where(eq(containers.id, containerId));
  if (!container) throw notFound();
  return container;
}

const PLACE = ['seq', 'x', 'y', 'z', 'l', 'w', 'h'] as const;

/**
 * A box's place in a container changes only while the box is stuffed (after on board the container is
 * sealed and gone); the new place — all of x, y, z, l, w, h, the loading order — is checked against the
 * container and the boxes around it.
 */
async function checkPlaceChange(ctx: Ctx, existing: { boxId: number } & Row, data: Row) {
  if (!PLACE.some((k) => k in data && !sameNumber(data[k], existing[k]))) return;
  const [box] = await ctx.db
    .select({ boxNumber: boxRow.boxNumber, logisticsStatus: boxRow.logisticsStatus })
    .from(boxRow)
    .where(eq(boxRow.id, existing.boxId));
  if (box?.logisticsStatus !== LogisticsStatus.boxed)
    throw badRequest('logistics.placement_locked', {
      boxNumber: box?.boxNumber ?? '',
      status: logisticsLabels[box?.logisticsStatus ?? 0]?.[langOf(ctx.request)] ?? '',
    });
  const next = { ...existing, ...data };
  const given = PLACE.filter((k) => next[k] !== null && next[k] !== undefined);
  if (!given.length) return;
  if (given.length !== PLACE.length) throw badRequest('logistics.placement_partial');
  const container = await containerOfLink(ctx, Number(existing.containerId));
  const place = Object.fromEntries(PLACE.map((k) => [k, Number(next[k])])) as Record<
    (typeof PLACE)[number],
    number
  >;
  await checkChangedPlacement(ctx, container, { boxPieceId: existing.boxId, ...place });
}

const isBlank = (v: unknown) => v === null || v === undefined;
/** Same figure, or both blank: a blank is never the same as 0 (Number(null) is 0). */
const sameNumber = (a: unknown, b: unknown) =>
  isBlank(a) || isBlank(b) ? isBlank(a) && isBlank(b) : Number(a) === Number(b);

type LinkFamily = 'accessoryInfoBoxPiece' | 'containerBoxPiece';

/**
 * What is on a vehicle or in a container: listed, and what a link carries (a remark; in a container the
 * box's position and loading order) changed by the company that registered the vehicle or container.
 * Links are made by the load and stuff commands (POST) and undone by DELETE, which runs the kernel's
 * off-load or undo packing — never a bare delete of the row.
 */
function linkResource(name: LinkFamily) {
  const vehicle = name === 'accessoryInfoBoxPiece';
  const link = vehicle ? vehicleBoxes : containerBoxes;
  const groupKey = vehicle ? 'accessoryInfoId' : 'containerId';
  const shape = vehicle ? accessoryInfoBoxPieceUpdate : containerBoxPieceUpdate;
  return defineResource({
    name,
    table: link,
    // Made by commands only (the engine registers no create): the shape is what an update may carry.
    create: shape,
    filters: { id: 'equal', batchId: 'equal', boxId: 'equal', [groupKey]: 'equal' },
    defaultSort: ['id,asc'],
    permissions: {
      list: vehicle ? P.accessoryInfo.list : P.container.list,
      update: vehicle ? P.logistics.load : P.container.stuff,
    },
    scope: (ctx) =>
      ctx.auth.isPlatformAdmin
        ? undefined
        : inArray(link.boxId, ctx.db.select({ id: boxRow.id }).from(boxRow).where(boxRowScope(ctx))),
    canWrite: async (ctx, row) => ownerOfGroup(ctx, await groupOfLink(ctx, name, row)),
    actions: ['list', 'update'],
    hooks: {
      beforeUpdate: async (ctx, existing, data) => {
        if (!vehicle) await checkPlaceChange(ctx, existing, data);
        return data;
      },
      decorate: async (ctx, rows) => {
        const boxes = rows.length
          ? await ctx.db
              .select({
                id: boxRow.id,
                boxNumber: boxRow.boxNumber,
                logisticsStatus: boxRow.logisticsStatus,
                grossWeight: boxRow.grossWeight,
                volume: boxRow.volume,
              })
              .from(boxRow)
              .where(
                inArray(
                  boxRow.id,
                  rows.map((r) => r.boxId),
                ),
              )
          : [];
        return rows.map((r) => ({ ...r, box: boxes.find((b) => b.id === r.boxId) ?? null }));
      },
    },
  });
}
export const vehicleBoxResource = linkResource('accessoryInfoBoxPiece');
export const containerBoxResource = linkResource('containerBoxPiece');

// ————— abnormal records —————

const IMAGE = /^image\/(jpeg|png|gif|webp)$/;

async function decorateAbnormal(ctx: Ctx, rows: RowOf<typeof abnormalRecords>[]) {
  const lang = langOf(ctx.request);
  const boxIds = [...new Set(rows.map((r) => r.boxId))];
  const boxes = boxIds.length
    ? await ctx.db
        .select({ id: boxRow.id, boxNumber: boxRow.boxNumber })
        .from(boxRow)
        .where(inArray(boxRow.id, boxIds))
    : [];
  const photoIds = [...new Set(rows.flatMap((r) => r.photoIds ?? []))];
  const photos = await fileSummaries(ctx.db, photoIds);
  const batches = await batchNumbers(
    ctx.db,
    rows.map((r) => r.batchId),
  );
  const raisers = await tenantNames(
    ctx.db,
    rows.map((r) => r.raisedByTenantId),
  );
  return rows.map((r) => ({
    ...r,
    boxNumber: boxes.find((b) => b.id === r.boxId)?.boxNumber ?? null,
    batchNumber: batches.get(r.batchId) ?? null,
    raisedByName: raisers.get(r.raisedByTenantId)?.name ?? null,
    typeLabel: abnormalTypes.find((t) => t.code === r.abnormalType)?.[lang] ?? r.abnormalType,
    atStatusLabel: logisticsLabels[r.atStatus]?.[lang] ?? null,
    photos: (r.photoIds ?? []).flatMap((id) => {
      const f = photos.find((p) => p.id === id);
      return f
        ? [
            {
              id: f.id,
              name: f.name,
              url: `${logisticsReadOps.abnormalPhoto.path}?id=${r.id}&fileId=${f.id}`,
            },
          ]
        : [];
    }),
    actions: actionsFor(ctx, abnormalMachine, r),
  }));
}

export const abnormalResource = defineResource({
  family: families.abnormalRecord,
  table: abnormalRecords,
  create: abnormalCreate,
  filters: {
    id: 'equal',
    batchId: 'equal',
    projectId: 'equal',
    boxId: 'equal',
    abnormalType: 'in',
    status: 'in',
    createTime: 'between',
    blurry: { op: 'blurry', columns: ['note'] },
  },
  defaultSort: ['createTime,desc', 'id,desc'],
  permissions: { list: 'abnormalRecord:list', create: 'abnormalRecord:add' },
  scope: abnormalScope,
  serverOwned: [
    'tenantId',
    'projectId',
    'batchId',
    'supplierTenantId',
    'raisedByTenantId',
    'atStatus',
    'status',
    'resolveNote',
    'resolveTime',
  ],
  // Only pictures the caller uploaded itself can be attached (the file family's scope).
  references: { photoIds: { to: () => fileResource } },
  actions: ['list', 'create'],
  hooks: {
    beforeCreate: async (ctx, data) => {
      const [box] = await ctx.db
        .select()
        .from(boxRow)
        .where(and(eq(boxRow.id, data.boxPieceId), boxRowScope(ctx)));
      if (!box) throw notFound();
      if (partyOf(ctx.auth) === 'supplier' && box.logisticsStatus === LogisticsStatus.notLoaded)
        throw badRequest('logistics.abnormal_box_state', { boxNumber: box.boxNumber });
      const photoIds = data.photoIds ?? [];
      if (photoIds.length) {
        const held = await fileSummaries(ctx.db, photoIds);
        if (held.some((f) => !IMAGE.test(f.mime ?? ''))) throw badRequest('logistics.photo_not_image');
      }
      const { boxPieceId: _, ...rest } = data;
      return {
        ...rest,
        boxId: box.id,
        tenantId: box.tenantId,
        projectId: box.projectId,
        batchId: box.batchId,
        supplierTenantId: box.supplierTenantId,
        raisedByTenantId: ctx.auth.tenantId,
        atStatus: box.logisticsStatus,
        status: AbnormalStatus.open,
      };
    },
    afterCreate: async (ctx, row) => {
      const box = { boxNumber: (await boxNumberOf(ctx, row.boxId)) ?? '' };
      // The control tower's inbox holds it too, for the box's supplier to answer.
      await openProblem(ctx.db, abnormalProblem(row, box.boxNumber), ctx.auth.username);
      await recordChange(ctx.db, ctx.auth, {
        tenantId: row.tenantId,
        projectId: row.projectId,
        batchId: row.batchId,
        partyTenantId: row.supplierTenantId,
        entity: 'boxPiece',
        entityId: row.boxId,
        action: 'abnormal',
        note: row.note ?? null,
        label: abnormalTypes.find((t) => t.code === row.abnormalType),
      });
      await notify(
        ctx.db,
        await tellAbnormal(ctx, row, 'notice.abnormal_raised', box.boxNumber),
        ctx.auth.username,
      );
    },
    decorate: decorateAbnormal,
  },
});

/**
 * Raises an abnormal record from another module's command (the warehouse tally): the same checks, row,
 * box timeline event and notices as POST /api/abnormalRecord, inside the caller's transaction.
 */
export async function raiseAbnormal(
  ctx: Ctx,
  input: { boxPieceId: number; abnormalType: string; quantity?: number | null; note?: string | null },
): Promise<Row> {
  const hooks = abnormalResource.hooks as Required<NonNullable<typeof abnormalResource.hooks>>;
  const data = await hooks.beforeCreate(ctx, { ...input, photoIds: [] });
  const [row] = await ctx.db
    .insert(abnormalRecords)
    .values({ ...data, createBy: ctx.auth.username, updateBy: ctx.auth.username } as never)
    .returning();
  await hooks.afterCreate(ctx, row, data);
  return row;
}

async function boxNumberOf(ctx: Pick<Ctx, 'db'>, id: number) {
  const [b] = await ctx.db.select({ n: boxRow.boxNumber }).from(boxRow).where(eq(boxRow.id, id));
  return b?.n;
}

/** The shipper, the box's supplier and the batch's logistics providers hear of it, not the caller. */
async function tellAbnormal(
  ctx: Pick<Ctx, 'db' | 'auth'>,
  row: RowOf<typeof abnormalRecords>,
  title: Notice['title'],
  boxNumber: string,
) {
  const providers = await logisticsProvidersOf(ctx.db, row.batchId);
  const to = new Set([row.tenantId, row.supplierTenantId, ...providers]);
  to.delete(ctx.auth.tenantId);
  const type = abnormalTypes.find((t) => t.code === row.abnormalType);
  return {
    to: { tenants: [...to] },
    title,
    params: {
      batch: (await batchNumbers(ctx.db, [row.batchId])).get(row.batchId),
      boxNumber,
      typeZh: type?.zh,
      typeEn: type?.en,
    },
    link: `/logistics/index?batchId=${row.batchId}&tab=abnormal`,
    type: 'business',
  } satisfies Notice;
}

export const resolveAbnormal = defineCommand({
  name: 'abnormalRecord.resolve',
  operation: logisticsOps.resolveAbnormal,
  machine: abnormalMachine,
  labels: abnormalStatusLabels,
  table: abnormalRecords,
  statusColumn: 'status',
  entity: 'abnormalRecord',
  tags: ['abnormalRecord'],
  event: 'resolve',
  who: { own: (ctx, row) => row.tenantId === ctx.auth.tenantId },
  target: async (_ctx, input) => input.id,
  scope: (ctx) => abnormalScope(ctx),
  note: (input) => input.note,
  record: (row) => ({ partyTenantId: row.supplierTenantId }),
  set: (move) => ({ resolveNote: move.input.note ?? null, resolveTime: new Date() }),
  notify: async ({ ctx, row }) => [
    await tellAbnormal(ctx, row, 'notice.abnormal_resolved', (await boxNumberOf(ctx, row.boxId)) ?? ''),
  ],
  answer: (ctx, rows) => decorateAbnormal(ctx as Ctx, rows),
});
