// The attack suite, the outside attacker's report replayed finding by finding: account recovery that
// cannot be redirected, secrets out of logs, the outbound guard, documents by party, jobs in the platform
// scope, sign-in throttling that slows the guesser and not the owner, sessions that end everywhere.
import { createServer } from 'node:http';
import { alipayConfigInput, serviceSettingsInput } from '@tradelane/contract';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { files, logs, menus, roles, rolesMenus, sessions, users, usersRoles } from '../../src/db/schema.ts';
import { tradeDocuments } from '../../src/db/schema-papers.ts';
import { declaredSecrets, redact } from '../../src/http/operation-log.ts';
import { guardedFetch, OutboundRefused, outboundPolicy } from '../../src/lib/outbound.ts';
import { call, createTestApp, loginAll, useTestApp } from '../helpers.ts';
import { startSmtp } from '../smtp.ts';
import { cloneDatabase } from '../template.ts';
import { uploadFile } from './fixtures.ts';

/** A server log kept in memory, one parsed line per entry. */
function memoryLog() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => lines.push(line) } };
}

/** A stand-in SMS gateway: what it was asked to send. */
async function smsGateway() {
  const sent: { to: string; text: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      sent.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  return { sent, url: `http://127.0.0.1:${port}/sms`, close: () => new Promise((r) => server.close(r)) };
}

async function captcha(app: Parameters<typeof call>[0]) {
  const { body } = await call(app, 'GET', '/auth/code');
  const answer = await call(app, 'GET', `/test/captcha/${body.uuid}`);
  return { uuid: body.uuid as string, code: String(answer.body.answer) };
}

describe('account recovery goes only to the account’s own addresses', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let sms: Awaited<ReturnType<typeof smsGateway>>;
  let local: Awaited<ReturnType<typeof createTestApp>>;
  const log = memoryLog();
  beforeAll(async () => {
    smtp = await startSmtp();
    sms = await smsGateway();
    local = await createTestApp(
      {
        CAPTCHA: 'on',
        TEST_HOOKS: '1',
        LOG_LEVEL: 'info',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      },
      { logStream: log.stream },
    );
  });
  afterAll(async () => {
    await local?.close();
    await smtp?.close();
    await sms?.close();
  });

  it('the report’s attack: the code is mailed to the shipper’s e-mail on record, not to the address sent', async () => {
    const res = await call(local.app, 'POST', '/auth/resetSendCode', {
      body: { phone: '13800000001', email: 'attacker@evil.example', ...(await captcha(local.app)) },
    });
    expect(res.body).toEqual({ sent: true });
    const to = smtp.inbox.flatMap((m) => m.to);
    expect(to).toContain('shipper@tradelane.example');
    expect(to).not.toContain('attacker@evil.example');
    const code = (await call(local.app, 'GET', '/test/resetCode', { query: { target: '13800000001' } })).body
      .code as string;
    expect(smtp.inbox.at(-1)?.raw).toContain(code);
    // Codes are never written to the server log (the test hooks keep the last one for this test only).
    expect(log.lines.join('\n')).not.toContain(code);
  });

  it('asks the same captcha as login', async () => {
    const none = await call(local.app, 'POST', '/auth/resetSendCode', { body: { phone: '13800000001' } });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('auth.captcha_expired');
    const wrong = await call(local.app, 'POST', '/auth/resetSendCode', {
      body: { phone: '13800000001', uuid: (await captcha(local.app)).uuid, code: '999' },
      lang: 'en',
    });
    expect(wrong.body.code).toBe('auth.captcha_invalid');
    expect(wrong.body.message).toBe('Wrong verification code');
  });

  it('answers the same for an account that does not exist, and sends nothing', async () => {
    const before = smtp.inbox.length;
    const res = await call(local.app, 'POST', '/auth/resetSendCode', {
      body: { email: 'nobody@evil.example', ...(await captcha(local.app)) },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: true });
    expect(smtp.inbox.length).toBe(before);
  });

  it('by mobile number through the SMS gateway when one is set up (never a number from the request)', async () => {
    const withSms = await createTestApp({ CAPTCHA: 'off', TEST_HOOKS: '1', SMS_URL: sms.url });
    try {
      await call(withSms.app, 'POST', '/auth/resetSendCode', { body: { phone: '13800000001' } });
      expect(sms.sent.map((s) => s.to)).toEqual(['13800000001']);
      const code = (await call(withSms.app, 'GET', '/test/resetCode', { query: { target: '13800000001' } }))
        .body.code as string;
      expect(sms.sent[0].text).toContain(code);
    } finally {
      await withSms.close();
    }
  });

  it('a completed reset ends every session of the account', async () => {
    const tok = await loginAll(local.app, []).then(async () => {
      const c = await captcha(local.app);
      const res = await call(local.app, 'POST', '/auth/login', {
        body: { username: 'supplier2', password: 'Supplier@2026', ...c },
      });
      return res.body.token as string;
    });
    await call(local.app, 'POST', '/auth/resetSendCode', {
      body: { email: 'supplier2@tradelane.example', ...(await captcha(local.app)) },
    });
    const code = (
      await call(local.app, 'GET', '/test/resetCode', { query: { target: 'supplier2@tradelane.example' } })
    ).body.code as string;
    const done = await call(local.app, 'POST', '/auth/resetPass', {
      body: { email: 'supplier2@tradelane.example', code, password: 'Reset@2026x' },
    });
    expect(done.body).toEqual({ reset: true });
    expect((await call(local.app, 'GET', '/auth/info', { token: tok })).status).toBe(401);
  });
});

describe('secrets are declared, and logs keep none', () => {
  const t = useTestApp({ OUTBOUND_ALLOW: '127.0.0.1' });
  let tok: Record<string, string>;
  beforeAll(async () => {
    tok = await loginAll(t.app, ['admin']);
  });

  it('the contract declares the payment private key, the translation key and every password secret', () => {
    expect([...declaredSecrets(alipayConfigInput)]).toContain('privateKey');
    expect([...declaredSecrets(serviceSettingsInput)]).toContain('translateKey');
    // A declared field is redacted whatever its name: the name pattern is only a backstop.
    expect(redact({ opaque: 'x', keep: 'y' }, new Set(['opaque']))).toEqual({ opaque: '******', keep: 'y' });
  });

  it('the payment private key and the translation key never reach the operation log', async () => {
    await call(t.app, 'PUT', '/api/aliPay', {
      token: tok.admin,
      body: { appId: '2021000000', privateKey: 'PRIVATE-KEY-LEAK-CHECK', publicKey: 'short' },
    });
    await call(t.app, 'PUT', '/api/services/settings', {
      token: tok.admin,
      body: { translateUrl: 'http://127.0.0.1:9', translateKey: 'TRANSLATE-KEY-LEAK-CHECK' },
    });
    // The log line is written once the answer is sent: wait for both.
    const rows = await vi.waitFor(async () => {
      const found = await t.db
        .select({ params: logs.params })
        .from(logs)
        .where(inArray(logs.path, ['/api/aliPay', '/api/services/settings']));
      expect(found.length).toBe(2);
      return found;
    });
    const text = rows.map((r) => r.params).join('\n');
    expect(text).not.toContain('PRIVATE-KEY-LEAK-CHECK');
    expect(text).not.toContain('TRANSLATE-KEY-LEAK-CHECK');
    expect(text).toContain('******');
  });

  it('a websocket’s token is not written to the server log', async () => {
    const log = memoryLog();
    const local = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream });
    try {
      const token = (await loginAll(local.app, ['supplier'])).supplier.replace(/^Bearer /, '');
      const address = await local.app.listen({ port: 0, host: '127.0.0.1' });
      const ws = new WebSocket(`${address.replace('http', 'ws')}/websocket?token=${token}`);
      await new Promise((r) => ws.on('message', r));
      ws.terminate();
      const text = log.lines.join('\n');
      expect(text).toContain('/websocket?token=******');
      expect(text).not.toContain(token);
    } finally {
      await local.close();
    }
  });
});

describe('outbound calls pass one guard', () => {
  const t = useTestApp();
  let tok: Record<string, string>;
  beforeAll(async () => {
    tok = await loginAll(t.app, ['admin']);
  });

  it('a mail server or a service on a loopback, link-local or private address is refused, in words that map nothing', async () => {
    for (const host of ['127.0.0.1', 'localhost', '169.254.169.254', '10.0.0.8']) {
      const res = await call(t.app, 'PUT', '/api/email', {
        token: tok.admin,
        body: { host, port: 25, security: 'none', fromAddress: 'a@b.example' },
        lang: 'en',
      });
      expect(res.status, host).toBe(400);
      expect(res.body.code).toBe('outbound.refused');
    }
    for (const [field, url] of [
      ['translateUrl', 'http://169.254.169.254/latest'],
      ['weatherUrl', 'http://[::1]:8080'],
      ['weatherUrl', 'http://192.168.1.1'],
    ]) {
      const res = await call(t.app, 'PUT', '/api/services/settings', {
        token: tok.admin,
        body: { [field]: url },
        lang: 'zh',
      });
      expect(res.status, url).toBe(400);
      expect(res.body.message).toContain('内部网络地址');
    }
  });

  it('a redirect into an internal address is not followed', async () => {
    const target = createServer((_req, res) => res.writeHead(200).end('internal'));
    await new Promise<void>((r) => target.listen(0, '127.0.0.2', () => r()));
    const hop = createServer((_req, res) =>
      res
        .writeHead(302, { location: `http://127.0.0.2:${(target.address() as { port: number }).port}/` })
        .end(),
    );
    await new Promise<void>((r) => hop.listen(0, '127.0.0.1', () => r()));
    try {
      const policy = outboundPolicy(['127.0.0.1/32']);
      const url = `http://127.0.0.1:${(hop.address() as { port: number }).port}/`;
      await expect(guardedFetch(policy, url)).rejects.toBeInstanceOf(OutboundRefused);
      await expect(guardedFetch(outboundPolicy([]), url)).rejects.toBeInstanceOf(OutboundRefused);
      await expect(guardedFetch(policy, 'file:///etc/passwd')).rejects.toBeInstanceOf(OutboundRefused);
    } finally {
      hop.close();
      target.close();
    }
  });

  it('translation is a permission, not any session', () => {
    const route = t.app.routeTable.find((r) => r.url === '/api/auxiliary/translate');
    expect(route?.config.permission).toBe('translate:use');
  });
});

describe('the mail password goes only to the server it was given for', () => {
  const t = useTestApp({ OUTBOUND_ALLOW: '127.0.0.1,127.0.0.2' });
  it('a new host or port needs the password again', async () => {
    const { admin } = await loginAll(t.app, ['admin']);
    const base = { port: 2525, security: 'none', username: 'relay', fromAddress: 'no-reply@tl.example' };
    const first = await call(t.app, 'PUT', '/api/email', {
      token: admin,
      body: { ...base, host: '127.0.0.1', password: 'Relay-Secret-1' },
    });
    expect(first.status).toBe(200);
    expect(first.body.hasPassword).toBe(true);
    const moved = await call(t.app, 'PUT', '/api/email', {
      token: admin,
      body: { ...base, host: '127.0.0.2' },
      lang: 'en',
    });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe('A new mail server (host or port) needs its password again');
    const port = await call(t.app, 'PUT', '/api/email', {
      token: admin,
      body: { ...base, port: 2526, host: '127.0.0.1' },
    });
    expect(port.body.code).toBe('mail.password_required');
    // Unchanged server, no password sent: the kept one stays.
    const same = await call(t.app, 'PUT', '/api/email', {
      token: admin,
      body: { ...base, host: '127.0.0.1' },
    });
    expect(same.body.hasPassword).toBe(true);
    const again = await call(t.app, 'PUT', '/api/email', {
      token: admin,
      body: { ...base, host: '127.0.0.2', password: 'Relay-Secret-2' },
    });
    expect(again.status).toBe(200);
  });
});

describe('documents are seen by party', () => {
  const t = useTestApp();
  let tok: Record<string, string>;
  let docId: number;
  let fileId: number;
  beforeAll(async () => {
    tok = await loginAll(t.app, ['shipper', 'supplier', 'supplier2', 'logistics']);
    // A batch both suppliers work on.
    const mine = await call(t.app, 'GET', '/api/projectBatch', { token: tok.supplier, query: { size: 100 } });
    const theirs = await call(t.app, 'GET', '/api/projectBatch', {
      token: tok.supplier2,
      query: { size: 100 },
    });
    const shared = (mine.body.content as { id: number }[]).find((b) =>
      (theirs.body.content as { id: number }[]).some((o) => o.id === b.id),
    );
    if (!shared) throw new Error('no batch shared by both suppliers');
    fileId = (await uploadFile(t.app, tok.supplier, 'invoice.png')).id;
    const doc = await call(t.app, 'POST', '/api/document', {
      token: tok.supplier,
      body: {
        batchId: shared.id,
        docType: 'commercial_invoice',
        name: '商业发票（含单价）',
        fileIds: [fileId],
      },
    });
    expect(doc.status).toBe(201);
    docId = doc.body.id;
  });

  const sees = async (who: string) => {
    const list = await call(t.app, 'GET', '/api/document', { token: tok[who], query: { size: 500 } });
    return (list.body.content as { id: number }[]).some((d) => d.id === docId);
  };

  it('a draft is its author’s and the shipper’s: no other supplier, not yet the logistics provider', async () => {
    expect(await sees('supplier')).toBe(true);
    expect(await sees('shipper')).toBe(true);
    for (const who of ['supplier2', 'logistics']) expect(await sees(who), who).toBe(false);
    const byId = await call(t.app, 'GET', '/api/document/queryById', {
      token: tok.supplier2,
      query: { id: docId },
    });
    expect(byId.status).toBe(404);
    const [f] = await t.db.select().from(files).where(eq(files.id, fileId));
    const download = await t.app.inject({
      method: 'GET',
      url: `/files/${fileId}/${encodeURIComponent(f.name)}`,
      headers: { authorization: tok.supplier2 },
    });
    expect(download.statusCode).toBe(404);
  });

  it('once submitted: the shipper and the logistics provider see it, the competing supplier never does', async () => {
    const sub = await call(t.app, 'POST', '/api/document/submit', {
      token: tok.supplier,
      body: { id: docId },
    });
    expect(sub.status).toBe(200);
    expect(await sees('shipper')).toBe(true);
    expect(await sees('logistics')).toBe(true);
    expect(await sees('supplier2')).toBe(false);
    const [row] = await t.db.select().from(tradeDocuments).where(eq(tradeDocuments.id, docId));
    expect(row.status).not.toBe(0);
    // Its file follows it: the logistics provider downloads it now, the competing supplier still cannot.
    const [f] = await t.db.select().from(files).where(eq(files.id, fileId));
    const download = async (who: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/files/${fileId}/${encodeURIComponent(f.name)}`,
          headers: { authorization: tok[who] },
        })
      ).statusCode;
    expect(await download('logistics')).toBe(200);
    expect(await download('supplier2')).toBe(404);
  });
});

describe('jobs run only in the platform scope', () => {
  const t = useTestApp();
  it('a company user given the jobs permission still runs no platform job', async () => {
    // The shipper's role is granted the scheduled-jobs permission by mistake.
    const [shipper] = await t.db.select().from(users).where(eq(users.username, 'shipper'));
    const [link] = await t.db.select().from(usersRoles).where(eq(usersRoles.userId, shipper.id));
    const [menu] = await t.db.select().from(menus).where(like(menus.permission, '%timing:edit%'));
    await t.db.insert(rolesMenus).values({ roleId: link.roleId, menuId: menu.id }).onConflictDoNothing();
    const [role] = await t.db.select().from(roles).where(eq(roles.id, link.roleId));
    expect(role).toBeTruthy();
    const { shipper: token } = await loginAll(t.app, ['shipper']);
    const res = await call(t.app, 'POST', '/api/jobs/exec/1', { token });
    expect(res.status).toBe(404);
  });
});

describe('failed sign-ins slow the guesser, not the owner', () => {
  const t = useTestApp();
  const attempt = (password: string, remoteAddress: string, extra: Record<string, string> = {}) =>
    t.app
      .inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress,
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        payload: JSON.stringify({ username: 'logistics', password, ...extra }),
      })
      .then((r) => ({ status: r.statusCode, body: r.json() }));

  it('five failures from one address make that address wait; the owner elsewhere signs in', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt('wrong-password', '203.0.113.66')).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const waiting = await attempt('Logistics@2026', '203.0.113.66');
    expect(waiting.status).toBe(429);
    expect(waiting.body.code).toBe('auth.slow_down');
    expect(waiting.body.message).toMatch(/try again in \d+ seconds/);
    const owner = await attempt('Logistics@2026', '198.51.100.7');
    expect(owner.status).toBe(200);
  });

  it('guessed at from many addresses, the account asks everyone for the captcha (even with captchas off)', async () => {
    for (let i = 0; i < 10; i++) await attempt('wrong-password', `192.0.2.${10 + i}`);
    const next = await attempt('Logistics@2026', '198.51.100.8');
    expect(next.status).toBe(400);
    expect(next.body.code).toBe('auth.captcha_required');
  });
});

describe('a session that ends closes its sockets', () => {
  const t = useTestApp();
  async function socket(token: string) {
    const address = t.app.server.listening
      ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
      : await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(
      `${address.replace('http', 'ws')}/websocket?token=${token.replace(/^Bearer /, '')}`,
    );
    const received: string[] = [];
    const closed = new Promise<number>((r) => ws.on('close', (code: number) => r(code)));
    await new Promise((r) => ws.on('message', (d: Buffer) => r(received.push(JSON.parse(String(d)).type))));
    ws.on('message', (d: Buffer) => received.push(JSON.parse(String(d)).type));
    return { ws, received, closed };
  }

  it('logout closes the socket of that session (quietly)', async () => {
    const { supplier } = await loginAll(t.app, ['supplier']);
    const s = await socket(supplier);
    await call(t.app, 'DELETE', '/auth/logout', { token: supplier });
    await t.app.outbox.flush();
    expect(await s.closed).toBe(4001);
    expect(s.received).not.toContain('kicked');
  });

  it('a password change ends every session of the account, the one it was made in too', async () => {
    const a = (await loginAll(t.app, ['supplier2'])).supplier2;
    const b = (await loginAll(t.app, ['supplier2'])).supplier2;
    const sa = await socket(a);
    const sb = await socket(b);
    const res = await call(t.app, 'POST', '/api/users/updatePass', {
      token: a,
      body: { oldPass: 'Supplier@2026', newPass: 'Changed@2026x' },
    });
    expect(res.status).toBe(200);
    await t.app.outbox.flush();
    expect(await sa.closed).toBe(4001);
    expect(await sb.closed).toBe(4001);
    expect(sb.received).toContain('kicked');
    for (const token of [a, b]) expect((await call(t.app, 'GET', '/auth/info', { token })).status).toBe(401);
    const [u] = await t.db.select().from(users).where(eq(users.username, 'supplier2'));
    const open = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, u.id), eq(sessions.revoked, false)));
    expect(open).toEqual([]);
  });
});

describe('a route nobody declared a caller for does not start', () => {
  it('the app refuses to boot', async () => {
    const { database, drop } = await cloneDatabase(inject('dbTemplate'));
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' }), database);
    app.get('/api/undeclared', async () => ({ leaked: true }));
    try {
      await expect(app.ready()).rejects.toThrow(/GET \/api\/undeclared/);
    } finally {
      await app.close().catch(() => undefined);
      await drop();
    }
  });
});
