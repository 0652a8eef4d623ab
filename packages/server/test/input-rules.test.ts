// Bad input is a localized 400 that names its field (for the form to label),
// dates are real days in order, long text is refused (never cut), a duplicate names its field.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../src/db/schema-project.ts';
import { call, login, useTestApp } from './helpers.ts';

const t = useTestApp({ DATA_DIR: `/tmp/tradelane-test-input-rules-${process.pid}` });
let shipper = '';
beforeAll(async () => {
  shipper = await login(t.app, 'shipper');
});

const create = (body: Record<string, unknown>, lang = 'zh') =>
  call(t.app, 'POST', '/api/project', { token: shipper, body, headers: { 'accept-language': lang } });

describe('project input rules', () => {
  it('a date that is no day is a 400 naming the field, not a 500', async () => {
    const res = await create({ name: 'P', code: 'IR-1', startDate: '2026-13-45' });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('startDate');
    expect(res.body.reason).toBe('不是有效的日期');
    expect((await create({ name: 'P', code: 'IR-1', endDate: '2026-02-30' })).body.field).toBe('endDate');
    expect(await t.db.select().from(projects).where(eq(projects.code, 'IR-1'))).toEqual([]);
  });

  it('an end before the start is refused, in the caller language', async () => {
    const res = await create(
      { name: 'P', code: 'IR-2', startDate: '2026-05-01', endDate: '2026-04-01' },
      'en',
    );
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('endDate');
    expect(res.body.reason).toBe('must not be before the start date');
    expect(await t.db.select().from(projects).where(eq(projects.code, 'IR-2'))).toEqual([]);
    const ok = await create({ name: 'P', code: 'IR-2', startDate: '2026-05-01', endDate: '2026-05-01' });
    expect([200, 201]).toContain(ok.status);
  });

  it('a name over its limit is refused whole, never cut', async () => {
    const res = await create({ name: '长'.repeat(10_000), code: 'IR-3' });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('name');
    expect(await t.db.select().from(projects).where(eq(projects.code, 'IR-3'))).toEqual([]);
  });

  it('a duplicate code names its field', async () => {
    expect([200, 201]).toContain((await create({ name: 'P', code: 'IR-4' })).status);
    const res = await create({ name: 'Q', code: 'IR-4' });
    expect(res.status).toBe(409);
    expect(res.body.field).toBe('code');
  });
});
