// Material rows, material lists and material codes as declarations. Rows change only while their
// list is a draft (or returned), only by their supplier; a confirmed list is immutable for everyone.

import { materialListMachine, materialTagText, suppliesCreate, suppliesUpdate } from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { materialCodes, materialLists, supplies } from '../../db/schema-project.ts';
import { AppError, forbidden, langOf } from '../../http/errors.ts';
import { type Ctx, decorated, defineResource, outer, type RowOf } from '../../resources/engine.ts';
import { actionsFor } from '../../workflow/kernel.ts';
import { hsCodeProblem } from '../hs/hs-index.ts';
import { followMaterialList } from '../project/batch-routes.ts';
import { contractParties, projectContractResource } from '../project/contracts.ts';
import { batchNumbers, tenantNameField, tenantNames } from '../project/names.ts';
import { materialListScope, suppliesScope } from './access.ts';
import {
  assertEditable,
  lineTotal,
  listById,
  nextLineNo,
  refreshBatchStatus,
  rememberMaterials,
  supplierList,
  touchList,
} from './lists.ts';

/** A code that is malformed, not HS 2022 or unknown is refused with its own message (hs-index.ts). */
export function checkHsCode(code: unknown, ctx: Pick<Ctx, 'request'>) {
  if (!code) return;
  const problem = hsCodeProblem(String(code), langOf(ctx.request));
  if (problem) throw new AppError(400, problem.code, problem.params);
}

/** The supplier's first row on a batch starts its part (bpStatus 0 → 1). */
export async function startSupplierPart(ctx: Ctx, batchId: number) {
  await followMaterialList(ctx, batchId, ctx.auth.tenantId, 'start');
}

/**
 * The supplier's name, and for rows still without an HS code an earlier classification: the code the
 * supplier remembered for the row's material code, else the supplier's latest classified row of the same
 * name. Computed in the page's own statement, each lookup inside the row's supplier and backed by an index
 * (material_code_uq; supplies_hs_by_name_idx), never a scan across tenants (docs/scaling.md).
 */
function computedRows(): Record<string, SQL> {
  const [tenant, code, name, hs] = [
    outer(supplies.supplierTenantId),
    outer(supplies.materialCode),
    outer(supplies.name),
    outer(supplies.hsCode),
  ];
  return {
    supplierName: tenantNameField(tenant),
    suggestedHsCode: sql<string | null>`case when coalesce(${hs}, '') = '' then coalesce(
      (select mc.hs_code from ${materialCodes} mc
       where mc.tenant_id = ${tenant} and mc.code = ${code} and mc.hs_code is not null),
      (select s2.hs_code from ${supplies} s2
       where s2.supplier_tenant_id = ${tenant} and s2.name = ${name} and s2.hs_code is not null
       order by s2.update_time desc, s2.id desc limit 1)) end`,
  };
}

async function checkContractOfProject(ctx: Ctx, contractId: number | null | undefined, projectId: number) {
  if (contractId === null || contractId === undefined) return;
  const c = await contractParties(ctx.db, contractId);
  if (!c || c.projectId !== projectId || c.supplierTenantId !== ctx.auth.tenantId)
    throw new AppError(400, 'resource.bad_reference', { field: 'contractId', value: String(contractId) });
}

export const suppliesResource = defineResource({
  family: families.supplies,
  table: supplies,
  create: suppliesCreate,
  update: suppliesUpdate,
  filters: {
    createTime: 'between',
    id: 'equal',
    batchId: 'equal',
    listId: 'equal',
    projectId: 'equal',
    supplierTenantId: 'equal',
    contractId: 'equal',
    materialCode: 'equal',
    hsCode: 'equal',
    name: 'like',
    originCountry: 'equal',
    currency: 'equal',
    tag: { op: 'custom', build: (v) => sql`${supplies.tags} @> ${JSON.stringify([v[0]])}::jsonb` },
    hsMissing: {
      op: 'custom',
      build: (v) => (v[0] === 'true' ? sql`${supplies.hsCode} is null` : undefined),
    },
    blurry: { op: 'blurry', columns: ['name', 'enName', 'spec', 'materialCode', 'brand', 'hsCode'] },
  },
  textIndex: ['name', 'enName', 'spec', 'materialCode', 'brand', 'hsCode'],
  large: true,
  // Over a company's whole set, the sorts an index serves: list, code, time, id. The screen's other sorts
  // (line, quantity, amount) are a list's or a batch's, whose rows are sorted as found; across a company's
  // million no index serves them (65–78 ms for a first page at 1M), nor name or unit price (77–91 ms).
  sortable: ['listId', 'hsCode', 'createTime', 'id'],
  sortableWhenNarrowed: { filters: ['listId', 'batchId'], fields: ['lineNo', 'quantity', 'totalPrice'] },
  defaultSort: ['listId,asc', 'lineNo,asc'],
  exportText: {
    tags: (v, lang) =>
      materialTagText(Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : null, lang),
  },
  permissions: {
    list: 'supplies:list',
    create: 'supplies:add',
    update: 'supplies:edit',
    delete: 'supplies:del',
  },
  scope: suppliesScope,
  // A row may name only a contract its supplier sees (its own), of the batch's project.
  references: { contractId: { to: () => projectContractResource } },
  hooks: {
    beforeCreate: async (ctx, data) => {
      const found = await supplierList(ctx, data.batchId);
      assertEditable(found.list);
      await checkContractOfProject(ctx, data.contractId, found.batch.projectId);
      const list = await touchList(ctx, found.list);
      checkHsCode(data.hsCode, ctx);
      return {
        ...data,
        tenantId: found.batch.tenantId,
        projectId: found.batch.projectId,
        listId: list.id,
        supplierTenantId: ctx.auth.tenantId,
        lineNo: data.lineNo ?? (await nextLineNo(ctx.db, list.id)),
        totalPrice: lineTotal(data.quantity, data.unitPrice),
        tags: [],
      };
    },
    afterCreate: async (ctx, row) => {
      await rememberMaterials(ctx.db, ctx.auth.tenantId, [row as never], ctx.auth.username);
      await startSupplierPart(ctx, row.batchId);
      await refreshBatchStatus(ctx.db, ctx.auth, row.batchId);
    },
    beforeUpdate: async (ctx, existing, data) => {
      const list = await listById(ctx.db, existing.listId, true);
      if (!list) throw forbidden();
      assertEditable(list);
      if (existing.supplierTenantId !== ctx.auth.tenantId) throw forbidden();
      await checkContractOfProject(ctx, data.contractId, existing.projectId);
      await touchList(ctx, list);
      checkHsCode(data.hsCode, ctx);
      const quantity = data.quantity ?? existing.quantity;
      const unitPrice = data.unitPrice === undefined ? existing.unitPrice : data.unitPrice;
      return { ...data, totalPrice: lineTotal(quantity, unitPrice) };
    },
    afterUpdate: async (ctx, row) => {
      await rememberMaterials(ctx.db, ctx.auth.tenantId, [row as never], ctx.auth.username);
    },
    beforeDelete: async (ctx, rows) => {
      for (const listId of new Set(rows.map((r) => r.listId))) {
        const list = await listById(ctx.db, listId, true);
        if (!list) throw forbidden();
        assertEditable(list);
        if (list.supplierTenantId !== ctx.auth.tenantId) throw forbidden();
        await touchList(ctx, list);
      }
    },
  },
  computed: computedRows,
});

async function decorateLists(ctx: Ctx, rows: RowOf<typeof materialLists>[]) {
  const names = await tenantNames(
    ctx.db,
    rows.map((r) => r.supplierTenantId),
  );
  const batches = await batchNumbers(
    ctx.db,
    rows.map((r) => r.batchId),
  );
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await ctx.db
        .select({ listId: supplies.listId, n: sql<number>`count(*)::int` })
        .from(supplies)
        .where(inArray(supplies.listId, ids))
        .groupBy(supplies.listId)
    : [];
  return rows.map((r) => {
    // The commands the caller may fire on the list now (its own side only), as the kernel knows them.
    const actions = actionsFor(ctx, materialListMachine, r);
    return decorated(r, {
      supplierName: names.get(r.supplierTenantId)?.name ?? null,
      batchNumber: batches.get(r.batchId) ?? null,
      rows: Number(counts.find((c) => c.listId === r.id)?.n ?? 0),
      actions,
      events: actions.filter((e) => e !== 'edit'),
    });
  });
}

/** GET /api/materialList: the status rows (one per supplier per batch); they move by commands only. */
export const materialListResource = defineResource({
  family: families.materialList,
  table: materialLists,
  create: z.object({}),
  filters: { batchId: 'equal', projectId: 'equal', supplierTenantId: 'equal', status: 'in', id: 'equal' },
  defaultSort: ['status,asc', 'updateTime,desc'],
  permissions: { list: 'supplies:list' },
  scope: materialListScope,
  actions: ['list'],
  hooks: { decorate: decorateLists },
});

/** A supplier's remembered material codes (with their last HS classification). */
export const materialCodeResource = defineResource({
  family: families.materialCode,
  table: materialCodes,
  create: z.object({
    code: z.string().trim().min(1).max(64),
    name: z.string().trim().min(1).max(200),
    enName: z.string().trim().max(200).nullish(),
    spec: z.string().trim().max(200).nullish(),
    brand: z.string().trim().max(100).nullish(),
    unit: z.string().trim().max(20).nullish(),
    hsCode: suppliesCreate.shape.hsCode,
    originCountry: suppliesCreate.shape.originCountry,
  }),
  filters: {
    code: 'equal',
    name: 'like',
    hsCode: 'equal',
    blurry: { op: 'blurry', columns: ['code', 'name', 'enName', 'spec'] },
  },
  defaultSort: ['code,asc'],
  permissions: {
    list: 'supplies:list',
    create: 'supplies:edit',
    update: 'supplies:edit',
    delete: 'supplies:edit',
  },
  scope: 'tenant',
  hooks: {
    beforeCreate: async (ctx, data) => {
      checkHsCode(data.hsCode, ctx);
      return data;
    },
    beforeUpdate: async (ctx, _existing, data) => {
      checkHsCode(data.hsCode, ctx);
      return data;
    },
  },
});

export const suppliesResources = [suppliesResource, materialListResource, materialCodeResource];
