// Batches and the partners taking part in them, as declarations.

import {
  BatchStatus,
  batchPartnerCreate,
  type Grant,
  P,
  PartnershipStatus,
  projectBatchCreate,
  projectBatchUpdate,
  TenantEnd,
} from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { and, eq, inArray } from 'drizzle-orm';
import { partnerships, tenants } from '../../db/schema.ts';
import { batchPartners, projectBatches, projectContracts } from '../../db/schema-project.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { type Ctx, decorated, defineResource, type Row, type RowOf } from '../../resources/engine.ts';
import { recordChange } from '../../workflow/events.ts';
import { notify } from '../../workflow/notify.ts';
import { findPort } from '../reference/ports.ts';
import { batchesHaveRows, listsOfBatches } from '../supplies/batch-lists.ts';
import { batchPartnerScope, batchScope, ownedProject, ownerOnly, visibleBatch } from './access.ts';
import { batchFollowers } from './events.ts';
import { batchNumbers, projectNames, tenantNames } from './names.ts';

function checkPorts(data: Row) {
  for (const field of ['portOfLoading', 'portOfDischarge']) {
    const code = data[field];
    if (typeof code === 'string' && code && !findPort(code))
      throw badRequest('validation', { field, reason: code });
  }
}

async function decorateBatches(ctx: Ctx, rows: RowOf<typeof projectBatches>[]) {
  const names = await projectNames(
    ctx.db,
    rows.map((r) => r.projectId),
  );
  return rows.map((r) =>
    decorated(r, {
      projectName: names.get(r.projectId)?.name ?? null,
      portOfLoadingName: findPort(r.portOfLoading)?.name ?? null,
      portOfDischargeName: findPort(r.portOfDischarge)?.name ?? null,
    }),
  );
}

/**
 * Who may list batches: besides the batch pages, every page that works on one batch picks it from this
 * list (a site receiver given only tracking and boxes must still choose the batch); the scope still
 * limits the rows to the batches the caller's company takes part in.
 */
export const batchReaders: Grant[] = [
  P.projectBatch.list,
  P.supplies.list,
  P.boxPiece.list,
  P.accessoryInfo.list,
  P.customs.list,
  P.deliveryEntrust.list,
  P.billLading.list,
  P.tallySheet.list,
  P.document.list,
  P.reconciliation.list,
  P.weather.use,
];

export const projectBatchResource = defineResource({
  family: families.projectBatch,
  table: projectBatches,
  create: projectBatchCreate,
  update: projectBatchUpdate,
  filters: {
    createTime: 'between',
    id: 'equal',
    projectId: 'equal',
    batchNumber: 'like',
    status: 'in',
    logisticsStatus: 'in',
    plannedShipDate: 'between',
    portOfLoading: 'equal',
    portOfDischarge: 'equal',
    blurry: { op: 'blurry', columns: ['batchNumber', 'name', 'destinationSite'] },
  },
  // Spec §7: by status ascending then createTime descending (or sort=logisticsStatus,asc).
  defaultSort: ['status,asc', 'createTime,desc'],
  permissions: {
    list: batchReaders,
    create: 'projectBatch:add',
    update: 'projectBatch:edit',
    delete: 'projectBatch:del',
  },
  scope: batchScope,
  hooks: {
    beforeCreate: async (ctx, data) => {
      const project = await ownedProject(ctx, data.projectId);
      checkPorts(data);
      return { ...data, tenantId: project.tenantId, status: BatchStatus.planned, logisticsStatus: 0 };
    },
    beforeUpdate: async (ctx, existing, data) => {
      ownerOnly(ctx, existing);
      checkPorts(data);
      return data;
    },
    beforeDelete: async (ctx, rows) => {
      for (const r of rows) ownerOnly(ctx, r);
      const ids = rows.map((r) => r.id);
      if (await batchesHaveRows(ctx.db, ids))
        throw new AppError(400, 'resource.in_use', { what: rows.map((r) => r.batchNumber).join(', ') });
      for (const f of batchFollowers) await f.batchesRemoved?.(ctx.db, ids);
      await ctx.db.delete(batchPartners).where(inArray(batchPartners.batchId, ids));
    },
    decorate: decorateBatches,
  },
});

const bpFilters = {
  createTime: 'between',
  batchId: 'equal',
  projectId: 'equal',
  partnerTenantId: 'equal',
  partnerEnd: 'equal',
  bpStatus: 'in',
} as const;
const bpPermissions = {
  list: 'projectBatch:list',
  create: 'projectBatch:edit',
  update: 'projectBatch:edit',
  delete: 'projectBatch:edit',
} as const;

async function decoratePartners(ctx: Ctx, rows: RowOf<typeof batchPartners>[]) {
  const names = await tenantNames(
    ctx.db,
    rows.map((r) => r.partnerTenantId),
  );
  const batches = await batchNumbers(
    ctx.db,
    rows.map((r) => r.batchId),
  );
  const batchIds = [...new Set(rows.map((r) => r.batchId))];
  const lists = await listsOfBatches(ctx.db, batchIds);
  return rows.map((r) => {
    const list = lists.find((l) => l.batchId === r.batchId && l.supplierTenantId === r.partnerTenantId);
    return decorated(r, {
      partnerName: names.get(r.partnerTenantId)?.name ?? null,
      batchNumber: batches.get(r.batchId) ?? null,
      materialListId: list?.id ?? null,
      materialListStatus: list?.status ?? null,
    });
  });
}

export const batchPartnerResource = defineResource({
  family: families.batchPartner,
  table: batchPartners,
  create: batchPartnerCreate,
  update: batchPartnerCreate.pick({ contractId: true, remark: true }).partial(),
  filters: bpFilters,
  defaultSort: ['bpStatus,asc', 'createTime,asc'],
  permissions: bpPermissions,
  scope: batchPartnerScope,
  hooks: {
    beforeCreate: async (ctx, data) => {
      const batch = await visibleBatch(ctx, data.batchId);
      ownerOnly(ctx, batch);
      const partnerId = data.partnerTenantId;
      const [link] = await ctx.db
        .select({ status: partnerships.status, end: tenants.end })
        .from(partnerships)
        .innerJoin(tenants, eq(tenants.id, partnerships.partnerTenantId))
        .where(and(eq(partnerships.tenantId, batch.tenantId), eq(partnerships.partnerTenantId, partnerId)));
      // Invited partners may be planned in; they see the batch once they accept.
      if (!link || link.status === PartnershipStatus.declined) throw badRequest('batch.not_partner');
      if (link.end !== TenantEnd.supplier && link.end !== TenantEnd.logistics)
        throw badRequest('partner.bad_end');
      const [dup] = await ctx.db
        .select({ id: batchPartners.id })
        .from(batchPartners)
        .where(and(eq(batchPartners.batchId, batch.id), eq(batchPartners.partnerTenantId, partnerId)));
      if (dup) throw badRequest('batch.partner_exists');
      await checkContract(ctx, data.contractId, batch.tenantId, partnerId);
      return {
        ...data,
        tenantId: batch.tenantId,
        projectId: batch.projectId,
        partnerEnd: link.end,
        bpStatus: 0,
      };
    },
    afterCreate: async (ctx, row) => {
      for (const f of batchFollowers)
        await f.partnerJoined?.(ctx.db, ctx.auth, row as typeof batchPartners.$inferSelect);
      const batchNumber = (await batchNumbers(ctx.db, [row.batchId])).get(row.batchId);
      const project = (await projectNames(ctx.db, [row.projectId])).get(row.projectId);
      await recordChange(ctx.db, ctx.auth, {
        tenantId: row.tenantId,
        entity: 'batchPartner',
        entityId: row.id,
        action: 'partnerAdded',
        to: 0,
        batchId: row.batchId,
        projectId: row.projectId,
        partyTenantId: row.partnerTenantId,
      });
      await notify(
        ctx.db,
        {
          to: { tenants: [row.partnerTenantId] },
          title: 'notice.batch_joined',
          params: { batch: batchNumber, project: project?.name },
          type: 'business',
        },
        ctx.auth.username,
      );
    },
    beforeUpdate: async (ctx, existing, data) => {
      ownerOnly(ctx, existing);
      await checkContract(ctx, data.contractId, existing.tenantId, existing.partnerTenantId);
      return data;
    },
    beforeDelete: async (ctx, rows) => {
      for (const r of rows) {
        ownerOnly(ctx, r);
        if (await batchesHaveRows(ctx.db, [r.batchId], r.partnerTenantId))
          throw badRequest('batch.has_materials');
        for (const f of batchFollowers) await f.partnerLeft?.(ctx.db, r.batchId, r.partnerTenantId);
      }
    },
    decorate: decoratePartners,
  },
});

async function checkContract(
  ctx: Ctx,
  contractId: number | null | undefined,
  shipperId: number,
  partnerId: number,
) {
  if (contractId == null) return;
  const [c] = await ctx.db
    .select({ id: projectContracts.id })
    .from(projectContracts)
    .where(
      and(
        eq(projectContracts.id, contractId),
        eq(projectContracts.tenantId, shipperId),
        eq(projectContracts.supplierTenantId, partnerId),
      ),
    );
  if (!c) throw badRequest('validation', { field: 'contractId', reason: String(contractId) });
}

/** GET /api/viewProjectBatchPartner: partners with names and list status, sorted by bpStatus (spec §7). */
export const viewProjectBatchPartnerResource = defineResource({
  family: families.viewProjectBatchPartner,
  table: batchPartners,
  create: batchPartnerCreate,
  filters: bpFilters,
  defaultSort: ['bpStatus,asc', 'createTime,asc'],
  permissions: bpPermissions,
  scope: batchPartnerScope,
  actions: ['list'],
  hooks: { decorate: decoratePartners },
});

export const batchResources = [projectBatchResource, batchPartnerResource, viewProjectBatchPartnerResource];
