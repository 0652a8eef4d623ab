// Change records (the batch timeline) and notifications, written inside a command's transaction.
import { type MessageCode, translate } from '@tradelane/contract';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { changeRecords, tenants, users } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth.ts';
import { notifyTenants } from '../messages/service.ts';

export interface ChangeEvent {
  /** The shipper that owns what changed. */
  tenantId: number;
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
  extra?: Record<string, unknown>;
}

export async function recordChange(db: Db, who: Pick<AuthContext, 'username' | 'tenantId'>, e: ChangeEvent) {
  await db.insert(changeRecords).values({
    tenantId: e.tenantId,
    entity: e.entity,
    entityId: e.entityId,
    action: e.action,
    fromStatus: e.from == null ? null : String(e.from),
    toStatus: e.to == null ? null : String(e.to),
    note: e.note ?? null,
    data: {
      batchId: e.batchId ?? null,
      projectId: e.projectId ?? null,
      partyTenantId: e.partyTenantId ?? null,
      actorTenantId: who.tenantId,
      ...(e.extra ?? {}),
    },
    createBy: who.username,
  });
}

/** Notifies every user of the tenants with a catalogue message in both languages. */
export async function notifyParty(
  db: Db,
  tenantIds: number[],
  code: MessageCode,
  params: Record<string, unknown>,
  link?: string,
  by = 'system',
) {
  const zh = translate(code, 'zh', params);
  const en = translate(code, 'en', params);
  await notifyTenants(
    db,
    [...new Set(tenantIds)],
    { title: zh, enTitle: en, content: zh, enContent: en, type: 'business', link, data: params },
    by,
  );
}

/** The batch's events the caller may see: all for the shipper, events of its own party for a partner. */
export async function batchTimeline(db: Db, batchId: number, viewer: { tenantId: number; owner: boolean }) {
  const conds: (SQL | undefined)[] = [sql`${changeRecords.data}->>'batchId' = ${String(batchId)}`];
  if (!viewer.owner)
    conds.push(
      or(
        sql`${changeRecords.data}->>'partyTenantId' is null`,
        sql`${changeRecords.data}->>'partyTenantId' = ${String(viewer.tenantId)}`,
      ),
    );
  const rows = await db
    .select()
    .from(changeRecords)
    .where(and(...conds))
    .orderBy(desc(changeRecords.createTime), desc(changeRecords.id))
    .limit(500);
  // The other side knows people by name and company, not by user name.
  const names = [...new Set(rows.map((r) => r.createBy).filter((n): n is string => Boolean(n)))];
  const people = names.length
    ? await db
        .select({ username: users.username, nickName: users.nickName, company: tenants.corporateName })
        .from(users)
        .innerJoin(tenants, eq(tenants.id, users.tenantId))
        .where(inArray(users.username, names))
    : [];
  return rows.map((r) => ({
    id: r.id,
    time: r.createTime,
    by: r.createBy,
    byName: people.find((p) => p.username === r.createBy)?.nickName ?? r.createBy,
    byTenantName: people.find((p) => p.username === r.createBy)?.company ?? null,
    entity: r.entity,
    entityId: r.entityId,
    action: r.action,
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    note: r.note,
  }));
}
