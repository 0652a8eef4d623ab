// Events out (docs/decisions.md): an event of the control tower is an outbox entry written in the transaction
// that caused it; after commit the dispatcher turns it into one delivery per subscribed webhook of each
// tenant it concerns (webhooks.ts sends them, signed, with retries). Nothing leaves before commit.
import { randomUUID } from 'node:crypto';
import {
  type ExceptionKind,
  type HealthValue,
  healthCodes,
  type MilestoneCode,
  milestones,
  type ProjectionBasis,
  scheduleKinds,
  type WebhookEvent,
  type webhookPayloads,
} from '@tradelane/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { towerExceptions } from '../../db/schema-tower.ts';
import { enqueue } from '../../workflow/outbox.ts';
import { type BatchParties, batchRef, everyone } from './audience.ts';
import { titleOf } from './exceptions.ts';
import type { Reprojected } from './reproject.ts';

export const WEBHOOK_KIND = 'webhook';

export interface OutEvent<K extends WebhookEvent = WebhookEvent> {
  kind: K;
  /** The tenants whose webhooks hear it (each only of what it may see). */
  tenants: number[];
  data: z.infer<(typeof webhookPayloads)[K]>;
}

export async function emitEvents(db: Db, events: OutEvent[]) {
  if (!events.length) return;
  await enqueue(
    db,
    events
      .filter((e) => e.tenants.length)
      .map((e) => ({
        kind: WEBHOOK_KIND,
        payload: {
          id: randomUUID(),
          kind: e.kind,
          tenants: [...new Set(e.tenants)],
          data: e.data as Record<string, unknown>,
          createdAt: new Date().toISOString(),
        },
      })),
  );
}

type Exception = typeof towerExceptions.$inferSelect;

const codeOf = (h: number | null | undefined) =>
  h === null || h === undefined ? null : (healthCodes[h as HealthValue] ?? null);

/** The events of one re-projection: each milestone just reached, and the projection when it moved. */
export function reprojectionEvents(r: Reprojected, b: BatchParties): OutEvent[] {
  const out: OutEvent[] = [];
  const tenants = everyone(b);
  for (const code of r.reached) {
    const m = r.milestones.find((x) => x.code === code);
    const def = milestones.find((x) => x.code === code);
    const dcsa = def?.dcsa ?? null;
    out.push({
      kind: 'milestone.reached',
      tenants,
      data: {
        eventType: dcsa?.eventType ?? null,
        eventClassifierCode: 'ACT',
        equipmentEventTypeCode: dcsa?.eventType === 'EQUIPMENT' ? dcsa.code : null,
        transportEventTypeCode: dcsa?.eventType === 'TRANSPORT' ? dcsa.code : null,
        shipmentEventTypeCode: dcsa?.eventType === 'SHIPMENT' ? dcsa.code : null,
        modeOfTransport: dcsa?.mode ?? null,
        eventDateTime: (m?.actual ?? new Date()).toISOString(),
        milestone: code,
        planned: m?.planned ?? null,
        location: {
          UNLocationCode:
            code === 'shipped' ? b.portOfLoading : code === 'arrived' ? b.portOfDischarge : null,
        },
        batch: batchRef(b),
      },
    });
  }
  if (r.before.projectedDelivery !== r.after.projectedDelivery || r.before.health !== r.after.health)
    out.push({
      kind: 'projection.changed',
      tenants,
      data: {
        eventClassifierCode: 'EST',
        batch: batchRef(b),
        requiredOnSite: r.plan.requiredOnSite,
        projectedDelivery: r.after.projectedDelivery,
        previousProjectedDelivery: r.before.projectedDelivery,
        health: codeOf(r.after.health),
        previousHealth: codeOf(r.before.health),
        milestones: r.milestones.map((m) => ({
          milestone: m.code as MilestoneCode,
          planned: m.planned,
          actual: m.actual ? m.actual.toISOString().slice(0, 10) : null,
          projected: m.projected,
          basis: m.basis as ProjectionBasis,
        })),
      },
    });
  return out;
}

/** An exception opened or resolved, for those who see it: every party on a schedule kind, else its sides. */
export function exceptionEvent(
  kind: 'exception.opened' | 'exception.resolved',
  e: Exception,
  b: BatchParties,
): OutEvent {
  const sides = [e.tenantId, e.ownerTenantId, e.openedByTenantId].filter(
    (t): t is number => typeof t === 'number',
  );
  return {
    kind,
    tenants: scheduleKinds.includes(e.kind as ExceptionKind) ? [...everyone(b), ...sides] : sides,
    data: {
      exception: {
        id: e.id,
        kind: e.kind as ExceptionKind,
        status: e.status,
        title: titleOf(e, 'en'),
        ownerTenantId: e.ownerTenantId,
        ownerParty: e.ownerParty,
        dueDate: e.dueDate,
        resolution: e.resolution,
        batch: batchRef(b),
      },
    },
  };
}

/** The DCSA document type code where one fits (its Track & Trace vocabulary), else the product's own. */
const DCSA_DOCUMENT: Record<string, string> = {
  bill_of_lading: 'TRD',
  declaration: 'CUS',
};

export interface SubmittedDocument {
  id: number;
  tenantId: number;
  partyTenantId: number;
  batchId: number;
  docType: string;
  name: string;
  submitTime: Date | null;
}

/** A document submitted, for the shipper that owns the batch and the company that submitted it. */
export function documentEvent(d: SubmittedDocument, b: BatchParties | undefined): OutEvent {
  return {
    kind: 'document.submitted',
    tenants: [d.tenantId, d.partyTenantId],
    data: {
      eventType: 'SHIPMENT',
      eventClassifierCode: 'ACT',
      shipmentEventTypeCode: 'SUBM',
      documentTypeCode: DCSA_DOCUMENT[d.docType] ?? d.docType,
      eventDateTime: (d.submitTime ?? new Date()).toISOString(),
      document: { id: d.id, name: d.name },
      batch: b ? batchRef(b) : null,
    },
  };
}
