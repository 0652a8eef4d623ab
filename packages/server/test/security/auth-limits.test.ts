// the real client address, one lockout per account across
// every login path, limits on password-reset codes per account and per address.
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { loginAttempts, logs, resetCodes, sessions } from '../../src/db/schema.ts';
import { call, createTestApp } from '../helpers.ts';

describe('the client address', () => {
  it('without TRUST_PROXY, X-Forwarded-For is ignored: the log and the login history keep the real address', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '6.6.6.6' },
        payload: JSON.stringify({ username: 'shipper', password: 'wrong-password' }),
        remoteAddress: '10.1.2.3',
      });
      expect(res.statusCode).toBe(400);
      const [attempt] = await t.db
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.account, 'shipper'))
        .orderBy(desc(loginAttempts.id))
        .limit(1);
      expect(attempt.ip).toBe('10.1.2.3');
      // The operation log is written after the answer: wait for the entry.
      let log: typeof logs.$inferSelect | undefined;
      for (let i = 0; i < 50 && log?.path !== '/auth/login'; i++) {
        [log] = await t.db.select().from(logs).orderBy(desc(logs.id)).limit(1);
        if (log?.path !== '/auth/login') await new Promise((r) => setTimeout(r, 50));
      }
      expect(log?.path).toBe('/auth/login');
      expect(log?.requestIp).toBe('10.1.2.3');
    } finally {
      await t.close();
    }
  });

  it('with TRUST_PROXY naming the proxy, its X-Forwarded-For is believed — and only from it', async () => {
    const t = await createTestApp({ TRUST_PROXY: '10.0.0.5' });
    try {
      const viaProxy = async (remoteAddress: string) => {
        const [last] = await t.db.select().from(logs).orderBy(desc(logs.id)).limit(1);
        await t.app.inject({
          method: 'POST',
          url: '/auth/login',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
          payload: JSON.stringify({ username: 'logistics', password: 'wrong-password' }),
          remoteAddress,
        });
        // The operation log is written after the answer: wait for this request's entry.
        for (let i = 0; i < 50; i++) {
          const [log] = await t.db.select().from(logs).orderBy(desc(logs.id)).limit(1);
          if (log && log.id !== last?.id) return log.requestIp;
          await new Promise((r) => setTimeout(r, 50));
        }
        return null;
      };
      expect(await viaProxy('10.0.0.5')).toBe('203.0.113.7');
      expect(await viaProxy('10.9.9.9')).toBe('10.9.9.9');
    } finally {
      await t.close();
    }
  });

  it('TRUST_PROXY is validated at start', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      'loopback',
    ]);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});

const wrong = { password: 'Wrong@2026x' };

describe('one count of failures per account and address, across every login path', () => {
  it('five failures by user name make the mobile-number login from that address wait too, and the other way round', async () => {
    const t = await createTestApp();
    try {
      for (let i = 0; i < 5; i++) {
        const res = await call(t.app, 'POST', '/auth/login', { body: { username: 'shipper', ...wrong } });
        expect(res.status).toBe(i < 4 ? 400 : 429);
      }
      const byPhone = await call(t.app, 'POST', '/auth/mobile/loginByPassword', {
        body: { phone: '13800000001', password: 'Shipper@2026' },
        lang: 'en',
      });
      expect(byPhone.status).toBe(429);
      expect(byPhone.body.code).toBe('auth.slow_down');
      expect(byPhone.body.message).toContain('try again in');
      expect((await t.db.select().from(sessions)).length).toBe(0);

      for (let i = 0; i < 5; i++) {
        await call(t.app, 'POST', '/auth/mobile/loginByPassword', {
          body: { phone: '13800000002', ...wrong },
        });
      }
      const byName = await call(t.app, 'POST', '/auth/login', {
        body: { username: 'supplier', password: 'Supplier@2026' },
      });
      expect(byName.status).toBe(429);
      // Another account is not affected.
      const other = await call(t.app, 'POST', '/auth/login', {
        body: { username: 'logistics', password: 'Logistics@2026' },
      });
      expect(other.status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('the mobile-number login asks for the captcha like the account login', async () => {
    const t = await createTestApp({ CAPTCHA: 'on', TEST_HOOKS: 'on' });
    try {
      const body = { phone: '13800000004', password: 'Logistics@2026' };
      const none = await call(t.app, 'POST', '/auth/mobile/loginByPassword', { body, lang: 'en' });
      expect(none.status).toBe(400);
      expect(none.body.code).toBe('auth.captcha_expired');
      const { body: captcha } = await call(t.app, 'GET', '/auth/code');
      const { body: answer } = await call(t.app, 'GET', `/test/captcha/${captcha.uuid}`);
      const bad = await call(t.app, 'POST', '/auth/mobile/loginByPassword', {
        body: { ...body, uuid: captcha.uuid, code: String(Number(answer.answer) + 1) },
      });
      expect(bad.body.code).toBe('auth.captcha_invalid');
      // Single use: the wrong answer spent it.
      const again = await call(t.app, 'POST', '/auth/mobile/loginByPassword', {
        body: { ...body, uuid: captcha.uuid, code: answer.answer },
      });
      expect(again.body.code).toBe('auth.captcha_expired');
      const fresh = (await call(t.app, 'GET', '/auth/code')).body;
      const right = (await call(t.app, 'GET', `/test/captcha/${fresh.uuid}`)).body.answer;
      const ok = await call(t.app, 'POST', '/auth/mobile/loginByPassword', {
        body: { ...body, uuid: fresh.uuid, code: right },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.user.user.username).toBe('logistics');
    } finally {
      await t.close();
    }
  });
});

describe('password-reset codes', () => {
  it('at most 5 codes per account an hour, whether sent to its mobile number or its e-mail', async () => {
    const t = await createTestApp({ TEST_HOOKS: 'on' });
    try {
      const send = (body: Record<string, string>) =>
        call(t.app, 'POST', '/auth/resetSendCode', { body, lang: 'en' });
      for (let i = 0; i < 3; i++) expect((await send({ phone: '13800000001' })).status).toBe(200);
      for (let i = 0; i < 2; i++)
        expect((await send({ email: 'shipper@tradelane.example' })).status).toBe(200);
      const sixth = await send({ phone: '13800000001' });
      expect(sixth.status).toBe(429);
      expect(sixth.body.code).toBe('auth.reset_code_limit');
      expect(sixth.body.message).toBe('Too many verification codes requested: try again in 60 minutes');
      expect((await t.db.select().from(resetCodes)).length).toBe(5);
      // An unknown number meets the same limit (the answer never tells which accounts exist).
      for (let i = 0; i < 5; i++) expect((await send({ phone: '13911112222' })).status).toBe(200);
      expect((await send({ phone: '13911112222' })).status).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('at most 10 code requests per address an hour, whatever the targets', async () => {
    const t = await createTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await call(t.app, 'POST', '/auth/resetSendCode', {
          body: { phone: `1391111${String(i).padStart(4, '0')}` },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([...Array(10).fill(200), 429]);
      // Another address is not affected.
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: '/auth/resetSendCode',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ phone: '13800000002' }),
        remoteAddress: '192.0.2.44',
      });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('a new code does not give new guesses: 5 wrong guesses per account, across codes', async () => {
    const t = await createTestApp({ TEST_HOOKS: 'on' });
    try {
      const target = '13800000004';
      const guess = (code: string) =>
        call(t.app, 'POST', '/auth/resetPass', {
          body: { phone: target, code, password: 'NewPass@2026' },
        });
      const codeOf = async () =>
        (await call(t.app, 'GET', '/test/resetCode', { query: { target } })).body.code as string;
      const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      await call(t.app, 'POST', '/auth/resetSendCode', { body: { phone: target } });
      const first = await codeOf();
      for (let i = 0; i < 3; i++) expect((await guess(wrongCode(first))).status).toBe(400);
      await call(t.app, 'POST', '/auth/resetSendCode', { body: { phone: target } });
      const second = await codeOf();
      for (let i = 0; i < 2; i++) expect((await guess(wrongCode(second))).status).toBe(400);
      const right = await guess(second);
      expect(right.status).toBe(400);
      expect(right.body.code).toBe('auth.reset_code_invalid');
      // The password did not change.
      const login = await call(t.app, 'POST', '/auth/login', {
        body: { username: 'logistics', password: 'Logistics@2026' },
      });
      expect(login.status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
