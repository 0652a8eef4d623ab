// The attack suite, part 1: a partial update changes what it names and nothing else — for every family
// the engine knows. A PUT of one field must leave every other column as it was (no defaults applied,
// nothing reset by omission), and an unknown field is a 400 that changes nothing.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Resource, type Row, registeredResources } from '../../src/resources/engine.ts';
import { call, useTestApp } from '../helpers.ts';
import { actionsOf, families, type PartyName, seedEmptyFamilies, tokensOf } from './fixtures.ts';

const t = useTestApp();
let tok: Record<PartyName, string>;
const ORDER: PartyName[] = ['admin', 'shipper', 'supplier', 'supplier2', 'logistics', 'trial'];
/** Fields a person edits in a form, tried first (their new value is the old one with a mark). */
const TEXTS = [
  'remark',
  'description',
  'nickName',
  'reply',
  'address',
  'destinationSite',
  'note',
  'name',
  'title',
];
/** Columns the database or the engine sets on every write: the stamps, and a text index's pieces (derived
 * from the row's text, db/grams.ts). */
const STAMPS = new Set(['updateTime', 'updateBy', 'searchGrams']);

beforeAll(async () => {
  tok = await tokensOf(t.app);
  await seedEmptyFamilies(t.app, tok);
});

async function dbRow(resource: Resource, id: number): Promise<Row> {
  const [row] = (await t.db.select().from(resource.table).where(eq(resource.idColumn, id))) as Row[];
  return row;
}

const norm = (v: unknown) => (v instanceof Date ? v.toISOString() : JSON.stringify(v ?? null));

/** The candidate (field, value) pairs for a row: an edited text first, then any field sent back as is. */
function candidates(resource: Resource, before: Row): [string, unknown][] {
  const fields = Object.keys(resource.updateSchema.shape).filter((k) => k !== 'id' && k in before);
  const out: [string, unknown][] = [];
  for (const f of TEXTS)
    if (fields.includes(f) && typeof before[f] === 'string')
      out.push([f, `${(before[f] as string).slice(0, 40)}·改`]);
  for (const f of TEXTS) if (fields.includes(f) && before[f] === null) out.push([f, '补充说明']);
  for (const f of fields) {
    const v = before[f];
    if (v !== null && v !== undefined && !(v instanceof Date) && typeof v !== 'object') out.push([f, v]);
  }
  return out.slice(0, 4);
}

describe('partial updates, every family', () => {
  it('walks every family, and every declared family is registered on the app', () => {
    expect(
      registeredResources()
        .map((r) => r.name)
        .sort(),
    ).toEqual(
      families()
        .map((r) => r.name)
        .sort(),
    );
    const updatable = families().filter((r) => actionsOf(r).includes('update'));
    expect(updatable.map((r) => r.name)).toEqual(
      expect.arrayContaining(['users', 'roles', 'project', 'supplies']),
    );
  });

  for (const resource of families().filter((r) => actionsOf(r).includes('update'))) {
    it(`${resource.name}: one field changes, every other column stays`, async () => {
      let proven = false;
      for (const who of ORDER) {
        const list = await call(t.app, 'GET', `/api/${resource.name}`, {
          token: tok[who],
          query: { size: 30 },
        });
        if (list.status !== 200) continue;
        for (const wire of list.body.content as Row[]) {
          const before = await dbRow(resource, wire.id as number);
          for (const [field, value] of candidates(resource, before)) {
            const res = await call(t.app, 'PUT', `/api/${resource.name}`, {
              token: tok[who],
              body: { id: before.id, [field]: value },
            });
            const after = await dbRow(resource, before.id as number);
            if (res.status !== 200) {
              // A refused update changes nothing at all.
              for (const k of Object.keys(before)) expect([k, norm(after[k])]).toEqual([k, norm(before[k])]);
              continue;
            }
            for (const k of Object.keys(before)) {
              if (STAMPS.has(k)) continue;
              if (k === field) expect(norm(after[k])).toBe(norm(value));
              else expect([k, norm(after[k])]).toEqual([k, norm(before[k])]);
            }
            proven = true;
            break;
          }
          if (proven) break;
        }
        if (proven) break;
      }
      expect(proven, `no party could update one field of any ${resource.name} row`).toBe(true);
    });
  }
});

describe('unknown fields', () => {
  it('an update naming a field the family does not have is a 400 that names it, and changes nothing', async () => {
    const list = await call(t.app, 'GET', '/api/project', { token: tok.shipper });
    const row = list.body.content[0];
    const res = await call(t.app, 'PUT', '/api/project', {
      token: tok.shipper,
      lang: 'en',
      body: { id: row.id, name: 'changed', ownerPhone: '110' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('ownerPhone');
    const again = await call(t.app, 'GET', '/api/project/queryById', {
      token: tok.shipper,
      query: { id: row.id },
    });
    expect(again.body.name).toBe(row.name);
  });

  it('a create-only field is refused on update unless it is sent unchanged', async () => {
    const list = await call(t.app, 'GET', '/api/projectContract', { token: tok.shipper });
    const row = list.body.content[0];
    const same = await call(t.app, 'PUT', '/api/projectContract', {
      token: tok.shipper,
      body: { id: row.id, projectId: row.projectId, remark: '同项目' },
    });
    expect(same.status).toBe(200);
    const moved = await call(t.app, 'PUT', '/api/projectContract', {
      token: tok.shipper,
      lang: 'en',
      body: { id: row.id, projectId: row.projectId + 999, remark: '换项目' },
    });
    expect(moved.status).toBe(403);
    expect(moved.body).toMatchObject({ code: 'resource.field_not_writable' });
    expect(moved.body.message).toContain('projectId');
    const again = await call(t.app, 'GET', '/api/projectContract/queryById', {
      token: tok.shipper,
      query: { id: row.id },
    });
    expect(again.body).toMatchObject({ projectId: row.projectId, remark: '同项目' });
  });
});
