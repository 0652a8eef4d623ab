// The shipping instruction (spec §7 `deliveryEntrust`): the shipper's instruction to
// its logistics provider for a batch — parties, ports (UN/LOCODE sea ports), Incoterm, wanted ETD, a
// vessel from the register, and the cargo summary computed here from the batch's handed-over boxes
// (live while a draft, kept as of submission). Submit / accept / return on the kernel; `last` pre-fills
// a new one from the shipper's previous instruction; `queryshipname` searches the register.

import {
  type CargoSummary,
  deliveryEntrustCreate,
  deliveryEntrustUpdate,
  EntrustStatus,
  entrustMachine,
  entrustStatusLabels,
  type Lang,
} from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { papersOps } from '@tradelane/contract/api/papers';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hasPermission } from '../../access/service.ts';
import type { Db } from '../../db/client.ts';
import { tenants } from '../../db/schema.ts';
import { deliveryEntrusts, vessels } from '../../db/schema-entrust.ts';
import { AppError, badRequest, forbidden, langOf } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { type Ctx, ctxOf, defineResource, type Row, type RowOf } from '../../resources/engine.ts';
import { actionsFor, type CommandCtx, defineCommand } from '../../workflow/kernel.ts';
import { cargoOf as handedOverCargo } from '../boxes/batch-boxes.ts';
import { type PaperNotices, paperCommand, teller, withParties, withReason } from '../papers/paper.ts';
import { visibleBatch } from '../project/access.ts';
import { namedProvidersOf } from '../project/batches.ts';
import { entrustScope, ownDraft } from './access.ts';
import { checkPort, portLabel, searchVessels, vesselResource } from './vessels.ts';

const link = (batchId: unknown) => `/papers/entrust?batchId=${batchId}`;

/** Packages, gross weight and volume of the boxes handed over on each batch (submitted packing lists). */
export async function cargoSummaries(db: Db, batchIds: number[]): Promise<Map<number, CargoSummary>> {
  const out = new Map<number, CargoSummary>(
    batchIds.map((id) => [id, { packages: 0, grossWeight: 0, volume: 0 }]),
  );
  if (!batchIds.length) return out;
  for (const [batchId, r] of await handedOverCargo(db, [...new Set(batchIds)]))
    out.set(batchId, {
      packages: Number(r.packages),
      // Exact sums in SQL, three decimals as the columns hold them.
      grossWeight: Number(r.grossWeight),
      volume: Number(r.measurement),
    });
  return out;
}

const cargoOf = async (db: Db, batchId: number) =>
  (await cargoSummaries(db, [batchId])).get(batchId) as CargoSummary;

/** The logistics providers taking part in a batch. */
const providersOf = namedProvidersOf;

/** The provider an instruction goes to: the one named (which must be the batch's), or the batch's only one. */
async function providerFor(db: Db, batchId: number, named: unknown): Promise<number> {
  const providers = await providersOf(db, batchId);
  if (named !== undefined && named !== null) {
    if (!providers.some((p) => p.id === Number(named))) throw badRequest('entrust.not_provider');
    return Number(named);
  }
  if (!providers.length) throw badRequest('entrust.no_provider');
  if (providers.length > 1) throw badRequest('entrust.choose_provider');
  return providers[0].id;
}

async function vesselNameOf(db: Db, vesselId: unknown): Promise<string | null> {
  if (vesselId === undefined || vesselId === null) return null;
  const [v] = await db
    .select({ name: vessels.name })
    .from(vessels)
    .where(eq(vessels.id, Number(vesselId)));
  return v?.name ?? null;
}

async function nextNumber(db: Db, batchId: number, batchNumber: string) {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(deliveryEntrusts)
    .where(eq(deliveryEntrusts.batchId, batchId));
  return `SI-${batchNumber}-${String(Number(n) + 1).padStart(2, '0')}`;
}

function checkPorts(data: Row) {
  checkPort('portOfLoading', data.portOfLoading);
  checkPort('portOfDischarge', data.portOfDischarge);
}

async function decorateEntrusts(ctx: Ctx, rows: RowOf<typeof deliveryEntrusts>[]) {
  if (!rows.length) return rows;
  const lang: Lang = langOf(ctx.request);
  const drafts = rows.filter((r) => r.status === EntrustStatus.draft).map((r) => r.batchId);
  const live = await cargoSummaries(ctx.db, drafts);
  const shippers = new Map(
    (
      await ctx.db
        .select({ id: tenants.id, name: tenants.corporateName })
        .from(tenants)
        .where(inArray(tenants.id, [...new Set(rows.map((r) => r.tenantId))]))
    ).map((t) => [t.id, t.name]),
  );
  return (await withParties(ctx, rows)).map((r) => {
    // A draft shows the cargo as it stands now; a sent instruction the cargo it was sent with.
    const cargo =
      r.status === EntrustStatus.draft
        ? live.get(r.batchId)
        : { packages: r.packages, grossWeight: r.grossWeight, volume: r.volume };
    return {
      ...r,
      ...cargo,
      // withParties' `mine` means "drew it up": here the shipper did.
      mine: r.tenantId === ctx.auth.tenantId,
      shipperName: shippers.get(r.tenantId) ?? null,
      portOfLoadingName: portLabel(r.portOfLoading),
      portOfDischargeName: portLabel(r.portOfDischarge),
      statusLabel: entrustStatusLabels[r.status]?.[lang] ?? String(r.status),
      actions: actionsFor(ctx, entrustMachine, r),
    };
  });
}

/**
 * What the provider accepted from the shipper for a batch (its latest accepted instruction), for the
 * papers that follow it (the bill of lading's draft).
 */
export async function acceptedInstruction(db: Db, batchId: number, partyTenantId: number) {
  const [row] = await db
    .select({
      shipper: deliveryEntrusts.shipperText,
      consignee: deliveryEntrusts.consignee,
      notifyParty: deliveryEntrusts.notifyParty,
      portOfLoading: deliveryEntrusts.portOfLoading,
      portOfDischarge: deliveryEntrusts.portOfDischarge,
      placeOfDelivery: deliveryEntrusts.placeOfDelivery,
      vessel: deliveryEntrusts.vesselName,
      voyage: deliveryEntrusts.voyageNo,
      description: deliveryEntrusts.cargoDescription,
    })
    .from(deliveryEntrusts)
    .where(
      and(
        eq(deliveryEntrusts.batchId, batchId),
        eq(deliveryEntrusts.partyTenantId, partyTenantId),
        eq(deliveryEntrusts.status, EntrustStatus.accepted),
      ),
    )
    .orderBy(desc(deliveryEntrusts.acceptTime), desc(deliveryEntrusts.id))
    .limit(1);
  return row ?? null;
}

export const deliveryEntrustResource = defineResource({
  family: families.deliveryEntrust,
  table: deliveryEntrusts,
  create: deliveryEntrustCreate,
  update: deliveryEntrustUpdate,
  filters: {
    id: 'equal',
    batchId: 'equal',
    projectId: 'equal',
    status: 'in',
    partyTenantId: 'equal',
    vesselId: 'equal',
    createTime: 'between',
    blurry: { op: 'blurry', columns: ['entrustNo', 'consignee', 'vesselName'] },
  },
  defaultSort: ['id,desc'],
  permissions: {
    list: 'deliveryEntrust:list',
    create: 'deliveryEntrust:add',
    update: 'deliveryEntrust:edit',
    delete: 'deliveryEntrust:del',
  },
  scope: entrustScope,
  serverOwned: [
    'tenantId',
    'projectId',
    'entrustNo',
    'vesselName',
    'packages',
    'grossWeight',
    'volume',
    'status',
    'reason',
    'submitTime',
    'acceptTime',
  ],
  references: { vesselId: { to: () => vesselResource } },
  canWrite: ownDraft(entrustMachine),
  hooks: {
    beforeCreate: async (ctx, data) => {
      // Only the batch's own shipper instructs its provider (a shipper: the family's declared party).
      const batch = await visibleBatch(ctx, data.batchId);
      if (batch.tenantId !== ctx.auth.tenantId) throw new AppError(403, 'entrust.shipper_only');
      checkPorts(data);
      const partyTenantId = await providerFor(ctx.db, batch.id, data.partyTenantId);
      return {
        ...data,
        tenantId: batch.tenantId,
        projectId: batch.projectId,
        partyTenantId,
        entrustNo: await nextNumber(ctx.db, batch.id, batch.batchNumber),
        vesselName: await vesselNameOf(ctx.db, data.vesselId),
        ...(await cargoOf(ctx.db, batch.id)),
        status: EntrustStatus.draft,
      };
    },
    beforeUpdate: async (ctx, existing, data) => {
      checkPorts(data);
      return {
        ...data,
        ...(data.vesselId !== undefined ? { vesselName: await vesselNameOf(ctx.db, data.vesselId) } : {}),
        ...(await cargoOf(ctx.db, existing.batchId)),
      };
    },
    decorate: decorateEntrusts,
  },
});

const notices: PaperNotices = { link, params: (row) => ({ no: row.entrustNo }) };
const tell = teller(notices);

const entrustCommand = paperCommand({
  machine: entrustMachine,
  labels: entrustStatusLabels,
  table: deliveryEntrusts,
  entity: 'deliveryEntrust',
  scope: (ctx) => entrustScope(ctx),
  decorate: decorateEntrusts,
});
const providerOwns = (ctx: CommandCtx, row: Row) => row.partyTenantId === ctx.auth.tenantId;

export const submitEntrust = defineCommand({
  ...entrustCommand,
  name: 'deliveryEntrust.submit',
  operation: papersOps.submitEntrust,
  event: 'submit',
  who: { own: (ctx, row) => row.tenantId === ctx.auth.tenantId },
  guards: {
    hasCargo: async (move) => {
      const cargo = await cargoOf(move.ctx.db, move.row.batchId);
      // Kept for the move's `set` below: the instruction travels with the cargo as it is now.
      (move as { cargo?: CargoSummary }).cargo = cargo;
      return cargo.packages ? undefined : 'entrust.no_cargo';
    },
  },
  set: (move) => ({
    ...((move as { cargo?: CargoSummary }).cargo ?? {}),
    submitTime: new Date(),
    reason: null,
  }),
  notify: tell('partyTenantId', 'notice.entrust_submitted'),
});

export const acceptEntrust = defineCommand({
  ...entrustCommand,
  name: 'deliveryEntrust.accept',
  operation: papersOps.acceptEntrust,
  event: 'accept',
  who: { own: providerOwns },
  set: () => ({ acceptTime: new Date() }),
  notify: tell('tenantId', 'notice.entrust_accepted'),
});

export const returnEntrust = defineCommand({
  ...entrustCommand,
  name: 'deliveryEntrust.return',
  operation: papersOps.returnEntrust,
  event: 'return',
  who: { own: providerOwns },
  ...withReason('entrust.reason_required'),
  set: (move) => ({ reason: move.input.reason, submitTime: null }),
  notify: tell('tenantId', 'notice.entrust_returned'),
});

export const entrustCommands = [submitEntrust, acceptEntrust, returnEntrust];

export async function entrustRoutes(app: FastifyInstance) {
  // What a new instruction starts from: the shipper's last one, the batch's own ports, its providers and
  // its cargo as it stands (with a batch), and the shipper's company as the shipper when nothing is known.
  mount(app, papersOps.lastEntrust, async (request) => {
    const ctx = ctxOf(app, request);
    if (!hasPermission(ctx.auth, 'deliveryEntrust:list')) throw forbidden();
    const { batchId } = request.query;
    const [last] = await ctx.db
      .select()
      .from(deliveryEntrusts)
      .where(eq(deliveryEntrusts.tenantId, ctx.auth.tenantId))
      .orderBy(desc(deliveryEntrusts.id))
      .limit(1);
    const [company] = await ctx.db
      .select({ name: tenants.corporateName })
      .from(tenants)
      .where(eq(tenants.id, ctx.auth.tenantId));
    const batch = batchId ? await visibleBatch(ctx, batchId) : null;
    return {
      fromId: last?.id ?? null,
      fromEntrustNo: last?.entrustNo ?? null,
      shipperText: last?.shipperText ?? company?.name ?? null,
      consignee: last?.consignee ?? null,
      notifyParty: last?.notifyParty ?? null,
      portOfLoading: batch?.portOfLoading ?? last?.portOfLoading ?? null,
      portOfDischarge: batch?.portOfDischarge ?? last?.portOfDischarge ?? null,
      placeOfDelivery: last?.placeOfDelivery ?? batch?.destinationSite ?? null,
      incoterm: last?.incoterm ?? null,
      incotermPlace: last?.incotermPlace ?? null,
      vesselId: last?.vesselId ?? null,
      vesselName: last?.vesselName ?? null,
      specialRequirements: last?.specialRequirements ?? null,
      // What and when are the batch's own; only with no batch does the last one's stand.
      cargoDescription: batch ? (batch.enName ?? batch.name) : (last?.cargoDescription ?? null),
      wantedEtd: batch ? batch.plannedShipDate : (last?.wantedEtd ?? null),
      cargo: batch ? await cargoOf(ctx.db, batch.id) : null,
      providers: batch ? await providersOf(ctx.db, batch.id) : [],
    };
  });
  mount(app, papersOps.queryShipName, async (request) => {
    const ctx = ctxOf(app, request);
    const { shiName, size } = request.query;
    const content = await searchVessels(ctx, shiName, size);
    return { content, totalElements: content.length };
  });
}
