// Contracts with suppliers and their files: declarations plus createBatch, commitByNumber, queryByProId.

import { contractFileCreate, PartnershipStatus, projectContractCreate } from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { projectOps } from '@tradelane/contract/api/project';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { partnerships } from '../../db/schema.ts';
import { batchPartners, projectContractFiles, projectContracts } from '../../db/schema-project.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { type Ctx, ctxOf, defineResource, getVisible, type RowOf, toWire } from '../../resources/engine.ts';
import { fileRow, fileUrl } from '../files/service.ts';
import { contractFileScope, contractScope, ownedProject, ownerOnly } from './access.ts';
import { projectNames, tenantNames } from './names.ts';
import { asAnswer } from './wire.ts';

/** A contract's project and supplier (a material row names its contract; the row must be of both). */
export async function contractParties(db: Db, contractId: number) {
  const [c] = await db
    .select({ projectId: projectContracts.projectId, supplierTenantId: projectContracts.supplierTenantId })
    .from(projectContracts)
    .where(eq(projectContracts.id, contractId));
  return c;
}

async function checkCounterparty(ctx: Ctx, shipperId: number, partnerId: number) {
  const [link] = await ctx.db
    .select({ id: partnerships.id })
    .from(partnerships)
    .where(
      and(
        eq(partnerships.tenantId, shipperId),
        eq(partnerships.partnerTenantId, partnerId),
        eq(partnerships.status, PartnershipStatus.accepted),
      ),
    );
  if (!link) throw badRequest('contract.bad_counterparty');
}

async function checkNumber(ctx: Ctx, shipperId: number, number: string, exceptId?: number) {
  const [dup] = await ctx.db
    .select({ id: projectContracts.id })
    .from(projectContracts)
    .where(
      and(
        eq(projectContracts.tenantId, shipperId),
        eq(projectContracts.contractNumber, number),
        exceptId ? ne(projectContracts.id, exceptId) : undefined,
      ),
    );
  if (dup) throw new AppError(409, 'contract.number_taken', { number });
}

async function decorateContracts(ctx: Ctx, rows: RowOf<typeof projectContracts>[]) {
  const names = await tenantNames(
    ctx.db,
    rows.map((r) => r.supplierTenantId),
  );
  const projects = await projectNames(
    ctx.db,
    rows.map((r) => r.projectId),
  );
  const ids = rows.map((r) => r.id);
  const fileRows = ids.length
    ? await ctx.db
        .select()
        .from(projectContractFiles)
        .where(inArray(projectContractFiles.contractId, ids))
        .orderBy(asc(projectContractFiles.id))
    : [];
  return rows.map((r) => ({
    ...r,
    supplierName: names.get(r.supplierTenantId)?.name ?? null,
    projectName: projects.get(r.projectId)?.name ?? null,
    files: fileRows
      .filter((f) => f.contractId === r.id)
      .map((f) => ({ id: f.id, fileId: f.fileId, name: f.name, url: f.url })),
  }));
}

const contractFilters = {
  createTime: 'between',
  id: 'equal',
  projectId: 'equal',
  supplierTenantId: 'equal',
  contractNumber: 'like',
  currency: 'equal',
  status: 'in',
  signDate: 'between',
  blurry: { op: 'blurry', columns: ['contractNumber', 'name', 'remark'] },
} as const;
const contractPermissions = {
  list: 'projectContract:list',
  create: 'projectContract:add',
  update: 'projectContract:edit',
  delete: 'projectContract:del',
} as const;

export const projectContractResource = defineResource({
  family: families.projectContract,
  table: projectContracts,
  create: projectContractCreate,
  update: projectContractCreate.omit({ projectId: true }).partial(),
  filters: contractFilters,
  permissions: contractPermissions,
  scope: contractScope,
  hooks: {
    beforeCreate: async (ctx, data) => {
      const project = await ownedProject(ctx, data.projectId);
      await checkCounterparty(ctx, project.tenantId, data.supplierTenantId);
      await checkNumber(ctx, project.tenantId, data.contractNumber);
      return { ...data, tenantId: project.tenantId };
    },
    beforeUpdate: async (ctx, existing, data) => {
      ownerOnly(ctx, existing);
      const shipperId = existing.tenantId;
      if (data.supplierTenantId != null) await checkCounterparty(ctx, shipperId, data.supplierTenantId);
      if (data.contractNumber) await checkNumber(ctx, shipperId, data.contractNumber, existing.id);
      return data;
    },
    beforeDelete: async (ctx, rows) => {
      for (const r of rows) ownerOnly(ctx, r);
      const ids = rows.map((r) => r.id);
      const [used] = await ctx.db
        .select({ id: batchPartners.id })
        .from(batchPartners)
        .where(inArray(batchPartners.contractId, ids))
        .limit(1);
      if (used)
        throw new AppError(400, 'resource.in_use', { what: rows.map((r) => r.contractNumber).join(', ') });
      await ctx.db.delete(projectContractFiles).where(inArray(projectContractFiles.contractId, ids));
    },
    decorate: decorateContracts,
  },
});

/** GET /api/viewProjectContract (+ queryById): contracts with counterparty, project and files. */
export const viewProjectContractResource = defineResource({
  family: families.viewProjectContract,
  table: projectContracts,
  create: projectContractCreate,
  filters: contractFilters,
  permissions: contractPermissions,
  scope: contractScope,
  actions: ['list'],
  hooks: { decorate: decorateContracts },
});

/** Attaches an uploaded file of the shipper's tenant to its contract. */
async function fileRowFor(
  ctx: Ctx,
  contract: Pick<RowOf<typeof projectContracts>, 'id' | 'tenantId'>,
  fileId: number,
  remark?: string | null,
) {
  const file = await fileRow(ctx.db, fileId, contract.tenantId);
  if (!file) throw badRequest('validation', { field: 'fileId', reason: String(fileId) });
  return {
    tenantId: contract.tenantId,
    contractId: contract.id,
    fileId: file.id,
    name: file.name,
    url: fileUrl(file),
    remark: remark ?? null,
  };
}

export const projectContractFileResource = defineResource({
  family: families.projectContractFile,
  table: projectContractFiles,
  create: contractFileCreate,
  update: contractFileCreate.pick({ remark: true }),
  filters: { contractId: 'equal', name: 'like' },
  defaultSort: ['createTime,asc'],
  permissions: {
    list: 'projectContract:list',
    create: 'projectContract:edit',
    update: 'projectContract:edit',
    delete: 'projectContract:edit',
  },
  scope: contractFileScope,
  hooks: {
    beforeCreate: async (ctx, data) => {
      const contract = await getVisible(projectContractResource, ctx, data.contractId);
      ownerOnly(ctx, contract);
      return { ...data, ...(await fileRowFor(ctx, contract, data.fileId, data.remark)) };
    },
    beforeUpdate: async (ctx, existing, data) => {
      ownerOnly(ctx, existing);
      return data;
    },
    beforeDelete: async (ctx, rows) => {
      for (const r of rows) ownerOnly(ctx, r);
    },
  },
});

export const contractResources = [
  projectContractResource,
  viewProjectContractResource,
  projectContractFileResource,
];

export async function contractRoutes(app: FastifyInstance) {
  mount(app, projectOps.attachContractFiles, async (request) => {
    const ctx = ctxOf(app, request);
    const body = request.body;
    const out = await app.db.transaction(async (tx) => {
      const tctx = { ...ctx, db: tx };
      const contract = await getVisible(projectContractResource, tctx, body.contractId);
      ownerOnly(tctx, contract);
      const values = [];
      for (const fileId of [...new Set(body.fileIds)]) {
        values.push({ ...(await fileRowFor(tctx, contract, fileId)), createBy: ctx.auth.username });
      }
      return tx.insert(projectContractFiles).values(values).returning();
    });
    return asAnswer(projectOps.attachContractFiles, out);
  });

  // Is a contract number already used by the caller's company? (The form checks before saving.)
  mount(app, projectOps.contractNumber, async (request) => {
    const ctx = ctxOf(app, request);
    const { n } = request.query;
    const [row] = await app.db
      .select()
      .from(projectContracts)
      .where(and(eq(projectContracts.contractNumber, n), contractScope(ctx)))
      .limit(1);
    return asAnswer(projectOps.contractNumber, {
      contractNumber: n,
      exists: Boolean(row),
      contract: row ? toWire({}, row) : null,
    });
  });

  mount(app, projectOps.contractsOfProject, async (request) => {
    const ctx = ctxOf(app, request);
    const { proid } = request.query;
    const rows = await app.db
      .select()
      .from(projectContracts)
      .where(and(eq(projectContracts.projectId, proid), contractScope(ctx)))
      .orderBy(asc(projectContracts.contractNumber));
    return asAnswer(projectOps.contractsOfProject, await decorateContracts(ctx, rows));
  });
}
