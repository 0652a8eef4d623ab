// A company's data as an archive (GET /api/database/export) and back (the spec's POST
// /api/database/upload): how a platform administrator moves a tenant from one installation to another —
// from the embedded database to a PostgreSQL server, say. The archive is data only: rows as JSON, read
// back by PostgreSQL's own json_populate_recordset into tables and columns this installation has; nothing
// in it is ever run. A restore is checked first (our format, the same database version, its checksum,
// every row the company's) and is all or nothing (one transaction). Ids are kept, so the company's rows
// keep pointing at each other; rows of menus, template roles and function grants are named by their keys,
// which every installation shares.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createGunzip, gzipSync } from 'node:zlib';
import { adminOps } from '@tradelane/contract/api/admin';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { migrationsFolder } from '../../db/client.ts';
import { parsedRows, rawRows } from '../../db/raw-rows.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import type { Storage } from '../../lib/storage.ts';
import { sendAttachment } from '../../resources/sheet-import.ts';
import { readCapped } from '../files/service.ts';

const FORMAT = 'tradelane-tenant-archive';
const VERSION = 1;
/** Largest archive taken, compressed, and once unpacked. */
export const ARCHIVE_MAX_BYTES = 200 * 1024 * 1024;
export const ARCHIVE_MAX_UNPACKED = 1024 * 1024 * 1024;

/** Rows a move does not carry: live sessions and passing import progress stay where they were. */
const LEFT_BEHIND = new Set(['sys_session', 'import_task']);

/** The database version of this installation: the last migration applied from our journal. */
export function schemaVersion(): string {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries[journal.entries.length - 1]?.tag ?? 'none';
}

type Rows = Record<string, unknown>[];

async function rowsOf(db: Db, query: ReturnType<typeof sql>): Promise<Rows> {
  return rawRows(await db.execute(query)).map((x) => (typeof x.r === 'string' ? JSON.parse(x.r) : x.r));
}

/** Tables of this installation (public schema) with their columns. A generated column (a text index's
 * pieces) is the database's to compute: it is neither archived nor restored. */
async function tablesHere(db: Db): Promise<Map<string, Set<string>>> {
  const rows = parsedRows(
    z.object({ t: z.string(), c: z.string() }),
    await db.execute(sql`
    select table_name as t, column_name as c from information_schema.columns
    where table_schema = 'public' and is_generated = 'NEVER' and table_name in (
      select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE')`),
  );
  const out = new Map<string, Set<string>>();
  for (const { t, c } of rows) out.set(t, (out.get(t) ?? new Set()).add(c));
  return out;
}

/** A table's columns, quoted, for a select or an insert that leaves its generated columns out. */
const columnList = (columns: Set<string>) =>
  sql.raw(
    [...columns]
      .sort()
      .map((c) => `"${c}"`)
      .join(', '),
  );

const ident = (name: string) => sql.identifier(name);

/** `(ids)` for an `in`, as one parameter whatever the count. */
const anyOf = (ids: number[]) =>
  sql`(select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::bigint)`;

interface ArchiveData {
  /** Rows by table: every table with a tenant_id, the company's rows. */
  tables: Record<string, Rows>;
  /** Links of the company's users and roles, with shared rows named by key. */
  links: {
    userRoles: { userId: number; roleId?: number; roleCode?: string }[];
    roleMenus: { roleId: number; menuKey: string }[];
    roleDepts: { roleId: number; deptId: number }[];
    roleFunctions: { roleId: number; menuKey: string; functionName: string }[];
    loginAttempts: Rows;
  };
  /** Stored files of the company, by storage key (base64). */
  blobs: Record<string, string>;
}

export interface Manifest {
  format: string;
  version: number;
  schema: string;
  exportedAt: string;
  tenant: { id: number; corporateName: string; corporateCode: string | null };
  counts: Record<string, number>;
  sha256: string;
}

/** The archive of one company: a manifest line, then its data (JSON), gzipped. */
export async function exportTenant(
  db: Db,
  storage: Storage,
  tenantId: number,
): Promise<{ manifest: Manifest; archive: Buffer }> {
  const [tenant] = await rowsOf(
    db,
    sql`select row_to_json(arch_row) as r from enterprise_info arch_row where id = ${tenantId}`,
  );
  if (!tenant) throw notFound();
  const here = await tablesHere(db);
  const tables: Record<string, Rows> = { enterprise_info: [tenant] };
  for (const [table, columns] of [...here].sort(([a], [b]) => a.localeCompare(b))) {
    if (!columns.has('tenant_id') || LEFT_BEHIND.has(table)) continue;
    const rows = await rowsOf(
      db,
      sql`select row_to_json(arch_row) as r from (select ${columnList(columns)} from ${ident(table)}
          where tenant_id = ${tenantId}) arch_row order by arch_row.id`,
    );
    if (rows.length) tables[table] = rows;
  }
  const userIds = (tables.sys_user ?? []).map((u) => Number(u.id));
  const roleIds = (tables.sys_role ?? []).map((r) => Number(r.id));
  const links: ArchiveData['links'] = {
    userRoles: (
      await rowsOf(
        db,
        sql`select json_build_object('userId', ur.user_id, 'roleId', case when r.tenant_id is null then null else r.id end,
              'roleCode', case when r.tenant_id is null then r.code end) as r
            from sys_users_roles ur join sys_role r on r.id = ur.role_id where ur.user_id in ${anyOf(userIds)}`,
      )
    ).map((x) => ({
      userId: Number(x.userId),
      ...(x.roleId != null ? { roleId: Number(x.roleId) } : { roleCode: String(x.roleCode) }),
    })),
    roleMenus: (await rowsOf(
      db,
      sql`select json_build_object('roleId', rm.role_id, 'menuKey', m.menu_key) as r
          from sys_roles_menus rm join sys_menu m on m.id = rm.menu_id
          where rm.role_id in ${anyOf(roleIds)} and m.menu_key is not null`,
    )) as ArchiveData['links']['roleMenus'],
    roleDepts: (await rowsOf(
      db,
      sql`select json_build_object('roleId', role_id, 'deptId', dept_id) as r from sys_roles_depts where role_id in ${anyOf(roleIds)}`,
    )) as ArchiveData['links']['roleDepts'],
    roleFunctions: (await rowsOf(
      db,
      sql`select json_build_object('roleId', rf.role_id, 'menuKey', m.menu_key, 'functionName', f.function_name) as r
          from sys_roles_function rf join function_permission f on f.id = rf.function_permission_id
          join sys_menu m on m.id = f.menu_id where rf.role_id in ${anyOf(roleIds)} and m.menu_key is not null`,
    )) as ArchiveData['links']['roleFunctions'],
    loginAttempts: await rowsOf(
      db,
      sql`select row_to_json(arch_row) as r from sys_login_attempt arch_row where arch_row.user_id in ${anyOf(userIds)} order by arch_row.id`,
    ),
  };
  const blobs: Record<string, string> = {};
  for (const f of tables.sys_file ?? []) {
    const key = String(f.storage_key);
    if (blobs[key] || !(await storage.exists(key))) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
    blobs[key] = Buffer.concat(chunks).toString('base64');
  }
  const data = Buffer.from(JSON.stringify({ tables, links, blobs } satisfies ArchiveData));
  const manifest: Manifest = {
    format: FORMAT,
    version: VERSION,
    schema: schemaVersion(),
    exportedAt: new Date().toISOString(),
    tenant: {
      id: tenantId,
      corporateName: String(tenant.corporate_name ?? ''),
      corporateCode: typeof tenant.corporate_code === 'string' ? tenant.corporate_code : null,
    },
    counts: Object.fromEntries(Object.entries(tables).map(([t, rows]) => [t, rows.length])),
    sha256: createHash('sha256').update(data).digest('hex'),
  };
  const archive = gzipSync(Buffer.concat([Buffer.from(`${JSON.stringify(manifest)}\n`), data]));
  return { manifest, archive };
}

/** Unpacks an upload as it streams, refused past the unpacked limit (a bomb never fills memory). */
async function gunzipCapped(data: Buffer): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const gunzip = createGunzip();
  try {
    for await (const chunk of Readable.from([data]).pipe(gunzip)) {
      size += (chunk as Buffer).length;
      if (size > ARCHIVE_MAX_UNPACKED) {
        gunzip.destroy();
        throw badRequest('archive.too_large', { maxMb: ARCHIVE_MAX_UNPACKED / 1024 / 1024 });
      }
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest('archive.unreadable');
  }
  return Buffer.concat(chunks);
}

const manifestShape = z.object({
  format: z.literal(FORMAT),
  version: z.literal(VERSION),
  schema: z.string(),
  exportedAt: z.string(),
  tenant: z.object({
    id: z.number().int().positive(),
    corporateName: z.string(),
    corporateCode: z.string().nullable(),
  }),
  counts: z.record(z.string(), z.number()),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
const idOf = z.coerce.number().int().positive();
const dataShape = z.object({
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
  links: z.object({
    userRoles: z.array(
      z.object({ userId: idOf, roleId: idOf.optional(), roleCode: z.string().max(50).optional() }),
    ),
    roleMenus: z.array(z.object({ roleId: idOf, menuKey: z.string().max(100) })),
    roleDepts: z.array(z.object({ roleId: idOf, deptId: idOf })),
    roleFunctions: z.array(
      z.object({ roleId: idOf, menuKey: z.string().max(100), functionName: z.string().max(100) }),
    ),
    loginAttempts: z.array(z.record(z.string(), z.unknown())),
  }),
  blobs: z.record(z.string().regex(/^[a-z0-9/._-]+$/i), z.string()),
});

/** Reads and checks an archive; nothing is written. */
export function readArchive(raw: Buffer): { manifest: Manifest; data: z.infer<typeof dataShape> } {
  const nl = raw.indexOf(0x0a);
  if (nl < 0) throw badRequest('archive.unreadable');
  let manifest: Manifest;
  try {
    manifest = manifestShape.parse(JSON.parse(raw.subarray(0, nl).toString('utf8')));
  } catch {
    throw badRequest('archive.unreadable');
  }
  const here = schemaVersion();
  if (manifest.schema !== here)
    throw badRequest('archive.schema_mismatch', { archive: manifest.schema, here });
  const body = raw.subarray(nl + 1);
  if (createHash('sha256').update(body).digest('hex') !== manifest.sha256)
    throw badRequest('archive.damaged');
  try {
    return { manifest, data: dataShape.parse(JSON.parse(body.toString('utf8'))) };
  } catch {
    throw badRequest('archive.unreadable');
  }
}

export interface RestoreAnswer {
  tenant: Manifest['tenant'];
  rows: number;
  tables: Record<string, number>;
  files: number;
  /** Companies the data refers to (partners, suppliers) that are not on this installation yet. */
  missingCompanies: number[];
}

/** Restores a checked archive in one transaction: everything, or nothing and a clear refusal. */
export async function restoreTenant(db: Db, storage: Storage, raw: Buffer): Promise<RestoreAnswer> {
  const { manifest, data } = readArchive(await gunzipCapped(raw));
  const tenantId = manifest.tenant.id;
  const here = await tablesHere(db);
  // Every table and column must be this installation's, every row the archived company's.
  for (const [table, rows] of Object.entries(data.tables)) {
    const columns = here.get(table);
    if (!columns || LEFT_BEHIND.has(table)) throw badRequest('archive.unknown_table', { table });
    const owner = table === 'enterprise_info' ? 'id' : 'tenant_id';
    if (!columns.has(owner)) throw badRequest('archive.unknown_table', { table });
    for (const row of rows) {
      for (const c of Object.keys(row))
        if (!columns.has(c)) throw badRequest('archive.unknown_table', { table: `${table}.${c}` });
      if (Number(row[owner]) !== tenantId) throw badRequest('archive.foreign_row', { table });
    }
  }
  const users = new Set((data.tables.sys_user ?? []).map((u) => Number(u.id)));
  const roles = new Set((data.tables.sys_role ?? []).map((r) => Number(r.id)));
  const depts = new Set((data.tables.sys_dept ?? []).map((d) => Number(d.id)));
  const l = data.links;
  const foreignLink =
    l.userRoles.some((x) => !users.has(x.userId) || (x.roleId !== undefined && !roles.has(x.roleId))) ||
    [...l.roleMenus, ...l.roleFunctions].some((x) => !roles.has(x.roleId)) ||
    l.roleDepts.some((x) => !roles.has(x.roleId) || !depts.has(x.deptId)) ||
    l.loginAttempts.some((a) => !users.has(Number(a.user_id)));
  if (foreignLink) throw badRequest('archive.foreign_row', { table: 'links' });
  const fileKeys = new Set((data.tables.sys_file ?? []).map((f) => String(f.storage_key)));
  if (Object.keys(data.blobs).some((k) => !fileKeys.has(k) || k.includes('..')))
    throw badRequest('archive.foreign_row', { table: 'sys_file' });

  const counts: Record<string, number> = {};
  await db.transaction(async (t) => {
    // One restore at a time: two of the same archive never both pass the checks below.
    await t.execute(sql`select pg_advisory_xact_lock(${0x72657374}::int, 0)`);
    const [present] = await rowsOf(
      t,
      sql`select json_build_object('name', corporate_name) as r from enterprise_info
          where id = ${tenantId} or (corporate_code is not null and corporate_code = ${manifest.tenant.corporateCode ?? ''})`,
    );
    if (present) throw new AppError(409, 'archive.tenant_exists', { name: String(present.name) });
    for (const [table, rows] of Object.entries(data.tables)) {
      if (!rows.length) continue;
      const ids = rows.map((r) => Number(r.id));
      const [taken] = await rowsOf(
        t,
        sql`select json_build_object('id', id) as r from ${ident(table)} where id in ${anyOf(ids)} limit 1`,
      );
      if (taken) throw new AppError(409, 'archive.ids_taken', { table });
    }
    await t.execute(sql`savepoint archive_rows`);
    try {
      for (const [table, rows] of Object.entries(data.tables)) {
        for (let i = 0; i < rows.length; i += 1000) {
          const slice = JSON.stringify(rows.slice(i, i + 1000));
          const list = columnList(here.get(table) ?? new Set());
          await t.execute(
            sql`insert into ${ident(table)} (${list}) select ${list} from json_populate_recordset(null::${ident(table)}, ${slice}::json)`,
          );
        }
        counts[table] = rows.length;
        if (here.get(table)?.has('id'))
          await t.execute(sql`select setval(pg_get_serial_sequence(${`"${table}"`}, 'id'),
            greatest((select coalesce(max(id), 1) from ${ident(table)}), nextval(pg_get_serial_sequence(${`"${table}"`}, 'id'))))`);
      }
      for (const x of l.userRoles)
        await t.execute(
          x.roleId
            ? sql`insert into sys_users_roles (user_id, role_id) values (${x.userId}, ${x.roleId})`
            : sql`insert into sys_users_roles (user_id, role_id)
                select ${x.userId}::bigint, id from sys_role where tenant_id is null and code = ${x.roleCode ?? ''}`,
        );
      for (const x of l.roleMenus)
        await t.execute(
          sql`insert into sys_roles_menus (role_id, menu_id) select ${x.roleId}::bigint, id from sys_menu where menu_key = ${x.menuKey}`,
        );
      for (const x of l.roleDepts)
        await t.execute(
          sql`insert into sys_roles_depts (role_id, dept_id) values (${x.roleId}::bigint, ${x.deptId}::bigint)`,
        );
      for (const x of l.roleFunctions)
        await t.execute(sql`insert into sys_roles_function (role_id, function_permission_id)
          select ${x.roleId}::bigint, f.id from function_permission f join sys_menu m on m.id = f.menu_id
          where m.menu_key = ${x.menuKey} and f.function_name = ${x.functionName}`);
      if (l.loginAttempts.length) {
        // The login history gets this installation's ids (another company's attempts may hold the old ones).
        const cols = [...(here.get('sys_login_attempt') ?? [])].filter((c) => c !== 'id').map(ident);
        const list = sql.join(cols, sql`, `);
        await t.execute(
          sql`insert into sys_login_attempt (${list}) select ${list} from json_populate_recordset(null::sys_login_attempt, ${JSON.stringify(
            l.loginAttempts,
          )}::json)`,
        );
      }
    } catch (err) {
      // A unique rule of this installation (a user name, a phone) holds data of another company.
      const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
      const code = e.code ?? e.cause?.code;
      if (code === '23505' || code === '23502' || code === '22P02' || code === '22007')
        throw new AppError(409, 'archive.conflict', { what: e.constraint ?? e.cause?.constraint ?? code });
      throw err;
    }
    for (const [key, b64] of Object.entries(data.blobs))
      if (!(await storage.exists(key))) await storage.put(key, Buffer.from(b64, 'base64'));
  });
  const referenced = new Set<number>();
  for (const rows of Object.values(data.tables))
    for (const row of rows)
      for (const [k, v] of Object.entries(row))
        if (/_tenant_id$/.test(k) && v !== null && Number(v) !== tenantId) referenced.add(Number(v));
  const known = referenced.size
    ? (
        await rowsOf(
          db,
          sql`select json_build_object('id', id) as r from enterprise_info where id in ${anyOf([...referenced])}`,
        )
      ).map((r) => Number(r.id))
    : [];
  return {
    tenant: manifest.tenant,
    rows: Object.values(counts).reduce((a, b) => a + b, 0),
    tables: counts,
    files: Object.keys(data.blobs).length,
    missingCompanies: [...referenced].filter((id) => !known.includes(id)).sort((a, b) => a - b),
  };
}

export async function tenantArchiveRoutes(app: FastifyInstance) {
  mount(
    app,
    adminOps.exportCompany,
    async (request, reply) => {
      const { tenantId } = request.query;
      const { manifest, archive } = await exportTenant(app.db, app.storage, tenantId);
      const name = `${manifest.tenant.corporateCode || `tenant-${tenantId}`}-${manifest.exportedAt.slice(0, 10)}.tradelane.gz`;
      return sendAttachment(reply, 'application/gzip', name, archive);
    },
    { config: { describe: 'export a company' } },
  );
  mount(
    app,
    adminOps.restoreCompany,
    async (request) => {
      const part = request.isMultipart()
        ? await request.file({ limits: { fileSize: ARCHIVE_MAX_BYTES + 1, files: 1 } })
        : undefined;
      if (!part) throw badRequest('file.missing');
      const raw = await readCapped(part.file, ARCHIVE_MAX_BYTES);
      if (raw[0] !== 0x1f || raw[1] !== 0x8b) throw badRequest('archive.unreadable');
      return restoreTenant(app.db, app.storage, raw);
    },
    { config: { describe: 'restore a company' } },
  );
}
