// The event store (docs/decisions.md): `change_record` is the one history — typed, indexed columns for
// tenant, project, batch, entity, action, from, to, who, when, where and note. Timelines read it here.
import type { Lang } from '@tradelane/contract';
import { and, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { changeRecords, tenants, users } from '../db/schema.ts';

export interface ChangeEvent {
  /** The shipper that owns what changed (for tenant-level events: the tenant itself). */
  tenantId: number | null;
  entity: string;
  entityId: number;
  action: string;
  from?: number | string | null;
  to?: number | string | null;
  note?: string | null;
  batchId?: number | null;
  projectId?: number | null;
  /** The partner tenant the event concerns; other partners do not see it on the timeline. */
  partyTenantId?: number | null;
  /** A port (UN/LOCODE) or city. */
  place?: string | null;
  detail?: Record<string, unknown>;
  /**
   * Words that lead the note, in both languages (an abnormal record's type: "Damage" / "破损"): kept
   * apart from what a user typed so each reader sees them in their own language.
   */
  label?: { zh: string; en: string };
}

export interface Actor {
  username: string;
  tenantId: number;
}

/** The row a change event is stored as. */
function changeRow(who: Actor, e: ChangeEvent) {
  return {
    tenantId: e.tenantId,
    projectId: e.projectId ?? null,
    batchId: e.batchId ?? null,
    entity: e.entity,
    entityId: e.entityId,
    action: e.action,
    fromStatus: e.from == null ? null : String(e.from),
    toStatus: e.to == null ? null : String(e.to),
    // A caller with no tenant (a gateway) has 0: no tenant did it.
    actorTenantId: who.tenantId || null,
    partyTenantId: e.partyTenantId ?? null,
    place: e.place ?? null,
    note: e.note ?? null,
    data: e.detail || e.label ? { ...e.detail, ...(e.label ? { label: e.label } : {}) } : null,
    createBy: who.username,
  };
}

export async function recordChange(db: Db, who: Actor, e: ChangeEvent) {
  await db.insert(changeRecords).values(changeRow(who, e));
}

/**
 * Change events of one bulk command, written together at its end (one statement per 1,000 events
 * instead of one per row); same transaction, so a refused command still leaves none.
 */
export class ChangeBuffer {
  private rows: ReturnType<typeof changeRow>[] = [];
  add(who: Actor, e: ChangeEvent) {
    this.rows.push(changeRow(who, e));
  }
  async flush(db: Db) {
    for (let i = 0; i < this.rows.length; i += 1000)
      await db.insert(changeRecords).values(this.rows.slice(i, i + 1000));
    this.rows = [];
  }
}

export interface TimelineFilter {
  batchId?: number;
  entity?: string;
  entityId?: number;
}

/**
 * A timeline: the events of a batch or of one entity, newest first. A viewer that does not own it sees
 * the events of its own party and those concerning no party.
 */
export async function readTimeline(
  db: Db,
  filter: TimelineFilter,
  viewer: { tenantId: number; owner: boolean; lang?: Lang },
  limit = 500,
  visible?: SQL,
) {
  const conds: (SQL | undefined)[] = [
    filter.batchId !== undefined ? eq(changeRecords.batchId, filter.batchId) : undefined,
    filter.entity !== undefined ? eq(changeRecords.entity, filter.entity) : undefined,
    filter.entityId !== undefined ? eq(changeRecords.entityId, filter.entityId) : undefined,
    visible,
  ];
  if (!viewer.owner)
    conds.push(or(isNull(changeRecords.partyTenantId), eq(changeRecords.partyTenantId, viewer.tenantId)));
  const rows = await db
    .select()
    .from(changeRecords)
    .where(and(...conds))
    .orderBy(desc(changeRecords.createTime), desc(changeRecords.id))
    .limit(limit);
  return describe(db, rows, viewer.lang);
}

/** Events as a timeline shows them: who by name and company, when, where, what. */
export async function describe(db: Db, rows: (typeof changeRecords.$inferSelect)[], lang: Lang = 'zh') {
  // The other side knows people by name and company, not by user name.
  const names = [...new Set(rows.map((r) => r.createBy).filter((n): n is string => Boolean(n)))];
  const people = names.length
    ? await db
        .select({ username: users.username, nickName: users.nickName, company: tenants.corporateName })
        .from(users)
        .innerJoin(tenants, eq(tenants.id, users.tenantId))
        .where(inArray(users.username, names))
    : [];
  return rows.map((r) => {
    const p = people.find((x) => x.username === r.createBy);
    return {
      id: r.id,
      time: r.createTime,
      by: r.createBy,
      byName: p?.nickName ?? r.createBy,
      byTenantName: p?.company ?? null,
      entity: r.entity,
      entityId: r.entityId,
      action: r.action,
      fromStatus: r.fromStatus,
      toStatus: r.toStatus,
      place: r.place,
      note: noteOf(r, lang),
    };
  });
}

/** The note as the reader reads it: the event's own words in their language, then what a user typed. */
function noteOf(r: { note: string | null; data: unknown }, lang: Lang): string | null {
  const label = (r.data as { label?: { zh?: string; en?: string } } | null)?.label?.[lang];
  if (!label) return r.note;
  return r.note ? `${label}${lang === 'zh' ? '：' : ': '}${r.note}` : label;
}
