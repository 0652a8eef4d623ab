// Names of referenced rows for decorating lists (one query per kind, never per row).
import { TenantEnd } from '@tradelane/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tenants, users } from '../../db/schema.ts';
import { batchPartners, projectBatches, projectContracts, projects } from '../../db/schema-project.ts';

const uniq = (ids: unknown[]) => [...new Set(ids.filter((v): v is number => typeof v === 'number'))];

/** A name in the reader's language: the English one where there is one, else the Chinese (never a blank). */
export const nameIn = (
  n: { name: string; enName?: string | null } | null | undefined,
  lang: 'zh' | 'en',
): string | null => (n ? ((lang === 'en' ? n.enName : null) ?? n.name) : null);

export async function tenantNames(
  db: Db,
  ids: unknown[],
): Promise<Map<number, { name: string; enName: string | null; end: number }>> {
  const list = uniq(ids);
  if (!list.length) return new Map();
  const rows = await db
    .select({
      id: tenants.id,
      name: tenants.corporateName,
      enName: tenants.corporateEnName,
      end: tenants.end,
    })
    .from(tenants)
    .where(inArray(tenants.id, list));
  return new Map(rows.map((r) => [r.id, { name: r.name, enName: r.enName, end: r.end }]));
}

export async function projectNames(
  db: Db,
  ids: unknown[],
): Promise<Map<number, { name: string; enName: string | null; code: string }>> {
  const list = uniq(ids);
  if (!list.length) return new Map();
  const rows = await db
    .select({ id: projects.id, name: projects.name, enName: projects.enName, code: projects.code })
    .from(projects)
    .where(inArray(projects.id, list));
  return new Map(rows.map((r) => [r.id, { name: r.name, enName: r.enName, code: r.code }]));
}

/** A batch's number as a field of another statement (`batch` is the batch's id there). */
export const batchNumberField = (batch: SQL) =>
  sql<string | null>`(select pb.batch_number from ${projectBatches} pb where pb.id = ${batch})`;

/** A company's name as a field of another statement (`tenant` is the company's id there). */
export const tenantNameField = (tenant: SQL) =>
  sql<string | null>`(select t.corporate_name from ${tenants} t where t.id = ${tenant})`;

export async function batchNumbers(db: Db, ids: unknown[]): Promise<Map<number, string>> {
  const list = uniq(ids);
  if (!list.length) return new Map();
  const rows = await db
    .select({ id: projectBatches.id, n: projectBatches.batchNumber })
    .from(projectBatches)
    .where(inArray(projectBatches.id, list));
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Contracts' numbers by id. */
export async function contractNumbers(db: Db, ids: unknown[]): Promise<Map<number, string>> {
  const list = uniq(ids);
  if (!list.length) return new Map();
  const rows = await db
    .select({ id: projectContracts.id, n: projectContracts.contractNumber })
    .from(projectContracts)
    .where(inArray(projectContracts.id, list));
  return new Map(rows.map((r) => [r.id, r.n]));
}

export async function userNames(db: Db, ids: unknown[]) {
  const list = uniq(ids);
  if (!list.length)
    return new Map<number, { username: string; nickName: string | null; phone: string | null }>();
  const rows = await db
    .select({ id: users.id, username: users.username, nickName: users.nickName, phone: users.phone })
    .from(users)
    .where(inArray(users.id, list));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The logistics providers taking part in a batch: whose work starts when its goods are ready. */
export async function logisticsProvidersOf(db: Db, batchId: unknown): Promise<number[]> {
  if (typeof batchId !== 'number') return [];
  const rows = await db
    .select({ id: batchPartners.partnerTenantId })
    .from(batchPartners)
    .where(and(eq(batchPartners.batchId, batchId), eq(batchPartners.partnerEnd, TenantEnd.logistics)));
  return [...new Set(rows.map((r) => r.id))];
}
