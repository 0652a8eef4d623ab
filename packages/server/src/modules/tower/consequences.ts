// What follows a re-projection, in the same transaction: the exceptions the product opens or closes (a
// batch late or at risk, a milestone overdue with no event), their owners told through the outbox. Every
// path that re-projects (a command, a saved plan, the job) ends here.
import {
  ExceptionStatus,
  Health,
  isMessageCode,
  type MessageCode,
  milestones,
  translate,
} from '@tradelane/contract';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { towerExceptions } from '../../db/schema-tower.ts';
import { type Actor, ChangeBuffer, type ChangeEvent } from '../../workflow/events.ts';
import { moveAsSystem } from '../../workflow/in-process.ts';
import { systemCaller } from '../../workflow/kernel.ts';
import { type BatchParties, batchParties } from './audience.ts';
import { emitEvents, exceptionEvent, type OutEvent, reprojectionEvents } from './events-out.ts';
import { closeExceptionCommand, tellOwners } from './exceptions.ts';
import type { Reprojected } from './reproject.ts';

type Exception = typeof towerExceptions.$inferSelect;

/** Whose move it is: the owner party of the next milestone, as a company of the batch (else the shipper). */
function ownerOf(b: BatchParties, code: string | null) {
  const party = milestones.find((m) => m.code === code)?.owner ?? 'shipper';
  const tenant = party === 'logistics' ? b.logistics[0] : party === 'supplier' ? b.suppliers[0] : undefined;
  return tenant
    ? { ownerTenantId: tenant, ownerParty: party }
    : { ownerTenantId: b.tenantId, ownerParty: 'shipper' };
}

/** A close's change record says why in each reader's language (the product's words, not a user's note). */
class ProductWords extends ChangeBuffer {
  override add(who: Actor, e: ChangeEvent) {
    const why = e.note && isMessageCode(e.note) ? e.note : null;
    super.add(
      who,
      why ? { ...e, note: null, label: { zh: translate(why, 'zh'), en: translate(why, 'en') } } : e,
    );
  }
}

/**
 * Closes the product's open exceptions under these keys, saying why: the machine's close, moved as the
 * `system` party in the caller's transaction (`by` names the user whose step it follows, of `tenantId`).
 */
export async function closeExceptions(db: Db, keys: string[], why: MessageCode, by: string, tenantId = 0) {
  if (!keys.length) return;
  const words = new ProductWords();
  await moveAsSystem(
    db,
    closeExceptionCommand,
    and(inArray(towerExceptions.dedupeKey, keys), lt(towerExceptions.status, ExceptionStatus.resolved)),
    (row) => ({ id: row.id as number, note: why }),
    systemCaller(by, tenantId),
    words,
  );
  await words.flush(db);
}
const close = (db: Db, keys: string[], why: MessageCode) => closeExceptions(db, keys, why, 'system');

/** Answers how many exceptions it opened. */
export async function towerAfterReprojection(db: Db, results: Reprojected[], by: string): Promise<number> {
  if (!results.length) return 0;
  const parties = await batchParties(
    db,
    results.map((r) => r.batch.id),
  );
  const opened: Exception[] = [];
  for (const r of results) {
    const b = parties.get(r.batch.id);
    if (!b) continue;
    const id = r.batch.id;
    const open = async (
      row: Omit<typeof towerExceptions.$inferInsert, 'tenantId' | 'projectId' | 'batchId' | 'source'>,
    ) => {
      const [e] = await db
        .insert(towerExceptions)
        .values({
          ...row,
          tenantId: b.tenantId,
          projectId: b.projectId,
          batchId: id,
          source: 'product',
          createBy: by,
        })
        .onConflictDoNothing()
        .returning();
      if (e) opened.push(e);
    };
    const health = r.after.health;
    const common = {
      batch: b.batchNumber,
      projected: r.after.projectedDelivery,
      required: r.plan.requiredOnSite,
      days: Math.abs(r.after.slackDays ?? 0),
    };
    const owner = ownerOf(b, r.plan.nextMilestone);
    const turned = r.before.health !== health;
    if (health === Health.late) {
      await close(db, [`atRisk:${id}`], 'exception.closed_escalated');
      if (turned)
        await open({
          kind: 'late',
          dedupeKey: `late:${id}`,
          titleCode: 'exception.title_late',
          params: common,
          ...owner,
          dueDate: r.today,
        });
    } else if (health === Health.atRisk) {
      await close(db, [`late:${id}`], 'exception.closed_back_on_track');
      if (turned)
        await open({
          kind: 'atRisk',
          dedupeKey: `atRisk:${id}`,
          titleCode: 'exception.title_atRisk',
          params: common,
          ...owner,
          dueDate: r.today,
        });
    } else await close(db, [`late:${id}`, `atRisk:${id}`], 'exception.closed_back_on_track');
    // A milestone planned before today and not reached: overdue, for the party whose milestone it is.
    const reachedKeys: string[] = [];
    for (const m of r.milestones) {
      const key = `overdue:${id}:${m.code}`;
      if (m.actual) reachedKeys.push(key);
      else if (m.planned && m.planned < r.today && r.plan.nextMilestone === m.code) {
        // Once per milestone: a resolved one is not opened again.
        const [seen] = await db
          .select({ id: towerExceptions.id })
          .from(towerExceptions)
          .where(eq(towerExceptions.dedupeKey, key))
          .limit(1);
        if (seen) continue;
        const def = milestones.find((x) => x.code === m.code);
        await open({
          kind: 'overdue',
          dedupeKey: key,
          milestone: m.code,
          titleCode: 'exception.title_overdue',
          params: { batch: b.batchNumber, milestoneZh: def?.zh, milestoneEn: def?.en, planned: m.planned },
          ...ownerOf(b, m.code),
          dueDate: r.today,
        });
      }
    }
    await close(db, reachedKeys, 'exception.closed_reached');
  }
  await tellOwners(db, opened);
  const events: OutEvent[] = [];
  for (const r of results) {
    const b = parties.get(r.batch.id);
    if (b) events.push(...reprojectionEvents(r, b));
  }
  for (const e of opened) {
    const b = parties.get(e.batchId as number);
    if (b) events.push(exceptionEvent('exception.opened', e, b));
  }
  await emitEvents(db, events);
  return opened.length;
}
