import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { messages, users } from '../src/db/schema.ts';
import { notify } from '../src/workflow/notify.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;

beforeAll(async () => {
  tok = await loginAll(t.app, ['shipper', 'supplier', 'supplier2', 'admin']);
});

const count = async (who: string) =>
  (await call(t.app, 'GET', '/api/messageCenter/getCount', { token: tok[who], query: { userId: 1 } })).body
    .count;

describe('message centre', () => {
  it('a new user has the welcome message and the announcement unread', async () => {
    expect(await count('supplier')).toBe(2);
    const list = await call(t.app, 'GET', '/api/messageCenter/getMessageByCurrent', {
      token: tok.supplier,
      query: { page: 0, size: 10 },
    });
    expect(list.body.totalElements).toBe(2);
    expect(list.body.content.map((m: { enTitle: string }) => m.enTitle).sort()).toEqual([
      'Announcement: Tradelane is live',
      'Welcome to Tradelane',
    ]);
    expect(list.body.content.every((m: { read: boolean }) => m.read === false)).toBe(true);
  });

  it('messages to a user or a tenant reach only them', async () => {
    // What the demo left in the outbox (the control tower's notices) is delivered first.
    await t.app.outbox.flush();
    const before = {
      supplier: await count('supplier'),
      supplier2: await count('supplier2'),
      shipper: await count('shipper'),
    };
    const [s1] = await t.db.select().from(users).where(eq(users.username, 'supplier'));
    await notify(t.db, { to: { users: [s1.id] }, title: 'notice.tenant_activated' });
    const [sh] = await t.db.select().from(users).where(eq(users.username, 'shipper'));
    await notify(t.db, { to: { tenants: [sh.tenantId] }, title: 'notice.tenant_stopped' });
    // Written to the outbox: nobody hears of it before the dispatcher delivers it.
    expect(await count('supplier')).toBe(before.supplier);
    await t.app.outbox.flush();
    expect(await count('supplier')).toBe(before.supplier + 1);
    expect(await count('supplier2')).toBe(before.supplier2);
    expect(await count('shipper')).toBe(before.shipper + 1);
  });

  it('reading one message and then all of them (the message-read call) clears the count', async () => {
    const list = await call(t.app, 'GET', '/api/messageCenter/getMessageByCurrent', {
      token: tok.supplier,
      query: { read: 'false' },
    });
    const first = list.body.content[0];
    const read = await call(t.app, 'POST', '/api/viewRecord/readMessage', {
      token: tok.supplier,
      body: { messageId: first.id },
    });
    expect(read.body).toMatchObject({ ok: true, count: 2 });
    const readList = await call(t.app, 'GET', '/api/viewRecord/getReadList', { token: tok.supplier });
    expect(readList.body.content.map((r: { messageId: number }) => r.messageId)).toEqual([first.id]);
    const all = await call(t.app, 'POST', '/api/messageCenter/removeCount', { token: tok.supplier });
    expect(all.body.count).toBe(0);
    expect(await count('supplier')).toBe(0);
    // The announcement read by one user stays unread for another.
    expect(await count('supplier2')).toBe(2);
    const onlyRead = await call(t.app, 'GET', '/api/messageCenter/getMessageByCurrent', {
      token: tok.supplier,
      query: { read: 'true' },
    });
    expect(onlyRead.body.totalElements).toBe(3);
  });

  it("another user's message cannot be marked read", async () => {
    const [row] = await t.db
      .select()
      .from(messages)
      .where(eq(messages.enTitle, 'Your company account is active again'));
    const res = await call(t.app, 'POST', '/api/viewRecord/readMessage', {
      token: tok.supplier2,
      body: { messageId: row.id },
    });
    expect(res.status).toBe(404);
  });

  it('announcements are public', async () => {
    const res = await call(t.app, 'GET', '/api/messageCenter/announcements');
    expect(res.status).toBe(200);
    expect(res.body.content[0].enTitle).toBe('Announcement: Tradelane is live');
  });

  it('the count needs a session', async () => {
    expect((await call(t.app, 'GET', '/api/messageCenter/getCount')).status).toBe(401);
  });
});

/** A real websocket client against the app listening on a loopback port. */
async function connect(token: string) {
  const address = t.app.server.listening
    ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
    : await t.app.listen({ port: 0, host: '127.0.0.1' });
  const ws = new WebSocket(`${address.replace('http', 'ws')}/websocket?token=${token}`);
  const received: { type: string; count?: number }[] = [];
  const closed = new Promise<number>((resolve) => ws.on('close', (code: number) => resolve(code)));
  ws.on('message', (data: Buffer) => received.push(JSON.parse(data.toString())));
  return { ws, received, closed };
}

const settle = () => new Promise((r) => setTimeout(r, 300));

describe('websocket', () => {
  it('pushes the unread count on connect and when a message arrives; refuses a bad token', async () => {
    const { ws, received } = await connect(tok.supplier2.replace('Bearer ', ''));
    await settle();
    expect(received[0]).toEqual({ type: 'unread', count: 2 });
    const [s2] = await t.db.select().from(users).where(eq(users.username, 'supplier2'));
    await notify(t.db, { to: { users: [s2.id] }, title: 'notice.tenant_activated' });
    await t.app.outbox.flush();
    await settle();
    expect(received.at(-1)).toEqual({ type: 'unread', count: 3 });
    ws.terminate();

    const bad = await connect('nonsense-nonsense-nonsense-00');
    expect(await bad.closed).toBe(4401);
  });

  it('a revoked session is told it was kicked out', async () => {
    const login = await call(t.app, 'POST', '/auth/login', {
      body: { username: 'supplier2', password: 'Supplier@2026' },
    });
    const { ws, received, closed } = await connect(login.body.token.slice(7));
    await settle();
    const { revokeUserSessions } = await import('../src/modules/auth/sessions.ts');
    const [s2] = await t.db.select().from(users).where(eq(users.username, 'supplier2'));
    await revokeUserSessions(t.db, s2.id);
    // The push goes out when the dispatcher delivers the committed revocation.
    await t.app.outbox.flush();
    expect(await closed).toBe(4001);
    expect(received.map((e) => e.type)).toContain('kicked');
    ws.terminate();
  });
});

// On a database of its own: the messages it adds would change the counts the tests above expect.
describe('the three sides of the message centre', () => {
  const apart = useTestApp();
  let own: Record<string, string>;
  beforeAll(async () => {
    own = await loginAll(apart.app, ['supplier2']);
  });
  const countIn = async (who: string) =>
    (await call(apart.app, 'GET', '/api/messageCenter/getCount', { token: own[who] })).body.count;

  it("pages through the user's, the company's and everybody's messages as one list, newest first", async () => {
    const [me] = await apart.db.select().from(users).where(eq(users.username, 'supplier2'));
    const [stranger] = await apart.db.select().from(users).where(eq(users.username, 'shipper'));
    const soon = (minutes: number) => new Date(Date.now() + 3_600_000 - minutes * 60_000);
    const row = (title: string, minutes: number, side: Partial<typeof messages.$inferInsert>) => ({
      title,
      enTitle: title,
      createTime: soon(minutes),
      updateTime: soon(minutes),
      ...side,
    });
    await apart.db
      .insert(messages)
      .values([
        row('stranger', 0, { userId: stranger.id, tenantId: stranger.tenantId, audience: 'user' }),
        row('mine 1', 1, { userId: me.id, tenantId: me.tenantId, audience: 'user' }),
        row('company 2', 2, { userId: null, tenantId: me.tenantId, audience: 'tenant' }),
        row('everybody 3', 3, { userId: null, tenantId: null, audience: 'all' }),
        row('mine 4', 4, { userId: me.id, tenantId: me.tenantId, audience: 'user' }),
        row('other company 5', 5, { userId: null, tenantId: stranger.tenantId, audience: 'tenant' }),
        row('company 6', 6, { userId: null, tenantId: me.tenantId, audience: 'tenant' }),
      ]);
    const titles: string[] = [];
    for (const page of [0, 1, 2]) {
      const res = await call(apart.app, 'GET', '/api/messageCenter/getMessageByCurrent', {
        token: own.supplier2,
        query: { page, size: 2 },
      });
      expect(res.status).toBe(200);
      titles.push(...res.body.content.map((m: { enTitle: string }) => m.enTitle));
    }
    expect(titles.slice(0, 5)).toEqual(['mine 1', 'company 2', 'everybody 3', 'mine 4', 'company 6']);
    const unread = await countIn('supplier2');
    const all = await call(apart.app, 'POST', '/api/messageCenter/removeCount', { token: own.supplier2 });
    expect(all.body.marked).toBe(unread);
    expect(await countIn('supplier2')).toBe(0);
  });
});
