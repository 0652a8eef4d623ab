// Events out (DESIGN §9): an event of the control tower is an outbox entry written in the transaction that
// caused it; after commit the dispatcher turns it into one delivery per subscribed webhook of each tenant it
// concerns (webhooks.ts sends them, signed, with retries). Nothing leaves before commit.
import { randomUUID } from 'node:crypto';
import type { WebhookEvent, webhookPayloads } from '@tradelane/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { enqueue } from '../../workflow/outbox.ts';

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
