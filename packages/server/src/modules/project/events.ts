// The project module's part of the event store and of notifications: the batch timeline, and the hooks
// through which the module owning a batch's children (supplies: material lists) follows batch changes.
import type { Lang } from '@tradelane/contract';
import type { Db } from '../../db/client.ts';
import type { batchPartners } from '../../db/schema-project.ts';
import type { Actor } from '../../workflow/events.ts';
import { readTimeline } from '../../workflow/events.ts';

/** The batch's events the caller may see: all for the shipper, events of its own party for a partner. */
export function batchTimeline(
  db: Db,
  batchId: number,
  viewer: { tenantId: number; owner: boolean; lang?: Lang },
) {
  return readTimeline(db, { batchId }, viewer);
}

type BatchPartnerRow = typeof batchPartners.$inferSelect;

/**
 * Other modules' tables follow a batch through a follower (each registered by its module's register
 * function, called from buildApp), so the project module never writes a table it does not own.
 */
export interface BatchFollower {
  /** A partner was added to a batch (supplies opens its draft material list). */
  partnerJoined?: (db: Db, who: Actor, bp: BatchPartnerRow) => Promise<void>;
  /** A partner is removed from a batch (supplies removes its empty material list). */
  partnerLeft?: (db: Db, batchId: number, partnerTenantId: number) => Promise<void>;
  /** Batches are being deleted (supplies removes their empty material lists). */
  batchesRemoved?: (db: Db, batchIds: number[]) => Promise<void>;
}
/** The followers, in registration order; registering one twice (a second app in a test) adds nothing. */
export const batchFollowers = new Set<BatchFollower>();
export function followBatches(follower: BatchFollower) {
  batchFollowers.add(follower);
}
