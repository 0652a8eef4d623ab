// The shipper's site staff (a role with logistics tracking and boxes only) can work their pages: pick
// a batch, see to-dos they can open, and hear only of what their pages show.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, users } from '../src/db/schema.ts';
import { notify } from '../src/workflow/notify.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;

beforeAll(async () => {
  tok = await loginAll(t.app, ['shipper', 'site', 'supplier']);
});

describe('site staff', () => {
  it('list the batches of their company to pick one, and change none', async () => {
    const mine = await call(t.app, 'GET', '/api/projectBatch', { token: tok.site, query: { size: 50 } });
    expect(mine.status).toBe(200);
    const shipper = await call(t.app, 'GET', '/api/projectBatch', {
      token: tok.shipper,
      query: { size: 50 },
    });
    expect(mine.body.content.map((b: { id: number }) => b.id).sort()).toEqual(
      shipper.body.content.map((b: { id: number }) => b.id).sort(),
    );
    const one = await call(t.app, 'GET', '/api/projectBatch/queryById', {
      token: tok.site,
      query: { id: mine.body.content[0].id },
    });
    expect(one.status).toBe(200);
    const edit = await call(t.app, 'PUT', '/api/projectBatch', {
      token: tok.site,
      body: { id: mine.body.content[0].id, name: 'renamed by site' },
    });
    expect(edit.status).toBe(403);
    // A supplier still sees only the batches it takes part in.
    const supplier = await call(t.app, 'GET', '/api/projectBatch', {
      token: tok.supplier,
      query: { size: 50 },
    });
    expect(supplier.body.totalElements).toBeLessThan(shipper.body.totalElements);
  });

  it('see only to-dos that open a page they have', async () => {
    const shipper = await call(t.app, 'GET', '/api/auxiliary/getHomePageData', { token: tok.shipper });
    expect(shipper.body.todos.map((x: { key: string }) => x.key)).toContain('confirmMaterialLists');
    const site = await call(t.app, 'GET', '/api/auxiliary/getHomePageData', { token: tok.site });
    expect(site.status).toBe(200);
    const paths = site.body.todos.map((x: { path: string }) => x.path.split('?')[0]);
    expect(paths.filter((p: string) => p.startsWith('/supplies'))).toEqual([]);
  });

  it('hear of what their pages show, not of the material lists the shipper confirms', async () => {
    const [site] = await t.db.select().from(users).where(eq(users.username, 'site'));
    const [shipper] = await t.db.select().from(users).where(eq(users.username, 'shipper'));
    const to = { tenants: [shipper.tenantId] };
    await notify(t.db, [
      { to, title: 'notice.list_submitted', params: { batch: 'X' }, link: '/supplies/index?batchId=1' },
      { to, title: 'notice.tenant_stopped', link: '/logistics/index?batchId=1&tab=abnormal' },
      { to, title: 'notice.tenant_activated' },
    ]);
    await t.app.outbox.flush();
    const codes = async (userId: number) =>
      (await t.db.select().from(messages).where(eq(messages.userId, userId)))
        .map((m) => (m.data as { code?: string } | null)?.code)
        // The notices sent here (the demo's control tower has its own exceptions to tell).
        .filter((c) => c?.startsWith('notice.'))
        .sort();
    expect(await codes(shipper.id)).toEqual([
      'notice.list_submitted',
      'notice.tenant_activated',
      'notice.tenant_stopped',
    ]);
    expect(await codes(site.id)).toEqual(['notice.tenant_activated', 'notice.tenant_stopped']);
  });
});
