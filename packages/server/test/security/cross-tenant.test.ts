// The attack suite, part 3: the cross-tenant matrix. For every declared family and every party (the
// demo parties and a tenant registered just now), a row the party does not see in its list is also
// out of reach by id, by filter, by export, by update and by delete — and nothing changes. Creates
// under a parent the party does not see are refused.

import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Resource, Row } from '../../src/resources/engine.ts';
import { call, useTestApp } from '../helpers.ts';
import { actionsOf, families, type PartyName, seedEmptyFamilies, tokensOf } from './fixtures.ts';

const t = useTestApp();
let tok: Record<PartyName, string>;
const ATTACKERS: PartyName[] = ['shipper', 'supplier', 'supplier2', 'logistics', 'trial', 'fresh'];

beforeAll(async () => {
  tok = await tokensOf(t.app);
  await seedEmptyFamilies(t.app, tok);
});

async function ids(resource: Resource, who: PartyName, query: Record<string, string | number> = {}) {
  const res = await call(t.app, 'GET', `/api/${resource.name}`, {
    token: tok[who],
    query: { size: 500, ...query },
  });
  return res.status === 200 ? new Set<number>(res.body.content.map((r: Row) => r.id as number)) : null;
}

async function dbRow(resource: Resource, id: number) {
  const [row] = (await t.db.select().from(resource.table).where(eq(resource.idColumn, id))) as Row[];
  return row;
}
const snap = (row: Row | undefined) =>
  JSON.stringify(row, (_k, v) => (v instanceof Date ? v.toISOString() : v));

const refused = (status: number) => status === 403 || status === 404;

describe('cross-tenant matrix, every family × every party', () => {
  for (const resource of families()) {
    const acts = actionsOf(resource);
    if (!acts.includes('list')) continue;
    it(`${resource.name}: what a party does not see, it cannot read, filter, export, change or delete`, async () => {
      const all = await ids(resource, 'admin');
      expect(all, 'the platform admin lists every family').not.toBeNull();
      for (const who of ATTACKERS) {
        const mine = (await ids(resource, who)) ?? new Set<number>();
        const foreign = [...(all ?? [])].filter((id) => !mine.has(id)).slice(0, 3);
        const exported = await t.app.inject({
          method: 'GET',
          url: `/api/${resource.name}/download`,
          headers: { authorization: tok[who] },
        });
        expect(exported.statusCode, `${who} export`).toBeLessThan(500);
        if (exported.statusCode === 200) {
          const book = new ExcelJS.Workbook();
          await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
          const sheet = book.worksheets[0];
          const exportedRows = Math.max(0, sheet.actualRowCount - 1);
          // The export holds exactly the rows the party's list holds (the list is read 500 at most).
          if (mine.size < 500) expect(exportedRows, `${who} exports what it lists`).toBe(mine.size);
          else expect(exportedRows).toBeGreaterThanOrEqual(500);
        }
        for (const id of foreign) {
          const before = snap(await dbRow(resource, id));
          const one = await call(t.app, 'GET', `/api/${resource.name}/queryById`, {
            token: tok[who],
            query: { id },
          });
          expect(refused(one.status), `${who} reads ${resource.name} ${id}: ${one.status}`).toBe(true);
          if (resource.filters?.id) {
            const filtered = await ids(resource, who, { id });
            expect(filtered?.has(id) ?? false, `${who} filters ${resource.name} by id`).toBe(false);
          }
          if (acts.includes('update')) {
            const field = Object.keys(resource.updateSchema.shape).find((k) => k !== 'id') ?? 'id';
            const put = await call(t.app, 'PUT', `/api/${resource.name}`, {
              token: tok[who],
              body: { id, [field]: (await dbRow(resource, id))?.[field] ?? null },
            });
            expect(put.status, `${who} updates ${resource.name} ${id}`).toBeGreaterThanOrEqual(400);
            expect(put.status).toBeLessThan(500);
          }
          if (acts.includes('delete')) {
            const del = await call(t.app, 'DELETE', `/api/${resource.name}`, { token: tok[who], body: [id] });
            expect(refused(del.status), `${who} deletes ${resource.name} ${id}: ${del.status}`).toBe(true);
          }
          expect(snap(await dbRow(resource, id)), `${resource.name} ${id} unchanged after ${who}`).toBe(
            before,
          );
        }
      }
    });
  }
});

describe('creates under a parent the caller does not see', () => {
  it('are refused and create nothing', async () => {
    const batches = await call(t.app, 'GET', '/api/projectBatch', { token: tok.shipper });
    const projects = await call(t.app, 'GET', '/api/project', { token: tok.shipper });
    const contracts = await call(t.app, 'GET', '/api/projectContract', { token: tok.shipper });
    const batchId = batches.body.content[0].id;
    const projectId = projects.body.content[0].id;
    const supplier2Contracts = (await call(t.app, 'GET', '/api/projectContract', { token: tok.supplier2 }))
      .body.content;
    const foreignContract = contracts.body.content.find(
      (c: Row) => !supplier2Contracts.some((m: Row) => m.id === c.id),
    );
    const attempts: [PartyName, string, Record<string, unknown>][] = [
      ['fresh', 'projectBatch', { projectId, batchNumber: 'X-1', name: '偷渡批次' }],
      [
        'fresh',
        'projectContract',
        { projectId, contractNumber: 'X-C-1', name: '假合同', supplierTenantId: 1 },
      ],
      ['fresh', 'projectPersonnel', { projectId, userId: 1, role: 'x' }],
      ['fresh', 'batchPartner', { batchId, partnerTenantId: 1 }],
      ['fresh', 'supplies', { batchId, name: '电缆', quantity: 1, unit: '米' }],
      [
        'supplier2',
        'supplies',
        { batchId, name: '电缆', quantity: 1, unit: '米', contractId: foreignContract?.id },
      ],
      ['fresh', 'projectContractFile', { contractId: contracts.body.content[0].id, fileId: 1 }],
    ];
    for (const [who, family, body] of attempts) {
      const resource = families().find((r) => r.name === family)!;
      const count = async () => (await t.db.select().from(resource.table)).length;
      const before = await count();
      const res = await call(t.app, 'POST', `/api/${family}`, { token: tok[who], body });
      expect(res.status, `${who} creates ${family}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(await count(), `${family} rows after ${who}`).toBe(before);
    }
  });
});
