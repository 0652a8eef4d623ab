// The mail tool against a real SMTP server on loopback that demands a login: the settings are
// kept with the password encrypted (never answered back), a test mail arrives with its subject and body
// in Chinese and English, a wrong password is logged with the server's reason (the answer says only that it
// failed), and no one
// but an administrator reaches the tool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailConfig, mailLogs } from '../src/db/schema-mail.ts';
import { call, createTestApp, login } from './helpers.ts';
import { bodyOf, startSmtp } from './smtp.ts';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let inbox: Awaited<ReturnType<typeof startSmtp>>['inbox'];
let port = 0;
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;

beforeAll(async () => {
  // A server that demands a login: the kept password must reach it.
  smtp = await startSmtp({ user: 'mailer', pass: 'S3cret-pass' });
  inbox = smtp.inbox;
  port = smtp.port;
  // The stand-in SMTP server is on loopback: the outbound guard is told to let that address through.
  t = await createTestApp({ CONFIG_KEY: 'test-config-key-0123456789', OUTBOUND_ALLOW: '127.0.0.1' });
  admin = await login(t.app, 'admin');
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('mail tool', () => {
  it('says nothing is set up, then keeps the settings with the password encrypted and never answered', async () => {
    const none = await call(t.app, 'POST', '/api/email', {
      token: admin,
      lang: 'zh',
      body: { to: 'ops@tradelane.example', subject: 's', content: 'c' },
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('尚未配置发信服务器：请先保存 SMTP 设置');
    const saved = await call(t.app, 'PUT', '/api/email', {
      token: admin,
      body: {
        host: '127.0.0.1',
        port,
        security: 'none',
        username: 'mailer',
        password: 'S3cret-pass',
        fromAddress: 'Tradelane <no-reply@tradelane.test>',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ configured: true, hasPassword: true, host: '127.0.0.1' });
    expect(JSON.stringify(saved.body)).not.toContain('S3cret');
    const [row] = await t.db.select().from(mailConfig);
    expect(row.passwordEnc).toBeTruthy();
    expect(row.passwordEnc).not.toContain('S3cret');
    const read = await call(t.app, 'GET', '/api/email', { token: admin });
    expect(JSON.stringify(read.body)).not.toMatch(/S3cret|passwordEnc/);
  });

  it('sends a test mail that arrives, logged in with the kept password, in both languages', async () => {
    const res = await call(t.app, 'POST', '/api/email', {
      token: admin,
      body: {
        to: 'ops@tradelane.example',
        subject: '测试邮件 / Test mail',
        content: '你好，世界。\nHello, world.',
      },
    });
    expect(res.status).toBe(200);
    expect(inbox).toHaveLength(1);
    expect(inbox[0]?.to).toEqual(['ops@tradelane.example']);
    expect(inbox[0]?.user).toBe('mailer');
    expect(inbox[0]?.raw).toMatch(/Subject: =\?UTF-8\?[BQ]\?/);
    expect(bodyOf(inbox[0]?.raw ?? '').replace(/\r\n/g, '\n')).toContain('你好，世界。\nHello, world.');
    // Changing other settings without a password keeps the stored one.
    await call(t.app, 'PUT', '/api/email', {
      token: admin,
      body: {
        host: '127.0.0.1',
        port,
        security: 'none',
        username: 'mailer',
        fromAddress: 'ops@tradelane.test',
      },
    });
    expect(
      (
        await call(t.app, 'POST', '/api/email', {
          token: admin,
          body: { to: 'a@b.example', subject: 'x', content: 'y' },
        })
      ).status,
    ).toBe(200);
    expect(inbox).toHaveLength(2);
  });

  it('a refused login is answered without the network’s words and logged with them; the log lists every attempt', async () => {
    await call(t.app, 'PUT', '/api/email', {
      token: admin,
      body: {
        host: '127.0.0.1',
        port,
        security: 'none',
        username: 'mailer',
        password: 'wrong',
        fromAddress: 'ops@tradelane.test',
      },
    });
    const res = await call(t.app, 'POST', '/api/email', {
      token: admin,
      lang: 'en',
      body: { to: 'ops@tradelane.example', subject: 'x', content: 'y' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'The mail was not sent: the service could not be reached; the server log has the details',
    );
    expect(inbox).toHaveLength(2);
    const logs = await call(t.app, 'GET', '/api/email/logs', { token: admin });
    expect(logs.body.totalElements).toBe(3);
    expect(logs.body.content.map((l: { ok: boolean }) => l.ok)).toEqual([false, true, true]);
    // The administrator's mail log keeps the server's own words.
    expect(logs.body.content[0].error).toMatch(/Invalid username or password/);
    expect((await t.db.select().from(mailLogs)).length).toBe(3);
  });

  it('refuses everyone else', async () => {
    for (const who of ['shipper', 'supplier', 'logistics']) {
      const tok = await login(t.app, who);
      expect((await call(t.app, 'GET', '/api/email', { token: tok })).status).toBe(403);
      expect((await call(t.app, 'PUT', '/api/email', { token: tok, body: {} })).status).toBe(403);
      expect((await call(t.app, 'GET', '/api/email/logs', { token: tok })).status).toBe(403);
    }
  });
});
