// Comments on an exception: the parties who see an exception read and add comments on it; the
// other companies on it are told; a company that does not see the exception reads nothing and writes
// nothing; a closed exception takes no more; the author's company is the server's to say.
import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, users } from '../src/db/schema.ts';
import { exceptionComments, towerExceptions } from '../src/db/schema-tower.ts';
import { titleOf } from '../src/modules/tower/exceptions.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
const tenantOf: Record<string, number> = {};
const userOf: Record<string, number> = {};
let exceptionId: number;
let exception: typeof towerExceptions.$inferSelect;

const list = (as: string, id = exceptionId, lang: 'zh' | 'en' = 'en') =>
  call(t.app, 'GET', '/api/exceptions/comments', { token: tok[as], lang, query: { exceptionId: id } });
const post = (as: string, body: Record<string, unknown>, lang: 'zh' | 'en' = 'en') =>
  call(t.app, 'POST', '/api/exceptions/comments', { token: tok[as], lang, body });
const stored = () =>
  t.db.select().from(exceptionComments).where(eq(exceptionComments.exceptionId, exceptionId));

beforeAll(async () => {
  tok = await loginAll(t.app, ['shipper', 'supplier2', 'logistics']);
  for (const u of await t.db.select().from(users)) {
    tenantOf[u.username] = u.tenantId as number;
    userOf[u.username] = u.id;
  }
  // A demo exception the logistics provider owns on the shipper's batch, opened by the product.
  const [e] = await t.db
    .select()
    .from(towerExceptions)
    .where(
      and(
        eq(towerExceptions.ownerTenantId, tenantOf.logistics),
        eq(towerExceptions.status, 0),
        isNotNull(towerExceptions.titleCode),
      ),
    );
  exceptionId = e.id;
  exception = e;
});

describe('comments on an exception', () => {
  it('the owner writes, the shipper reads it with who wrote it, and the shipper is told', async () => {
    const before = await t.db.select().from(messages).where(eq(messages.userId, userOf.shipper));
    const r = await post('logistics', {
      exceptionId,
      content: 'Vessel rolled to next week; rebooking on 031S',
    });
    expect(r.status).toBe(201);
    const shown = await list('shipper');
    expect(shown.status).toBe(200);
    expect(shown.body.content).toMatchObject([
      {
        exceptionId,
        content: 'Vessel rolled to next week; rebooking on 031S',
        authorTenantId: tenantOf.logistics,
        authorName: '陈海',
        mine: false,
      },
    ]);
    expect(shown.body.content[0].authorCompany).toMatch(/[A-Za-z]/);
    expect((await list('logistics')).body.content[0].mine).toBe(true);
    await t.app.outbox.flush();
    const after = await t.db.select().from(messages).where(eq(messages.userId, userOf.shipper));
    const told = after.filter((m) => !before.some((b) => b.id === m.id));
    expect(told.map((m) => m.link)).toContain(`/tower/exceptions?id=${exceptionId}`);
    // Each language reads the exception's own title in that language (a catalogue title, not the zh one).
    const notice = told.find((m) => m.link === `/tower/exceptions?id=${exceptionId}`);
    expect(notice?.enTitle).toBe(`A new comment on an exception: ${titleOf(exception, 'en')}`);
    expect(notice?.title).toBe(`异常有新的留言：${titleOf(exception, 'zh')}`);
    expect(titleOf(exception, 'en')).not.toBe(titleOf(exception, 'zh'));
    // The author's own company is not told of its own comment.
    const own = await t.db.select().from(messages).where(eq(messages.userId, userOf.logistics));
    expect(own.filter((m) => m.enTitle?.startsWith('A new comment'))).toEqual([]);
  });

  it('a company that does not see the exception reads nothing and writes nothing', async () => {
    const before = await stored();
    const read = await list('supplier2');
    expect(read.status).toBe(200);
    expect(read.body.content).toEqual([]);
    const write = await post('supplier2', { exceptionId, content: 'not mine to say' });
    expect(write.status).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('refuses an empty comment in the caller’s language, and saves nothing', async () => {
    const before = await stored();
    const empty = await post('shipper', { exceptionId, content: '   ' }, 'zh');
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toMatch(/[\u4e00-\u9fff]/);
    const emptyEn = await post('shipper', { exceptionId, content: '' }, 'en');
    expect(emptyEn.status).toBe(400);
    expect(JSON.stringify(emptyEn.body)).not.toMatch(/[\u4e00-\u9fff]/);
    expect(await stored()).toEqual(before);
  });

  it('says who wrote a comment itself: an author in the body is not taken', async () => {
    const forged = await post('shipper', {
      exceptionId,
      content: 'as someone else',
      authorTenantId: tenantOf.logistics,
      tenantId: tenantOf.logistics,
    });
    expect(forged.status).toBe(201);
    const [row] = await t.db.select().from(exceptionComments).where(eq(exceptionComments.id, forged.body.id));
    expect([row.authorTenantId, row.tenantId, row.createBy]).toEqual([
      tenantOf.shipper,
      tenantOf.shipper,
      'shipper',
    ]);
  });

  it('a closed exception takes no more comments (zh and en)', async () => {
    const closed = await call(t.app, 'POST', '/api/exceptions/close', {
      token: tok.shipper,
      body: { id: exceptionId, note: 'handled by phone' },
    });
    expect(closed.status).toBe(200);
    const before = await stored();
    const en = await post('logistics', { exceptionId, content: 'one more thing' });
    expect(en.status).toBe(400);
    expect(en.body.message).toBe('The exception is closed: it takes no more comments');
    const zh = await post('logistics', { exceptionId, content: '还有一件事' }, 'zh');
    expect(zh.body.message).toBe('异常已关闭，不能再留言');
    expect(await stored()).toEqual(before);
    // What was said stays readable.
    expect((await list('shipper')).body.content).toHaveLength(before.length);
  });
});
