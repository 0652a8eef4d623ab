// Visibility suite for projects, batches, contracts and material lists: every family, every
// demo role, list/read/update/delete and each command with foreign ids — nothing leaks, nothing changes.
import { asc, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeRecords, messages, partnerships, tenants, users } from '../src/db/schema.ts';
import {
  batchPartners,
  materialCodes,
  materialLists,
  projectBatches,
  projectContractFiles,
  projectContracts,
  projectPersonnel,
  projects,
  supplies,
} from '../src/db/schema-project.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
const roles = ['admin', 'shipper', 'supplier', 'supplier2', 'logistics', 'trial'] as const;
type Role = (typeof roles)[number];
let tok: Record<string, string>;
const tenantOf: Record<string, number> = {};

type R = Record<string, unknown> & { id: number };
interface Family {
  name: string;
  list: string;
  read?: string;
  write?: string;
  table: PgTable;
  /** The rows a role may see, by the visibility rules (docs/decisions.md, Identity and access) written out independently of the server. */
  visible: (role: Role, db: Snapshot) => number[];
  sample: Record<string, unknown>;
}
interface Snapshot {
  projects: R[];
  batches: R[];
  partners: R[];
  lists: R[];
  rows: R[];
  contracts: R[];
}

const ids = (rows: R[]) => rows.map((r) => r.id).sort((a, b) => a - b);
function batchesOf(role: Role, s: Snapshot): number[] {
  if (role === 'admin') return ids(s.batches);
  return ids(
    s.batches.filter(
      (b) =>
        b.tenantId === tenantOf[role] ||
        s.partners.some((p) => p.batchId === b.id && p.partnerTenantId === tenantOf[role]),
    ),
  );
}

const families: Family[] = [
  {
    name: 'project',
    list: '/api/project',
    read: '/api/project/queryById',
    write: '/api/project',
    table: projects,
    visible: (role, s) =>
      ids(
        s.projects.filter(
          (p) => role === 'admin' || p.tenantId === tenantOf[role] || batchesOf(role, s).length > 0,
        ),
      ),
    sample: { name: 'hacked' },
  },
  {
    name: 'projectBatch',
    list: '/api/projectBatch',
    read: '/api/projectBatch/queryById',
    write: '/api/projectBatch',
    table: projectBatches,
    visible: batchesOf,
    sample: { destinationSite: 'hacked' },
  },
  {
    name: 'batchPartner',
    list: '/api/viewProjectBatchPartner',
    read: '/api/batchPartner/queryById',
    write: '/api/batchPartner',
    table: batchPartners,
    visible: (role, s) => {
      if (role === 'admin') return ids(s.partners);
      const mine = batchesOf(role, s);
      return ids(
        s.partners.filter(
          (p) =>
            p.tenantId === tenantOf[role] ||
            (mine.includes(p.batchId as number) &&
              (role === 'logistics' || p.partnerTenantId === tenantOf[role] || p.partnerEnd === 2)),
        ),
      );
    },
    sample: { remark: 'hacked' },
  },
  {
    name: 'materialList',
    list: '/api/materialList',
    table: materialLists,
    visible: (role, s) => {
      if (role === 'admin') return ids(s.lists);
      const mine = batchesOf(role, s);
      return ids(
        s.lists.filter(
          (l) =>
            l.tenantId === tenantOf[role] ||
            (mine.includes(l.batchId as number) &&
              (role === 'logistics' ? l.status === 2 : l.supplierTenantId === tenantOf[role])),
        ),
      );
    },
    sample: {},
  },
  {
    name: 'supplies',
    list: '/api/supplies',
    read: '/api/supplies/queryById',
    write: '/api/supplies',
    table: supplies,
    visible: (role, s) => {
      const lists = families.find((f) => f.name === 'materialList')?.visible(role, s) ?? [];
      return ids(
        s.rows.filter(
          (r) => role === 'admin' || r.tenantId === tenantOf[role] || lists.includes(r.listId as number),
        ),
      );
    },
    sample: { remark: 'hacked' },
  },
  {
    name: 'projectContract',
    list: '/api/viewProjectContract',
    read: '/api/projectContract/queryById',
    write: '/api/projectContract',
    table: projectContracts,
    visible: (role, s) =>
      ids(
        s.contracts.filter(
          (c) => role === 'admin' || c.tenantId === tenantOf[role] || c.supplierTenantId === tenantOf[role],
        ),
      ),
    sample: { remark: 'hacked' },
  },
];

async function snapshot(): Promise<Snapshot> {
  const all = async (table: PgTable) =>
    (await t.db
      .select()
      .from(table)
      .orderBy(asc((table as typeof projects).id))) as unknown as R[];
  return {
    projects: await all(projects),
    batches: await all(projectBatches),
    partners: await all(batchPartners),
    lists: await all(materialLists),
    rows: await all(supplies),
    contracts: await all(projectContracts),
  };
}

async function everything() {
  const tables = [
    projects,
    projectBatches,
    batchPartners,
    materialLists,
    supplies,
    projectContracts,
    projectContractFiles,
    projectPersonnel,
    materialCodes,
    partnerships,
    changeRecords,
  ];
  const out: unknown[] = [];
  for (const table of tables)
    out.push(
      await t.db
        .select()
        .from(table)
        .orderBy(asc((table as typeof projects).id)),
    );
  out.push((await t.db.select().from(messages)).length);
  return out;
}

let snap: Snapshot;
let before: unknown[];

beforeAll(async () => {
  tok = await loginAll(t.app, [...roles]);
  for (const r of roles) {
    const [u] = await t.db.select().from(users).where(eq(users.username, r));
    tenantOf[r] = u.tenantId;
  }
  snap = await snapshot();
  before = await everything();
});

describe.each(families)('$name', (family) => {
  it.each(roles)('%s lists exactly what it may see', async (role) => {
    const res = await call(t.app, 'GET', family.list, { token: tok[role], query: { size: 1000 } });
    const expected = family.visible(role, snap);
    if (res.status === 403) {
      expect(expected, `${role} was refused a list it should see`).toEqual([]);
      return;
    }
    expect(res.status).toBe(200);
    expect(ids(res.body.content).sort((a, b) => a - b)).toEqual(expected);
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|scrypt/);
  });

  it.each(roles)('%s cannot read, update or delete rows it may not see', async (role) => {
    const visible = new Set(family.visible(role, snap));
    const all = (await t.db.select().from(family.table)) as R[];
    const foreign = all.filter((r) => !visible.has(r.id));
    for (const row of foreign) {
      if (family.read) {
        const read = await call(t.app, 'GET', family.read, { token: tok[role], query: { id: row.id } });
        expect([403, 404], `${role} read ${family.name} ${row.id}`).toContain(read.status);
      }
      if (family.write) {
        const upd = await call(t.app, 'PUT', family.write, {
          token: tok[role],
          body: { id: row.id, ...family.sample },
        });
        expect([400, 403, 404], `${role} update ${family.name} ${row.id}`).toContain(upd.status);
        const del = await call(t.app, 'DELETE', family.write, { token: tok[role], body: [row.id] });
        expect([400, 403, 404], `${role} delete ${family.name} ${row.id}`).toContain(del.status);
      }
    }
  });

  it.each(roles.filter((r) => r !== 'admin' && r !== 'shipper'))(
    '%s cannot change the shipper-owned rows it sees (except its own material rows in draft)',
    async (role) => {
      if (!family.write || family.name === 'supplies') return;
      for (const id of family.visible(role, snap)) {
        const upd = await call(t.app, 'PUT', family.write, {
          token: tok[role],
          body: { id, ...family.sample },
        });
        expect([400, 403, 404], `${role} update ${family.name} ${id}`).toContain(upd.status);
        const del = await call(t.app, 'DELETE', family.write, { token: tok[role], body: [id] });
        expect([400, 403, 404], `${role} delete ${family.name} ${id}`).toContain(del.status);
      }
    },
  );
});

describe('commands with foreign ids', () => {
  it('no role moves or edits anything it may not see', async () => {
    for (const role of roles.filter((r) => r !== 'admin')) {
      const lists = new Set(families[3].visible(role, snap));
      const rows = new Set(families[4].visible(role, snap));
      const batches = new Set(batchesOf(role, snap));
      for (const l of snap.lists.filter((x) => !lists.has(x.id))) {
        for (const [method, url, opts] of [
          ['POST', '/api/supplies/submitCustomer', { body: { listId: l.id } }],
          ['POST', '/api/supplies/confirm', { body: { listId: l.id } }],
          ['GET', `/api/supplies/back/${l.id}`, { query: { reason: 'x' } }],
        ] as const) {
          const res = await call(t.app, method, url, { token: tok[role], ...opts });
          expect([403, 404], `${role} ${url}`).toContain(res.status);
        }
      }
      for (const r of snap.rows.filter((x) => !rows.has(x.id)).slice(0, 3)) {
        for (const [method, url, opts] of [
          ['GET', `/api/supplies/tag/${r.id}`, { query: { tags: 'urgent' } }],
          ['GET', `/api/supplies/sendHsCode/${r.id}`, { query: { hsCode: '850434' } }],
          ['POST', '/api/supplies/upateSourceLand', { body: { ids: [r.id], originCountry: 'DE' } }],
        ] as const) {
          const res = await call(t.app, method, url, { token: tok[role], ...opts });
          expect([403, 404], `${role} ${url}`).toContain(res.status);
        }
      }
      for (const b of snap.batches.filter((x) => !batches.has(x.id))) {
        for (const url of [
          '/api/projectBatch/queryBatchById',
          '/api/projectBatch/workbench',
          '/api/projectBatch/timeline',
        ]) {
          const res = await call(t.app, 'GET', url, { token: tok[role], query: { id: b.id } });
          expect([403, 404], `${role} ${url} ${b.id}`).toContain(res.status);
        }
        const partners = await call(t.app, 'GET', '/api/batchPartner/getBatchId', {
          token: tok[role],
          query: { batchId: b.id },
        });
        expect([403, 404]).toContain(partners.status);
        const add = await call(t.app, 'POST', '/api/supplies', {
          token: tok[role],
          body: { batchId: b.id, name: 'x', quantity: 1, unit: 'm' },
        });
        expect([403, 404], `${role} add row to ${b.id}`).toContain(add.status);
        const exp = await call(t.app, 'GET', '/api/supplies/export', {
          token: tok[role],
          query: { batchId: b.id },
        });
        if (exp.status === 200) expect(exp.raw.rawPayload.length).toBeLessThan(8000);
      }
      for (const p of snap.partners) {
        const mine =
          role === 'shipper' ? p.tenantId === tenantOf[role] : p.partnerTenantId === tenantOf[role];
        if (mine) continue;
        const res = await call(t.app, 'POST', '/api/batchPartner/updateStatus', {
          token: tok[role],
          body: { id: p.id, event: 'complete' },
        });
        expect([400, 403, 404], `${role} updateStatus ${p.id}`).toContain(res.status);
      }
      for (const c of snap.contracts.filter((x) => x.tenantId !== tenantOf[role])) {
        const files = await call(t.app, 'POST', '/api/projectContractFile/createBatch', {
          token: tok[role],
          body: { contractId: c.id, fileIds: [1] },
        });
        expect([400, 403, 404], `${role} createBatch ${c.id}`).toContain(files.status);
      }
    }
  });

  it('foreign projects and contracts stay invisible through every query', async () => {
    const [project] = snap.projects;
    for (const url of ['/api/project/workbench', '/api/project/queryById']) {
      const res = await call(t.app, 'GET', url, { token: tok.trial, query: { id: project.id } });
      expect(res.status).toBe(404);
    }
    const byPro = await call(t.app, 'GET', '/api/viewProjectContract/queryByProId', {
      token: tok.trial,
      query: { proid: project.id },
    });
    expect(byPro.body).toEqual([]);
    const byNumber = await call(t.app, 'GET', '/api/projectContract/commitByNumber/JKT2-SE-2026-001', {
      token: tok.supplier2,
    });
    expect(byNumber.body).toMatchObject({ exists: false, contract: null });
    const batches = await call(t.app, 'GET', '/api/projectBatch/queryListByProId', {
      token: tok.trial,
      query: { proId: project.id },
    });
    expect(batches.body).toEqual([]);
    const byTenant = await call(t.app, 'GET', '/api/project/queryListByTenantId', {
      token: tok.trial,
      query: { tenantId: tenantOf.shipper },
    });
    expect(byTenant.body).toEqual([]);
    const [shipperTenant] = await t.db.select().from(tenants).where(eq(tenants.id, tenantOf.shipper));
    const exported = await call(t.app, 'GET', '/api/projectBatch/batchExport', { token: tok.trial });
    expect(exported.status).toBe(200);
    expect(exported.raw.rawPayload.toString('latin1')).not.toContain(shipperTenant.corporateName);
  });

  it('after all of it, the database is exactly as before', async () => {
    expect(await everything()).toEqual(before);
  });
});
