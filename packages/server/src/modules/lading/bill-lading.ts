// The logistics provider's bill of lading for a batch (spec §7 `billLading`: PUT when an id is present,
// else POST): a declaration on the engine — pre-filled on creation from the batch (its
// ports, its shipper, the cargo of its handed-over boxes, the vessel of its containers), containers and
// seals taken from the logistics module at every save — and submit / confirm / reject on the kernel.

import {
  type BillLadingContainer,
  BillLadingStatus,
  billLadingCreate,
  billLadingFieldLabels,
  billLadingMachine,
  billLadingRequired,
  billLadingStatusLabels,
  billLadingUpdate,
  freightTerms,
} from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { papersOps } from '@tradelane/contract/api/papers';
import { eq } from 'drizzle-orm';
import { tenants } from '../../db/schema.ts';
import { billLadings } from '../../db/schema-lading.ts';
import { AppError, badRequest, langOf, notFound } from '../../http/errors.ts';
import { type Ctx, defineResource, type Row, type RowOf } from '../../resources/engine.ts';
import { actionsFor, defineCommand } from '../../workflow/kernel.ts';
import { cargoOf, handedOverBoxNumbers } from '../boxes/batch-boxes.ts';
import { acceptedInstruction } from '../entrust/entrust.ts';
import { batchContainers } from '../logistics/capacity.ts';
import { isLogistics, ownEditable } from '../papers/access.ts';
import {
  newPaper,
  type PaperNotices,
  paperCommand,
  shipperReview,
  teller,
  withParties,
} from '../papers/paper.ts';
import { batchById } from '../project/batches.ts';
import { findPort } from '../reference/ports.ts';
import { billLadingScope } from './access.ts';

const link = (batchId: unknown) => `/papers/billLading?batchId=${batchId}`;

const onB_L = (rows: Awaited<ReturnType<typeof batchContainers>>): BillLadingContainer[] =>
  rows.map(({ vessel: _v, voyage: _y, blNumber: _b, ...c }) => c);

function checkPorts(data: Row) {
  for (const field of ['portOfLoading', 'portOfDischarge']) {
    const code = data[field];
    if (typeof code === 'string' && code && !findPort(code))
      throw badRequest('validation', { field, reason: code });
  }
}

/** What the batch already says, for the fields a new B/L leaves blank. */
async function prefill(ctx: Ctx, data: { batchId: number } & Row): Promise<Row> {
  const { batchId } = data;
  const batch = await batchById(ctx.db, batchId);
  if (!batch) throw notFound();
  const [owner] = await ctx.db
    .select({ name: tenants.corporateName, address: tenants.address, phone: tenants.contactPhone })
    .from(tenants)
    .where(eq(tenants.id, batch.tenantId));
  const cargo = (await cargoOf(ctx.db, [batchId])).get(batchId);
  const boxes = await handedOverBoxNumbers(ctx.db, batchId);
  const held = await batchContainers(ctx.db, batchId);
  const sailing = held.find((c) => c.vessel);
  // The number the provider gave when the containers went on board.
  const onBoard = held.find((c) => c.blNumber)?.blNumber ?? null;
  // The shipper's accepted instruction says who ships to whom, on which vessel, what cargo.
  const told = await acceptedInstruction(ctx.db, batchId, ctx.auth.tenantId);
  const marks = boxes.length
    ? `${batch.batchNumber}\nC/NO. ${boxes[0].n}${boxes.length > 1 ? ` – ${boxes[boxes.length - 1].n}` : ''}`
    : batch.batchNumber;
  const blank = (k: string) => data[k] === undefined || data[k] === null || data[k] === '';
  const defaults: Row = {
    blNumber: onBoard,
    shipper: told?.shipper || [owner?.name, owner?.address, owner?.phone].filter(Boolean).join('\n') || null,
    consignee: told?.consignee ?? null,
    notifyParty: told?.notifyParty ?? null,
    description: told?.description ?? null,
    // What went on board wins over what was asked for.
    vessel: sailing?.vessel ?? told?.vessel ?? null,
    voyage: sailing?.vessel ? sailing.voyage : (told?.voyage ?? null),
    portOfLoading: told?.portOfLoading ?? batch.portOfLoading,
    portOfDischarge: told?.portOfDischarge ?? batch.portOfDischarge,
    placeOfDelivery: told?.placeOfDelivery || batch.destinationSite,
    marksAndNumbers: marks,
    packages: cargo?.packages ?? null,
    grossWeight: cargo?.grossWeight ?? null,
    measurement: cargo?.measurement ?? null,
    originals: 3,
  };
  const out: Row = { ...data };
  for (const [k, v] of Object.entries(defaults)) if (blank(k)) out[k] = v;
  return out;
}

async function decorateBills(ctx: Ctx, rows: RowOf<typeof billLadings>[]) {
  const lang = langOf(ctx.request);
  const cargo = await cargoOf(ctx.db, [...new Set(rows.map((r) => r.batchId))]);
  return (await withParties(ctx, rows)).map((r) => ({
    ...r,
    portOfLoadingName: findPort(r.portOfLoading)?.name ?? null,
    portOfDischargeName: findPort(r.portOfDischarge)?.name ?? null,
    freightTermsLabel: freightTerms.find((f) => f.code === r.freightTerms)?.[lang] ?? null,
    /** The cargo of the batch's boxes now (the B/L's figures may have been edited). */
    fromBoxes: cargo.get(r.batchId) ?? {
      batchId: r.batchId,
      packages: 0,
      grossWeight: '0.000',
      measurement: '0.000',
    },
    actions: actionsFor(ctx, billLadingMachine, r),
  }));
}

export const billLadingResource = defineResource({
  family: families.billLading,
  table: billLadings,
  create: billLadingCreate,
  update: billLadingUpdate,
  filters: {
    id: 'equal',
    batchId: 'equal',
    projectId: 'equal',
    status: 'in',
    partyTenantId: 'equal',
    createTime: 'between',
    blurry: { op: 'blurry', columns: ['blNumber', 'vessel', 'voyage', 'consignee'] },
  },
  defaultSort: ['batchId,desc', 'id,desc'],
  permissions: {
    list: 'billLading:list',
    create: 'billLading:add',
    update: 'billLading:edit',
    delete: 'billLading:del',
  },
  scope: billLadingScope,
  serverOwned: [
    'tenantId',
    'projectId',
    'partyTenantId',
    'containers',
    'status',
    'reason',
    'submitTime',
    'confirmTime',
  ],
  canWrite: ownEditable(billLadingMachine),
  hooks: {
    beforeCreate: async (ctx, data) => {
      // Only a logistics provider of the batch issues a B/L for it.
      if (!isLogistics(ctx)) throw new AppError(403, 'lading.logistics_only');
      checkPorts(data);
      const paper = await newPaper(ctx, data, BillLadingStatus.draft);
      const filled = await prefill(ctx, paper);
      return { ...filled, containers: onB_L(await batchContainers(ctx.db, data.batchId)) };
    },
    beforeUpdate: async (ctx, existing, data) => {
      checkPorts(data);
      return { ...data, containers: onB_L(await batchContainers(ctx.db, existing.batchId)) };
    },
    decorate: decorateBills,
  },
});

const notices: PaperNotices = {
  link,
  params: (row) => ({ no: typeof row.blNumber === 'string' ? row.blNumber : `#${row.id}` }),
};

const billCommand = paperCommand({
  machine: billLadingMachine,
  labels: billLadingStatusLabels,
  table: billLadings,
  entity: 'billLading',
  scope: (ctx) => billLadingScope(ctx),
  decorate: decorateBills,
});

const tell = teller(notices);
const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';

export const submitBillLading = defineCommand({
  ...billCommand,
  name: 'billLading.submit',
  operation: papersOps.submitBill,
  event: 'submit',
  who: { own: (ctx, row) => row.partyTenantId === ctx.auth.tenantId },
  guards: {
    complete: ({ row }) => {
      const missing = billLadingRequired.filter((f) => blank(row[f]) || (f === 'packages' && !row[f]));
      if (!missing.length) return undefined;
      // Named in the reader's language; `missing` keeps the field ids for a form to mark.
      const names = missing.map((f) => billLadingFieldLabels[f]);
      return badRequest('lading.incomplete', {
        fields: { zh: names.map((n) => n.zh).join('、'), en: names.map((n) => n.en).join(', ') },
        missing,
      });
    },
  },
  set: () => ({ submitTime: new Date() }),
  notify: tell('tenantId', 'notice.bill_lading_submitted'),
});

const review = shipperReview({
  name: 'billLading',
  confirm: papersOps.confirmBill,
  reject: papersOps.rejectBill,
  reasonRequired: 'lading.reason_required',
  tell,
  confirmed: 'notice.bill_lading_confirmed',
  rejected: 'notice.bill_lading_rejected',
});

export const confirmBillLading = defineCommand({ ...billCommand, ...review.confirm });
export const rejectBillLading = defineCommand({ ...billCommand, ...review.reject });

export const billLadingCommands = [submitBillLading, confirmBillLading, rejectBillLading];
export { decorateBills };
