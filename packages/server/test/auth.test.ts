import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginAttempts, sessions, tenants, users } from '../src/db/schema.ts';
import { sha256 } from '../src/lib/password.ts';
import { call, login, passwords, useTestApp } from './helpers.ts';

const t = useTestApp();

describe('login paths', () => {
  it('every demo account logs in by account and password, with the full login answer', async () => {
    for (const username of Object.keys(passwords)) {
      const res = await call(t.app, 'POST', '/auth/login', {
        body: { username, password: passwords[username] },
      });
      expect(res.status, username).toBe(200);
      expect(res.body.token).toMatch(/^Bearer [A-Za-z0-9_-]{40,}$/);
      expect(res.body.user.user.username).toBe(username);
      expect(res.body.user.user).not.toHaveProperty('passwordHash');
      expect(JSON.stringify(res.body)).not.toMatch(/scrypt\$/);
      expect(Array.isArray(res.body.user.roles)).toBe(true);
      expect(res.body).toHaveProperty('tenant_checksatus');
      expect(res.body).toHaveProperty('ifparther');
      expect(res.body).toHaveProperty('stopday');
      expect(res.body).toHaveProperty('partner');
      expect(Array.isArray(res.body.function)).toBe(true);
    }
  });

  it('the admin holds the admin role; the trial shipper has 7 days left and is not certified', async () => {
    const admin = await call(t.app, 'POST', '/auth/login', {
      body: { username: 'admin', password: 'Admin@2026' },
    });
    expect(admin.body.user.roles).toContain('admin');
    expect(admin.body.user.user.roleType).toBe(3);
    const trial = await call(t.app, 'POST', '/auth/login', {
      body: { username: 'trial', password: 'Trial@2026' },
    });
    expect(trial.body.user.user.roleType).toBe(4);
    expect(trial.body.stopday).toBe(7);
    expect(trial.body.tenant_checksatus).toBe(0);
    const supplier = await call(t.app, 'POST', '/auth/login', {
      body: { username: 'supplier', password: 'Supplier@2026' },
    });
    expect(supplier.body.ifparther).toBe(true);
    expect(supplier.body.partner).toMatchObject({ status: 1 });
  });

  it('mobile number and password log in, and the answer carries userId', async () => {
    const res = await call(t.app, 'POST', '/auth/mobile/loginByPassword', {
      body: { phone: '13800000001', password: 'Shipper@2026' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.user.username).toBe('shipper');
    expect(res.body.userId).toBe(res.body.user.user.id);
  });

  it('a malformed mobile number is the rule’s localized message, with the field beside it', async () => {
    const zh = await call(t.app, 'POST', '/auth/mobile/loginByPassword', {
      body: { phone: '2380000', password: 'x' },
    });
    expect(zh.status).toBe(400);
    expect(zh.body.code).toBe('validation');
    expect(zh.body).toMatchObject({ field: 'phone', message: '请输入正确的电话号码' });
    const en = await call(t.app, 'POST', '/auth/mobile/loginByPassword', {
      body: { phone: '2380000', password: 'x' },
      lang: 'en',
    });
    expect(en.body).toMatchObject({ field: 'phone', message: 'Enter a valid mobile number' });
  });

  it('a wrong password is refused in the caller language, and the attempt is recorded', async () => {
    const zh = await call(t.app, 'POST', '/auth/login', {
      body: { username: 'supplier2', password: 'nope' },
    });
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ status: 400, code: 'auth.bad_credentials', message: '用户名或密码错误' });
    expect(typeof zh.body.timestamp).toBe('number');
    const en = await call(t.app, 'POST', '/auth/login', {
      body: { username: 'nobody', password: 'nope' },
      lang: 'en',
    });
    expect(en.body.message).toBe('Wrong user name or password');
    const rows = await t.db.select().from(loginAttempts).where(eq(loginAttempts.account, 'supplier2'));
    expect(rows.some((r) => !r.success)).toBe(true);
  });

  it('register-and-login creates the tenant and its first user; a shipper starts a trial', async () => {
    const res = await call(t.app, 'POST', '/auth/regAndLogin', {
      body: {
        username: 'newshipper',
        phone: '13912345678',
        email: 'new@shipper.example',
        password: 'Newship@2026',
        corporateName: '新货主工程公司',
        roleType: 0,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.user.user.roleType).toBe(4);
    expect(res.body.stopday).toBe(15);
    expect(res.body.user.user.corporateName).toBe('新货主工程公司');
    const [tenant] = await t.db.select().from(tenants).where(eq(tenants.corporateName, '新货主工程公司'));
    expect(tenant.end).toBe(0);
    expect(tenant.checkStatus).toBe(0);
    const info = await call(t.app, 'GET', '/auth/info', { token: res.body.token });
    expect(info.status).toBe(200);
    expect(info.body.user.username).toBe('newshipper');

    const supplier = await call(t.app, 'POST', '/auth/regAndLogin', {
      body: {
        username: 'newsupplier',
        phone: '13912345679',
        email: 'new@supplier.example',
        password: 'Newsup@2026',
        corporateName: '新供应商公司',
        roleType: 1,
      },
    });
    expect(supplier.status).toBe(201);
    expect(supplier.body.user.user.roleType).toBe(1);
    expect(supplier.body.ifparther).toBe(false);
  });

  it('registration refuses a weak password, a taken email and a taken phone, and creates nothing', async () => {
    const base = {
      username: 'dupe',
      phone: '13912340000',
      email: 'dupe@x.example',
      password: 'Dupe@2026x',
      corporateName: '重复公司',
      roleType: 1,
    };
    const weak = await call(t.app, 'POST', '/auth/regAndLogin', { body: { ...base, password: 'abcdefgh' } });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toContain('密码须为 8 到 16 位');
    const email = await call(t.app, 'POST', '/auth/regAndLogin', {
      body: { ...base, email: 'shipper@tradelane.example' },
    });
    expect(email.status).toBe(409);
    expect(email.body.message.startsWith('email')).toBe(true);
    const phone = await call(t.app, 'POST', '/auth/regAndLogin', {
      body: { ...base, phone: '13800000001' },
      lang: 'en',
    });
    expect(phone.body.message.startsWith('phone')).toBe(true);
    const left = await t.db.select().from(tenants).where(eq(tenants.corporateName, '重复公司'));
    expect(left).toHaveLength(0);
  });
});

describe('sessions', () => {
  it('401 without a token and with a bad one; the token is stored hashed', async () => {
    expect((await call(t.app, 'GET', '/auth/info')).status).toBe(401);
    const bad = await call(t.app, 'GET', '/auth/info', {
      token: 'Bearer aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('auth.unauthorized');
    const token = await login(t.app, 'shipper');
    const raw = token.replace('Bearer ', '');
    const rows = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(raw)));
    expect(rows).toHaveLength(1);
    const all = await t.db.select({ h: sessions.tokenHash }).from(sessions);
    expect(all.some((r) => r.h === raw)).toBe(false);
  });

  it('remember-me sessions last a day; others expire after the idle timeout', async () => {
    const a = await call(t.app, 'POST', '/auth/login', {
      body: { username: 'logistics', password: 'Logistics@2026', rememberMe: true },
    });
    const b = await call(t.app, 'POST', '/auth/login', {
      body: { username: 'logistics', password: 'Logistics@2026' },
    });
    const [ra] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(a.body.token.slice(7))));
    const [rb] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(b.body.token.slice(7))));
    const hours = (d: Date) => (d.getTime() - Date.now()) / 3_600_000;
    expect(hours(ra.expiresAt)).toBeGreaterThan(23.9);
    expect(hours(rb.expiresAt)).toBeGreaterThan(0.45);
    expect(hours(rb.expiresAt)).toBeLessThan(0.51);
  });

  it('an expired session is refused', async () => {
    const token = await login(t.app, 'supplier');
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256(token.slice(7))));
    expect((await call(t.app, 'GET', '/auth/info', { token })).status).toBe(401);
  });

  it('logout revokes the token', async () => {
    const token = await login(t.app, 'supplier');
    expect((await call(t.app, 'GET', '/auth/info', { token })).status).toBe(200);
    const out = await call(t.app, 'DELETE', '/auth/logout', { token, query: { userId: 1 } });
    expect(out.status).toBe(200);
    expect((await call(t.app, 'GET', '/auth/info', { token })).status).toBe(401);
  });
});

describe('account states', () => {
  it('a disabled user cannot log in and its sessions end at once', async () => {
    const token = await login(t.app, 'supplier2');
    await t.db.update(users).set({ enabled: false }).where(eq(users.username, 'supplier2'));
    expect((await call(t.app, 'GET', '/auth/info', { token })).status).toBe(401);
    const res = await call(t.app, 'POST', '/auth/login', {
      body: { username: 'supplier2', password: 'Supplier@2026' },
    });
    expect(res.body.code).toBe('auth.disabled');
    expect(res.body.message).toBe('账号已停用');
    await t.db.update(users).set({ enabled: true }).where(eq(users.username, 'supplier2'));
  });

  it('a stopped tenant cannot log in', async () => {
    const [u] = await t.db.select().from(users).where(eq(users.username, 'logistics'));
    await t.db.update(tenants).set({ active: false }).where(eq(tenants.id, u.tenantId));
    const res = await call(t.app, 'POST', '/auth/login', {
      body: { username: 'logistics', password: 'Logistics@2026' },
      lang: 'en',
    });
    expect(res.body).toMatchObject({ status: 400, code: 'auth.tenant_stopped' });
    await t.db.update(tenants).set({ active: true }).where(eq(tenants.id, u.tenantId));
  });

  it('an expired trial cannot log in', async () => {
    const [u] = await t.db.select().from(users).where(eq(users.username, 'trial'));
    const [tenant] = await t.db.select().from(tenants).where(eq(tenants.id, u.tenantId));
    await t.db.update(tenants).set({ trialEnd: '2020-01-01' }).where(eq(tenants.id, u.tenantId));
    const res = await call(t.app, 'POST', '/auth/login', {
      body: { username: 'trial', password: 'Trial@2026' },
    });
    expect(res.body.code).toBe('auth.trial_expired');
    await t.db.update(tenants).set({ trialEnd: tenant.trialEnd }).where(eq(tenants.id, u.tenantId));
  });

  it('five failed logins make that address wait, even with the right password; the wait ends', async () => {
    for (let i = 0; i < 4; i++) {
      const r = await call(t.app, 'POST', '/auth/login', {
        body: { username: 'admin', password: `wrong${i}` },
      });
      expect(r.body.code).toBe('auth.bad_credentials');
    }
    const fifth = await call(t.app, 'POST', '/auth/login', {
      body: { username: 'admin', password: 'wrong5' },
    });
    expect(fifth.status).toBe(429);
    expect(fifth.body.code).toBe('auth.slow_down');
    const right = await call(t.app, 'POST', '/auth/login', {
      body: { username: 'admin', password: 'Admin@2026' },
      lang: 'en',
    });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe('Too many failed logins from here: try again in 30 seconds');
    // Another account is not affected.
    expect(
      (await call(t.app, 'POST', '/auth/login', { body: { username: 'shipper', password: 'Shipper@2026' } }))
        .status,
    ).toBe(200);
    // Once the failures are older than the window the address may try again.
    await t.db
      .update(loginAttempts)
      .set({ createTime: new Date(Date.now() - 16 * 60_000) })
      .where(eq(loginAttempts.account, 'admin'));
    expect(
      (await call(t.app, 'POST', '/auth/login', { body: { username: 'admin', password: 'Admin@2026' } }))
        .status,
    ).toBe(200);
  });
});

describe('password reset', () => {
  it('a code sent to the phone resets the password, once; old sessions end', async () => {
    const app = (await import('./helpers.ts')).createTestApp;
    const local = await app({ TEST_HOOKS: '1' });
    try {
      const old = await login(local.app, 'supplier');
      const sent = await call(local.app, 'POST', '/auth/resetSendCode', { body: { phone: '13800000002' } });
      expect(sent.body).toEqual({ sent: true });
      const unknown = await call(local.app, 'POST', '/auth/resetSendCode', {
        body: { phone: '13999999999' },
      });
      expect(unknown.body).toEqual({ sent: true });
      const { body } = await call(local.app, 'GET', '/test/resetCode', { query: { target: '13800000002' } });
      const wrong = await call(local.app, 'POST', '/auth/resetPass', {
        body: { phone: '13800000002', code: '000000', password: 'Changed@2026' },
      });
      if (body.code !== '000000') expect(wrong.body.code).toBe('auth.reset_code_invalid');
      const weak = await call(local.app, 'POST', '/auth/resetPass', {
        body: { phone: '13800000002', code: body.code, password: 'weak' },
      });
      expect(weak.status).toBe(400);
      const ok = await call(local.app, 'POST', '/auth/resetPass', {
        body: { phone: '13800000002', code: body.code, password: 'Changed@2026' },
      });
      expect(ok.body).toEqual({ reset: true });
      expect((await call(local.app, 'GET', '/auth/info', { token: old })).status).toBe(401);
      const again = await call(local.app, 'POST', '/auth/resetPass', {
        body: { phone: '13800000002', code: body.code, password: 'Again@20266' },
      });
      expect(again.body.code).toBe('auth.reset_code_invalid');
      await login(local.app, 'supplier', 'Changed@2026');
    } finally {
      await local.close();
    }
  });
});

describe('captcha', () => {
  it('is on by default: an arithmetic image, single use, wrong answers refused', async () => {
    const { createTestApp } = await import('./helpers.ts');
    const local = await createTestApp({ CAPTCHA: 'on', TEST_HOOKS: '1' });
    try {
      const code = await call(local.app, 'GET', '/auth/code');
      expect(code.body.img).toMatch(/^data:image\/svg\+xml;base64,/);
      const svg = Buffer.from(code.body.img.split(',')[1], 'base64').toString();
      expect(svg).toContain('<svg');
      const { body } = await call(local.app, 'GET', `/test/captcha/${code.body.uuid}`);
      expect(Number(body.answer)).toBeGreaterThanOrEqual(2);
      const missing = await call(local.app, 'POST', '/auth/login', {
        body: { username: 'shipper', password: 'Shipper@2026' },
      });
      expect(missing.body.code).toBe('auth.captcha_expired');
      const wrong = await call(local.app, 'POST', '/auth/login', {
        body: {
          username: 'shipper',
          password: 'Shipper@2026',
          uuid: code.body.uuid,
          code: String(Number(body.answer) + 1),
        },
      });
      expect(wrong.body).toMatchObject({ code: 'auth.captcha_invalid', message: '验证码错误' });
      // Single use: the same uuid no longer works even with the right answer.
      const reused = await call(local.app, 'POST', '/auth/login', {
        body: { username: 'shipper', password: 'Shipper@2026', uuid: code.body.uuid, code: body.answer },
      });
      expect(reused.body.code).toBe('auth.captcha_expired');
      const fresh = await call(local.app, 'GET', '/auth/code');
      const answer = (await call(local.app, 'GET', `/test/captcha/${fresh.body.uuid}`)).body.answer;
      const ok = await call(local.app, 'POST', '/auth/login', {
        body: { username: 'shipper', password: 'Shipper@2026', uuid: fresh.body.uuid, code: answer },
      });
      expect(ok.status).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('test hooks do not exist unless configured', async () => {
    expect((await call(t.app, 'GET', '/test/captcha/x')).status).toBe(404);
  });
});

describe('rate limit', () => {
  it('limits requests per IP on /auth/* with a localized 429', async () => {
    const { createTestApp } = await import('./helpers.ts');
    const local = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await call(local.app, 'GET', '/auth/code')).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await call(local.app, 'POST', '/auth/login', {
        body: { username: 'a', password: 'b' },
        lang: 'en',
      });
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({
        status: 429,
        code: 'rate_limited',
        message: 'Too many requests, try again later',
      });
    } finally {
      await local.close();
    }
  });
});
